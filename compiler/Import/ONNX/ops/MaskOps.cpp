//===- MaskOps.cpp - ONNX Trilu, EyeLike and OneHot -----------------------===//
//
// Ops whose result is a mask of positions: each compares iotas (the row and
// column index, or the position along the one-hot axis) and selects.
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/ONNX/Tensors.h"
#include "compiler/Import/ONNX/ops/Common.h"

using namespace mlir;

namespace oxla::onnx {
namespace {

/// column - row, as i64, over the last two dimensions of `type`'s shape.
Value diagonalOffset(OpBuilder &b, Location loc, ArrayRef<int64_t> shape) {
  auto type = RankedTensorType::get(shape, b.getI64Type());
  int64_t rank = type.getRank();
  Value rows = b.create<hlo::IotaOp>(loc, type, rank - 2);
  Value columns = b.create<hlo::IotaOp>(loc, type, rank - 1);
  return elementwise<hlo::SubtractOp>(b, loc, {columns, rows});
}

/// Trilu: the upper (column - row >= k) or lower (column - row <= k)
/// triangle of the last two dimensions; the rest is zero. k (an optional
/// input) may be computed at run time.
Results lowerTrilu(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0);
  RankedTensorType type = typeOf(x);
  if (type.getRank() < 2)
    return ctx.invalid("the input must have rank 2 or more");
  if (!type.hasStaticShape())
    return ctx.unsupported("dynamic shapes");
  bool upper = ctx.intAttr("upper", 1) != 0;
  Value offset = diagonalOffset(b, loc, type.getShape());
  // k (default 0) may be computed at run time: a 0-d or one-element tensor.
  Value k = splatLike(b, loc, offset, 0);
  if (ctx.hasInput(1)) {
    Value given = ctx.input(1);
    if (typeOf(given).getNumElements() != 1 || !typeOf(given).hasStaticShape())
      return ctx.invalid("k must be one integer");
    given = reshape(b, loc, convert(b, loc, given, b.getI64Type()), {});
    k = broadcastInDim(b, loc, given, type.getShape(), nullptr, {});
  }
  Value keep = compare(b, loc, offset, k,
                       upper ? hlo::ComparisonDirection::GE : hlo::ComparisonDirection::LE);
  return single(b.create<hlo::SelectOp>(loc, type, keep, x, splatLike(b, loc, x, 0)));
}

/// EyeLike: ones where column - row == k of a 2-D shape, in `dtype` (the
/// input's type by default).
Results lowerEyeLike(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  RankedTensorType type = typeOf(ctx.input(0));
  if (type.getRank() != 2)
    return ctx.invalid("the input must have rank 2");
  if (!type.hasStaticShape())
    return ctx.unsupported("dynamic shapes");
  Type element = type.getElementType();
  if (ctx.hasAttr("dtype")) {
    int64_t dtype = ctx.intAttr("dtype", 0);
    element = elementType(ctx.context(), static_cast<int32_t>(dtype));
    if (!element)
      return ctx.unsupported("dtype " + dataTypeName(static_cast<int32_t>(dtype)));
  }
  Value offset = diagonalOffset(b, loc, type.getShape());
  Value diagonal = compare(b, loc, offset, splatLike(b, loc, offset, ctx.intAttr("k", 0)),
                           hlo::ComparisonDirection::EQ);
  RankedTensorType result = type.clone(element);
  Value zeros = b.create<hlo::ConstantOp>(loc, result, cast<ElementsAttr>(b.getZeroAttr(result)));
  Value ones = splatLike(b, loc, zeros, 1);
  return single(b.create<hlo::SelectOp>(loc, result, diagonal, ones, zeros));
}

/// OneHot: indices (negative ones count back from depth) become a new
/// dimension of size depth at `axis`, holding values[1] at each index and
/// values[0] elsewhere (an index outside [-depth, depth) marks nothing).
Results lowerOneHot(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value indices = ctx.input(0), values = ctx.input(2);
  RankedTensorType indexType = typeOf(indices);
  if (!indexType.hasStaticShape())
    return ctx.unsupported("dynamic shapes");
  std::optional<SmallVector<double>> depthValue = ctx.constantFloats(ctx.input(1));
  if (!depthValue)
    return ctx.computedAtRunTime("depth", ctx.input(1));
  if (depthValue->size() != 1)
    return ctx.invalid("depth must hold one value");
  int64_t depth = static_cast<int64_t>(depthValue->front());
  if (depth < 1)
    return ctx.invalid("depth must be positive");
  if (typeOf(values).getNumElements() != 2)
    return ctx.invalid("values must hold two elements (off, on)");
  int64_t rank = indexType.getRank() + 1;
  std::optional<int64_t> axis = normalizeAxis(ctx.intAttr("axis", -1), rank);
  if (!axis)
    return ctx.invalid("axis out of range");
  SmallVector<int64_t> shape(indexType.getShape());
  shape.insert(shape.begin() + *axis, depth);
  SmallVector<int64_t> indexDims;
  for (int64_t dim = 0; dim < rank; ++dim)
    if (dim != *axis)
      indexDims.push_back(dim);
  Value wide = convert(b, loc, indices, b.getI64Type());
  wide = wrapIndices(b, loc, wide, splatLike(b, loc, wide, double(depth)));
  wide = broadcastInDim(b, loc, wide, shape, nullptr, indexDims);
  Value position = b.create<hlo::IotaOp>(loc, RankedTensorType::get(shape, b.getI64Type()), *axis);
  Value hot = compare(b, loc, wide, position, hlo::ComparisonDirection::EQ);
  Type element = elementOf(values);
  auto scalarType = RankedTensorType::get({}, element);
  values = reshape(b, loc, values, {2});
  auto pick = [&](int64_t i) {
    Value one = b.create<hlo::SliceOp>(loc, RankedTensorType::get({1}, element), values,
                                       ArrayRef<int64_t>{i}, ArrayRef<int64_t>{i + 1},
                                       ArrayRef<int64_t>{1});
    return broadcastInDim(b, loc, reshape(b, loc, one, scalarType.getShape()), shape, nullptr,
                          {});
  };
  return single(b.create<hlo::SelectOp>(loc, RankedTensorType::get(shape, element), hot, pick(1),
                                        pick(0)));
}

} // namespace

void registerMaskOps(LoweringTable &table) {
  table["EyeLike"] = lowerEyeLike;
  table["OneHot"] = lowerOneHot;
  table["Trilu"] = lowerTrilu;
}

} // namespace oxla::onnx
