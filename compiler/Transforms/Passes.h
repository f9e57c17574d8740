//===- Passes.h - StableHLO to StableHLO passes ---------------------------===//
#ifndef OXLA_COMPILER_TRANSFORMS_PASSES_H
#define OXLA_COMPILER_TRANSFORMS_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

#include <memory>

namespace oxla {

#define GEN_PASS_DECL
#include "compiler/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "compiler/Transforms/Passes.h.inc"

/// batch_norm_* as StableHLO reduces and elementwise ops
/// (oxla-decompose-batch-norm, part of the CPU pipeline).
void populateDecomposeBatchNormPatterns(mlir::RewritePatternSet &patterns);
void populateDecomposeScanPatterns(mlir::RewritePatternSet &patterns);
/// chlo.broadcast_*, chlo.constant and chlo.constant_like as StableHLO
/// (oxla-decompose-chlo-broadcast).
void populateDecomposeChloBroadcastPatterns(mlir::RewritePatternSet &patterns);
/// Whether oxla-decompose-chlo-broadcast rewrites `op`.
bool isChloBroadcastOp(mlir::Operation *op);
/// Runs oxla-decompose-chlo-broadcast on `module` when it has such ops: how
/// the interpreter runs them (oxla-interpret, oxla-run's reference run).
mlir::LogicalResult decomposeChloBroadcastOps(mlir::ModuleOp module);

} // namespace oxla

#endif // OXLA_COMPILER_TRANSFORMS_PASSES_H
