//===- CPUPipeline.h - StableHLO to LLVM for the host CPU -----------------===//
#ifndef OXLA_COMPILER_PIPELINES_CPUPIPELINE_H
#define OXLA_COMPILER_PIPELINES_CPUPIPELINE_H

#include "runtime/ModuleMetadata.h"

#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace mlir {
class ModuleOp;
class OpPassManager;
namespace func {
class FuncOp;
} // namespace func
} // namespace mlir

namespace oxla {

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

/// Lowers `module` in place for the host CPU with `entries` as its entry
/// points, and returns what the runtime needs to call them. With a
/// `lastPhase`, stops after it (the module is not callable then). Errors
/// are reported as diagnostics; an op the compiler cannot lower is
/// reported as "unsupported: ..." at its location. Tools apply the pass
/// manager's command-line options (timing, IR printing); a library, where
/// they are not registered, does not.
mlir::FailureOr<rt::ModuleMetadata>
compileForCPU(mlir::ModuleOp module, llvm::ArrayRef<mlir::func::FuncOp> entries,
              llvm::StringRef lastPhase = "", bool applyCommandLineOptions = true);

} // namespace oxla

#endif // OXLA_COMPILER_PIPELINES_CPUPIPELINE_H
