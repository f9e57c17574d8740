//===- ScalarBuilder.h - One element of an elementwise op -----------------===//
//
// Elementwise StableHLO ops lower to a linalg.generic whose body computes one
// element; ScalarBuilder is what such a body is written with. It carries the
// StableHLO element types (with their signedness) next to the signless
// values, and computes narrow floats in f32 with one rounding at the end,
// as the interpreter does.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_CONVERSION_STABLEHLOTOLINALG_SCALARBUILDER_H
#define OXLA_COMPILER_CONVERSION_STABLEHLOTOLINALG_SCALARBUILDER_H

#include "compiler/Conversion/StableHLOToLinalg/TypeConversion.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/Transforms/DialectConversion.h"

namespace oxla {

struct ScalarBuilder {
  mlir::OpBuilder &b;
  mlir::Location loc;
  /// StableHLO element types: the result's and each operand's.
  mlir::Type resultType;
  llvm::SmallVector<mlir::Type, 3> operandTypes;

  template <typename OpTy, typename... Args> mlir::Value create(Args &&...args) {
    return b.create<OpTy>(loc, std::forward<Args>(args)...)->getResult(0);
  }

  /// A constant of the (signless) type `type`: integers from `value`
  /// truncated to the width, floats rounded.
  mlir::Value constant(mlir::Type type, double value);
  mlir::Value intConstant(mlir::Type type, int64_t value);

  /// `x` as f32 when it is a narrow float, unchanged otherwise.
  mlir::Value widen(mlir::Value x);
  /// Rounds a widened f32 value back to `type` (a no-op for wide types).
  mlir::Value narrow(mlir::Value x, mlir::Type type);

  /// Applies `fn` to the operands widened to f32 when `type` is a narrow
  /// float, and rounds the result back once.
  template <typename Fn>
  mlir::Value inWideFloat(mlir::Type type, mlir::ValueRange args, Fn &&fn) {
    if (!isNarrowFloat(type))
      return fn(args);
    llvm::SmallVector<mlir::Value, 3> wide;
    for (mlir::Value arg : args)
      wide.push_back(widen(arg));
    return narrow(fn(mlir::ValueRange(wide)), type);
  }
};

/// Replaces the elementwise op `op` (operands `operands`, already type
/// converted; rank-0 ones broadcast) by one linalg.generic whose body is
/// `element`. Fails to match when `element` returns a null Value.
mlir::LogicalResult lowerElementwiseToGeneric(
    mlir::Operation *op, mlir::ValueRange operands, const mlir::TypeConverter *converter,
    mlir::ConversionPatternRewriter &rewriter,
    llvm::function_ref<mlir::Value(ScalarBuilder &, mlir::ValueRange)> element);

} // namespace oxla

#endif // OXLA_COMPILER_CONVERSION_STABLEHLOTOLINALG_SCALARBUILDER_H
