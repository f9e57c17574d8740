//===- Passes.h - Passes on linalg, from fusion to buffers ----------------===//
#ifndef OXLA_COMPILER_CODEGEN_PASSES_H
#define OXLA_COMPILER_CODEGEN_PASSES_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

namespace oxla {

#define GEN_PASS_DECL
#include "compiler/Codegen/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "compiler/Codegen/Passes.h.inc"

/// Whether `op` computes out += in0 * in1 (mulf/muli then addf/addi), the
/// shape of every contraction the StableHLO lowering builds.
bool isMultiplyAccumulate(mlir::linalg::GenericOp op);

/// Merges each cluster of elementwise linalg.generic ops in `scope` (same
/// static iteration space, values passed between them through identity
/// maps only, every value but the last used only inside the cluster) into
/// one generic, in time linear in the ops' sizes (ElementwiseClusters.cpp).
void fuseElementwiseClusters(mlir::Operation *scope);

} // namespace oxla

#endif // OXLA_COMPILER_CODEGEN_PASSES_H
