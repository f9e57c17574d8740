//===- SamplingOps.cpp - ONNX GridSample ----------------------------------===//
//
// GridSample (opset 16; the spec follows PyTorch's grid_sample, whose values
// the suite records): Y[n, c, h, w] samples X[n, c] at the grid's point
// (x, y) = Grid[n, h, w], each in [-1, 1] across the input's width and
// height. The point is unnormalized to pixel coordinates, then
//   - bilinear: moved into range by padding_mode (border clamps, reflection
//     mirrors), read at its four neighbours with the bilinear weights;
//   - nearest: moved the same way, rounded half to even;
//   - bicubic: read at the 4x4 neighbours with the cubic convolution
//     weights (A = -0.75), padding_mode applied to each neighbour;
// neighbours outside the input read 0 (zeros padding). Each neighbour is a
// gather of X[n, :, y, x] with n as a batching dimension, weighted and
// summed; the points are data, so this all happens at run time.
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/ONNX/ops/Common.h"

using namespace mlir;

namespace oxla::onnx {
namespace {

/// The grid sampler's arithmetic on [N, Ho, Wo] tensors of the input's
/// element type.
struct Sampler {
  OpBuilder &b;
  Location loc;
  Value like; // any [N, Ho, Wo] tensor of the element type

  Value splat(double value) { return splatLike(b, loc, like, value); }
  Value add(Value x, Value y) { return elementwise<hlo::AddOp>(b, loc, {x, y}); }
  Value sub(Value x, Value y) { return elementwise<hlo::SubtractOp>(b, loc, {x, y}); }
  Value mul(Value x, Value y) { return elementwise<hlo::MulOp>(b, loc, {x, y}); }
  Value div(Value x, Value y) { return elementwise<hlo::DivOp>(b, loc, {x, y}); }
  Value floor(Value x) { return elementwise<hlo::FloorOp>(b, loc, {x}); }
  Value clamp(Value x, double low, double high) {
    return elementwise<hlo::MinOp>(b, loc,
                                   {elementwise<hlo::MaxOp>(b, loc, {x, splat(low)}), splat(high)});
  }
  Value select(Value pred, Value x, Value y) {
    return b.create<hlo::SelectOp>(loc, x.getType(), pred, x, y);
  }
  Value cmp(Value x, double value, hlo::ComparisonDirection direction) {
    return compare(b, loc, x, splat(value), direction);
  }

  /// The grid value g in [-1, 1] as a coordinate along a dimension of `size`.
  Value unnormalize(Value g, int64_t size, bool alignCorners) {
    Value plusOne = add(g, splat(1));
    if (alignCorners)
      return mul(plusOne, splat(static_cast<double>(size - 1) / 2));
    return div(sub(mul(plusOne, splat(static_cast<double>(size))), splat(1)), splat(2));
  }

  /// x mirrored into [twiceLow / 2, twiceHigh / 2] (PyTorch's
  /// reflect_coordinates).
  Value reflect(Value x, int64_t twiceLow, int64_t twiceHigh) {
    if (twiceLow == twiceHigh)
      return splat(0);
    double low = static_cast<double>(twiceLow) / 2;
    double span = static_cast<double>(twiceHigh - twiceLow) / 2;
    Value distance = elementwise<hlo::AbsOp>(b, loc, {sub(x, splat(low))});
    Value extra = elementwise<hlo::RemOp>(b, loc, {distance, splat(span)});
    Value flips = floor(div(distance, splat(span)));
    Value odd = sub(flips, mul(floor(div(flips, splat(2))), splat(2)));
    Value even = cmp(odd, 0, hlo::ComparisonDirection::EQ);
    return select(even, add(extra, splat(low)), add(sub(splat(span), extra), splat(low)));
  }

  /// padding_mode applied to a coordinate along a dimension of `size`.
  Value pad(Value x, int64_t size, StringRef padding, bool alignCorners) {
    if (padding == "border")
      return clamp(x, 0, static_cast<double>(size - 1));
    if (padding == "reflection") {
      x = alignCorners ? reflect(x, 0, 2 * (size - 1)) : reflect(x, -1, 2 * size - 1);
      return clamp(x, 0, static_cast<double>(size - 1));
    }
    return x;
  }

  /// Whether a (whole) coordinate lies in [0, size).
  Value inRange(Value x, int64_t size) {
    Value above = cmp(x, 0, hlo::ComparisonDirection::GE);
    Value below = cmp(x, static_cast<double>(size), hlo::ComparisonDirection::LT);
    return elementwise<hlo::AndOp>(b, loc, {above, below});
  }
};

/// X[n, :, y, x] for whole coordinates y, x ([N, Ho, Wo], clamped into the
/// input), as [N, Ho, Wo, C].
Value gatherPixels(OpBuilder &b, Location loc, Value x, Value ys, Value xs) {
  RankedTensorType type = typeOf(x);
  int64_t height = type.getDimSize(2), width = type.getDimSize(3);
  auto index = [&](Value coordinate, int64_t size) {
    Sampler s{b, loc, coordinate};
    Value clamped = s.clamp(coordinate, 0, static_cast<double>(size - 1));
    Value asInt = convert(b, loc, clamped, b.getI64Type());
    SmallVector<int64_t> shape(typeOf(asInt).getShape());
    shape.push_back(1);
    return reshape(b, loc, asInt, shape);
  };
  Value yi = index(ys, height), xi = index(xs, width);
  RankedTensorType pointType = typeOf(ys);
  SmallVector<int64_t> indexShape(pointType.getShape());
  indexShape.push_back(2);
  Value indices = b.create<hlo::ConcatenateOp>(
      loc, RankedTensorType::get(indexShape, b.getI64Type()), ValueRange{yi, xi}, 3);
  SmallVector<int64_t> shape(pointType.getShape());
  shape.push_back(type.getDimSize(1));
  auto numbers =
      hlo::GatherDimensionNumbersAttr::get(b.getContext(), {3}, {2, 3}, {0}, {0}, {2, 3}, 3);
  return b.create<hlo::GatherOp>(
      loc, type.clone(shape), x, indices, numbers,
      b.getDenseI64ArrayAttr({1, type.getDimSize(1), 1, 1}), false);
}

/// PyTorch's cubic convolution weights for the four neighbours of a point
/// t in [0, 1) past the first.
SmallVector<Value, 4> cubicWeights(Sampler &s, Value t) {
  const double a = -0.75;
  auto inner = [&](Value x) { // |x| <= 1
    return s.add(s.mul(s.mul(s.sub(s.mul(s.splat(a + 2), x), s.splat(a + 3)), x), x),
                 s.splat(1));
  };
  auto outer = [&](Value x) { // 1 < |x| < 2
    Value v = s.sub(s.mul(s.splat(a), x), s.splat(5 * a));
    v = s.add(s.mul(v, x), s.splat(8 * a));
    return s.sub(s.mul(v, x), s.splat(4 * a));
  };
  Value one = s.splat(1);
  return {outer(s.add(t, one)), inner(t), inner(s.sub(one, t)), outer(s.sub(s.splat(2), t))};
}

Results lowerGridSample(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0), grid = ctx.input(1);
  RankedTensorType type = typeOf(x), gridType = typeOf(grid);
  if (type.getRank() != 4 || gridType.getRank() != 4 || gridType.getDimSize(3) != 2)
    return ctx.unsupported("inputs other than X [N, C, H, W] and grid [N, H_out, W_out, 2]");
  if (!type.hasStaticShape() || !gridType.hasStaticShape())
    return ctx.unsupported("dynamic shapes");
  if (!isFloat(x))
    return ctx.invalid("X must be floating-point");
  if (type.getDimSize(0) != gridType.getDimSize(0))
    return ctx.invalid("X and grid have different batch sizes");
  std::string mode = ctx.stringAttr("mode", "bilinear");
  std::string padding = ctx.stringAttr("padding_mode", "zeros");
  bool alignCorners = ctx.intAttr("align_corners", 0) != 0;
  if (mode != "bilinear" && mode != "nearest" && mode != "bicubic")
    return ctx.invalid("mode '" + mode + "'");
  if (padding != "zeros" && padding != "border" && padding != "reflection")
    return ctx.invalid("padding_mode '" + padding + "'");
  int64_t height = type.getDimSize(2), width = type.getDimSize(3);
  if (height == 0 || width == 0)
    return ctx.unsupported("an empty input");

  grid = convert(b, loc, grid, type.getElementType());
  SmallVector<int64_t> pointShape(gridType.getShape().take_front(3));
  auto component = [&](int64_t i) {
    SmallVector<int64_t> low{0, 0, 0, i}, high(gridType.getShape()), strides(4, 1);
    high[3] = i + 1;
    SmallVector<int64_t> sliceShape(pointShape);
    sliceShape.push_back(1);
    Value slice = b.create<hlo::SliceOp>(loc, typeOf(grid).clone(sliceShape), grid, low, high,
                                         strides);
    return reshape(b, loc, slice, pointShape);
  };
  Value gx = component(0), gy = component(1);
  Sampler s{b, loc, gx};
  Value ix = s.unnormalize(gx, width, alignCorners);
  Value iy = s.unnormalize(gy, height, alignCorners);

  // The neighbours: (y, x, weight) with the weight 0 where they are outside.
  struct Tap {
    Value y, x, weight;
  };
  SmallVector<Tap> taps;
  auto addTap = [&](Value y, Value x, Value weight) {
    Value inside = elementwise<hlo::AndOp>(b, loc, {s.inRange(y, height), s.inRange(x, width)});
    taps.push_back({y, x, s.select(inside, weight, s.splat(0))});
  };
  if (mode == "bicubic") {
    Value x0 = s.floor(ix), y0 = s.floor(iy);
    SmallVector<Value, 4> wx = cubicWeights(s, s.sub(ix, x0)), wy = cubicWeights(s, s.sub(iy, y0));
    for (int64_t i = 0; i < 4; ++i) {
      Value yi = s.pad(s.add(y0, s.splat(static_cast<double>(i - 1))), height, padding,
                       alignCorners);
      for (int64_t j = 0; j < 4; ++j) {
        Value xj = s.pad(s.add(x0, s.splat(static_cast<double>(j - 1))), width, padding,
                         alignCorners);
        // Reflected neighbours are whole; the cast truncates as PyTorch's.
        addTap(s.floor(yi), s.floor(xj), s.mul(wy[i], wx[j]));
      }
    }
  } else {
    ix = s.pad(ix, width, padding, alignCorners);
    iy = s.pad(iy, height, padding, alignCorners);
    if (mode == "nearest") {
      addTap(elementwise<hlo::RoundNearestEvenOp>(b, loc, {iy}),
             elementwise<hlo::RoundNearestEvenOp>(b, loc, {ix}), s.splat(1));
    } else {
      Value x0 = s.floor(ix), y0 = s.floor(iy);
      Value x1 = s.add(x0, s.splat(1)), y1 = s.add(y0, s.splat(1));
      Value wx1 = s.sub(ix, x0), wy1 = s.sub(iy, y0);
      Value wx0 = s.sub(s.splat(1), wx1), wy0 = s.sub(s.splat(1), wy1);
      addTap(y0, x0, s.mul(wy0, wx0));
      addTap(y0, x1, s.mul(wy0, wx1));
      addTap(y1, x0, s.mul(wy1, wx0));
      addTap(y1, x1, s.mul(wy1, wx1));
    }
  }

  Value sum;
  for (const Tap &tap : taps) {
    Value pixels = gatherPixels(b, loc, x, tap.y, tap.x);
    Value weight = broadcastInDim(b, loc, tap.weight, typeOf(pixels).getShape(), nullptr,
                                  {0, 1, 2});
    Value term = elementwise<hlo::MulOp>(b, loc, {pixels, weight});
    sum = sum ? elementwise<hlo::AddOp>(b, loc, {sum, term}) : term;
  }
  return single(transpose(b, loc, sum, {0, 3, 1, 2}));
}

} // namespace

void registerSamplingOps(LoweringTable &table) { table["GridSample"] = lowerGridSample; }

} // namespace oxla::onnx
