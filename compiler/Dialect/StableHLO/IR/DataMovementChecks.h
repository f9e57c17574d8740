//===- DataMovementChecks.h - Checks shared by data movement/dynamism ops -===//
//
// The dynamism ops (dynamic_broadcast_in_dim, dynamic_gather, dynamic_pad,
// ...) repeat constraints of their static counterparts; DataMovementOps.cpp
// defines these shared checks, DynamismOps.cpp uses them.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_DIALECT_STABLEHLO_IR_DATAMOVEMENTCHECKS_H
#define OXLA_COMPILER_DIALECT_STABLEHLO_IR_DATAMOVEMENTCHECKS_H

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include <optional>
#include <string>

namespace oxla::stablehlo::detail {

/// `[1, 2, 3]`, for diagnostics.
std::string formatDims(llvm::ArrayRef<int64_t> dims);

/// Same element type up to quantization parameters (per-axis quantized
/// types may differ in their quantized dimension and scales).
bool sameBaselineElement(mlir::Type a, mlir::Type b);

/// Checks that every entry of `dims` (named `name`) lies in [0, bound) (no
/// range check for bound = INT64_MAX),
/// and, as asked, that the entries are unique and sorted. `label` is the
/// spec constraint, e.g. "(C3)".
mlir::LogicalResult checkDims(mlir::Operation *op, llvm::StringRef label,
                              llvm::StringRef name,
                              llvm::ArrayRef<int64_t> dims, int64_t bound,
                              bool unique, bool sorted,
                              llvm::StringRef boundName = "");

/// broadcast_in_dim C1-C5 (and dynamic_broadcast_in_dim C1-C5).
mlir::LogicalResult verifyBroadcastInDim(mlir::Operation *op,
                                         mlir::RankedTensorType operand,
                                         llvm::ArrayRef<int64_t> dims,
                                         mlir::RankedTensorType result);

/// gather C1-C23, for gather and dynamic_gather. `sliceSizes` holds the
/// slice sizes when known (gather, or a constant operand of dynamic_gather);
/// `numSliceSizes` their count when known.
mlir::LogicalResult
verifyGather(mlir::Operation *op, mlir::RankedTensorType operand,
             mlir::RankedTensorType startIndices,
             GatherDimensionNumbersAttr dimensionNumbers,
             std::optional<llvm::ArrayRef<int64_t>> sliceSizes,
             int64_t numSliceSizes, mlir::RankedTensorType result);

/// The result size of pad: low + high + size + interior * (size - 1); `?`
/// for a dynamic size, nullopt where it does not fit in 64 bits.
std::optional<int64_t> paddedSize(int64_t size, int64_t low, int64_t high,
                                  int64_t interior);

/// Element types of two tensors agree up to quantization parameters.
mlir::LogicalResult checkElementType(mlir::Operation *op, llvm::StringRef label,
                                     llvm::StringRef what, mlir::Type expected,
                                     mlir::Type actual);
/// The shape of `type` is compatible with `expected`.
mlir::LogicalResult checkShape(mlir::Operation *op, llvm::StringRef label,
                               llvm::StringRef what, llvm::ArrayRef<int64_t> expected,
                               mlir::RankedTensorType type);

} // namespace oxla::stablehlo::detail

#endif // OXLA_COMPILER_DIALECT_STABLEHLO_IR_DATAMOVEMENTCHECKS_H
