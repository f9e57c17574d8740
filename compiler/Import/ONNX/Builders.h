//===- Builders.h - StableHLO building blocks for ONNX lowerings -*- C++ -*-===//
//
// What many ONNX ops share: numpy-style broadcasting, shapes as tensors
// (static sizes as constants, dynamic ones read with get_dimension_size),
// reductions with a one-op body, conversions and constants.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_IMPORT_ONNX_BUILDERS_H
#define OXLA_COMPILER_IMPORT_ONNX_BUILDERS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace oxla::onnx {

inline mlir::RankedTensorType typeOf(mlir::Value value) {
  return mlir::cast<mlir::RankedTensorType>(value.getType());
}
inline int64_t rankOf(mlir::Value value) { return typeOf(value).getRank(); }
inline mlir::Type elementOf(mlir::Value value) { return typeOf(value).getElementType(); }

/// `axis` in [-rank, rank) as a dimension in [0, rank), or nullopt.
std::optional<int64_t> normalizeAxis(int64_t axis, int64_t rank);

/// A 0-d constant of `element` type holding `value`.
mlir::Value scalarConstant(mlir::OpBuilder &b, mlir::Location loc, mlir::Type element,
                           double value);
/// A 1-d i64 constant.
mlir::Value i64Constant(mlir::OpBuilder &b, mlir::Location loc, llvm::ArrayRef<int64_t> values);
/// `value` (a number) broadcast to the shape of `like`, in `like`'s element
/// type unless `element` is given.
mlir::Value splatLike(mlir::OpBuilder &b, mlir::Location loc, mlir::Value like, double value,
                      mlir::Type element = nullptr);

/// Size `dim` of `value` as a tensor<1xi64> (a constant when it is static).
mlir::Value dimSize(mlir::OpBuilder &b, mlir::Location loc, mlir::Value value, int64_t dim);
/// The shape of `value` as a tensor<rank x i64>.
mlir::Value shapeOf(mlir::OpBuilder &b, mlir::Location loc, mlir::Value value);
/// 1-d i64 tensors concatenated.
mlir::Value concatShapes(mlir::OpBuilder &b, mlir::Location loc, llvm::ArrayRef<mlir::Value> parts);

/// `value` with element type `element` (itself if it has it).
mlir::Value convert(mlir::OpBuilder &b, mlir::Location loc, mlir::Value value,
                    mlir::Type element);

/// `value` broadcast into `shape` (a type's sizes; `shapeTensor` gives the
/// run-time sizes when `shape` has dynamic ones), its dimension i becoming
/// result dimension `dims[i]`.
mlir::Value broadcastInDim(mlir::OpBuilder &b, mlir::Location loc, mlir::Value value,
                           llvm::ArrayRef<int64_t> shape, mlir::Value shapeTensor,
                           llvm::ArrayRef<int64_t> dims);

/// Numpy (multidirectional) broadcasting of `values` to their common shape;
/// fails (nullopt) when two static sizes disagree and neither is 1.
std::optional<llvm::SmallVector<mlir::Value>>
broadcastValues(mlir::OpBuilder &b, mlir::Location loc, llvm::ArrayRef<mlir::Value> values);

/// `value` reshaped to `shape`, which may have dynamic sizes if
/// `shapeTensor` gives them.
mlir::Value reshape(mlir::OpBuilder &b, mlir::Location loc, mlir::Value value,
                    llvm::ArrayRef<int64_t> shape, mlir::Value shapeTensor = nullptr);

/// The reduction bodies ONNX needs.
enum class ReduceKind { Add, Mul, Max, Min, And, Or };
/// The identity of `kind` for `element`.
mlir::Value reduceInit(mlir::OpBuilder &b, mlir::Location loc, ReduceKind kind,
                       mlir::Type element);
/// The two-argument op of `kind` on 0-d tensors (a reduction body's op).
mlir::Value combine(mlir::OpBuilder &b, mlir::Location loc, ReduceKind kind, mlir::Value lhs,
                    mlir::Value rhs);
/// stablehlo.reduce of `input` over `dims` with `kind`; the result drops them.
mlir::Value reduce(mlir::OpBuilder &b, mlir::Location loc, mlir::Value input,
                   llvm::ArrayRef<int64_t> dims, ReduceKind kind);
/// stablehlo.reduce_window of `input` with `kind`, `window` elements along
/// each dimension, stride 1, `padding` as (low, high) pairs per dimension
/// reading the identity of `kind`; the result has `input`'s shape.
mlir::Value reduceSameWindow(mlir::OpBuilder &b, mlir::Location loc, mlir::Value input,
                             llvm::ArrayRef<int64_t> window, llvm::ArrayRef<int64_t> padding,
                             ReduceKind kind);
/// The result of `reduce` with size-1 dimensions where `dims` were.
mlir::Value keepReducedDims(mlir::OpBuilder &b, mlir::Location loc, mlir::Value reduced,
                            mlir::Value input, llvm::ArrayRef<int64_t> dims);

/// Transposes `value` by `permutation`.
mlir::Value transpose(mlir::OpBuilder &b, mlir::Location loc, mlir::Value value,
                      llvm::ArrayRef<int64_t> permutation);

/// A 0-d i64 constant.
mlir::Value indexConstant(mlir::OpBuilder &b, mlir::Location loc, int64_t value);
/// `value` with its leading dimension dropped at index `index` (a 0-d i64
/// value), for any other dimensions, static or dynamic.
mlir::Value takeLeading(mlir::OpBuilder &b, mlir::Location loc, mlir::Value value,
                        mlir::Value index);

} // namespace oxla::onnx

#endif // OXLA_COMPILER_IMPORT_ONNX_BUILDERS_H
