//===- CPUPipeline.h - StableHLO to LLVM for the host CPU -----------------===//
#ifndef OXLA_COMPILER_PIPELINES_CPUPIPELINE_H
#define OXLA_COMPILER_PIPELINES_CPUPIPELINE_H

#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace oxla {

/// The phases of the CPU pipeline, in order. Each is a textual pass pipeline
/// that `oxla-opt` accepts too, so any stage can be reproduced by hand.
struct PipelinePhase {
  llvm::StringRef name;     ///< for --emit and dumps: "linalg", "buffers", ...
  llvm::StringRef pipeline; ///< passes on builtin.module
};
llvm::ArrayRef<PipelinePhase> cpuPipelinePhases();

/// Adds the phases up to and including `lastPhase` (all when empty) to `pm`.
mlir::LogicalResult buildCPUPipeline(mlir::OpPassManager &pm,
                                     llvm::StringRef lastPhase = "");

} // namespace oxla

#endif // OXLA_COMPILER_PIPELINES_CPUPIPELINE_H
