//===- KernelProfiler.cpp - Time per kernel, for OXLA_PROFILE_KERNELS -----===//
//
// The runtime half of the opt-in per-kernel profiler: code compiled with
// OXLA_PROFILE_KERNELS set (compiler/Codegen/ProfileKernels.cpp) calls
// oxla_profile_begin() before each kernel and oxla_profile_end(name, flops,
// bytes) after it. The times add up per kernel (by its name's address, one
// per call site) and are printed on stderr when the process exits, one line
// per kernel, slowest first:
//
//   oxla-profile: CALLS calls, TOTAL_NS ns, FLOPS flops, BYTES bytes: NAME
//
// (FLOPS and BYTES per call). Nested kernels do not happen: only those of
// public functions are timed, each from its calling thread, so with several
// threads a kernel's time is its wall time, its parallel part included.
//
//===----------------------------------------------------------------------===//

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

struct Kernel {
  std::string name;
  uint64_t calls = 0, nanoseconds = 0;
  int64_t flops = 0, bytes = 0;
};

struct Profile {
  std::mutex mutex;
  std::unordered_map<const char *, Kernel> kernels;
  Profile() { std::atexit(&Profile::print); }
  static Profile &get() {
    static Profile *profile = new Profile; // outlives other statics' destructors
    return *profile;
  }
  static void print() {
    Profile &profile = get();
    std::lock_guard<std::mutex> lock(profile.mutex);
    std::vector<const Kernel *> sorted;
    for (auto &entry : profile.kernels)
      sorted.push_back(&entry.second);
    std::sort(sorted.begin(), sorted.end(), [](const Kernel *a, const Kernel *b) {
      return a->nanoseconds > b->nanoseconds;
    });
    for (const Kernel *kernel : sorted)
      std::fprintf(stderr, "oxla-profile: %llu calls, %llu ns, %lld flops, %lld bytes: %s\n",
                   (unsigned long long)kernel->calls, (unsigned long long)kernel->nanoseconds,
                   (long long)kernel->flops, (long long)kernel->bytes, kernel->name.c_str());
    std::fflush(stderr);
  }
};

using Clock = std::chrono::steady_clock;
thread_local std::vector<Clock::time_point> starts;

} // namespace

extern "C" void oxla_profile_begin() { starts.push_back(Clock::now()); }

/// `name` is a memref<?xi8> passed as MLIR's expanded descriptor.
extern "C" void oxla_profile_end(const char *, const char *aligned, int64_t offset,
                                 int64_t size, int64_t, int64_t flops, int64_t bytes) {
  Clock::time_point end = Clock::now();
  if (starts.empty())
    return;
  uint64_t ns = std::chrono::duration_cast<std::chrono::nanoseconds>(end - starts.back()).count();
  starts.pop_back();
  const char *name = aligned + offset;
  Profile &profile = Profile::get();
  std::lock_guard<std::mutex> lock(profile.mutex);
  Kernel &kernel = profile.kernels[name];
  if (!kernel.calls)
    kernel.name.assign(name, size_t(size));
  ++kernel.calls;
  kernel.nanoseconds += ns;
  kernel.flops = flops;
  kernel.bytes = bytes;
}
