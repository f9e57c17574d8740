//===- ResizeOps.cpp - ONNX Resize and Upsample ---------------------------===//
//
// The nearest-neighbour upsampling by whole factors that networks use
// (U-Net and FPN decoders, torch's Upsample(scale_factor=k)): every output
// element (x) reads input element floor(x / k), which is what the spec's
// coordinate transformation and rounding give for
//   - half_pixel / pytorch_half_pixel with any round_* nearest mode or floor
//     ((x + 0.5) / k - 0.5 lies within half an element of floor(x / k)),
//   - asymmetric with floor, or with round_prefer_floor for k <= 2.
// It is a broadcast into [d0, k0, d1, k1, ...] and a reshape. Other modes
// and factors are reported as unsupported.
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/ONNX/ops/Common.h"

#include <cmath>

using namespace mlir;

namespace oxla::onnx {
namespace {

Results resizeNearest(NodeContext &ctx, Value x, ArrayRef<double> scales) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  RankedTensorType type = typeOf(x);
  if (!type.hasStaticShape())
    return ctx.unsupported("dynamic shapes");
  if (static_cast<int64_t>(scales.size()) != type.getRank())
    return ctx.invalid("needs one scale per dimension");
  std::string transform = ctx.stringAttr("coordinate_transformation_mode",
                                         ctx.opset() >= 11 ? "half_pixel" : "asymmetric");
  std::string rounding = ctx.stringAttr("nearest_mode", "round_prefer_floor");
  SmallVector<int64_t> factors;
  for (double scale : scales) {
    if (scale < 1 || scale != std::floor(scale))
      return ctx.unsupported("scale " + std::to_string(scale) + " (only whole upsampling factors)");
    int64_t factor = static_cast<int64_t>(scale);
    bool floors = ctx.opset() < 11 || transform == "half_pixel" ||
                  transform == "pytorch_half_pixel" ||
                  (transform == "asymmetric" &&
                   (rounding == "floor" || (rounding == "round_prefer_floor" && factor <= 2)));
    if (!floors && factor != 1)
      return ctx.unsupported("coordinate_transformation_mode '" + transform +
                             "' with nearest_mode '" + rounding + "'");
    factors.push_back(factor);
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

/// Resize (opset 10: X, scales; 11 on: X, roi, scales, sizes).
Results lowerResize(NodeContext &ctx) {
  std::string mode = ctx.stringAttr("mode", "nearest");
  if (mode != "nearest")
    return ctx.unsupported("mode '" + mode + "'");
  Value x = ctx.input(0);
  SmallVector<double> scales;
  unsigned scalesInput = ctx.opset() >= 11 ? 2 : 1;
  if (ctx.hasInput(scalesInput)) {
    std::optional<SmallVector<double>> values = ctx.constantFloats(ctx.input(scalesInput));
    if (!values)
      return ctx.unsupported("scales computed at run time");
    scales = *values;
  }
  if (scales.empty() && ctx.opset() >= 11 && ctx.hasInput(3)) {
    FailureOr<SmallVector<int64_t>> sizes = ctx.requireConstantInts(3, "sizes");
    if (failed(sizes))
      return failure();
    RankedTensorType type = typeOf(x);
    for (auto [size, in] : llvm::zip_equal(*sizes, type.getShape())) {
      if (ShapedType::isDynamic(in) || in == 0 || size % in != 0)
        return ctx.unsupported("sizes that are not whole multiples of the input's");
      scales.push_back(static_cast<double>(size / in));
    }
  }
  if (ctx.hasAttr("axes"))
    return ctx.unsupported("the axes attribute");
  return resizeNearest(ctx, x, scales);
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
      return ctx.unsupported("scales computed at run time");
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
