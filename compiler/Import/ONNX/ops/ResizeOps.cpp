//===- ResizeOps.cpp - ONNX Resize and Upsample ---------------------------===//
//
// The nearest-neighbour upsampling by whole factors that networks use
// (U-Net and FPN decoders, torch's Upsample(scale_factor=k)): every output
// element (x) reads input element floor(x / k), which is what the spec's
// coordinate transformation and rounding give for
//   - half_pixel / pytorch_half_pixel with round_prefer_floor or _ceil
//     ((x + 0.5) / k - 0.5 lies less than half an element from floor(x / k)),
//   - asymmetric with floor (Upsample, Resize before opset 11), or with
//     round_prefer_floor for k <= 2.
// It is a broadcast into [d0, k0, d1, k1, ...] and a reshape. Every other
// form (nearest, linear and cubic, each coordinate transformation, scales or
// sizes, exclude_outside, tf_crop_and_resize's extrapolation) is resampled
// one axis at a time by the spec's reference interpolation, its indices and
// weights computed when the model is read: a gather (nearest) or a product
// with the axis's weight matrix (linear, cubic).
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/ONNX/ops/Common.h"

#include <algorithm>
#include <cmath>

using namespace mlir;

namespace oxla::onnx {
namespace {

/// Nearest upsampling by the whole factors `scales` where it replicates
/// each element (the callers check the transformation and rounding).
Results resizeNearest(NodeContext &ctx, Value x, ArrayRef<double> scales) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  RankedTensorType type = typeOf(x);
  if (!type.hasStaticShape())
    return ctx.unsupported("dynamic shapes");
  if (static_cast<int64_t>(scales.size()) != type.getRank())
    return ctx.invalid("needs one scale per dimension");
  SmallVector<int64_t> factors;
  for (double scale : scales) {
    if (scale < 1 || scale != std::floor(scale))
      return ctx.unsupported("scale " + std::to_string(scale) + " (only whole upsampling factors)");
    factors.push_back(static_cast<int64_t>(scale));
  }
  SmallVector<int64_t> expanded, dims, shape;
  for (int64_t dim = 0; dim < type.getRank(); ++dim) {
    dims.push_back(expanded.size());
    expanded.push_back(type.getDimSize(dim));
    expanded.push_back(factors[dim]);
    shape.push_back(type.getDimSize(dim) * factors[dim]);
  }
  Value broadcast = broadcastInDim(b, loc, x, expanded, nullptr, dims);
  return single(reshape(b, loc, broadcast, shape));
}

/// How one axis is resampled: for each output index, the input indices it
/// reads with their weights (one of weight 1 for nearest), and whether it
/// lies outside the crop (tf_crop_and_resize: it takes extrapolation_value).
struct AxisResampling {
  SmallVector<SmallVector<std::pair<int64_t, double>, 4>> taps;
  SmallVector<bool> outside;
};

/// The spec's interpolation along one axis of `in` elements resized by
/// `scale` to `out` elements (the reference implementation's
/// interpolate_1d_with_x): the output index x maps to x_ori by the
/// coordinate transformation; the n nearest input indices (n = 2 for
/// nearest and linear, 4 for cubic; ties prefer the lower index, so
/// ratio = x_ori - floor(x_ori) lies in (0, 1]) of the edge-padded input
/// get the mode's coefficients for ratio; exclude_outside zeroes those of
/// indices outside the input and renormalizes.
FailureOr<AxisResampling> resampleAxis(NodeContext &ctx, int64_t in, int64_t out, double scale,
                                       StringRef mode, StringRef transform, StringRef rounding,
                                       double cubicA, bool excludeOutside, double roiStart,
                                       double roiEnd) {
  AxisResampling axis;
  int64_t n = mode == "cubic" ? 4 : 2;
  int64_t pad = (n + 1) / 2, padded = in + 2 * pad;
  double outWidth = scale * static_cast<double>(in);
  for (int64_t x = 0; x < out; ++x) {
    double xd = static_cast<double>(x), original;
    if (transform == "align_corners")
      original = outWidth == 1 ? 0.0 : xd * static_cast<double>(in - 1) / (outWidth - 1);
    else if (transform == "asymmetric")
      original = xd / scale;
    else if (transform == "tf_crop_and_resize")
      original = (outWidth == 1 ? (roiEnd - roiStart) * static_cast<double>(in - 1) / 2
                                : xd * (roiEnd - roiStart) * static_cast<double>(in - 1) /
                                      (outWidth - 1)) +
                 roiStart * static_cast<double>(in - 1);
    else if (transform == "pytorch_half_pixel")
      original = outWidth == 1 ? -0.5 : (xd + 0.5) / scale - 0.5;
    else if (transform == "half_pixel")
      original = (xd + 0.5) / scale - 0.5;
    else if (transform == "tf_half_pixel_for_nn")
      original = (xd + 0.5) / scale;
    else {
      (void)ctx.unsupported("coordinate_transformation_mode '" + transform + "'");
      return failure();
    }
    bool outside = transform == "tf_crop_and_resize" &&
                   (original < 0 || original > static_cast<double>(in - 1));
    axis.outside.push_back(outside);
    if (outside) {
      axis.taps.emplace_back();
      continue;
    }
    double floorValue = std::floor(original);
    bool whole = floorValue == original;
    double ratio = whole ? 1.0 : original - floorValue;
    SmallVector<double, 4> coeffs;
    if (mode == "nearest") {
      bool second;
      if (whole || rounding == "ceil")
        second = true;
      else if (rounding == "round_prefer_floor")
        second = ratio > 0.5;
      else if (rounding == "round_prefer_ceil")
        second = ratio >= 0.5;
      else if (rounding == "floor")
        second = false;
      else {
        (void)ctx.unsupported("nearest_mode '" + rounding + "'");
        return failure();
      }
      coeffs = {second ? 0.0 : 1.0, second ? 1.0 : 0.0};
    } else if (mode == "linear") {
      coeffs = {1 - ratio, ratio};
    } else {
      double a = cubicA, r = ratio, s = 1 - ratio;
      coeffs = {((a * (r + 1) - 5 * a) * (r + 1) + 8 * a) * (r + 1) - 4 * a,
                ((a + 2) * r - (a + 3)) * r * r + 1, ((a + 2) * s - (a + 3)) * s * s + 1,
                ((a * (s + 1) - 5 * a) * (s + 1) + 8 * a) * (s + 1) - 4 * a};
    }
    // The n nearest indices of the padded input to original + pad: a window
    // of n consecutive ones.
    double centre = original + static_cast<double>(pad);
    int64_t base = static_cast<int64_t>(std::floor(centre)) - (whole ? 1 : 0);
    int64_t first = std::clamp<int64_t>(base - n / 2 + 1, 0, padded - n);
    SmallVector<int64_t, 4> indices;
    for (int64_t i = 0; i < n; ++i)
      indices.push_back(first + i - pad);
    if (excludeOutside) {
      double sum = 0;
      for (int64_t i = 0; i < n; ++i) {
        if (indices[i] < 0 || indices[i] >= in)
          coeffs[i] = 0;
        sum += coeffs[i];
      }
      for (double &c : coeffs)
        c /= sum;
    }
    auto &taps = axis.taps.emplace_back();
    for (int64_t i = 0; i < n; ++i)
      if (coeffs[i] != 0)
        taps.push_back({std::clamp<int64_t>(indices[i], 0, in - 1), coeffs[i]});
  }
  return axis;
}

/// Whether `axis` maps every output index to the same input index.
bool isIdentity(const AxisResampling &axis, int64_t in) {
  if (static_cast<int64_t>(axis.taps.size()) != in)
    return false;
  for (auto [x, taps] : llvm::enumerate(axis.taps))
    if (axis.outside[x] || taps.size() != 1 || taps[0].first != static_cast<int64_t>(x) ||
        taps[0].second != 1)
      return false;
  return true;
}

/// `x` resampled along `dim`: nearest as a gather of the picked indices,
/// linear and cubic as a product with the [out, in] weight matrix;
/// positions outside the crop take `extrapolation`.
Value applyAxis(OpBuilder &b, Location loc, Value x, int64_t dim, const AxisResampling &axis,
                bool nearest, double extrapolation) {
  RankedTensorType type = typeOf(x);
  int64_t rank = type.getRank(), in = type.getDimSize(dim),
          out = static_cast<int64_t>(axis.taps.size());
  SmallVector<int64_t> shape(type.getShape());
  shape[dim] = out;
  Value result;
  if (nearest) {
    SmallVector<int64_t> picked;
    for (const auto &taps : axis.taps)
      picked.push_back(taps.empty() ? 0 : taps[0].first);
    Value indices = i64Constant(b, loc, picked);
    SmallVector<int64_t> offsetDims, sliceSizes(type.getShape());
    for (int64_t d = 0; d < rank; ++d)
      if (d != dim)
        offsetDims.push_back(d);
    sliceSizes[dim] = 1;
    auto numbers =
        hlo::GatherDimensionNumbersAttr::get(b.getContext(), offsetDims, {dim}, {}, {}, {dim}, 1);
    result = b.create<hlo::GatherOp>(loc, type.clone(shape), x, indices, numbers,
                                     b.getDenseI64ArrayAttr(sliceSizes), false);
  } else {
    SmallVector<double> weights(out * in, 0.0);
    for (auto [o, taps] : llvm::enumerate(axis.taps))
      for (auto [index, weight] : taps)
        weights[o * in + index] += weight;
    auto weightType = RankedTensorType::get({out, in}, b.getF64Type());
    Value matrix = b.create<hlo::ConstantOp>(
        loc, DenseElementsAttr::get(weightType, ArrayRef<double>(weights)));
    matrix = convert(b, loc, matrix, type.getElementType());
    // [other dims..., out], then out moved back to dim.
    SmallVector<int64_t> productShape;
    SmallVector<int64_t> permutation;
    for (int64_t d = 0; d < rank; ++d)
      if (d != dim)
        productShape.push_back(type.getDimSize(d));
    productShape.push_back(out);
    auto numbers = hlo::DotDimensionNumbersAttr::get(b.getContext(), {}, {}, {dim}, {1});
    Value product = b.create<hlo::DotGeneralOp>(loc, type.clone(productShape), x, matrix,
                                                numbers, nullptr, nullptr);
    for (int64_t d = 0, other = 0; d < rank; ++d)
      permutation.push_back(d == dim ? rank - 1 : other++);
    result = transpose(b, loc, product, permutation);
  }
  if (llvm::is_contained(axis.outside, true)) {
    SmallVector<bool> outside(axis.outside.begin(), axis.outside.end());
    auto maskType = RankedTensorType::get({out}, b.getI1Type());
    Value mask = b.create<hlo::ConstantOp>(loc, DenseElementsAttr::get(maskType, ArrayRef<bool>(outside)));
    mask = broadcastInDim(b, loc, mask, shape, nullptr, {dim});
    result = b.create<hlo::SelectOp>(loc, result.getType(), mask,
                                     splatLike(b, loc, result, extrapolation), result);
  }
  return result;
}

/// Resize (opset 10: X, scales; 11 on: X, roi, scales, sizes): the
/// whole-factor nearest upsampling networks use is a broadcast
/// (resizeNearest); every other form is resampled one axis at a time,
/// the last first, as the spec's reference interpolates.
Results lowerResize(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  std::string mode = ctx.stringAttr("mode", "nearest");
  if (mode != "nearest" && mode != "linear" && mode != "cubic")
    return ctx.invalid("mode '" + mode + "'");
  if (ctx.opset() < 11 && mode == "cubic")
    return ctx.invalid("mode 'cubic' before opset 11");
  if (ctx.hasAttr("axes"))
    return ctx.unsupported("the axes attribute");
  if (ctx.intAttr("antialias", 0) != 0)
    return ctx.unsupported("antialias");
  if (ctx.hasAttr("keep_aspect_ratio_policy"))
    return ctx.unsupported("keep_aspect_ratio_policy");
  Value x = ctx.input(0);
  RankedTensorType type = typeOf(x);
  int64_t rank = type.getRank();
  SmallVector<double> scales;
  SmallVector<int64_t> sizes;
  unsigned scalesInput = ctx.opset() >= 11 ? 2 : 1;
  if (ctx.hasInput(scalesInput) && typeOf(ctx.input(scalesInput)).getNumElements() != 0) {
    std::optional<SmallVector<double>> values = ctx.constantFloats(ctx.input(scalesInput));
    if (!values)
      return ctx.computedAtRunTime("scales", ctx.input(scalesInput));
    scales = *values;
  } else if (ctx.opset() >= 11 && ctx.hasInput(3)) {
    FailureOr<SmallVector<int64_t>> values = ctx.requireConstantInts(3, "sizes");
    if (failed(values))
      return failure();
    sizes = *values;
  } else {
    return ctx.invalid("needs scales or sizes");
  }
  if (!scales.empty() && static_cast<int64_t>(scales.size()) != rank)
    return ctx.invalid("needs one scale per dimension");
  if (!sizes.empty() && static_cast<int64_t>(sizes.size()) != rank)
    return ctx.invalid("needs one size per dimension");
  std::string transform = ctx.stringAttr("coordinate_transformation_mode",
                                         ctx.opset() >= 11 ? "half_pixel" : "asymmetric");
  std::string rounding =
      ctx.stringAttr("nearest_mode", ctx.opset() >= 11 ? "round_prefer_floor" : "floor");
  // The broadcast fast path: whole upsampling factors that replicate.
  if (mode == "nearest" && !scales.empty() && transform != "tf_crop_and_resize" &&
      type.hasStaticShape()) {
    bool replicates = true;
    for (double scale : scales) {
      auto factor = static_cast<int64_t>(scale);
      replicates &= scale >= 1 && scale == std::floor(scale) &&
                    (factor == 1 ||
                     ((transform == "half_pixel" || transform == "pytorch_half_pixel") &&
                      (rounding == "round_prefer_floor" || rounding == "round_prefer_ceil")) ||
                     (transform == "asymmetric" &&
                      (rounding == "floor" || (rounding == "round_prefer_floor" && factor <= 2))));
    }
    if (replicates)
      return resizeNearest(ctx, x, scales);
  }
  if (!type.hasStaticShape())
    return ctx.unsupported("mode '" + mode + "' with dynamic shapes");
  if (mode != "nearest" && !isa<FloatType>(type.getElementType()))
    return ctx.unsupported("mode '" + mode + "' on integers");
  SmallVector<double> roi;
  if (transform == "tf_crop_and_resize") {
    if (!ctx.hasInput(1))
      return ctx.invalid("tf_crop_and_resize needs roi");
    std::optional<SmallVector<double>> values = ctx.constantFloats(ctx.input(1));
    if (!values)
      return ctx.computedAtRunTime("roi", ctx.input(1));
    if (static_cast<int64_t>(values->size()) != 2 * rank)
      return ctx.invalid("roi needs two values per dimension");
    roi = *values;
  }
  double cubicA = ctx.floatAttr("cubic_coeff_a", -0.75f);
  bool excludeOutside = ctx.intAttr("exclude_outside", 0) != 0;
  double extrapolation = ctx.floatAttr("extrapolation_value", 0.0f);
  for (int64_t dim = rank - 1; dim >= 0; --dim) {
    int64_t in = type.getDimSize(dim);
    double scale;
    int64_t out;
    if (!scales.empty()) {
      scale = scales[dim];
      if (!(scale > 0))
        return ctx.invalid("scales must be positive");
      out = static_cast<int64_t>(scale * static_cast<double>(in));
    } else {
      out = sizes[dim];
      if (out < 0)
        return ctx.invalid("sizes must not be negative");
      if (in == 0)
        return ctx.invalid("resizing an empty dimension");
      scale = static_cast<double>(out) / static_cast<double>(in);
    }
    if (in == 0 || out == 0)
      return ctx.unsupported("resizing to or from an empty dimension");
    FailureOr<AxisResampling> axis = resampleAxis(
        ctx, in, out, scale, mode, transform, rounding, cubicA, excludeOutside,
        roi.empty() ? 0 : roi[dim], roi.empty() ? 1 : roi[rank + dim]);
    if (failed(axis))
      return failure();
    if (isIdentity(*axis, in))
      continue;
    x = applyAxis(b, loc, x, dim, *axis, mode == "nearest", extrapolation);
  }
  return single(x);
}

/// Upsample (deprecated in opset 10): scales attribute before 9, input from 9.
Results lowerUpsample(NodeContext &ctx) {
  std::string mode = ctx.stringAttr("mode", "nearest");
  if (mode != "nearest")
    return ctx.unsupported("mode '" + mode + "'");
  SmallVector<double> scales;
  if (ctx.opset() < 9) {
    for (float scale : ctx.floatsAttr("scales").value_or(SmallVector<float>()))
      scales.push_back(scale);
  } else {
    std::optional<SmallVector<double>> values = ctx.constantFloats(ctx.input(1));
    if (!values)
      return ctx.computedAtRunTime("scales", ctx.input(1));
    scales = *values;
  }
  return resizeNearest(ctx, ctx.input(0), scales);
}

} // namespace

void registerResizeOps(LoweringTable &table) {
  table["Resize"] = lowerResize;
  table["Upsample"] = lowerUpsample;
}

} // namespace oxla::onnx
