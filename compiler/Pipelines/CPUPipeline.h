//===- CPUPipeline.h - StableHLO to LLVM for the host CPU -----------------===//
#ifndef OXLA_COMPILER_PIPELINES_CPUPIPELINE_H
#define OXLA_COMPILER_PIPELINES_CPUPIPELINE_H

#include "runtime/ModuleMetadata.h"

#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

namespace mlir {
class ModuleOp;
class OpPassManager;
namespace func {
class FuncOp;
} // namespace func
} // namespace mlir

namespace oxla {

class CompileTimings;

/// The phases of the CPU pipeline, in order. Each is a textual pass pipeline
/// that `oxla-opt` accepts too, so any stage can be reproduced by hand.
struct PipelinePhase {
  llvm::StringRef name;     ///< for --emit and dumps: "linalg", "buffers", ...
  llvm::StringRef pipeline; ///< passes on builtin.module
};
llvm::ArrayRef<PipelinePhase> cpuPipelinePhases();

/// Adds the phases from `firstPhase` (an index) up to and including
/// `lastPhase` (all when empty) to `pm`.
mlir::LogicalResult buildCPUPipeline(mlir::OpPassManager &pm,
                                     llvm::StringRef lastPhase = "",
                                     size_t firstPhase = 0);

/// Why a compilation failed.
enum class CompileFailure {
  /// The argument shapes the program was specialized for contradict it
  /// (e.g. two `?` sizes an op needs equal are not): the first phase,
  /// which refines shapes, failed (exit code 2, OXLA_INVALID_ARGUMENT).
  Invalid,
  /// An op, type or feature oxla does not implement: a diagnostic starting
  /// with "unsupported:" names it (exit code 3, OXLA_UNSUPPORTED).
  Unsupported,
  /// The program was verified and every op has a lowering, yet a pass or
  /// the translation to LLVM IR failed: a bug in oxla (exit code 4,
  /// OXLA_INTERNAL).
  Internal,
};

/// Lowers `module` in place for the host CPU with `entries` as its entry
/// points, and returns what the runtime needs to call them. With a
/// `lastPhase`, stops after it (the module is not callable then). Errors
/// are reported as diagnostics; an op the compiler cannot lower is
/// reported as "unsupported: ..." at its location. On failure `*why` (if
/// given) says which kind it was; an internal one has been reported with
/// a final "internal error: ..." diagnostic. Tools apply the pass
/// manager's command-line options (timing, IR printing); a library, where
/// they are not registered, does not. With `timings`, records the wall time
/// of each phase under its name (--time-phases).
mlir::FailureOr<rt::ModuleMetadata>
compileForCPU(mlir::ModuleOp module, llvm::ArrayRef<mlir::func::FuncOp> entries,
              llvm::StringRef lastPhase = "", bool applyCommandLineOptions = true,
              CompileFailure *why = nullptr, CompileTimings *timings = nullptr);

/// Reports, at `module`, that `what` failed on a valid program: an
/// internal error (CompileFailure::Internal) with the words every tool
/// and API uses for one.
void reportInternalError(mlir::ModuleOp module, const llvm::Twine &what);

/// Makes compileForCPU compute cheap producers again at each later user
/// (oxla-rematerialize-cheap-producers) when `on`: what the tools do when
/// --memory-limit asks for less than a program's scheduled peak.
void setRematerialization(bool on);

/// True when a hidden testing option (--oxla-inject-miscompile) changes what
/// compileForCPU writes: its result must not go into a compile cache.
bool compilesWithInjectedFaults();

} // namespace oxla

#endif // OXLA_COMPILER_PIPELINES_CPUPIPELINE_H
