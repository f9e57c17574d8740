//===- ConvertChains.cpp - convert to the same type, exact widenings ------===//
//
// - convert(x) to x's own type is x.
// - convert(convert(x : A) : B) : C is convert(x) : C (or x when C is A)
//   when every value of A is exact in B: the inner convert then changes no
//   value, and the outer one sees the value x has. Exact widenings: floats
//   to floats whose precision and exponent range hold them (f16 -> f32,
//   bf16 -> f32, f32 -> f64, ...), integers to integers at least as wide
//   (unsigned to signed one bit wider), integers to floats whose
//   significand holds them (i8 -> f16, i16 -> f32, i32 -> f64). Booleans
//   and complex numbers are left alone. A narrowing first step (f32 ->
//   f16 -> f32 rounds) is never removed.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Simplify/Patterns.h"

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace {

Type elementTypeOf(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  return type ? type.getElementType() : Type();
}

/// Bits of magnitude an integer type holds.
unsigned magnitudeBits(IntegerType type) {
  return type.isUnsigned() ? type.getWidth() : type.getWidth() - 1;
}

/// Whether every value of `from` is exact in `to`.
bool widensExactly(Type from, Type to) {
  if (!from || !to || from.isInteger(1) || to.isInteger(1))
    return false;
  // IEEE-style floats (all with infinities, NaNs and signed zeros): wider
  // when the significand and the exponent range both hold the narrower's.
  auto isIEEE = [](Type t) { return isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(t); };
  if (isa<FloatType>(from)) {
    if (!isIEEE(from) || !isIEEE(to))
      return false;
    const llvm::fltSemantics &sa = cast<FloatType>(from).getFloatSemantics(),
                             &sb = cast<FloatType>(to).getFloatSemantics();
    return llvm::APFloat::semanticsPrecision(sa) <= llvm::APFloat::semanticsPrecision(sb) &&
           llvm::APFloat::semanticsMinExponent(sa) >= llvm::APFloat::semanticsMinExponent(sb) &&
           llvm::APFloat::semanticsMaxExponent(sa) <= llvm::APFloat::semanticsMaxExponent(sb);
  }
  auto a = dyn_cast<IntegerType>(from);
  if (!a)
    return false;
  if (auto b = dyn_cast<IntegerType>(to)) {
    if (a.isUnsigned() == b.isUnsigned())
      return b.getWidth() >= a.getWidth();
    return a.isUnsigned() && b.getWidth() > a.getWidth();
  }
  if (auto b = dyn_cast<FloatType>(to))
    return magnitudeBits(a) <= llvm::APFloat::semanticsPrecision(b.getFloatSemantics());
  return false;
}

struct ConvertToSameType : public OpRewritePattern<hlo::ConvertOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::ConvertOp op, PatternRewriter &rewriter) const override {
    if (op.getOperand().getType() != op.getType())
      return failure();
    rewriter.replaceOp(op, op.getOperand());
    return success();
  }
};

struct ConvertAfterExactWidening : public OpRewritePattern<hlo::ConvertOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::ConvertOp op, PatternRewriter &rewriter) const override {
    auto inner = op.getOperand().getDefiningOp<hlo::ConvertOp>();
    if (!inner)
      return failure();
    Value x = inner.getOperand();
    Type a = elementTypeOf(x), b = elementTypeOf(inner.getResult()),
         c = elementTypeOf(op.getResult());
    if (!a || !c || isa<ComplexType>(c) || c.isInteger(1) || !widensExactly(a, b))
      return failure();
    if (x.getType() == op.getType()) {
      rewriter.replaceOp(op, x);
      return success();
    }
    rewriter.replaceOpWithNewOp<hlo::ConvertOp>(op, op.getType(), x);
    return success();
  }
};

} // namespace

void oxla::simplify::populateConvertChainPatterns(RewritePatternSet &patterns) {
  patterns.add<ConvertToSameType, ConvertAfterExactWidening>(patterns.getContext());
}
