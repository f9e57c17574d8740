//===- CompactionOps.cpp - ONNX NonZero, Compress and Unique --------------===//
//
// Ops whose result sizes depend on the input's values. Each keeps the
// positions a mask selects, in order: a stable sort of the positions
// (iota) by the mask, kept ones first, then real_dynamic_slice of the first
// `count` of them, count being the mask's sum (a reduce). The result has a
// dynamic size that only the values fix (the reference interpreter runs it;
// compiled code needs the size before the call, docs/onnx.md).
//
// Unique sorts the elements (or the slices along `axis`, lexicographically)
// stably with their positions; a new group starts where a sorted item
// differs from the one before, groups are numbered by a running sum, and
// per group a scatter takes the first position (the smallest, as the sort
// is stable) and the count; the unsorted form orders the groups by first
// position with a second sort.
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/ONNX/ops/Common.h"

using namespace mlir;

namespace oxla::onnx {

/// The positions [0, n) of `keep` (i1 [n]), those it keeps first, each
/// group in order; and how many it keeps (i64 [1]).
std::pair<Value, Value> keptFirst(OpBuilder &b, Location loc, Value keep) {
  int64_t n = typeOf(keep).getDimSize(0);
  auto indexType = RankedTensorType::get({n}, b.getI64Type());
  Value positions = b.create<hlo::IotaOp>(loc, indexType, 0);
  OperationState state(loc, hlo::SortOp::getOperationName());
  state.addOperands({keep, positions});
  state.addTypes({keep.getType(), indexType});
  state.addAttribute("dimension", b.getI64IntegerAttr(0));
  state.addAttribute("is_stable", b.getBoolAttr(true));
  Region *comparator = state.addRegion();
  {
    OpBuilder::InsertionGuard guard(b);
    auto flag = RankedTensorType::get({}, b.getI1Type());
    auto index = RankedTensorType::get({}, b.getI64Type());
    Block *body = b.createBlock(comparator, {}, {flag, flag, index, index}, {loc, loc, loc, loc});
    Value before = b.create<hlo::CompareOp>(
        loc, flag, body->getArgument(0), body->getArgument(1),
        hlo::ComparisonDirectionAttr::get(b.getContext(), hlo::ComparisonDirection::GT),
        hlo::ComparisonTypeAttr::get(b.getContext(), hlo::ComparisonType::UNSIGNED));
    b.create<hlo::ReturnOp>(loc, before);
  }
  Operation *sort = b.create(state);
  Value count = reduce(b, loc, convert(b, loc, keep, b.getI64Type()), {0}, ReduceKind::Add);
  return {sort->getResult(1), reshape(b, loc, count, {1})};
}

/// `value` cut to its first `count` (i64 [1]) elements along `dim`: a
/// real_dynamic_slice whose size along `dim` is dynamic.
Value firstAlong(OpBuilder &b, Location loc, Value value, int64_t dim, Value count) {
  RankedTensorType type = typeOf(value);
  int64_t rank = type.getRank();
  SmallVector<Value> limits;
  for (int64_t d = 0; d < rank; ++d)
    limits.push_back(d == dim ? count : dimSize(b, loc, value, d));
  SmallVector<int64_t> shape(type.getShape());
  shape[dim] = ShapedType::kDynamic;
  return b.create<hlo::RealDynamicSliceOp>(loc, type.clone(shape), value,
                                           i64Constant(b, loc, SmallVector<int64_t>(rank, 0)),
                                           concatShapes(b, loc, limits),
                                           i64Constant(b, loc, SmallVector<int64_t>(rank, 1)));
}

/// The slices of `x` along `axis` at `positions` ([n] i64), in their order.
Value slicesAt(OpBuilder &b, Location loc, Value x, int64_t axis, Value positions) {
  RankedTensorType type = typeOf(x);
  int64_t n = typeOf(positions).getDimSize(0);
  SmallVector<int64_t> offsetDims, sliceSizes(type.getShape()), shape(type.getShape());
  for (int64_t d = 0; d < type.getRank(); ++d)
    if (d != axis)
      offsetDims.push_back(d);
  sliceSizes[axis] = 1;
  shape[axis] = n;
  auto numbers = hlo::GatherDimensionNumbersAttr::get(b.getContext(), offsetDims, {axis}, {}, {},
                                                      {axis}, 1);
  return b.create<hlo::GatherOp>(loc, type.clone(shape), x, reshape(b, loc, positions, {n, 1}),
                                 numbers, b.getDenseI64ArrayAttr(sliceSizes), false);
}

namespace {

/// The `axis` attribute, normalized; without one, 0 of `x` flattened
/// (Compress and Unique then work on the flattened input: `x` and `type`
/// are updated). Nothing when the axis is out of range.
std::optional<int64_t> axisOrFlattened(NodeContext &ctx, Value &x, RankedTensorType &type) {
  if (ctx.hasAttr("axis"))
    return normalizeAxis(ctx.intAttr("axis", 0), type.getRank());
  x = reshape(ctx.builder(), ctx.loc(), x, {type.getNumElements()});
  type = typeOf(x);
  return 0;
}

/// NonZero: the indices of X's non-zero elements in row-major order, as
/// [rank, count] (i64): the kept flat positions unravelled.
Results lowerNonZero(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0);
  RankedTensorType type = typeOf(x);
  if (!type.hasStaticShape())
    return ctx.unsupported("dynamic shapes");
  if (type.getRank() == 0)
    return ctx.unsupported("a 0-d input");
  int64_t n = type.getNumElements(), rank = type.getRank();
  Value flat = reshape(b, loc, x, {n});
  Value keep = compare(b, loc, flat, splatLike(b, loc, flat, 0), hlo::ComparisonDirection::NE);
  auto [positions, count] = keptFirst(b, loc, keep);
  SmallVector<Value> rows;
  int64_t stride = n;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t size = type.getDimSize(d);
    stride = size == 0 ? 0 : stride / size;
    Value coordinate = positions;
    if (stride > 1)
      coordinate = elementwise<hlo::DivOp>(b, loc, {coordinate, splatLike(b, loc, coordinate, stride)});
    if (d > 0)
      coordinate = elementwise<hlo::RemOp>(b, loc, {coordinate, splatLike(b, loc, coordinate, size)});
    rows.push_back(reshape(b, loc, coordinate, {1, n}));
  }
  Value indices = b.create<hlo::ConcatenateOp>(
      loc, RankedTensorType::get({rank, n}, b.getI64Type()), rows, 0);
  return single(firstAlong(b, loc, indices, 1, count));
}

/// Compress: the slices of input along `axis` (of the flattened input
/// without one) whose condition is true; a condition shorter than the axis
/// leaves the rest out.
Results lowerCompress(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0), condition = ctx.input(1);
  RankedTensorType type = typeOf(x);
  if (!type.hasStaticShape() || !typeOf(condition).hasStaticShape())
    return ctx.unsupported("dynamic shapes");
  if (rankOf(condition) != 1)
    return ctx.invalid("condition must be 1-D");
  std::optional<int64_t> normalized = axisOrFlattened(ctx, x, type);
  if (!normalized)
    return ctx.invalid("axis out of range");
  int64_t axis = *normalized;
  int64_t size = type.getDimSize(axis), given = typeOf(condition).getDimSize(0);
  if (given > size)
    return ctx.invalid("condition has " + Twine(given) + " elements, more than the " +
                       Twine(size) + " of the axis");
  Value keep = convert(b, loc, condition, b.getI1Type());
  if (given < size) {
    auto flagType = RankedTensorType::get({}, b.getI1Type());
    Value no = b.create<hlo::ConstantOp>(loc, DenseElementsAttr::get(flagType, false));
    keep = b.create<hlo::PadOp>(loc, RankedTensorType::get({size}, b.getI1Type()), keep, no,
                                ArrayRef<int64_t>{0}, ArrayRef<int64_t>{size - given},
                                ArrayRef<int64_t>{0});
  }
  auto [positions, count] = keptFirst(b, loc, keep);
  // x's slices along axis in the kept-first order.
  Value ordered = slicesAt(b, loc, x, axis, positions);
  return single(firstAlong(b, loc, ordered, axis, count));
}

/// A stable sort of `operands` ([n] each) along 0 by the first `keys` of
/// them, lexicographically ascending (floats in total order).
SmallVector<Value> sortBy(OpBuilder &b, Location loc, ValueRange operands, size_t keys) {
  OperationState state(loc, hlo::SortOp::getOperationName());
  state.addOperands(operands);
  for (Value operand : operands)
    state.addTypes(operand.getType());
  state.addAttribute("dimension", b.getI64IntegerAttr(0));
  state.addAttribute("is_stable", b.getBoolAttr(true));
  Region *comparator = state.addRegion();
  {
    OpBuilder::InsertionGuard guard(b);
    SmallVector<Type> argTypes;
    SmallVector<Location> locs;
    for (Value operand : operands) {
      auto scalar = RankedTensorType::get({}, elementOf(operand));
      argTypes.append({scalar, scalar});
      locs.append({loc, loc});
    }
    Block *body = b.createBlock(comparator, {}, argTypes, locs);
    auto flag = RankedTensorType::get({}, b.getI1Type());
    auto orderOf = [&](Type element) {
      if (isa<FloatType>(element))
        return hlo::ComparisonType::TOTALORDER;
      return element.isUnsignedInteger() || element.isInteger(1) ? hlo::ComparisonType::UNSIGNED
                                                                 : hlo::ComparisonType::SIGNED;
    };
    auto compareKeys = [&](Value lhs, Value rhs, hlo::ComparisonDirection direction) {
      return b.create<hlo::CompareOp>(
          loc, flag, lhs, rhs, hlo::ComparisonDirectionAttr::get(b.getContext(), direction),
          hlo::ComparisonTypeAttr::get(b.getContext(), orderOf(elementOf(lhs))));
    };
    // less = lt_0 | (eq_0 & (lt_1 | (eq_1 & ...))), built from the last key.
    Value less;
    for (size_t j = keys; j-- > 0;) {
      Value lhs = body->getArgument(2 * j), rhs = body->getArgument(2 * j + 1);
      Value lt = compareKeys(lhs, rhs, hlo::ComparisonDirection::LT);
      less = less ? elementwise<hlo::OrOp>(
                        b, loc, {lt, elementwise<hlo::AndOp>(
                                         b, loc, {compareKeys(lhs, rhs, hlo::ComparisonDirection::EQ),
                                                  less})})
                  : lt;
    }
    b.create<hlo::ReturnOp>(loc, less);
  }
  Operation *sort = b.create(state);
  return SmallVector<Value>(sort->getResults().begin(), sort->getResults().end());
}

/// A [n] buffer of `init` with `updates` [n] combined (`kind`, or replaced)
/// into the positions `where` [n] (i64).
Value scatterInto(OpBuilder &b, Location loc, Value updates, Value where, double init,
                  std::optional<ReduceKind> kind) {
  int64_t n = typeOf(updates).getDimSize(0);
  Value buffer = splatLike(b, loc, updates, init);
  auto numbers = hlo::ScatterDimensionNumbersAttr::get(b.getContext(), {}, {0}, {}, {}, {0}, 1);
  auto op = b.create<hlo::ScatterOp>(loc, TypeRange{buffer.getType()}, ValueRange{buffer},
                                     reshape(b, loc, where, {n, 1}), ValueRange{updates}, numbers,
                                     false, false);
  auto scalar = RankedTensorType::get({}, elementOf(updates));
  Block *body = b.createBlock(&op.getUpdateComputation(), {}, {scalar, scalar}, {loc, loc});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(body);
    Value current = body->getArgument(0), update = body->getArgument(1);
    b.create<hlo::ReturnOp>(loc, kind ? combine(b, loc, *kind, current, update) : update);
  }
  b.setInsertionPointAfter(op);
  return op.getResult(0);
}

/// Unique: Y (the unique elements, or slices along `axis`), indices (the
/// first position of each in X), inverse_indices (each position's entry of
/// Y) and counts; sorted ascending (`sorted`, default 1) or in order of first
/// occurrence.
Results lowerUnique(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0);
  RankedTensorType type = typeOf(x);
  if (!type.hasStaticShape())
    return ctx.unsupported("dynamic shapes");
  std::optional<int64_t> normalized = axisOrFlattened(ctx, x, type);
  if (!normalized)
    return ctx.invalid("axis out of range");
  int64_t axis = *normalized;
  int64_t n = type.getDimSize(axis);
  int64_t width = n == 0 ? 0 : type.getNumElements() / n;
  if (n == 0)
    return ctx.unsupported("an empty input");
  if (width > 64)
    return ctx.unsupported("slices of more than 64 elements");
  // The items as `width` key columns [n].
  SmallVector<int64_t> permutation{axis};
  for (int64_t d = 0; d < type.getRank(); ++d)
    if (d != axis)
      permutation.push_back(d);
  Value rows = reshape(b, loc, transpose(b, loc, x, permutation), {n, width});
  SmallVector<Value> operands;
  for (int64_t j = 0; j < width; ++j) {
    Value column = b.create<hlo::SliceOp>(loc, typeOf(rows).clone({n, 1}), rows,
                                          ArrayRef<int64_t>{0, j}, ArrayRef<int64_t>{n, j + 1},
                                          ArrayRef<int64_t>{1, 1});
    operands.push_back(reshape(b, loc, column, {n}));
  }
  auto indexType = RankedTensorType::get({n}, b.getI64Type());
  operands.push_back(b.create<hlo::IotaOp>(loc, indexType, 0));
  SmallVector<Value> sorted = sortBy(b, loc, operands, width);
  Value order = sorted.back();

  // A group starts at 0 and where an item differs from the one before.
  Value starts = compare(b, loc, b.create<hlo::IotaOp>(loc, indexType, 0),
                         splatLike(b, loc, order, 0), hlo::ComparisonDirection::EQ);
  for (int64_t j = 0; j < width; ++j) {
    Value key = sorted[j];
    Value previous = b.create<hlo::PadOp>(
        loc, typeOf(key), b.create<hlo::SliceOp>(loc, typeOf(key).clone({n - 1}), key,
                                                 ArrayRef<int64_t>{0}, ArrayRef<int64_t>{n - 1},
                                                 ArrayRef<int64_t>{1}),
        scalarConstant(b, loc, elementOf(key), 0), ArrayRef<int64_t>{1}, ArrayRef<int64_t>{0},
        ArrayRef<int64_t>{0});
    starts = elementwise<hlo::OrOp>(b, loc,
                                    {starts, compare(b, loc, key, previous, hlo::ComparisonDirection::NE)});
  }
  Value startCounts = convert(b, loc, starts, b.getI64Type());
  Value group = elementwise<hlo::SubtractOp>(
      b, loc, {reduceSameWindow(b, loc, startCounts, {n}, {n - 1, 0}, ReduceKind::Add),
               splatLike(b, loc, startCounts, 1)});
  Value count = reshape(b, loc, reduce(b, loc, startCounts, {0}, ReduceKind::Add), {1});
  // Per group: its first position (unused groups: n) and its size.
  Value first = scatterInto(b, loc, order, group, static_cast<double>(n), ReduceKind::Min);
  Value sizes = scatterInto(b, loc, splatLike(b, loc, order, 1), group, 0, ReduceKind::Add);
  // Each position's group.
  Value inverse = scatterInto(b, loc, group, order, 0, std::nullopt);
  if (ctx.intAttr("sorted", 1) == 0) {
    // Groups by first position; rank[g] is group g's place in that order.
    SmallVector<Value> byFirst =
        sortBy(b, loc, {first, b.create<hlo::IotaOp>(loc, indexType, 0)}, 1);
    Value groups = byFirst[1];
    first = byFirst[0];
    sizes = slicesAt(b, loc, sizes, 0, groups);
    Value rank = scatterInto(b, loc, b.create<hlo::IotaOp>(loc, indexType, 0), groups, 0,
                             std::nullopt);
    inverse = slicesAt(b, loc, rank, 0, inverse);
  }
  // Unused groups read position n, which the gather clamps; they are cut.
  Value y = slicesAt(b, loc, x, axis, first);
  return SmallVector<Value>{firstAlong(b, loc, y, axis, count), firstAlong(b, loc, first, 0, count),
                            inverse, firstAlong(b, loc, sizes, 0, count)};
}

} // namespace

void registerCompactionOps(LoweringTable &table) {
  table["Compress"] = lowerCompress;
  table["NonZero"] = lowerNonZero;
  table["Unique"] = lowerUnique;
}

} // namespace oxla::onnx
