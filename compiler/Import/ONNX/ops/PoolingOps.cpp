//===- PoolingOps.cpp - ONNX pooling --------------------------------------===//

#include "compiler/Import/ONNX/ops/Window.h"

#include <limits>

using namespace mlir;

namespace oxla::onnx {
namespace {

/// stablehlo.reduce_window of `x` with `kind` over the spatial window (batch
/// and channel windows of 1); padding reads the reduction's identity.
Value reduceWindow(OpBuilder &b, Location loc, Value x, const Window &window, ReduceKind kind,
                   ArrayRef<int64_t> resultShape) {
  RankedTensorType type = typeOf(x);
  Type element = type.getElementType();
  SmallVector<int64_t> dims{1, 1}, strides{1, 1}, dilations{1, 1};
  dims.append(window.kernel);
  strides.append(window.strides);
  dilations.append(window.dilations);
  Value init = reduceInit(b, loc, kind, element);
  auto op = b.create<hlo::ReduceWindowOp>(
      loc, TypeRange{type.clone(resultShape)}, ValueRange{x}, ValueRange{init},
      b.getDenseI64ArrayAttr(dims), b.getDenseI64ArrayAttr(strides), nullptr,
      b.getDenseI64ArrayAttr(dilations), paddingAttr(b, window, 2));
  auto scalar = RankedTensorType::get({}, element);
  Block *body = b.createBlock(&op.getBody(), {}, {scalar, scalar}, {loc, loc});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(body);
    b.create<hlo::ReturnOp>(loc, combine(b, loc, kind, body->getArgument(0), body->getArgument(1)));
  }
  b.setInsertionPointAfter(op);
  return op.getResult(0);
}

SmallVector<int64_t> pooledShape(Value x, const Window &window) {
  RankedTensorType type = typeOf(x);
  SmallVector<int64_t> shape{type.getDimSize(0), type.getDimSize(1)};
  shape.append(window.output);
  return shape;
}

/// MaxPool: the maximum over each window (padding never wins). The
/// optional Indices output is not supported.
Results lowerMaxPool(NodeContext &ctx) {
  if (ctx.numOutputs() > 1 && !ctx.node().output(1).empty())
    return ctx.unsupported("the Indices output");
  if (ctx.intAttr("storage_order", 0) != 0)
    return ctx.unsupported("storage_order 1");
  Value x = ctx.input(0);
  FailureOr<Window> window = readWindow(ctx, x, {}, ctx.intAttr("ceil_mode", 0));
  if (failed(window))
    return failure();
  return single(reduceWindow(ctx.builder(), ctx.loc(), x, *window, ReduceKind::Max,
                             pooledShape(x, *window)));
}

/// AveragePool: the window's sum over the number of elements it covers:
/// with count_include_pad, the explicit pads count (the padding ceil_mode
/// adds never does); without, only input elements count.
Results lowerAveragePool(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0);
  RankedTensorType type = typeOf(x);
  FailureOr<Window> window = readWindow(ctx, x, {}, ctx.intAttr("ceil_mode", 0));
  if (failed(window))
    return failure();
  if (ctx.opset() >= 19 && llvm::any_of(window->dilations, [](int64_t d) { return d != 1; }))
    return ctx.unsupported("dilations");
  SmallVector<int64_t> shape = pooledShape(x, *window);
  Value sum = reduceWindow(b, loc, x, *window, ReduceKind::Add, shape);

  // The counts depend on the spatial position only: computed over a
  // [1, 1, spatial...] tensor of ones and broadcast.
  SmallVector<int64_t> onesShape{1, 1};
  onesShape.append(type.getShape().begin() + 2, type.getShape().end());
  if (llvm::any_of(onesShape, ShapedType::isDynamic))
    return ctx.unsupported("dynamic spatial sizes");
  auto onesType = RankedTensorType::get(onesShape, type.getElementType());
  Value ones = b.create<hlo::ConstantOp>(
      loc, onesType,
      DenseElementsAttr::get(onesType, b.getFloatAttr(type.getElementType(), 1.0)));
  Window countWindow = *window;
  if (ctx.intAttr("count_include_pad", 0)) {
    // Pad the ones with ones where the explicit pads are, so they count.
    SmallVector<int64_t> low{0, 0}, high{0, 0}, interior(onesShape.size(), 0);
    SmallVector<int64_t> explicitHigh;
    SmallVector<int64_t> pads = ctx.intsAttr("pads").value_or(SmallVector<int64_t>());
    SmallVector<int64_t> padded(onesShape);
    for (size_t i = 0; i < window->padLow.size(); ++i) {
      // auto_pad paddings count like explicit ones; ceil_mode's do not.
      int64_t ceilExtra = 0;
      if (ctx.intAttr("ceil_mode", 0)) {
        int64_t explicitHighPad =
            ctx.stringAttr("auto_pad", "NOTSET") == "NOTSET" && !pads.empty()
                ? pads[window->padLow.size() + i]
                : window->padHigh[i];
        ceilExtra = window->padHigh[i] - explicitHighPad;
      }
      low.push_back(window->padLow[i]);
      high.push_back(window->padHigh[i] - ceilExtra);
      padded[2 + i] += window->padLow[i] + window->padHigh[i] - ceilExtra;
      countWindow.padLow[i] = 0;
      countWindow.padHigh[i] = ceilExtra;
    }
    ones = b.create<hlo::PadOp>(loc, onesType.clone(padded), ones,
                                scalarConstant(b, loc, type.getElementType(), 1), low, high,
                                interior);
  }
  SmallVector<int64_t> countShape{1, 1};
  countShape.append(window->output);
  Value counts = reduceWindow(b, loc, ones, countWindow, ReduceKind::Add, countShape);
  Value shapeTensor = typeOf(sum).hasStaticShape() ? Value() : shapeOf(b, loc, sum);
  counts = broadcastInDim(b, loc, counts, shape, shapeTensor,
                          llvm::to_vector(llvm::seq<int64_t>(0, shape.size())));
  return single(elementwise<hlo::DivOp>(b, loc, {sum, counts}));
}

/// GlobalAveragePool / GlobalMaxPool: over all spatial dimensions, kept as
/// size 1.
template <ReduceKind kind>
Results lowerGlobalPool(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0);
  RankedTensorType type = typeOf(x);
  if (type.getRank() < 3)
    return ctx.invalid("the input needs spatial dimensions");
  SmallVector<int64_t> dims = llvm::to_vector(llvm::seq<int64_t>(2, type.getRank()));
  Value reduced = reduce(b, loc, x, dims, kind);
  if (kind == ReduceKind::Add) {
    int64_t count = 1;
    for (int64_t dim : dims)
      count = ShapedType::isDynamic(type.getDimSize(dim)) || ShapedType::isDynamic(count)
                  ? ShapedType::kDynamic
                  : count * type.getDimSize(dim);
    if (ShapedType::isDynamic(count))
      return ctx.unsupported("dynamic spatial sizes");
    reduced = elementwise<hlo::DivOp>(b, loc, {reduced, splatLike(b, loc, reduced, count)});
  }
  return single(keepReducedDims(b, loc, reduced, x, dims));
}

} // namespace

void registerPoolingOps(LoweringTable &table) {
  table["MaxPool"] = lowerMaxPool;
  table["AveragePool"] = lowerAveragePool;
  table["GlobalAveragePool"] = lowerGlobalPool<ReduceKind::Add>;
  table["GlobalMaxPool"] = lowerGlobalPool<ReduceKind::Max>;
}

} // namespace oxla::onnx
