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

/// The flat positions of `x`'s elements in the layout `storage_order`
/// names: 0 row-major, 1 with the spatial dimensions column-major (MaxPool's
/// Indices; batch and channel stay outermost in both).
Value flatPositions(OpBuilder &b, Location loc, RankedTensorType type, bool columnMajor) {
  int64_t rank = type.getRank();
  SmallVector<int64_t> permutation{0, 1};
  for (int64_t d = 2; d < rank; ++d)
    permutation.push_back(columnMajor ? rank + 1 - d : d);
  SmallVector<int64_t> stored;
  for (int64_t d : permutation)
    stored.push_back(type.getDimSize(d));
  auto flatType = RankedTensorType::get({type.getNumElements()}, b.getI64Type());
  Value positions = b.create<hlo::IotaOp>(loc, flatType, 0);
  positions = reshape(b, loc, positions, stored);
  // The permutation only swaps dimensions pairwise, so it is its own inverse.
  return columnMajor ? transpose(b, loc, positions, permutation) : positions;
}

/// MaxPool's Indices: a two-operand reduce_window of (value, flat position)
/// pairs keeping the larger value, on a tie the smaller position; padding
/// is (-inf, the largest i64), which no element loses to. NaN wins, as the
/// maximum's NaN does.
Value maxPositions(OpBuilder &b, Location loc, Value x, Value positions, const Window &window,
                   ArrayRef<int64_t> resultShape) {
  RankedTensorType type = typeOf(x);
  Type element = type.getElementType(), indexElement = b.getI64Type();
  SmallVector<int64_t> dims{1, 1}, strides{1, 1}, dilations{1, 1};
  dims.append(window.kernel);
  strides.append(window.strides);
  dilations.append(window.dilations);
  Value init = reduceInit(b, loc, ReduceKind::Max, element);
  // Infinity saturates to the largest i64.
  Value indexInit =
      scalarConstant(b, loc, indexElement, std::numeric_limits<double>::infinity());
  auto op = b.create<hlo::ReduceWindowOp>(
      loc, TypeRange{type.clone(resultShape), type.clone(resultShape).clone(indexElement)},
      ValueRange{x, positions}, ValueRange{init, indexInit}, b.getDenseI64ArrayAttr(dims),
      b.getDenseI64ArrayAttr(strides), nullptr, b.getDenseI64ArrayAttr(dilations),
      paddingAttr(b, window, 2));
  auto scalar = RankedTensorType::get({}, element);
  auto indexScalar = RankedTensorType::get({}, indexElement);
  Block *body = b.createBlock(&op.getBody(), {}, {scalar, indexScalar, scalar, indexScalar},
                              {loc, loc, loc, loc});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(body);
    Value lhs = body->getArgument(0), lhsIndex = body->getArgument(1);
    Value rhs = body->getArgument(2), rhsIndex = body->getArgument(3);
    Value better = compare(b, loc, lhs, rhs, hlo::ComparisonDirection::GT);
    Value lhsNan = isa<FloatType>(element) ? compare(b, loc, lhs, lhs, hlo::ComparisonDirection::NE)
                                           : Value();
    Value rhsNan = isa<FloatType>(element) ? compare(b, loc, rhs, rhs, hlo::ComparisonDirection::NE)
                                           : Value();
    Value tie = compare(b, loc, lhs, rhs, hlo::ComparisonDirection::EQ);
    if (lhsNan) {
      // NaN beats a number; two NaNs tie.
      Value bothNan = elementwise<hlo::AndOp>(b, loc, {lhsNan, rhsNan});
      tie = elementwise<hlo::OrOp>(b, loc, {tie, bothNan});
      better = elementwise<hlo::OrOp>(
          b, loc, {better, elementwise<hlo::AndOp>(
                               b, loc, {lhsNan, elementwise<hlo::NotOp>(b, loc, {rhsNan})})});
    }
    Value earlier = compare(b, loc, lhsIndex, rhsIndex, hlo::ComparisonDirection::LT);
    Value pickLhs = elementwise<hlo::OrOp>(
        b, loc, {better, elementwise<hlo::AndOp>(b, loc, {tie, earlier})});
    Value value = b.create<hlo::SelectOp>(loc, scalar, pickLhs, lhs, rhs);
    Value index = b.create<hlo::SelectOp>(loc, indexScalar, pickLhs, lhsIndex, rhsIndex);
    b.create<hlo::ReturnOp>(loc, ValueRange{value, index});
  }
  b.setInsertionPointAfter(op);
  return op.getResult(1);
}

/// MaxPool: the maximum over each window (padding never wins). The
/// optional Indices output (opset 8) is the flat position in X of the first
/// maximum of each window, counted over the whole tensor (batch and channel
/// included) row-major, or with the spatial dimensions column-major when
/// storage_order is 1.
Results lowerMaxPool(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0);
  bool wantIndices = ctx.numOutputs() > 1 && !ctx.node().output(1).empty();
  int64_t storageOrder = ctx.intAttr("storage_order", 0);
  if (storageOrder != 0 && storageOrder != 1)
    return ctx.invalid("storage_order must be 0 or 1");
  FailureOr<Window> window = readWindow(ctx, x, {}, ctx.intAttr("ceil_mode", 0));
  if (failed(window))
    return failure();
  SmallVector<int64_t> shape = pooledShape(x, *window);
  Value y = reduceWindow(b, loc, x, *window, ReduceKind::Max, shape);
  if (!wantIndices)
    return single(y);
  RankedTensorType type = typeOf(x);
  if (!type.hasStaticShape())
    return ctx.unsupported("the Indices output of a dynamic shape");
  Value positions = flatPositions(b, loc, type, storageOrder == 1);
  return SmallVector<Value>{y, maxPositions(b, loc, x, positions, *window, shape)};
}

/// MaxUnpool: a zero tensor of the unpooled shape ((in - 1) * stride +
/// kernel - pads per spatial dimension) with X's values scattered to the flat
/// positions I gives (MaxPool's Indices, row-major over the whole tensor).
/// A larger `output_shape` input pads that tensor at the end of each
/// dimension, as the suite's recorded output (and ONNX Runtime) have it: the
/// positions stay those of the unpooled shape.
Results lowerMaxUnpool(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0), indices = ctx.input(1);
  RankedTensorType type = typeOf(x);
  if (!type.hasStaticShape() || !typeOf(indices).hasStaticShape())
    return ctx.unsupported("dynamic shapes");
  if (typeOf(indices).getShape() != type.getShape())
    return ctx.invalid("I must have the shape of X");
  int64_t spatial = type.getRank() - 2;
  if (spatial < 1)
    return ctx.invalid("X needs a batch, a channel and spatial dimensions");
  SmallVector<int64_t> kernel = ctx.intsAttr("kernel_shape").value_or(SmallVector<int64_t>());
  SmallVector<int64_t> strides =
      ctx.intsAttr("strides").value_or(SmallVector<int64_t>(spatial, 1));
  SmallVector<int64_t> pads = ctx.intsAttr("pads").value_or(SmallVector<int64_t>(2 * spatial, 0));
  if (static_cast<int64_t>(kernel.size()) != spatial ||
      static_cast<int64_t>(strides.size()) != spatial ||
      static_cast<int64_t>(pads.size()) != 2 * spatial)
    return ctx.invalid("kernel_shape, strides and pads must match the " + Twine(spatial) +
                       " spatial dimensions");
  SmallVector<int64_t> shape{type.getDimSize(0), type.getDimSize(1)};
  for (int64_t i = 0; i < spatial; ++i)
    shape.push_back((type.getDimSize(2 + i) - 1) * strides[i] + kernel[i] - pads[i] -
                    pads[spatial + i]);
  SmallVector<int64_t> outputShape = shape;
  if (ctx.hasInput(2)) {
    FailureOr<SmallVector<int64_t>> given = ctx.requireConstantInts(2, "output_shape");
    if (failed(given))
      return failure();
    outputShape = *given;
    if (static_cast<int64_t>(outputShape.size()) != type.getRank())
      return ctx.invalid("output_shape must have X's rank");
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (outputShape[d] < shape[d])
        return ctx.unsupported("an output_shape smaller than the unpooled shape");
  }
  int64_t total = 1;
  for (int64_t size : shape) {
    if (size < 0)
      return ctx.invalid("the output shape has a negative size");
    total *= size;
  }
  auto flatType = RankedTensorType::get({total}, type.getElementType());
  Value zeros = b.create<hlo::ConstantOp>(
      loc, DenseElementsAttr::get(flatType, b.getZeroAttr(type.getElementType())));
  int64_t count = type.getNumElements();
  Value where = reshape(b, loc, convert(b, loc, indices, b.getI64Type()), {count, 1});
  Value values = reshape(b, loc, x, {count});
  auto numbers = hlo::ScatterDimensionNumbersAttr::get(b.getContext(), {}, {0}, {}, {}, {0}, 1);
  auto op = b.create<hlo::ScatterOp>(loc, TypeRange{flatType}, ValueRange{zeros}, where,
                                     ValueRange{values}, numbers, false, false);
  auto scalar = RankedTensorType::get({}, type.getElementType());
  Block *body = b.createBlock(&op.getUpdateComputation(), {}, {scalar, scalar}, {loc, loc});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(body);
    b.create<hlo::ReturnOp>(loc, body->getArgument(1));
  }
  b.setInsertionPointAfter(op);
  Value y = reshape(b, loc, op.getResult(0), shape);
  if (outputShape != shape) {
    SmallVector<int64_t> low(shape.size(), 0), high, interior(shape.size(), 0);
    for (auto [size, want] : llvm::zip_equal(shape, outputShape))
      high.push_back(want - size);
    y = b.create<hlo::PadOp>(loc, type.clone(outputShape), y,
                             scalarConstant(b, loc, type.getElementType(), 0), low, high,
                             interior);
  }
  return single(y);
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
  table["MaxUnpool"] = lowerMaxUnpool;
  table["AveragePool"] = lowerAveragePool;
  table["GlobalAveragePool"] = lowerGlobalPool<ReduceKind::Add>;
  table["GlobalMaxPool"] = lowerGlobalPool<ReduceKind::Max>;
}

} // namespace oxla::onnx
