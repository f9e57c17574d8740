//===- Identities.cpp - Arithmetic and logical identities -----------------===//
//
// Each rewrite gives the same bits as the op it removes, for every value
// of the other operand, in IEEE arithmetic where it applies to floats:
// - x*1, 1*x, x/1 -> x (floats and integers);
// - x+(-0.0), (-0.0)+x, x-(+0.0) -> x for floats: x+(+0.0) is not x when
//   x is -0.0, so it stays; x+0, x-0 -> x for integers;
// - x*0 -> 0, x-x -> 0, x^x -> 0 for integers only (NaN and infinities
//   make them wrong for floats);
// - x&allones, x|0, x^0, x&x, x|x, max(x,x), min(x,x) -> x; x&0 -> 0,
//   x|allones -> allones;
// - negate(negate(x)), not(not(x)) -> x (two's complement negation and
//   IEEE negation are involutions);
// - select on a constant predicate -> that operand; select(p, a, a) -> a;
// - compare(x, x) of integers -> true for EQ, GE, LE and false otherwise
//   (not for floats: NaN compares unequal to itself).
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Simplify/Patterns.h"

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace oxla::simplify;
namespace hlo = oxla::stablehlo;

namespace {

/// Replaces `op`'s only result by `value` where the types agree.
LogicalResult replaceBy(PatternRewriter &rewriter, Operation *op, Value value) {
  if (!value || value.getType() != op->getResult(0).getType())
    return failure();
  rewriter.replaceOp(op, value);
  return success();
}

bool isFloatTensor(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && isa<FloatType>(tensor.getElementType());
}

bool isIntegerTensor(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && isa<IntegerType>(tensor.getElementType());
}

bool isAllOnes(Value value) {
  auto i = dyn_cast_or_null<IntegerAttr>(splatConstant(value));
  return i && i.getValue().isAllOnes();
}

bool isZero(Value value) {
  Attribute splat = splatConstant(value);
  if (auto i = dyn_cast_or_null<IntegerAttr>(splat))
    return i.getValue().isZero();
  return false;
}

/// The other operand of a binary op when one of them satisfies `pred`
/// (the right one for non-commutative ops).
template <typename Pred>
Value otherOperand(Operation *op, Pred pred, bool commutative) {
  Value lhs = op->getOperand(0), rhs = op->getOperand(1);
  if (pred(rhs))
    return lhs;
  if (commutative && pred(lhs))
    return rhs;
  return {};
}

/// A splat of `op`'s result type with the integer `value`.
Value integerSplat(PatternRewriter &rewriter, Operation *op, int64_t value) {
  auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!type || !type.hasStaticShape() || !isa<IntegerType>(type.getElementType()))
    return {};
  return createSplat(rewriter, op->getLoc(), type,
                     rewriter.getIntegerAttr(type.getElementType(), value));
}

struct MulIdentity : public OpRewritePattern<hlo::MulOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::MulOp op, PatternRewriter &rewriter) const override {
    if (Value x = otherOperand(op, [](Value v) { return isSplatOf(v, 1); }, true))
      return replaceBy(rewriter, op, x);
    if (isIntegerTensor(op.getType()))
      if (Value zero = op.getLhs(); isZero(zero) || isZero(zero = op.getRhs()))
        return replaceBy(rewriter, op, zero);
    return failure();
  }
};

struct AddIdentity : public OpRewritePattern<hlo::AddOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::AddOp op, PatternRewriter &rewriter) const override {
    bool isFloat = isFloatTensor(op.getType());
    auto neutral = [&](Value v) { return isFloat ? isSplatNegativeZero(v) : isZero(v); };
    if (Value x = otherOperand(op, neutral, true))
      return replaceBy(rewriter, op, x);
    return failure();
  }
};

struct SubtractIdentity : public OpRewritePattern<hlo::SubtractOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::SubtractOp op, PatternRewriter &rewriter) const override {
    bool isFloat = isFloatTensor(op.getType());
    // +0.0 compares bitwise: isSplatOf(v, 0.0) is +0.0 only.
    auto neutral = [&](Value v) { return isFloat ? isSplatOf(v, 0.0) : isZero(v); };
    if (Value x = otherOperand(op, neutral, false))
      return replaceBy(rewriter, op, x);
    if (isIntegerTensor(op.getType()) && op.getLhs() == op.getRhs())
      return replaceBy(rewriter, op, integerSplat(rewriter, op, 0));
    return failure();
  }
};

struct DivIdentity : public OpRewritePattern<hlo::DivOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::DivOp op, PatternRewriter &rewriter) const override {
    if (Value x = otherOperand(op, [](Value v) { return isSplatOf(v, 1); }, false))
      return replaceBy(rewriter, op, x);
    return failure();
  }
};

struct AndIdentity : public OpRewritePattern<hlo::AndOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::AndOp op, PatternRewriter &rewriter) const override {
    if (op.getLhs() == op.getRhs())
      return replaceBy(rewriter, op, op.getLhs());
    if (Value x = otherOperand(op, isAllOnes, true))
      return replaceBy(rewriter, op, x);
    if (Value zero = op.getLhs(); isZero(zero) || isZero(zero = op.getRhs()))
      return replaceBy(rewriter, op, zero);
    return failure();
  }
};

struct OrIdentity : public OpRewritePattern<hlo::OrOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::OrOp op, PatternRewriter &rewriter) const override {
    if (op.getLhs() == op.getRhs())
      return replaceBy(rewriter, op, op.getLhs());
    if (Value x = otherOperand(op, isZero, true))
      return replaceBy(rewriter, op, x);
    if (Value ones = op.getLhs(); isAllOnes(ones) || isAllOnes(ones = op.getRhs()))
      return replaceBy(rewriter, op, ones);
    return failure();
  }
};

struct XorIdentity : public OpRewritePattern<hlo::XorOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::XorOp op, PatternRewriter &rewriter) const override {
    if (Value x = otherOperand(op, isZero, true))
      return replaceBy(rewriter, op, x);
    if (op.getLhs() == op.getRhs())
      return replaceBy(rewriter, op, integerSplat(rewriter, op, 0));
    return failure();
  }
};

template <typename OpT> struct IdempotentIdentity : public OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpT op, PatternRewriter &rewriter) const override {
    if (op.getLhs() != op.getRhs())
      return failure();
    return replaceBy(rewriter, op, op.getLhs());
  }
};

template <typename OpT> struct InvolutionIdentity : public OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpT op, PatternRewriter &rewriter) const override {
    auto inner = op.getOperand().template getDefiningOp<OpT>();
    if (!inner)
      return failure();
    return replaceBy(rewriter, op, inner.getOperand());
  }
};

struct SelectIdentity : public OpRewritePattern<hlo::SelectOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::SelectOp op, PatternRewriter &rewriter) const override {
    if (op.getOnTrue() == op.getOnFalse())
      return replaceBy(rewriter, op, op.getOnTrue());
    if (isSplatOf(op.getPred(), 1))
      return replaceBy(rewriter, op, op.getOnTrue());
    if (isSplatOf(op.getPred(), 0))
      return replaceBy(rewriter, op, op.getOnFalse());
    return failure();
  }
};

struct CompareSameInteger : public OpRewritePattern<hlo::CompareOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::CompareOp op, PatternRewriter &rewriter) const override {
    if (op.getLhs() != op.getRhs() || !isIntegerTensor(op.getLhs().getType()))
      return failure();
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type || !type.hasStaticShape())
      return failure();
    using Direction = hlo::ComparisonDirection;
    Direction direction = op.getComparisonDirection();
    bool value = direction == Direction::EQ || direction == Direction::GE ||
                 direction == Direction::LE;
    return replaceBy(rewriter, op,
                     createSplat(rewriter, op.getLoc(), type, rewriter.getBoolAttr(value)));
  }
};

} // namespace

void oxla::simplify::populateIdentityPatterns(RewritePatternSet &patterns) {
  patterns.add<MulIdentity, AddIdentity, SubtractIdentity, DivIdentity, AndIdentity,
               OrIdentity, XorIdentity, IdempotentIdentity<hlo::MaxOp>,
               IdempotentIdentity<hlo::MinOp>, InvolutionIdentity<hlo::NegOp>,
               InvolutionIdentity<hlo::NotOp>, SelectIdentity, CompareSameInteger>(
      patterns.getContext());
}
