//===- ConvolutionOps.cpp - ONNX Conv and ConvTranspose -------------------===//

#include "compiler/Import/ONNX/ops/Window.h"

using namespace mlir;

namespace oxla::onnx {

FailureOr<Window> readWindow(NodeContext &ctx, Value x, ArrayRef<int64_t> kernel,
                             bool ceilMode) {
  RankedTensorType type = typeOf(x);
  int64_t spatial = type.getRank() - 2;
  if (spatial < 1) {
    (void)ctx.invalid("the input needs a batch, a channel and spatial dimensions");
    return failure();
  }
  Window window;
  window.kernel = ctx.intsAttr("kernel_shape").value_or(SmallVector<int64_t>(kernel));
  window.strides = ctx.intsAttr("strides").value_or(SmallVector<int64_t>(spatial, 1));
  window.dilations = ctx.intsAttr("dilations").value_or(SmallVector<int64_t>(spatial, 1));
  SmallVector<int64_t> pads = ctx.intsAttr("pads").value_or(SmallVector<int64_t>(2 * spatial, 0));
  if (static_cast<int64_t>(window.kernel.size()) != spatial ||
      static_cast<int64_t>(window.strides.size()) != spatial ||
      static_cast<int64_t>(window.dilations.size()) != spatial ||
      static_cast<int64_t>(pads.size()) != 2 * spatial) {
    (void)ctx.invalid("kernel_shape, strides, dilations and pads must match the " +
                      Twine(spatial) + " spatial dimensions");
    return failure();
  }
  for (int64_t i = 0; i < spatial; ++i)
    if (window.kernel[i] < 1 || window.strides[i] < 1 || window.dilations[i] < 1 ||
        pads[i] < 0 || pads[spatial + i] < 0) {
      (void)ctx.invalid("kernel sizes, strides and dilations must be positive, pads not "
                        "negative");
      return failure();
    }
  std::string autoPad = ctx.stringAttr("auto_pad", "NOTSET");
  for (int64_t i = 0; i < spatial; ++i) {
    int64_t in = type.getDimSize(2 + i);
    int64_t extent = (window.kernel[i] - 1) * window.dilations[i] + 1;
    int64_t low = pads[i], high = pads[spatial + i];
    if (autoPad == "SAME_UPPER" || autoPad == "SAME_LOWER") {
      if (ShapedType::isDynamic(in)) {
        (void)ctx.unsupported("auto_pad " + autoPad + " over a dynamic spatial size");
        return failure();
      }
      int64_t out = (in + window.strides[i] - 1) / window.strides[i];
      int64_t total = std::max<int64_t>(0, (out - 1) * window.strides[i] + extent - in);
      low = autoPad == "SAME_UPPER" ? total / 2 : total - total / 2;
      high = total - low;
    } else if (autoPad == "VALID") {
      low = high = 0;
    } else if (autoPad != "NOTSET") {
      (void)ctx.invalid("unknown auto_pad '" + autoPad + "'");
      return failure();
    }
    int64_t out = ShapedType::kDynamic;
    if (!ShapedType::isDynamic(in)) {
      int64_t span = in + low + high - extent;
      if (span < 0) {
        (void)ctx.invalid("the window is larger than the padded input");
        return failure();
      }
      out = (ceilMode ? (span + window.strides[i] - 1) / window.strides[i]
                      : span / window.strides[i]) +
            1;
      // Windows past the end read only the padding the ceil mode adds.
      if (ceilMode)
        high += (out - 1) * window.strides[i] + extent - (in + low + high);
    } else if (ceilMode) {
      (void)ctx.unsupported("ceil_mode over a dynamic spatial size");
      return failure();
    }
    window.padLow.push_back(low);
    window.padHigh.push_back(high);
    window.output.push_back(out);
  }
  return window;
}

DenseIntElementsAttr paddingAttr(OpBuilder &b, const Window &window, int64_t leading) {
  SmallVector<int64_t> values(2 * leading, 0);
  for (auto [low, high] : llvm::zip_equal(window.padLow, window.padHigh)) {
    values.push_back(low);
    values.push_back(high);
  }
  auto type = RankedTensorType::get({static_cast<int64_t>(values.size()) / 2, 2},
                                    b.getI64Type());
  return DenseIntElementsAttr::get(type, values);
}

namespace {

/// `bias` (1-d, one per output channel) added along dimension 1.
Value addChannelBias(OpBuilder &b, Location loc, Value y, Value bias) {
  RankedTensorType type = typeOf(y);
  Value shape = type.hasStaticShape() ? Value() : shapeOf(b, loc, y);
  Value broadcast = broadcastInDim(b, loc, bias, type.getShape(), shape, {1});
  return elementwise<hlo::AddOp>(b, loc, {y, broadcast});
}

} // namespace

/// Conv: X [N, C, D...] * W [M, C/group, k...] (+ B [M]) with feature
/// groups; NCHW layouts map onto stablehlo.convolution's dimension numbers.
FailureOr<Value> buildConv(NodeContext &ctx, Value x, Value w) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  RankedTensorType xType = typeOf(x), wType = typeOf(w);
  int64_t rank = xType.getRank();
  if (wType.getRank() != rank)
    return ctx.invalid("W must have the rank of X");
  if (wType.getShape().drop_front(2).end() !=
      llvm::find(wType.getShape().drop_front(2), ShapedType::kDynamic))
    return ctx.unsupported("a kernel of dynamic size");
  FailureOr<Window> window = readWindow(ctx, x, wType.getShape().drop_front(2), false);
  if (failed(window))
    return failure();
  int64_t group = ctx.intAttr("group", 1);
  SmallVector<int64_t> spatial = llvm::to_vector(llvm::seq<int64_t>(2, rank));
  auto numbers = hlo::ConvDimensionNumbersAttr::get(b.getContext(), 0, 1, spatial, 1, 0,
                                                    spatial, 0, 1, spatial);
  SmallVector<int64_t> shape{xType.getDimSize(0), wType.getDimSize(0)};
  shape.append(window->output);
  Value y = b.create<hlo::ConvolutionOp>(
      loc, xType.clone(shape), x, w, b.getDenseI64ArrayAttr(window->strides),
      paddingAttr(b, *window, 0), nullptr, b.getDenseI64ArrayAttr(window->dilations), nullptr,
      numbers, b.getI64IntegerAttr(group), b.getI64IntegerAttr(1), nullptr);
  return y;
}

namespace {

Results lowerConv(NodeContext &ctx) {
  FailureOr<Value> y = buildConv(ctx, ctx.input(0), ctx.input(1));
  if (failed(y))
    return failure();
  if (ctx.hasInput(2))
    return single(addChannelBias(ctx.builder(), ctx.loc(), *y, ctx.input(2)));
  return single(*y);
}

/// ConvTranspose: the gradient of Conv: the input dilated by the strides,
/// padded by (k - 1) * d - pads, and convolved with the kernel mirrored;
/// W [C, M/group, k...] has its channels the other way round.
Results lowerConvTranspose(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0), w = ctx.input(1);
  RankedTensorType xType = typeOf(x), wType = typeOf(w);
  int64_t rank = xType.getRank(), spatialRank = rank - 2;
  if (wType.getRank() != rank || spatialRank < 1)
    return ctx.invalid("X and W need the same rank, with spatial dimensions");
  if (!wType.hasStaticShape() || llvm::any_of(xType.getShape().drop_front(1), ShapedType::isDynamic))
    return ctx.unsupported("dynamic channel, spatial or kernel sizes");
  int64_t group = ctx.intAttr("group", 1);
  SmallVector<int64_t> kernel = ctx.intsAttr("kernel_shape").value_or(
      SmallVector<int64_t>(wType.getShape().drop_front(2)));
  SmallVector<int64_t> strides = ctx.intsAttr("strides").value_or(SmallVector<int64_t>(spatialRank, 1));
  SmallVector<int64_t> dilations =
      ctx.intsAttr("dilations").value_or(SmallVector<int64_t>(spatialRank, 1));
  SmallVector<int64_t> outputPadding =
      ctx.intsAttr("output_padding").value_or(SmallVector<int64_t>(spatialRank, 0));
  SmallVector<int64_t> pads = ctx.intsAttr("pads").value_or(SmallVector<int64_t>(2 * spatialRank, 0));
  std::optional<SmallVector<int64_t>> outputShape = ctx.intsAttr("output_shape");
  std::string autoPad = ctx.stringAttr("auto_pad", "NOTSET");
  if (static_cast<int64_t>(kernel.size()) != spatialRank ||
      static_cast<int64_t>(strides.size()) != spatialRank ||
      static_cast<int64_t>(dilations.size()) != spatialRank ||
      static_cast<int64_t>(outputPadding.size()) != spatialRank ||
      static_cast<int64_t>(pads.size()) != 2 * spatialRank)
    return ctx.invalid("kernel_shape, strides, dilations, output_padding and pads must "
                       "match the spatial dimensions");
  if (outputShape && static_cast<int64_t>(outputShape->size()) > spatialRank)
    outputShape = SmallVector<int64_t>(outputShape->end() - spatialRank, outputShape->end());
  Window window;
  for (int64_t i = 0; i < spatialRank; ++i) {
    int64_t in = xType.getDimSize(2 + i);
    int64_t extent = (kernel[i] - 1) * dilations[i] + 1;
    int64_t low = pads[i], high = pads[spatialRank + i];
    std::optional<int64_t> target;
    if (outputShape)
      target = (*outputShape)[i];
    else if (autoPad == "SAME_UPPER" || autoPad == "SAME_LOWER")
      target = in * strides[i];
    if (target) {
      // The spec halves the total padding rounding down (it may be negative:
      // an output_shape larger than the strides give pads the end).
      int64_t total = strides[i] * (in - 1) + outputPadding[i] + extent - *target;
      int64_t half = total >= 0 ? total / 2 : -((-total + 1) / 2);
      bool upper = autoPad == "SAME_UPPER";
      low = upper ? half : total - half;
      high = total - low;
    } else if (autoPad == "VALID") {
      low = high = 0;
    }
    int64_t out = strides[i] * (in - 1) + outputPadding[i] + extent - low - high;
    if (out < 1)
      return ctx.invalid("the output would be empty");
    window.padLow.push_back(extent - 1 - low);
    window.padHigh.push_back(extent - 1 - high + outputPadding[i]);
    window.output.push_back(out);
  }
  // W [C, M/g, k...] as a kernel [M, C/g, k...]: split C into groups,
  // swap the channel dimensions within each group.
  int64_t channels = wType.getDimSize(0), perGroup = wType.getDimSize(1);
  if (group < 1 || channels % group != 0 || xType.getDimSize(1) != channels)
    return ctx.invalid("the channels of X and W do not match group " + Twine(group));
  SmallVector<int64_t> kernelSizes(wType.getShape().drop_front(2));
  SmallVector<int64_t> grouped{group, channels / group, perGroup};
  grouped.append(kernelSizes);
  Value kernelValue = reshape(b, loc, w, grouped);
  SmallVector<int64_t> permutation{0, 2, 1};
  for (int64_t i = 0; i < spatialRank; ++i)
    permutation.push_back(3 + i);
  kernelValue = transpose(b, loc, kernelValue, permutation);
  SmallVector<int64_t> flat{group * perGroup, channels / group};
  flat.append(kernelSizes);
  kernelValue = reshape(b, loc, kernelValue, flat);
  SmallVector<int64_t> spatial = llvm::to_vector(llvm::seq<int64_t>(2, rank));
  kernelValue = b.create<hlo::ReverseOp>(loc, kernelValue.getType(), kernelValue, spatial);
  auto numbers = hlo::ConvDimensionNumbersAttr::get(b.getContext(), 0, 1, spatial, 1, 0,
                                                    spatial, 0, 1, spatial);
  SmallVector<int64_t> shape{xType.getDimSize(0), group * perGroup};
  shape.append(window.output);
  Value y = b.create<hlo::ConvolutionOp>(
      loc, xType.clone(shape), x, kernelValue, nullptr, paddingAttr(b, window, 0),
      b.getDenseI64ArrayAttr(strides), b.getDenseI64ArrayAttr(dilations), nullptr, numbers,
      b.getI64IntegerAttr(group), b.getI64IntegerAttr(1), nullptr);
  if (ctx.hasInput(2))
    y = addChannelBias(b, loc, y, ctx.input(2));
  return single(y);
}

} // namespace

void registerConvolutionOps(LoweringTable &table) {
  table["Conv"] = lowerConv;
  table["ConvTranspose"] = lowerConvTranspose;
}

} // namespace oxla::onnx
