//===- ActivationOps.cpp - ONNX activation functions ----------------------===//
//
// Each activation as the formula of its ONNX spec section, in the input's
// element type.
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/ONNX/ops/Common.h"

using namespace mlir;

namespace oxla::onnx {
namespace {

Value constantLike(NodeContext &ctx, Value like, double value) {
  return splatLike(ctx.builder(), ctx.loc(), like, value);
}

/// Relu: max(x, 0).
Results lowerRelu(NodeContext &ctx) {
  Value x = ctx.input(0);
  return single(elementwise<hlo::MaxOp>(ctx.builder(), ctx.loc(), {x, constantLike(ctx, x, 0)}));
}

/// x where x > 0 (or >= when `inclusive`), else `negative`.
Value selectPositive(NodeContext &ctx, Value x, Value negative) {
  Value positive = compare(ctx.builder(), ctx.loc(), x, constantLike(ctx, x, 0),
                           hlo::ComparisonDirection::GT);
  return ctx.builder().create<hlo::SelectOp>(ctx.loc(), x.getType(), positive, x, negative);
}

/// LeakyRelu: x if x > 0 else alpha * x (alpha 0.01).
Results lowerLeakyRelu(NodeContext &ctx) {
  Value x = ctx.input(0);
  Value scaled = elementwise<hlo::MulOp>(ctx.builder(), ctx.loc(),
                                         {x, constantLike(ctx, x, ctx.floatAttr("alpha", 0.01f))});
  return single(selectPositive(ctx, x, scaled));
}

/// PRelu: x if x > 0 else slope * x, slope broadcast to x (unidirectional).
Results lowerPRelu(NodeContext &ctx) {
  Value x = ctx.input(0), slope = ctx.input(1);
  // Before opset 7, a 1-d slope of the channel count applies along
  // dimension 1 (what old PyTorch exports write).
  RankedTensorType xType = typeOf(x), slopeType = typeOf(slope);
  if (slopeType.getRank() == 1 && xType.getRank() >= 2 && slopeType.getDimSize(0) != 1 &&
      slopeType.getDimSize(0) == xType.getDimSize(1) &&
      slopeType.getDimSize(0) != xType.getDimSize(xType.getRank() - 1)) {
    SmallVector<int64_t> shape(xType.getRank(), 1);
    shape[1] = slopeType.getDimSize(0);
    slope = reshape(ctx.builder(), ctx.loc(), slope, shape);
  }
  auto operands = broadcastPair(ctx, x, slope);
  if (failed(operands))
    return failure();
  auto [input, slopes] = *operands;
  return single(selectPositive(
      ctx, input, elementwise<hlo::MulOp>(ctx.builder(), ctx.loc(), {input, slopes})));
}

/// alpha * (exp(x) - 1), the negative branch of Elu, Selu and Celu.
Value expm1Scaled(NodeContext &ctx, Value x, double alpha) {
  Value expm1 = elementwise<hlo::Expm1Op>(ctx.builder(), ctx.loc(), {x});
  return elementwise<hlo::MulOp>(ctx.builder(), ctx.loc(), {expm1, constantLike(ctx, x, alpha)});
}

/// Elu: x if x > 0 else alpha * (exp(x) - 1) (alpha 1).
Results lowerElu(NodeContext &ctx) {
  Value x = ctx.input(0);
  return single(selectPositive(ctx, x, expm1Scaled(ctx, x, ctx.floatAttr("alpha", 1.0f))));
}

/// Selu: gamma * (x if x > 0 else alpha * (exp(x) - 1)).
Results lowerSelu(NodeContext &ctx) {
  Value x = ctx.input(0);
  Value elu = selectPositive(ctx, x, expm1Scaled(ctx, x, ctx.floatAttr("alpha", 1.67326319217681884765625f)));
  return single(elementwise<hlo::MulOp>(
      ctx.builder(), ctx.loc(),
      {elu, constantLike(ctx, x, ctx.floatAttr("gamma", 1.05070102214813232421875f))}));
}

/// Celu: max(0, x) + min(0, alpha * (exp(x / alpha) - 1)).
Results lowerCelu(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Value x = ctx.input(0);
  double alpha = ctx.floatAttr("alpha", 1.0f);
  Value scaled = elementwise<hlo::DivOp>(b, ctx.loc(), {x, constantLike(ctx, x, alpha)});
  Value negative = elementwise<hlo::MinOp>(
      b, ctx.loc(), {constantLike(ctx, x, 0), expm1Scaled(ctx, scaled, alpha)});
  Value positive = elementwise<hlo::MaxOp>(b, ctx.loc(), {constantLike(ctx, x, 0), x});
  return single(elementwise<hlo::AddOp>(b, ctx.loc(), {positive, negative}));
}

/// ThresholdedRelu: x if x > alpha else 0 (alpha 1).
Results lowerThresholdedRelu(NodeContext &ctx) {
  Value x = ctx.input(0);
  Value above = compare(ctx.builder(), ctx.loc(), x,
                        constantLike(ctx, x, ctx.floatAttr("alpha", 1.0f)),
                        hlo::ComparisonDirection::GT);
  return single(ctx.builder().create<hlo::SelectOp>(ctx.loc(), x.getType(), above, x,
                                                    constantLike(ctx, x, 0)));
}

/// max(0, min(1, alpha * x + beta)).
Value hardSigmoid(NodeContext &ctx, Value x, double alpha, double beta) {
  OpBuilder &b = ctx.builder();
  Value y = elementwise<hlo::MulOp>(b, ctx.loc(), {x, constantLike(ctx, x, alpha)});
  y = elementwise<hlo::AddOp>(b, ctx.loc(), {y, constantLike(ctx, x, beta)});
  y = elementwise<hlo::MinOp>(b, ctx.loc(), {y, constantLike(ctx, x, 1)});
  return elementwise<hlo::MaxOp>(b, ctx.loc(), {y, constantLike(ctx, x, 0)});
}

/// HardSigmoid: max(0, min(1, alpha * x + beta)) (alpha 0.2, beta 0.5).
Results lowerHardSigmoid(NodeContext &ctx) {
  return single(hardSigmoid(ctx, ctx.input(0), ctx.floatAttr("alpha", 0.2f),
                            ctx.floatAttr("beta", 0.5f)));
}

/// HardSwish: x * HardSigmoid(x) with alpha 1/6, beta 0.5.
Results lowerHardSwish(NodeContext &ctx) {
  Value x = ctx.input(0);
  Value gate = hardSigmoid(ctx, x, 1.0f / 6, 0.5);
  return single(elementwise<hlo::MulOp>(ctx.builder(), ctx.loc(), {x, gate}));
}

/// log(1 + exp(x)), written so that large x does not overflow:
/// max(x, 0) + log1p(exp(-|x|)).
Value softplus(NodeContext &ctx, Value x) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value negAbs = elementwise<hlo::NegOp>(b, loc, {elementwise<hlo::AbsOp>(b, loc, {x})});
  Value tail = elementwise<hlo::Log1pOp>(b, loc, {elementwise<hlo::ExpOp>(b, loc, {negAbs})});
  Value positive = elementwise<hlo::MaxOp>(b, loc, {x, constantLike(ctx, x, 0)});
  return elementwise<hlo::AddOp>(b, loc, {positive, tail});
}

/// Softplus: log(exp(x) + 1).
Results lowerSoftplus(NodeContext &ctx) { return single(softplus(ctx, ctx.input(0))); }

/// Softsign: x / (1 + |x|).
Results lowerSoftsign(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Value x = ctx.input(0);
  Value denominator = elementwise<hlo::AddOp>(
      b, ctx.loc(), {elementwise<hlo::AbsOp>(b, ctx.loc(), {x}), constantLike(ctx, x, 1)});
  return single(elementwise<hlo::DivOp>(b, ctx.loc(), {x, denominator}));
}

/// Mish: x * tanh(softplus(x)).
Results lowerMish(NodeContext &ctx) {
  Value x = ctx.input(0);
  Value gate = elementwise<hlo::TanhOp>(ctx.builder(), ctx.loc(), {softplus(ctx, x)});
  return single(elementwise<hlo::MulOp>(ctx.builder(), ctx.loc(), {x, gate}));
}

/// Shrink: x + bias below -lambd, x - bias above lambd, 0 between.
Results lowerShrink(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0);
  double lambd = ctx.floatAttr("lambd", 0.5), bias = ctx.floatAttr("bias", 0.0);
  Value below = compare(b, loc, x, constantLike(ctx, x, -lambd), hlo::ComparisonDirection::LT);
  Value above = compare(b, loc, x, constantLike(ctx, x, lambd), hlo::ComparisonDirection::GT);
  Value raised = elementwise<hlo::AddOp>(b, loc, {x, constantLike(ctx, x, bias)});
  Value lowered = elementwise<hlo::SubtractOp>(b, loc, {x, constantLike(ctx, x, bias)});
  Value zero = constantLike(ctx, x, 0);
  Value upper = b.create<hlo::SelectOp>(loc, x.getType(), above, lowered, zero);
  return single(b.create<hlo::SelectOp>(loc, x.getType(), below, raised, upper));
}

} // namespace

void registerActivationOps(LoweringTable &table) {
  table["Relu"] = lowerRelu;
  table["LeakyRelu"] = lowerLeakyRelu;
  table["PRelu"] = lowerPRelu;
  table["Elu"] = lowerElu;
  table["Selu"] = lowerSelu;
  table["Celu"] = lowerCelu;
  table["ThresholdedRelu"] = lowerThresholdedRelu;
  table["HardSigmoid"] = lowerHardSigmoid;
  table["HardSwish"] = lowerHardSwish;
  table["Softplus"] = lowerSoftplus;
  table["Softsign"] = lowerSoftsign;
  table["Mish"] = lowerMish;
  table["Shrink"] = lowerShrink;
}

} // namespace oxla::onnx
