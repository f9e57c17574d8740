//===- CompileTimings.h - Where compile time goes --------------------------===//
//
// The wall time of each step of a compilation, in the order they ran: the
// phases of the CPU pipeline (CPUPipeline.cpp), then LLVM's translation,
// optimization and code generation, linking and loading. `--time-phases`
// (oxla-compile, oxla-run) prints them; the C API keeps them with an
// executable (oxla_executable_compile_timings) and Python's
// `oxla.compile(..., timing=True)` prints them.
//
// Steps that run on several threads (the parts of ParallelCompile.h) are
// recorded one level deeper, below the step that waits for all of them.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_TARGET_CPU_COMPILETIMINGS_H
#define OXLA_COMPILER_TARGET_CPU_COMPILETIMINGS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <chrono>
#include <mutex>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace oxla {

class CompileTimings {
public:
  struct Step {
    std::string name;
    double seconds;
    /// 0 for a step of the compilation, 1 for one thread's share of the
    /// step recorded after it.
    unsigned depth;
  };

  /// Measures the wall time from its construction to stop() (or its end)
  /// as one step. A null `timings` measures nothing.
  class Scope {
  public:
    Scope(CompileTimings *timings, const llvm::Twine &name, unsigned depth = 0);
    Scope(const Scope &) = delete;
    Scope &operator=(const Scope &) = delete;
    ~Scope() { stop(); }
    /// Records the step now (once).
    void stop();

  private:
    CompileTimings *timings_;
    std::string name_;
    unsigned depth_;
    /// Where the step goes: before the deeper steps recorded while it ran.
    size_t position_ = 0;
    std::chrono::steady_clock::time_point start_;
  };

  /// Records a step after the others; safe to call from several threads.
  void add(const llvm::Twine &name, double seconds, unsigned depth = 0);

  /// The steps so far: in the order they started, except that the deeper
  /// steps of threads follow the step that waited for them.
  std::vector<Step> steps() const;

  /// A table of the steps and their total (the sum of the depth-0 steps),
  /// one per line: "  12.345 ms  name".
  void print(llvm::raw_ostream &os) const;
  std::string text() const;

private:
  void insert(Step step, size_t position);
  size_t size() const;

  mutable std::mutex mutex_;
  std::vector<Step> steps_;
};

} // namespace oxla

#endif // OXLA_COMPILER_TARGET_CPU_COMPILETIMINGS_H
