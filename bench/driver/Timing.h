//===- Timing.h - Timing and JSON output shared by the benchmark drivers --===//
//
// Both C++ drivers (oxla-bench, onednn-bench) print one JSON object per run in
// the shape bench/run.py reads: median/min/max over the timed repetitions plus
// each one.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_BENCH_TIMING_H
#define OXLA_BENCH_TIMING_H

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

namespace bench {

using Clock = std::chrono::steady_clock;

inline double msSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start)
      .count();
}

inline void printTimings(const char *system, int threads,
                         const std::vector<double> &times, double compileMs,
                         const std::string &extra = "") {
  std::vector<double> sorted = times;
  std::sort(sorted.begin(), sorted.end());
  size_t n = sorted.size();
  double median =
      n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  std::printf(
      "{\"system\": \"%s\", \"threads\": %d, \"compile_ms\": %.6g, "
      "\"median_ms\": %.6g, \"min_ms\": %.6g, \"max_ms\": %.6g, \"reps\": %zu, "
      "\"times_ms\": [",
      system, threads, compileMs, median, sorted.front(), sorted.back(), n);
  for (size_t i = 0; i < n; ++i)
    std::printf("%s%.6g", i ? ", " : "", times[i]);
  std::printf("]%s}\n", extra.c_str());
}

// Runs `body` at least `warmup` times and for at least `warmupS` seconds (the
// first calls of a fresh process pay for page faults and allocator growth),
// then times it until both `minReps` and `minTimeS` are reached or `maxReps`
// were done.
template <typename F>
std::vector<double> timeReps(F &&body, int warmup, double warmupS, int minReps,
                             int maxReps, double minTimeS) {
  auto warmBegin = Clock::now();
  for (int i = 0; i < warmup || msSince(warmBegin) < warmupS * 1000; ++i)
    body();
  std::vector<double> times;
  auto begin = Clock::now();
  while (int(times.size()) < maxReps) {
    if (int(times.size()) >= minReps && msSince(begin) >= minTimeS * 1000)
      break;
    auto start = Clock::now();
    body();
    times.push_back(msSince(start));
  }
  return times;
}

} // namespace bench

#endif // OXLA_BENCH_TIMING_H
