//===- ContractionSupport.h - What dot, einsum and convolution share ------===//
//
// Contractions (dot_general, dot, einsum, unary_einsum, convolution) lower
// to linalg.generic ops whose reduction loops are innermost and run over the
// summed dimensions in row-major order, so that every output is the same
// sequential sum as the interpreter's. As in the interpreter (docs/
// interpreter.md, Numerics), each operand element is first converted to the
// result element type and then to the accumulator type: the result type,
// except that narrow floats accumulate in f32 and are rounded once at the
// end. Integers accumulate at the result width (wrapping, which equals the
// interpreter's 64-bit accumulation truncated at the end); i1 uses and/or.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_CONVERSION_STABLEHLOTOLINALG_CONTRACTIONSUPPORT_H
#define OXLA_COMPILER_CONVERSION_STABLEHLOTOLINALG_CONTRACTIONSUPPORT_H

#include "compiler/Conversion/StableHLOToLinalg/ScalarBuilder.h"

#include "mlir/IR/Builders.h"

namespace oxla {

bool isSupportedElement(mlir::Type type);

/// The accumulator (signless) for a result element type.
mlir::Type accumulatorType(mlir::Type result);

mlir::Value zeroOf(ScalarBuilder &s, mlir::Type type);
mlir::Value oneOf(ScalarBuilder &s, mlir::Type type);

/// One operand element (signless `x` of StableHLO element type `from`) as
/// the accumulator value of a contraction with result element type `result`.
mlir::Value toAccumulator(ScalarBuilder &s, mlir::Value x, mlir::Type from,
                          mlir::Type result);

/// acc + l * r in the accumulator type (or/and for i1).
mlir::Value multiplyAdd(ScalarBuilder &s, mlir::Value acc, mlir::Value l, mlir::Value r);

/// Checks the element types of a contraction; fills the StableHLO element
/// types of its operands and result.
mlir::LogicalResult contractionTypes(mlir::Operation *op,
                                     llvm::SmallVectorImpl<mlir::Type> &operands,
                                     mlir::Type &result);
mlir::LogicalResult contractionTypes(mlir::Operation *op, mlir::Type &lhs, mlir::Type &rhs,
                                     mlir::Type &result);

/// Zero-filled accumulator tensor.
mlir::Value filledAccumulator(mlir::OpBuilder &b, mlir::Location loc,
                              llvm::ArrayRef<int64_t> shape, mlir::ValueRange dynamicSizes,
                              mlir::Type acc);

/// Rounds an f32 accumulator tensor to the narrow float `result` element
/// type; a no-op for other types.
mlir::Value finishAccumulator(mlir::OpBuilder &b, mlir::Location loc, mlir::Value acc,
                              mlir::Type result);

/// The result of `op` (one or two operands, already converted) as one
/// linalg.generic: `operandLoops[i][d]` is the loop that indexes dimension
/// d of operand i (a loop may index several dimensions: a diagonal). Loops
/// [0, resultSource.size()) are the result's dimensions, whose sizes come
/// from (operand, dimension) `resultSource`; the rest are summed,
/// innermost last. With one operand its elements are summed.
mlir::FailureOr<mlir::Value>
buildContraction(mlir::Operation *op, mlir::ValueRange operands,
                 llvm::ArrayRef<llvm::SmallVector<int64_t>> operandLoops, int64_t numLoops,
                 llvm::ArrayRef<std::pair<mlir::Value, int64_t>> resultSource,
                 mlir::OpBuilder &b);

} // namespace oxla

#endif // OXLA_COMPILER_CONVERSION_STABLEHLOTOLINALG_CONTRACTIONSUPPORT_H
