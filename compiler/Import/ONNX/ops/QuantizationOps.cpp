//===- QuantizationOps.cpp - ONNX linear quantization ---------------------===//
//
// QuantizeLinear, DequantizeLinear, DynamicQuantizeLinear and the integer
// products (MatMulInteger, ConvInteger, QLinearMatMul, QLinearConv). The
// products run on the operands minus their zero points in i32 (exact); a
// QLinear* result is the i32 accumulator scaled in floating point by
// a_scale * b_scale / y_scale, rounded half to even, shifted by y's zero
// point and saturated to its type, as the spec's reference does.
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/ONNX/ops/Common.h"

#include <cmath>

using namespace mlir;

namespace oxla::onnx {
namespace {

/// The values of a quantized integer type, or nullopt for other types.
std::optional<std::pair<double, double>> quantizedRange(Type element) {
  auto integer = dyn_cast<IntegerType>(element);
  if (!integer || integer.getWidth() == 1 || integer.getWidth() > 32)
    return std::nullopt;
  unsigned width = integer.getWidth();
  if (integer.isUnsigned())
    return std::make_pair(0.0, std::ldexp(1.0, width) - 1);
  return std::make_pair(-std::ldexp(1.0, width - 1), std::ldexp(1.0, width - 1) - 1);
}

/// A scale or zero point (a scalar, a 1-element or a per-axis 1-d tensor)
/// broadcast to the shape of `like`, along `axis` when it is per-axis.
FailureOr<Value> broadcastParam(NodeContext &ctx, Value param, Value like, int64_t axis,
                                StringRef what) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  RankedTensorType type = typeOf(like), paramType = typeOf(param);
  Value shape = type.hasStaticShape() ? Value() : shapeOf(b, loc, like);
  if (paramType.getRank() == 0)
    return broadcastInDim(b, loc, param, type.getShape(), shape, {});
  if (paramType.getRank() != 1) {
    (void)ctx.invalid(what + " must be a scalar or 1-d");
    return failure();
  }
  if (paramType.getDimSize(0) == 1 && (axis < 0 || type.getDimSize(axis) != 1))
    return broadcastInDim(b, loc, reshape(b, loc, param, {}), type.getShape(), shape, {});
  if (axis < 0 || axis >= type.getRank()) {
    (void)ctx.invalid(what + " is per-axis but the axis is out of range");
    return failure();
  }
  int64_t size = type.getDimSize(axis), given = paramType.getDimSize(0);
  if (!ShapedType::isDynamic(size) && !ShapedType::isDynamic(given) && size != given) {
    (void)ctx.invalid(what + " has " + Twine(given) + " elements, the axis " + Twine(size));
    return failure();
  }
  return broadcastInDim(b, loc, param, type.getShape(), shape, {axis});
}

/// `value` (floating point) rounded half to even, plus `zeroPoint` (already
/// broadcast, or null), saturated to `element`'s range and converted to it.
Value saturate(OpBuilder &b, Location loc, Value value, Value zeroPoint, Type element) {
  Value rounded = elementwise<hlo::RoundNearestEvenOp>(b, loc, {value});
  if (zeroPoint)
    rounded = elementwise<hlo::AddOp>(b, loc, {rounded, convert(b, loc, zeroPoint, elementOf(value))});
  auto [lo, hi] = *quantizedRange(element);
  Value clamped = b.create<hlo::ClampOp>(loc, rounded.getType(), splatLike(b, loc, rounded, lo),
                                         rounded, splatLike(b, loc, rounded, hi));
  return convert(b, loc, clamped, element);
}

/// The quantization axis of a per-axis scale (opset 13 on), normalized; -1
/// before opset 13 or out of range (which matters only for a per-axis scale:
/// per-tensor quantization ignores the attribute).
FailureOr<int64_t> quantAxis(NodeContext &ctx, Value x) {
  if (ctx.opset() < 13)
    return -1;
  return normalizeAxis(ctx.intAttr("axis", 1), rankOf(x)).value_or(-1);
}

/// QuantizeLinear: saturate(round(x / y_scale) + y_zero_point), in the zero
/// point's type (uint8 without one).
Results lowerQuantizeLinear(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0), scale = ctx.input(1);
  Type element = ctx.hasInput(2) ? elementOf(ctx.input(2))
                                 : Type(IntegerType::get(ctx.context(), 8, IntegerType::Unsigned));
  if (!quantizedRange(element))
    return ctx.unsupported("quantization to a non-integer type");
  FailureOr<int64_t> axis = quantAxis(ctx, x);
  if (failed(axis))
    return failure();
  FailureOr<Value> s = broadcastParam(ctx, scale, x, *axis, "y_scale");
  if (failed(s))
    return failure();
  Value zp;
  if (ctx.hasInput(2)) {
    FailureOr<Value> z = broadcastParam(ctx, ctx.input(2), x, *axis, "y_zero_point");
    if (failed(z))
      return failure();
    zp = *z;
  }
  Value scaled = elementwise<hlo::DivOp>(b, loc, {convert(b, loc, x, elementOf(scale)), *s});
  return single(saturate(b, loc, scaled, zp, element));
}

/// DequantizeLinear: (x - x_zero_point) * x_scale, in the scale's type.
Results lowerDequantizeLinear(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0), scale = ctx.input(1);
  Type element = elementOf(scale);
  FailureOr<int64_t> axis = quantAxis(ctx, x);
  if (failed(axis))
    return failure();
  FailureOr<Value> s = broadcastParam(ctx, scale, x, *axis, "x_scale");
  if (failed(s))
    return failure();
  Value value = convert(b, loc, x, element);
  if (ctx.hasInput(2)) {
    FailureOr<Value> zp = broadcastParam(ctx, ctx.input(2), x, *axis, "x_zero_point");
    if (failed(zp))
      return failure();
    value = elementwise<hlo::SubtractOp>(b, loc, {value, convert(b, loc, *zp, element)});
  }
  return single(elementwise<hlo::MulOp>(b, loc, {value, *s}));
}

/// DynamicQuantizeLinear: uint8 with the scale and zero point that map
/// [min(0, min x), max(0, max x)] onto [0, 255].
Results lowerDynamicQuantizeLinear(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0);
  Type element = elementOf(x);
  auto u8 = IntegerType::get(ctx.context(), 8, IntegerType::Unsigned);
  SmallVector<int64_t> all = llvm::to_vector(llvm::seq<int64_t>(0, rankOf(x)));
  Value zero = scalarConstant(b, loc, element, 0);
  Value lo = elementwise<hlo::MinOp>(b, loc, {reduce(b, loc, x, all, ReduceKind::Min), zero});
  Value hi = elementwise<hlo::MaxOp>(b, loc, {reduce(b, loc, x, all, ReduceKind::Max), zero});
  Value scale = elementwise<hlo::DivOp>(
      b, loc, {elementwise<hlo::SubtractOp>(b, loc, {hi, lo}), scalarConstant(b, loc, element, 255)});
  Value zeroPoint = saturate(
      b, loc,
      elementwise<hlo::SubtractOp>(b, loc, {zero, elementwise<hlo::DivOp>(b, loc, {lo, scale})}),
      nullptr, u8);
  Value shape = typeOf(x).hasStaticShape() ? Value() : shapeOf(b, loc, x);
  auto full = [&](Value scalar) {
    return broadcastInDim(b, loc, scalar, typeOf(x).getShape(), shape, {});
  };
  Value y = saturate(b, loc, elementwise<hlo::DivOp>(b, loc, {x, full(scale)}), full(zeroPoint), u8);
  return SmallVector<Value>{y, scale, zeroPoint};
}

/// `value` minus its zero point (input `zpIndex`, optional; per-axis along
/// `axis`), in i32.
FailureOr<Value> centered(NodeContext &ctx, Value value, unsigned zpIndex, int64_t axis,
                          StringRef what) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  if (!quantizedRange(elementOf(value))) {
    (void)ctx.unsupported("integer products of non-integer inputs");
    return failure();
  }
  Value wide = convert(b, loc, value, b.getI32Type());
  if (!ctx.hasInput(zpIndex))
    return wide;
  FailureOr<Value> zp = broadcastParam(ctx, ctx.input(zpIndex), value, axis, what);
  if (failed(zp))
    return failure();
  return elementwise<hlo::SubtractOp>(b, loc, {wide, convert(b, loc, *zp, b.getI32Type())});
}

/// The axis of a matrix operand's per-row (lhs) or per-column (rhs)
/// parameters.
int64_t rowAxis(Value value) { return rankOf(value) >= 2 ? rankOf(value) - 2 : -1; }
int64_t columnAxis(Value value) { return rankOf(value) - 1; }

/// MatMulInteger: (A - a_zero_point) x (B - b_zero_point) in i32.
Results lowerMatMulInteger(NodeContext &ctx) {
  Value a = ctx.input(0), bMat = ctx.input(1);
  FailureOr<Value> lhs = centered(ctx, a, 2, rowAxis(a), "a_zero_point");
  FailureOr<Value> rhs = centered(ctx, bMat, 3, columnAxis(bMat), "b_zero_point");
  if (failed(lhs) || failed(rhs))
    return failure();
  FailureOr<Value> product = buildMatMul(ctx, *lhs, *rhs);
  if (failed(product))
    return failure();
  return single(*product);
}

/// The i32 accumulator of a QLinear* op scaled to y: round(acc * a_scale *
/// b_scale / y_scale) + y_zero_point, saturated. `aAxis` and `bAxis` place
/// per-axis scales on the accumulator's dimensions.
FailureOr<Value> requantize(NodeContext &ctx, Value acc, unsigned aScale, int64_t aAxis,
                            unsigned bScale, int64_t bAxis, unsigned yScale, unsigned yZero) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  for (unsigned i : {aScale, bScale, yScale, yZero})
    if (!ctx.hasInput(i))
      return ctx.invalid("needs input " + Twine(i) + " (scales and y_zero_point)");
  Type element = elementOf(ctx.input(aScale));
  Type yElement = elementOf(ctx.input(yZero));
  if (!quantizedRange(yElement))
    return ctx.unsupported("a result of non-integer type");
  FailureOr<Value> as = broadcastParam(ctx, ctx.input(aScale), acc, aAxis, "the input's scale");
  FailureOr<Value> bs = broadcastParam(ctx, ctx.input(bScale), acc, bAxis, "the weight's scale");
  FailureOr<Value> ys = broadcastParam(ctx, ctx.input(yScale), acc, -1, "y_scale");
  FailureOr<Value> yz = broadcastParam(ctx, ctx.input(yZero), acc, -1, "y_zero_point");
  if (failed(as) || failed(bs) || failed(ys) || failed(yz))
    return failure();
  Value multiplier = elementwise<hlo::DivOp>(
      b, loc, {elementwise<hlo::MulOp>(b, loc, {*as, *bs}), *ys});
  Value scaled = elementwise<hlo::MulOp>(b, loc, {convert(b, loc, acc, element), multiplier});
  return saturate(b, loc, scaled, *yz, yElement);
}

/// QLinearMatMul(a, a_scale, a_zero_point, b, b_scale, b_zero_point,
/// y_scale, y_zero_point).
Results lowerQLinearMatMul(NodeContext &ctx) {
  Value a = ctx.input(0), bMat = ctx.input(3);
  FailureOr<Value> lhs = centered(ctx, a, 2, rowAxis(a), "a_zero_point");
  FailureOr<Value> rhs = centered(ctx, bMat, 5, columnAxis(bMat), "b_zero_point");
  if (failed(lhs) || failed(rhs))
    return failure();
  FailureOr<Value> product = buildMatMul(ctx, *lhs, *rhs);
  if (failed(product))
    return failure();
  FailureOr<Value> y = requantize(ctx, *product, 1, rowAxis(a) < 0 ? -1 : rankOf(*product) - 2,
                                  4, rankOf(*product) - 1, 6, 7);
  if (failed(y))
    return failure();
  return single(*y);
}

/// ConvInteger(x, w, x_zero_point, w_zero_point): the convolution of the
/// centered operands in i32 (w's zero point may be per output channel).
Results lowerConvInteger(NodeContext &ctx) {
  FailureOr<Value> x = centered(ctx, ctx.input(0), 2, -1, "x_zero_point");
  FailureOr<Value> w = centered(ctx, ctx.input(1), 3, 0, "w_zero_point");
  if (failed(x) || failed(w))
    return failure();
  FailureOr<Value> y = buildConv(ctx, *x, *w);
  if (failed(y))
    return failure();
  return single(*y);
}

/// QLinearConv(x, x_scale, x_zero_point, w, w_scale, w_zero_point, y_scale,
/// y_zero_point, B): the i32 convolution plus the i32 bias, requantized (w's
/// scale and zero point may be per output channel).
Results lowerQLinearConv(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  FailureOr<Value> x = centered(ctx, ctx.input(0), 2, -1, "x_zero_point");
  FailureOr<Value> w = centered(ctx, ctx.input(3), 5, 0, "w_zero_point");
  if (failed(x) || failed(w))
    return failure();
  FailureOr<Value> acc = buildConv(ctx, *x, *w);
  if (failed(acc))
    return failure();
  if (ctx.hasInput(8)) {
    FailureOr<Value> bias =
        broadcastParam(ctx, convert(b, loc, ctx.input(8), b.getI32Type()), *acc, 1, "B");
    if (failed(bias))
      return failure();
    acc = elementwise<hlo::AddOp>(b, loc, {*acc, *bias});
  }
  FailureOr<Value> y = requantize(ctx, *acc, 1, -1, 4, 1, 6, 7);
  if (failed(y))
    return failure();
  return single(*y);
}

} // namespace

void registerQuantizationOps(LoweringTable &table) {
  table["QuantizeLinear"] = lowerQuantizeLinear;
  table["DequantizeLinear"] = lowerDequantizeLinear;
  table["DynamicQuantizeLinear"] = lowerDynamicQuantizeLinear;
  table["MatMulInteger"] = lowerMatMulInteger;
  table["ConvInteger"] = lowerConvInteger;
  table["QLinearMatMul"] = lowerQLinearMatMul;
  table["QLinearConv"] = lowerQLinearConv;
}

} // namespace oxla::onnx
