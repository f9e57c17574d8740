//===- Common.h - Helpers the op lowerings share ----------------*- C++ -*-===//
#ifndef OXLA_COMPILER_IMPORT_ONNX_OPS_COMMON_H
#define OXLA_COMPILER_IMPORT_ONNX_OPS_COMMON_H

#include "compiler/Dialect/CHLO/IR/CHLO.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "compiler/Import/ONNX/Builders.h"
#include "compiler/Import/ONNX/Importer.h"

namespace oxla::onnx {

namespace hlo = ::oxla::stablehlo;
using Results = mlir::FailureOr<llvm::SmallVector<mlir::Value>>;

/// An elementwise op of `Op` with the operands' type (the first one's).
template <typename Op>
mlir::Value elementwise(mlir::OpBuilder &b, mlir::Location loc, mlir::ValueRange operands) {
  return b.create<Op>(loc, mlir::TypeRange{operands.front().getType()}, operands,
                      llvm::ArrayRef<mlir::NamedAttribute>{});
}

/// `lhs` and `rhs` broadcast to a common shape, or an error on the node.
mlir::FailureOr<std::pair<mlir::Value, mlir::Value>> broadcastPair(NodeContext &ctx,
                                                                  mlir::Value lhs,
                                                                  mlir::Value rhs);

/// The single result `value`.
inline Results single(mlir::Value value) { return llvm::SmallVector<mlir::Value>{value}; }

/// Whether the element type is a floating-point type.
inline bool isFloat(mlir::Value value) { return mlir::isa<mlir::FloatType>(elementOf(value)); }

/// `axes` (possibly negative) as sorted unique dimensions of a rank-`rank`
/// tensor, or an error on the node.
mlir::FailureOr<llvm::SmallVector<int64_t>> normalizeAxes(NodeContext &ctx,
                                                          llvm::ArrayRef<int64_t> axes,
                                                          int64_t rank);

/// The comparison of `lhs` and `rhs` (already of one shape) by `direction`.
mlir::Value compare(mlir::OpBuilder &b, mlir::Location loc, mlir::Value lhs, mlir::Value rhs,
                    hlo::ComparisonDirection direction);

/// Negative indices count from the end of a dimension of `size` (a tensor
/// of the indices' shape).
mlir::Value wrapIndices(mlir::OpBuilder &b, mlir::Location loc, mlir::Value indices,
                        mlir::Value size);
/// GatherElements' and ScatterElements' coordinates: for each element of
/// `indices` (rank r, wrapped by `axisSize`), its full index into data, the
/// element's own position with the index at `axis`: [indices.shape..., r].
mlir::Value elementCoordinates(mlir::OpBuilder &b, mlir::Location loc, mlir::Value indices,
                               int64_t axis, int64_t axisSize);
/// The same for index vectors (the last dimension of `indices`): component
/// j counts from the end of a dimension of `sizes[j]`.
mlir::Value wrapIndicesND(mlir::OpBuilder &b, mlir::Location loc, mlir::Value indices,
                          llvm::ArrayRef<int64_t> sizes);

/// numpy.matmul of `lhs` and `rhs` (MatMul's semantics; MatMulInteger and
/// QLinearMatMul give it their integer operands).
mlir::FailureOr<mlir::Value> buildMatMul(NodeContext &ctx, mlir::Value lhs, mlir::Value rhs);
/// The convolution of Conv's X and W (no bias) with the node's auto_pad,
/// dilations, group, kernel_shape, pads and strides (Conv, ConvInteger,
/// QLinearConv).
mlir::FailureOr<mlir::Value> buildConv(NodeContext &ctx, mlir::Value x, mlir::Value w);

/// Compaction (CompactionOps.cpp), for results whose sizes the values fix:
/// the positions [0, n) of `keep` (i1 [n]), those it keeps first, each group
/// in order (a stable sort); and how many it keeps (i64 [1]).
std::pair<mlir::Value, mlir::Value> keptFirst(mlir::OpBuilder &b, mlir::Location loc,
                                              mlir::Value keep);
/// `value` cut to its first `count` (i64 [1]) elements along `dim`: a
/// real_dynamic_slice whose size along `dim` is dynamic.
mlir::Value firstAlong(mlir::OpBuilder &b, mlir::Location loc, mlir::Value value, int64_t dim,
                       mlir::Value count);
/// The slices of `x` along `axis` at `positions` ([n] i64), in their order.
mlir::Value slicesAt(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x, int64_t axis,
                     mlir::Value positions);

} // namespace oxla::onnx

#endif // OXLA_COMPILER_IMPORT_ONNX_OPS_COMMON_H
