//===- limits.cpp - The machine's measured FLOP and bandwidth limits ------===//
//
// bench/run.py turns each workload's FLOPs and bytes into a floor time with
// these:
//
//   oxla-bench-limits --threads N
//
// prints {"threads", "peak_gflops", "dram_copy_gbs", "cache_read_gbs",
// "cache_bytes"}:
// - peak: an FMA loop over the widest vectors the CPU has (AVX-512 or AVX2)
// with
//   enough independent chains to fill the FMA pipes (lanes x 2 FLOPs per FMA);
// - DRAM: a copy of 256 MiB with non-temporal stores (bytes read + bytes
// written),
//   the fastest way to move data that does not fit in cache;
// - cache: repeated reads of a buffer of the last-level cache's half size, the
// rate for
//   working sets (weights) that stay in cache between calls.
// Each figure is the best of several trials, split over N threads.
//
//===----------------------------------------------------------------------===//
#include <immintrin.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

template <typename F> double bestOf(int trials, int threads, F &&perThread) {
  double best = 1e30;
  for (int t = 0; t < trials; ++t) {
    std::vector<std::thread> pool;
    auto start = Clock::now();
    for (int i = 0; i < threads; ++i)
      pool.emplace_back(perThread, i);
    for (std::thread &th : pool)
      th.join();
    best = std::min(best, secondsSince(start));
  }
  return best;
}

constexpr int kChains = 12;
volatile float sink;

// Independent FMA chains of `Vec` (8 or 16 f32 lanes), 2 FLOPs per lane per
// FMA. Without -ffast-math the compiler must do every FMA in order, so the loop
// stays. Inlined into each caller so it compiles with that caller's target
// features.
template <typename Vec, Vec (*Set1)(float), Vec (*Fma)(Vec, Vec, Vec)>
__attribute__((always_inline)) inline float fmaChains(long iters) {
  Vec acc[kChains];
  for (int c = 0; c < kChains; ++c)
    acc[c] = Set1(1.0f + c * 1e-3f);
  const Vec a = Set1(0.999999f), b = Set1(1e-7f);
  for (long i = 0; i < iters; ++i) {
    for (int c = 0; c < kChains; ++c)
      acc[c] = Fma(acc[c], a, b);
  }
  float sum = 0;
  for (int c = 0; c < kChains; ++c)
    sum += reinterpret_cast<float *>(&acc[c])[0];
  return sum;
}

__m256 set1x8(float v) { return _mm256_set1_ps(v); }
__m256 fmax8(__m256 a, __m256 b, __m256 c) { return _mm256_fmadd_ps(a, b, c); }

__attribute__((target("avx512f"), always_inline)) inline __m512
set1x16(float v) {
  return _mm512_set1_ps(v);
}
__attribute__((target("avx512f"), always_inline)) inline __m512
fmax16(__m512 a, __m512 b, __m512 c) {
  return _mm512_fmadd_ps(a, b, c);
}
__attribute__((target("avx512f"))) float fmaLoop512(long iters) {
  return fmaChains<__m512, set1x16, fmax16>(iters);
}

// The widest vectors the CPU has: libraries like oneDNN and OpenBLAS use
// AVX-512 where it exists, so the peak must too. Returns the lanes per vector.
int fmaLoop(long iters) {
  if (__builtin_cpu_supports("avx512f")) {
    sink = fmaLoop512(iters);
    return 16;
  }
  sink = fmaChains<__m256, set1x8, fmax8>(iters);
  return 8;
}

size_t cacheBytes() {
  std::ifstream in("/sys/devices/system/cpu/cpu0/cache/index3/size");
  std::string s;
  if (!(in >> s))
    return 8u << 20;
  size_t v = std::stoul(s);
  if (s.back() == 'K')
    v <<= 10;
  else if (s.back() == 'M')
    v <<= 20;
  return v;
}

} // namespace

int main(int argc, char **argv) {
  int threads = 1;
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], "--threads") == 0)
      threads = std::atoi(argv[i + 1]);
  if (threads < 1)
    threads = 1;

  const long iters = 100'000'000;
  int lanes = 8;
  double fmaS = bestOf(5, threads, [&](int) { lanes = fmaLoop(iters); });
  double peak = double(threads) * iters * kChains * lanes * 2 / fmaS / 1e9;

  const size_t n = (256u << 20) / sizeof(float);
  float *src = static_cast<float *>(std::aligned_alloc(64, n * sizeof(float)));
  float *dst = static_cast<float *>(std::aligned_alloc(64, n * sizeof(float)));
  for (size_t i = 0; i < n; ++i)
    src[i] = float(i & 1023), dst[i] = 0;
  auto copy = [&](int t) {
    size_t chunk = n / threads / 8 * 8, begin = t * chunk;
    size_t end = t + 1 == threads ? n : begin + chunk;
    for (size_t i = begin; i < end; i += 8)
      _mm256_stream_ps(dst + i, _mm256_load_ps(src + i));
    _mm_sfence();
  };
  double copyS = bestOf(5, threads, copy);
  double dram = 2.0 * n * sizeof(float) / copyS / 1e9;

  const size_t cb = cacheBytes() / 2, cn = cb / sizeof(float);
  const int passes = 200;
  auto read = [&](int t) {
    size_t chunk = cn / threads / 64 * 64, begin = t * chunk;
    // Eight accumulators hide the add latency, so loads are the limit.
    __m256 acc[8];
    for (__m256 &v : acc)
      v = _mm256_setzero_ps();
    for (int p = 0; p < passes; ++p)
      for (size_t i = begin; i < begin + chunk; i += 64)
        for (int j = 0; j < 8; ++j)
          acc[j] = _mm256_add_ps(acc[j], _mm256_load_ps(src + i + 8 * j));
    for (int j = 1; j < 8; ++j)
      acc[0] = _mm256_add_ps(acc[0], acc[j]);
    float out[8];
    _mm256_storeu_ps(out, acc[0]);
    sink = out[0];
  };
  double readS = bestOf(5, threads, read);
  double cache = double(passes) * (cn / threads / 64 * 64) * threads *
                 sizeof(float) / readS / 1e9;
  std::free(src);
  std::free(dst);
  std::printf(
      "{\"threads\": %d, \"peak_gflops\": %.2f, \"dram_copy_gbs\": %.2f, "
      "\"cache_read_gbs\": %.2f, \"cache_bytes\": %zu, \"fma_lanes\": %d}\n",
      threads, peak, dram, cache, cb, lanes);
  return 0;
}
