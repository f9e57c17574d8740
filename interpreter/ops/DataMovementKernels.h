//===- DataMovementKernels.h - Data movement on runtime values ------------===//
//
// The index mappings of the spec's data movement ops, with every parameter
// passed as a value, so that the static ops (attributes) and their dynamic
// forms (operands) share one implementation.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_INTERPRETER_OPS_DATAMOVEMENTKERNELS_H
#define OXLA_INTERPRETER_OPS_DATAMOVEMENTKERNELS_H

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "interpreter/Tensor.h"

namespace oxla::interp {

/// Spec broadcast_in_dim into `shape`.
Tensor broadcastInDim(const Tensor &operand, llvm::ArrayRef<int64_t> dims,
                      llvm::ArrayRef<int64_t> shape);
/// Spec slice.
Tensor slice(const Tensor &operand, llvm::ArrayRef<int64_t> start,
             llvm::ArrayRef<int64_t> limit, llvm::ArrayRef<int64_t> strides);
/// Spec pad; `padding` is a rank-0 tensor.
Tensor pad(const Tensor &operand, const Tensor &padding,
           llvm::ArrayRef<int64_t> low, llvm::ArrayRef<int64_t> high,
           llvm::ArrayRef<int64_t> interior);
/// Spec gather; the result shape follows from the operands.
Tensor gather(const Tensor &operand, const Tensor &indices,
              oxla::stablehlo::GatherDimensionNumbersAttr dimensionNumbers,
              llvm::ArrayRef<int64_t> sliceSizes);
/// Spec iota of `type` along `dimension`.
Tensor iota(ElementType type, llvm::ArrayRef<int64_t> shape, int64_t dimension);

} // namespace oxla::interp

#endif // OXLA_INTERPRETER_OPS_DATAMOVEMENTKERNELS_H
