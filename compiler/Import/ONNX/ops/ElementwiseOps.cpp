//===- ElementwiseOps.cpp - ONNX elementwise math, logic and casts --------===//
//
// Binary ops broadcast their inputs numpy-style (ONNX "multidirectional
// broadcasting", opset 7 on); the spec section of each op is named above its
// lowering.
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/ONNX/ops/Common.h"

#include "compiler/Import/ONNX/Tensors.h"

#include <cmath>

using namespace mlir;

namespace oxla::onnx {

FailureOr<std::pair<Value, Value>> broadcastPair(NodeContext &ctx, Value lhs, Value rhs) {
  std::optional<SmallVector<Value>> values =
      broadcastValues(ctx.builder(), ctx.loc(), {lhs, rhs});
  if (!values) {
    (void)ctx.invalid("the input shapes do not broadcast");
    return failure();
  }
  return std::make_pair((*values)[0], (*values)[1]);
}

FailureOr<SmallVector<int64_t>> normalizeAxes(NodeContext &ctx, ArrayRef<int64_t> axes,
                                              int64_t rank) {
  SmallVector<int64_t> result;
  for (int64_t axis : axes) {
    std::optional<int64_t> dim = normalizeAxis(axis, rank);
    if (!dim) {
      (void)ctx.invalid("axis " + Twine(axis) + " is out of range for rank " + Twine(rank));
      return failure();
    }
    if (!llvm::is_contained(result, *dim))
      result.push_back(*dim);
  }
  llvm::sort(result);
  return result;
}

Value compare(OpBuilder &b, Location loc, Value lhs, Value rhs,
              hlo::ComparisonDirection direction) {
  Type element = elementOf(lhs);
  hlo::ComparisonType kind = isa<FloatType>(element) ? hlo::ComparisonType::FLOAT
                             : element.isUnsignedInteger() || element.isInteger(1)
                                 ? hlo::ComparisonType::UNSIGNED
                                 : hlo::ComparisonType::SIGNED;
  auto type = typeOf(lhs).clone(b.getI1Type());
  return b.create<hlo::CompareOp>(
      loc, type, lhs, rhs, hlo::ComparisonDirectionAttr::get(b.getContext(), direction),
      hlo::ComparisonTypeAttr::get(b.getContext(), kind));
}

namespace {

/// Add, Sub, Mul, Div, And, Or, Xor, BitwiseAnd...: one stablehlo op on the
/// broadcast inputs.
template <typename Op>
Results lowerBinary(NodeContext &ctx) {
  auto operands = broadcastPair(ctx, ctx.input(0), ctx.input(1));
  if (failed(operands))
    return failure();
  return single(elementwise<Op>(ctx.builder(), ctx.loc(), {operands->first, operands->second}));
}

/// Pow: the exponent may have another type than the base (the result has
/// the base's). A constant exponent of 2 is a product, as exact as it gets.
Results lowerPow(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Value base = ctx.input(0), exponent = ctx.input(1);
  if (std::optional<SmallVector<double>> values = ctx.constantFloats(exponent);
      values && !values->empty() && rankOf(exponent) == 0 && (*values)[0] == 2.0)
    return single(elementwise<hlo::MulOp>(b, ctx.loc(), {base, base}));
  exponent = convert(b, ctx.loc(), exponent, elementOf(base));
  auto operands = broadcastPair(ctx, base, exponent);
  if (failed(operands))
    return failure();
  return single(elementwise<hlo::PowOp>(b, ctx.loc(), {operands->first, operands->second}));
}

/// Mod: `fmod` = 1 is C's fmod (stablehlo.remainder); `fmod` = 0 (integers
/// only) takes the divisor's sign, as Python's %.
Results lowerMod(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  auto operands = broadcastPair(ctx, ctx.input(0), ctx.input(1));
  if (failed(operands))
    return failure();
  auto [x, y] = *operands;
  Value remainder = elementwise<hlo::RemOp>(b, loc, {x, y});
  if (ctx.intAttr("fmod", 0) == 1 || elementOf(x).isUnsignedInteger())
    return single(remainder);
  if (isFloat(x))
    return ctx.invalid("fmod = 0 is for integers");
  Value zero = splatLike(b, loc, x, 0);
  Value nonzero = compare(b, loc, remainder, zero, hlo::ComparisonDirection::NE);
  Value signsDiffer = elementwise<hlo::XorOp>(
      b, loc,
      {compare(b, loc, remainder, zero, hlo::ComparisonDirection::LT),
       compare(b, loc, y, zero, hlo::ComparisonDirection::LT)});
  Value adjust = elementwise<hlo::AndOp>(b, loc, {nonzero, signsDiffer});
  Value adjusted = elementwise<hlo::AddOp>(b, loc, {remainder, y});
  return single(b.create<hlo::SelectOp>(loc, remainder.getType(), adjust, adjusted, remainder));
}

template <hlo::ComparisonDirection direction>
Results lowerCompare(NodeContext &ctx) {
  auto operands = broadcastPair(ctx, ctx.input(0), ctx.input(1));
  if (failed(operands))
    return failure();
  return single(compare(ctx.builder(), ctx.loc(), operands->first, operands->second, direction));
}

/// Sum, Max, Min, Mean: variadic, broadcast pairwise.
template <ReduceKind kind, bool mean = false>
Results lowerVariadic(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  if (ctx.numInputs() == 0)
    return ctx.invalid("needs at least one input");
  Value result = ctx.input(0);
  for (unsigned i = 1; i < ctx.numInputs(); ++i) {
    auto operands = broadcastPair(ctx, result, ctx.input(i));
    if (failed(operands))
      return failure();
    result = combine(b, ctx.loc(), kind, operands->first, operands->second);
  }
  if (mean) {
    Value count = splatLike(b, ctx.loc(), result, ctx.numInputs());
    result = elementwise<hlo::DivOp>(b, ctx.loc(), {result, count});
  }
  return single(result);
}

template <typename Op>
Results lowerUnary(NodeContext &ctx) {
  return single(elementwise<Op>(ctx.builder(), ctx.loc(), {ctx.input(0)}));
}

/// Reciprocal: 1 / x.
Results lowerReciprocal(NodeContext &ctx) {
  Value x = ctx.input(0);
  Value one = splatLike(ctx.builder(), ctx.loc(), x, 1);
  return single(elementwise<hlo::DivOp>(ctx.builder(), ctx.loc(), {one, x}));
}

/// Not: logical negation of booleans.
Results lowerNot(NodeContext &ctx) { return lowerUnary<hlo::NotOp>(ctx); }

/// IsNaN: x != x.
Results lowerIsNaN(NodeContext &ctx) {
  Value x = ctx.input(0);
  return single(compare(ctx.builder(), ctx.loc(), x, x, hlo::ComparisonDirection::NE));
}

/// IsInf: |x| = inf, restricted by detect_negative / detect_positive.
Results lowerIsInf(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0);
  bool negative = ctx.intAttr("detect_negative", 1), positive = ctx.intAttr("detect_positive", 1);
  Value posInf = splatLike(b, loc, x, INFINITY), negInf = splatLike(b, loc, x, -INFINITY);
  Value isPos = compare(b, loc, x, posInf, hlo::ComparisonDirection::EQ);
  Value isNeg = compare(b, loc, x, negInf, hlo::ComparisonDirection::EQ);
  if (negative && positive)
    return single(elementwise<hlo::OrOp>(b, loc, {isPos, isNeg}));
  if (positive)
    return single(isPos);
  if (negative)
    return single(isNeg);
  return single(splatLike(b, loc, x, 0, b.getI1Type()));
}

/// Cast: to the `to` type (stablehlo.convert: float to int truncates toward
/// zero, nonzero to bool is true).
Results lowerCast(NodeContext &ctx) {
  int32_t to = static_cast<int32_t>(ctx.intAttr("to", 0));
  Type element = elementType(ctx.context(), to);
  if (!element)
    return ctx.unsupported("cast to " + dataTypeName(to));
  return single(convert(ctx.builder(), ctx.loc(), ctx.input(0), element));
}

/// CastLike: to the element type of the second input.
Results lowerCastLike(NodeContext &ctx) {
  return single(convert(ctx.builder(), ctx.loc(), ctx.input(0), elementOf(ctx.input(1))));
}

/// Where: select with the three inputs broadcast together.
Results lowerWhere(NodeContext &ctx) {
  std::optional<SmallVector<Value>> values = broadcastValues(
      ctx.builder(), ctx.loc(), {ctx.input(0), ctx.input(1), ctx.input(2)});
  if (!values)
    return ctx.invalid("the input shapes do not broadcast");
  Value x = (*values)[1];
  return single(
      ctx.builder().create<hlo::SelectOp>(ctx.loc(), x.getType(), (*values)[0], x, (*values)[2]));
}

/// Clip: bounds from attributes min/max before opset 11, optional scalar
/// inputs from 11 on; an absent bound does not clip.
Results lowerClip(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0);
  Value low, high;
  if (ctx.opset() < 11) {
    if (ctx.hasAttr("min"))
      low = scalarConstant(b, loc, elementOf(x), ctx.floatAttr("min", 0));
    if (ctx.hasAttr("max"))
      high = scalarConstant(b, loc, elementOf(x), ctx.floatAttr("max", 0));
  } else {
    low = ctx.input(1);
    high = ctx.input(2);
  }
  Value result = x;
  if (low) {
    auto operands = broadcastPair(ctx, result, low);
    if (failed(operands))
      return failure();
    result = elementwise<hlo::MaxOp>(b, loc, {operands->first, operands->second});
  }
  if (high) {
    auto operands = broadcastPair(ctx, result, high);
    if (failed(operands))
      return failure();
    result = elementwise<hlo::MinOp>(b, loc, {operands->first, operands->second});
  }
  return single(result);
}

/// Identity, and Dropout in inference or in training with ratio 0 (its mask,
/// when asked for, is all true).
Results lowerIdentity(NodeContext &ctx) { return single(ctx.input(0)); }

Results lowerDropout(NodeContext &ctx) {
  if (ctx.opset() >= 12 && ctx.hasInput(2)) {
    std::optional<SmallVector<int64_t>> training = ctx.constantInts(ctx.input(2));
    if (!training || training->empty())
      return ctx.computedAtRunTime("training_mode", ctx.input(2));
    if ((*training)[0]) {
      // Training mode drops at random, except with ratio 0 (the identity).
      if (!ctx.hasInput(1))
        return ctx.unsupported("training mode (random dropout)");
      std::optional<SmallVector<double>> ratio = ctx.constantFloats(ctx.input(1));
      if (!ratio)
        return ctx.computedAtRunTime("the ratio in training mode", ctx.input(1));
      if (ratio->size() != 1 || (*ratio)[0] != 0)
        return ctx.unsupported("training mode (random dropout)");
    }
  }
  Value x = ctx.input(0);
  SmallVector<Value> results{x};
  if (ctx.numOutputs() > 1)
    results.push_back(splatLike(ctx.builder(), ctx.loc(), x, 1, ctx.builder().getI1Type()));
  return results;
}

/// BitShift: direction LEFT or RIGHT (logical: ONNX shifts unsigned ints).
Results lowerBitShift(NodeContext &ctx) {
  std::string direction = ctx.stringAttr("direction", "");
  if (direction == "LEFT")
    return lowerBinary<hlo::ShiftLeftOp>(ctx);
  if (direction == "RIGHT")
    return lowerBinary<hlo::ShiftRightLogicalOp>(ctx);
  return ctx.invalid("direction must be LEFT or RIGHT, not '" + direction + "'");
}

} // namespace

void registerElementwiseOps(LoweringTable &table) {
  table["Add"] = lowerBinary<hlo::AddOp>;
  table["Sub"] = lowerBinary<hlo::SubtractOp>;
  table["Mul"] = lowerBinary<hlo::MulOp>;
  table["Div"] = lowerBinary<hlo::DivOp>;
  table["Pow"] = lowerPow;
  table["Mod"] = lowerMod;
  table["And"] = lowerBinary<hlo::AndOp>;
  table["Or"] = lowerBinary<hlo::OrOp>;
  table["Xor"] = lowerBinary<hlo::XorOp>;
  table["BitwiseAnd"] = lowerBinary<hlo::AndOp>;
  table["BitwiseOr"] = lowerBinary<hlo::OrOp>;
  table["BitwiseXor"] = lowerBinary<hlo::XorOp>;
  table["BitwiseNot"] = lowerUnary<hlo::NotOp>;
  table["BitShift"] = lowerBitShift;
  table["Equal"] = lowerCompare<hlo::ComparisonDirection::EQ>;
  table["Less"] = lowerCompare<hlo::ComparisonDirection::LT>;
  table["LessOrEqual"] = lowerCompare<hlo::ComparisonDirection::LE>;
  table["Greater"] = lowerCompare<hlo::ComparisonDirection::GT>;
  table["GreaterOrEqual"] = lowerCompare<hlo::ComparisonDirection::GE>;
  table["Sum"] = lowerVariadic<ReduceKind::Add>;
  table["Max"] = lowerVariadic<ReduceKind::Max>;
  table["Min"] = lowerVariadic<ReduceKind::Min>;
  table["Mean"] = lowerVariadic<ReduceKind::Add, /*mean=*/true>;
  table["Abs"] = lowerUnary<hlo::AbsOp>;
  table["Neg"] = lowerUnary<hlo::NegOp>;
  table["Exp"] = lowerUnary<hlo::ExpOp>;
  table["Log"] = lowerUnary<hlo::LogOp>;
  table["Sqrt"] = lowerUnary<hlo::SqrtOp>;
  table["Floor"] = lowerUnary<hlo::FloorOp>;
  table["Ceil"] = lowerUnary<hlo::CeilOp>;
  table["Round"] = lowerUnary<hlo::RoundNearestEvenOp>;
  table["Sign"] = lowerUnary<hlo::SignOp>;
  table["Sin"] = lowerUnary<hlo::SineOp>;
  table["Cos"] = lowerUnary<hlo::CosineOp>;
  table["Tan"] = lowerUnary<hlo::TanOp>;
  table["Tanh"] = lowerUnary<hlo::TanhOp>;
  table["Sigmoid"] = lowerUnary<hlo::LogisticOp>;
  table["Erf"] = lowerUnary<chlo::ErfOp>;
  table["Asin"] = lowerUnary<chlo::AsinOp>;
  table["Acos"] = lowerUnary<chlo::AcosOp>;
  table["Atan"] = lowerUnary<chlo::AtanOp>;
  table["Sinh"] = lowerUnary<chlo::SinhOp>;
  table["Cosh"] = lowerUnary<chlo::CoshOp>;
  table["Asinh"] = lowerUnary<chlo::AsinhOp>;
  table["Acosh"] = lowerUnary<chlo::AcoshOp>;
  table["Atanh"] = lowerUnary<chlo::AtanhOp>;
  table["Reciprocal"] = lowerReciprocal;
  table["Not"] = lowerNot;
  table["IsNaN"] = lowerIsNaN;
  table["IsInf"] = lowerIsInf;
  table["Cast"] = lowerCast;
  table["CastLike"] = lowerCastLike;
  table["Where"] = lowerWhere;
  table["Clip"] = lowerClip;
  table["Identity"] = lowerIdentity;
  table["Dropout"] = lowerDropout;
}

} // namespace oxla::onnx
