//===- RegionOps.cpp - ONNX RoiAlign and NonMaxSuppression ----------------===//
//
// RoiAlign (opsets 10, 16): Y[r, c, ph, pw] averages X[batch_indices[r], c]
// at sampling_ratio x sampling_ratio points of each of the output x output
// bins of region r = (x1, y1, x2, y2) * spatial_scale (shifted by -0.5 under
// coordinate_transformation_mode half_pixel, the opset 16 default; the
// legacy output_half_pixel makes each region at least 1 x 1):
//   y = y1' + ph * bin_h + (iy + 0.5) * bin_h / sampling_ratio
// read bilinearly as the spec's reference (and ONNX Runtime) do: a point
// beyond [-1, size] reads 0, one in [-1, 0) reads the edge, the last row
// and column clamp. The weights of a point are a product of a weight over
// y and one over x, so the average is Wy[r] X[b_r, c] Wx[r]^T with Wy
// [R, output_height, H] the summed row weights of each bin's points: two
// dot_generals batched over the regions.
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/ONNX/ops/Common.h"

using namespace mlir;

namespace oxla::onnx {
namespace {

/// The bilinear weights [R, bins, size] of the points `start[r] + grid[s] *
/// binSize[r]` (s over bins x samples, `grid` the bin offsets) along an axis
/// of `size` pixels, each bin's samples summed.
Value axisWeights(OpBuilder &b, Location loc, Value start, Value binSize, int64_t bins,
                  int64_t samples, int64_t size) {
  Type element = elementOf(start);
  int64_t regions = typeOf(start).getDimSize(0), points = bins * samples;
  SmallVector<double> offsets;
  for (int64_t bin = 0; bin < bins; ++bin)
    for (int64_t s = 0; s < samples; ++s)
      offsets.push_back(static_cast<double>(bin) +
                        (static_cast<double>(s) + 0.5) / static_cast<double>(samples));
  auto gridType = RankedTensorType::get({points}, b.getF64Type());
  Value grid = convert(b, loc, b.create<hlo::ConstantOp>(loc, DenseElementsAttr::get(gridType, ArrayRef(offsets))),
                       element);
  SmallVector<int64_t> pointShape{regions, points};
  auto perRegion = [&](Value v) { return broadcastInDim(b, loc, v, pointShape, nullptr, {0}); };
  Value y = elementwise<hlo::AddOp>(
      b, loc,
      {perRegion(start), elementwise<hlo::MulOp>(b, loc, {broadcastInDim(b, loc, grid, pointShape,
                                                                         nullptr, {1}),
                                                          perRegion(binSize)})});
  auto splat = [&](double v) { return splatLike(b, loc, y, v); };
  Value outside = elementwise<hlo::OrOp>(
      b, loc, {compare(b, loc, y, splat(-1.0), hlo::ComparisonDirection::LT),
               compare(b, loc, y, splat(static_cast<double>(size)), hlo::ComparisonDirection::GT)});
  y = elementwise<hlo::MaxOp>(b, loc, {y, splat(0.0)});
  Value low = elementwise<hlo::FloorOp>(b, loc, {y});
  Value last = splat(static_cast<double>(size - 1));
  Value atEnd = compare(b, loc, low, last, hlo::ComparisonDirection::GE);
  auto pointType = typeOf(y);
  low = b.create<hlo::SelectOp>(loc, pointType, atEnd, last, low);
  y = b.create<hlo::SelectOp>(loc, pointType, atEnd, last, y);
  Value high = b.create<hlo::SelectOp>(loc, pointType, atEnd, last,
                                       elementwise<hlo::AddOp>(b, loc, {low, splat(1.0)}));
  Value fraction = elementwise<hlo::SubtractOp>(b, loc, {y, low});
  Value keep = b.create<hlo::SelectOp>(loc, pointType, outside, splat(0.0), splat(1.0));
  Value highWeight = elementwise<hlo::MulOp>(b, loc, {fraction, keep});
  Value lowWeight =
      elementwise<hlo::MulOp>(b, loc, {elementwise<hlo::SubtractOp>(b, loc, {splat(1.0), fraction}), keep});

  // [R, points, size]: each point's weight on each pixel.
  SmallVector<int64_t> weightShape{regions, points, size};
  auto weightType = RankedTensorType::get(weightShape, element);
  Value pixel = b.create<hlo::IotaOp>(loc, weightType, 2);
  auto spread = [&](Value v) { return broadcastInDim(b, loc, v, weightShape, nullptr, {0, 1}); };
  auto at = [&](Value index, Value weight) {
    Value hit = compare(b, loc, pixel, spread(index), hlo::ComparisonDirection::EQ);
    return b.create<hlo::SelectOp>(loc, weightType, hit, spread(weight),
                                   splatLike(b, loc, pixel, 0.0))
        .getResult();
  };
  Value weights = elementwise<hlo::AddOp>(b, loc, {at(low, lowWeight), at(high, highWeight)});
  weights = reshape(b, loc, weights, {regions, bins, samples, size});
  return reduce(b, loc, weights, {2}, ReduceKind::Add);
}

Results lowerRoiAlign(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0), rois = ctx.input(1), batchIndices = ctx.input(2);
  RankedTensorType type = typeOf(x);
  if (type.getRank() != 4 || !isFloat(x))
    return ctx.invalid("X must be a 4-D floating-point tensor [N, C, H, W]");
  if (!type.hasStaticShape() || !typeOf(rois).hasStaticShape() ||
      !typeOf(batchIndices).hasStaticShape())
    return ctx.unsupported("dynamic shapes");
  int64_t regions = typeOf(rois).getDimSize(0);
  if (rankOf(rois) != 2 || typeOf(rois).getDimSize(1) != 4 || rankOf(batchIndices) != 1 ||
      typeOf(batchIndices).getDimSize(0) != regions)
    return ctx.invalid("rois must be [R, 4] and batch_indices [R]");
  std::string mode = ctx.stringAttr("mode", "avg");
  if (mode == "max")
    return ctx.unsupported("mode 'max'");
  if (mode != "avg")
    return ctx.invalid("unknown mode '" + mode + "'");
  std::string transform = ctx.stringAttr(
      "coordinate_transformation_mode", ctx.opset() >= 16 ? "half_pixel" : "output_half_pixel");
  if (transform != "half_pixel" && transform != "output_half_pixel")
    return ctx.invalid("unknown coordinate_transformation_mode '" + transform + "'");
  bool halfPixel = transform == "half_pixel";
  int64_t outH = ctx.intAttr("output_height", 1), outW = ctx.intAttr("output_width", 1);
  int64_t samples = ctx.intAttr("sampling_ratio", 0);
  if (outH < 1 || outW < 1 || samples < 0)
    return ctx.invalid("output sizes must be positive and sampling_ratio not negative");
  if (samples == 0)
    return ctx.unsupported("sampling_ratio 0 (a per-region number of points computed from the "
                           "regions at run time)");
  double scale = ctx.floatAttr("spatial_scale", 1.0f);
  Type element = type.getElementType();
  int64_t channels = type.getDimSize(1), height = type.getDimSize(2), width = type.getDimSize(3);

  Value boxes = convert(b, loc, rois, element);
  auto coordinate = [&](int64_t i) {
    Value column = b.create<hlo::SliceOp>(loc, typeOf(boxes).clone({regions, 1}), boxes,
                                          ArrayRef<int64_t>{0, i}, ArrayRef<int64_t>{regions, i + 1},
                                          ArrayRef<int64_t>{1, 1});
    Value scaled = elementwise<hlo::MulOp>(b, loc, {reshape(b, loc, column, {regions}),
                                                    splatLike(b, loc, reshape(b, loc, column, {regions}), scale)});
    return halfPixel ? elementwise<hlo::SubtractOp>(b, loc, {scaled, splatLike(b, loc, scaled, 0.5)})
                     : scaled;
  };
  Value x1 = coordinate(0), y1 = coordinate(1), x2 = coordinate(2), y2 = coordinate(3);
  auto binSize = [&](Value start, Value end, int64_t bins) {
    Value extent = elementwise<hlo::SubtractOp>(b, loc, {end, start});
    if (!halfPixel)
      extent = elementwise<hlo::MaxOp>(b, loc, {extent, splatLike(b, loc, extent, 1.0)});
    return elementwise<hlo::DivOp>(b, loc, {extent, splatLike(b, loc, extent, double(bins))});
  };
  Value rowWeights = axisWeights(b, loc, y1, binSize(y1, y2, outH), outH, samples, height);
  Value columnWeights = axisWeights(b, loc, x1, binSize(x1, x2, outW), outW, samples, width);

  // X[batch_indices[r]]: [R, C, H, W].
  Value indices = reshape(b, loc, convert(b, loc, batchIndices, b.getI64Type()), {regions, 1});
  auto numbers =
      hlo::GatherDimensionNumbersAttr::get(b.getContext(), {1, 2, 3}, {0}, {}, {}, {0}, 1);
  Value images = b.create<hlo::GatherOp>(loc, type.clone({regions, channels, height, width}), x,
                                         indices, numbers,
                                         b.getDenseI64ArrayAttr({1, channels, height, width}), false);
  // [R, C, H, W] x [R, outW, W] -> [R, C, H, outW]; x [R, outH, H] over H
  // -> [R, C, outW, outH].
  auto overColumns = hlo::DotDimensionNumbersAttr::get(b.getContext(), {0}, {0}, {3}, {2});
  Value partial = b.create<hlo::DotGeneralOp>(loc, type.clone({regions, channels, height, outW}),
                                              images, columnWeights, overColumns, nullptr, nullptr);
  auto overRows = hlo::DotDimensionNumbersAttr::get(b.getContext(), {0}, {0}, {2}, {2});
  Value pooled = b.create<hlo::DotGeneralOp>(loc, type.clone({regions, channels, outW, outH}),
                                             partial, rowWeights, overRows, nullptr, nullptr);
  pooled = transpose(b, loc, pooled, {0, 1, 3, 2});
  return single(elementwise<hlo::DivOp>(
      b, loc, {pooled, splatLike(b, loc, pooled, static_cast<double>(samples * samples))}));
}

/// Scalar (one-element) input `i` as a 0-d tensor of `element`; null when
/// it is absent.
Value scalarInput(NodeContext &ctx, unsigned i, Type element) {
  if (!ctx.hasInput(i))
    return nullptr;
  OpBuilder &b = ctx.builder();
  Value value = ctx.input(i);
  return convert(b, ctx.loc(), reshape(b, ctx.loc(), value, {}), element);
}

Results lowerNonMaxSuppression(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value boxes = ctx.input(0), scores = ctx.input(1);
  RankedTensorType boxType = typeOf(boxes), scoreType = typeOf(scores);
  if (!boxType.hasStaticShape() || !scoreType.hasStaticShape())
    return ctx.unsupported("dynamic shapes");
  if (boxType.getRank() != 3 || boxType.getDimSize(2) != 4 || scoreType.getRank() != 3 ||
      scoreType.getDimSize(0) != boxType.getDimSize(0) ||
      scoreType.getDimSize(2) != boxType.getDimSize(1) || !isFloat(boxes) || !isFloat(scores))
    return ctx.invalid("boxes must be [B, N, 4] and scores [B, C, N], floating-point");
  for (unsigned i = 2; i < 5; ++i)
    if (ctx.hasInput(i) && typeOf(ctx.input(i)).getNumElements() != 1)
      return ctx.invalid("input " + Twine(i) + " must hold one value");
  int64_t centerPointBox = ctx.intAttr("center_point_box", 0);
  if (centerPointBox != 0 && centerPointBox != 1)
    return ctx.invalid("center_point_box must be 0 or 1");
  int64_t batches = boxType.getDimSize(0), n = boxType.getDimSize(1),
          classes = scoreType.getDimSize(1);
  Type element = boxType.getElementType();
  Type i64 = b.getI64Type();
  // Thresholds and the limit are read at run time (absent: no score
  // threshold, IoU threshold 0, limit 0).
  Value limit = scalarInput(ctx, 2, i64);
  if (!limit)
    limit = scalarConstant(b, loc, i64, 0);
  Value iouThreshold = scalarInput(ctx, 3, element);
  if (!iouThreshold)
    iouThreshold = scalarConstant(b, loc, element, 0);
  Value scoreThreshold = scalarInput(ctx, 4, scoreType.getElementType());

  // Corners [B, N].
  auto coordinate = [&](int64_t j) {
    Value column = b.create<hlo::SliceOp>(loc, boxType.clone({batches, n, 1}), boxes,
                                          ArrayRef<int64_t>{0, 0, j},
                                          ArrayRef<int64_t>{batches, n, j + 1},
                                          ArrayRef<int64_t>{1, 1, 1});
    return reshape(b, loc, column, {batches, n});
  };
  Value yMin, xMin, yMax, xMax;
  if (centerPointBox) {
    Value xc = coordinate(0), yc = coordinate(1), w = coordinate(2), h = coordinate(3);
    Value half = splatLike(b, loc, w, 0.5);
    Value hw = elementwise<hlo::MulOp>(b, loc, {w, half}), hh = elementwise<hlo::MulOp>(b, loc, {h, half});
    xMin = elementwise<hlo::SubtractOp>(b, loc, {xc, hw});
    xMax = elementwise<hlo::AddOp>(b, loc, {xc, hw});
    yMin = elementwise<hlo::SubtractOp>(b, loc, {yc, hh});
    yMax = elementwise<hlo::AddOp>(b, loc, {yc, hh});
  } else {
    Value y1 = coordinate(0), x1 = coordinate(1), y2 = coordinate(2), x2 = coordinate(3);
    yMin = elementwise<hlo::MinOp>(b, loc, {y1, y2});
    yMax = elementwise<hlo::MaxOp>(b, loc, {y1, y2});
    xMin = elementwise<hlo::MinOp>(b, loc, {x1, x2});
    xMax = elementwise<hlo::MaxOp>(b, loc, {x1, x2});
  }
  Value area = elementwise<hlo::MulOp>(b, loc, {elementwise<hlo::SubtractOp>(b, loc, {yMax, yMin}),
                                                elementwise<hlo::SubtractOp>(b, loc, {xMax, xMin})});
  // suppresses[b, i, j]: box i, once taken, suppresses box j.
  SmallVector<int64_t> pairShape{batches, n, n};
  auto asI = [&](Value v) { return broadcastInDim(b, loc, v, pairShape, nullptr, {0, 1}); };
  auto asJ = [&](Value v) { return broadcastInDim(b, loc, v, pairShape, nullptr, {0, 2}); };
  auto overlap = [&](Value lo, Value hi) {
    Value extent = elementwise<hlo::SubtractOp>(
        b, loc, {elementwise<hlo::MinOp>(b, loc, {asI(hi), asJ(hi)}),
                 elementwise<hlo::MaxOp>(b, loc, {asI(lo), asJ(lo)})});
    return elementwise<hlo::MaxOp>(b, loc, {extent, splatLike(b, loc, extent, 0)});
  };
  Value intersection = elementwise<hlo::MulOp>(b, loc, {overlap(yMin, yMax), overlap(xMin, xMax)});
  Value areaI = asI(area), areaJ = asJ(area);
  Value unionArea = elementwise<hlo::SubtractOp>(
      b, loc, {elementwise<hlo::AddOp>(b, loc, {areaI, areaJ}), intersection});
  Value zero = splatLike(b, loc, unionArea, 0);
  Value positive = elementwise<hlo::AndOp>(
      b, loc, {elementwise<hlo::AndOp>(
                   b, loc, {compare(b, loc, areaI, zero, hlo::ComparisonDirection::GT),
                            compare(b, loc, areaJ, zero, hlo::ComparisonDirection::GT)}),
               compare(b, loc, unionArea, zero, hlo::ComparisonDirection::GT)});
  Value iou = elementwise<hlo::DivOp>(b, loc, {intersection, unionArea});
  Value suppresses = elementwise<hlo::AndOp>(
      b, loc, {positive, compare(b, loc, iou,
                                 broadcastInDim(b, loc, iouThreshold, pairShape, nullptr, {}),
                                 hlo::ComparisonDirection::GT)});
  Value suppressWeights = convert(b, loc, suppresses, element);

  // Boxes by descending score per batch and class (stable).
  auto rankType = RankedTensorType::get({batches, classes, n}, i64);
  OperationState state(loc, hlo::SortOp::getOperationName());
  state.addOperands({scores, b.create<hlo::IotaOp>(loc, rankType, 2)});
  state.addTypes({scoreType, rankType});
  state.addAttribute("dimension", b.getI64IntegerAttr(2));
  state.addAttribute("is_stable", b.getBoolAttr(true));
  Region *comparator = state.addRegion();
  {
    OpBuilder::InsertionGuard guard(b);
    auto scalar = RankedTensorType::get({}, scoreType.getElementType());
    auto index = RankedTensorType::get({}, i64);
    Block *body = b.createBlock(comparator, {}, {scalar, scalar, index, index}, {loc, loc, loc, loc});
    b.create<hlo::ReturnOp>(
        loc, b.create<hlo::CompareOp>(
                 loc, RankedTensorType::get({}, b.getI1Type()), body->getArgument(0),
                 body->getArgument(1),
                 hlo::ComparisonDirectionAttr::get(b.getContext(), hlo::ComparisonDirection::GT),
                 hlo::ComparisonTypeAttr::get(b.getContext(), hlo::ComparisonType::TOTALORDER))
                 .getResult());
  }
  Operation *sort = b.create(state);
  Value sortedScores = sort->getResult(0), order = sort->getResult(1);

  // The greedy pass over the ranks: (rank, taken [B, C, N] as 0/1 by box,
  // number taken [B, C], taken [B, C, N] as i1 by rank).
  auto flagType = RankedTensorType::get({batches, classes, n}, b.getI1Type());
  auto countType = RankedTensorType::get({batches, classes}, i64);
  SmallVector<Value> init{
      indexConstant(b, loc, 0),
      b.create<hlo::ConstantOp>(loc, DenseElementsAttr::get(
                                         RankedTensorType::get({batches, classes, n}, element),
                                         b.getZeroAttr(element))),
      b.create<hlo::ConstantOp>(loc, DenseElementsAttr::get(countType, b.getZeroAttr(i64))),
      b.create<hlo::ConstantOp>(loc, DenseElementsAttr::get(flagType, false))};
  SmallVector<Type> types = llvm::to_vector(ValueRange(init).getTypes());
  auto loop = b.create<hlo::WhileOp>(loc, types, init);
  SmallVector<Location> locs(init.size(), loc);
  {
    OpBuilder::InsertionGuard guard(b);
    Block *cond = b.createBlock(&loop.getCond(), {}, types, locs);
    b.setInsertionPointToStart(cond);
    b.create<hlo::ReturnOp>(loc, compare(b, loc, cond->getArgument(0), indexConstant(b, loc, n),
                                         hlo::ComparisonDirection::LT));
  }
  {
    OpBuilder::InsertionGuard guard(b);
    Block *body = b.createBlock(&loop.getBody(), {}, types, locs);
    b.setInsertionPointToStart(body);
    Value rank = body->getArgument(0), taken = body->getArgument(1),
          count = body->getArgument(2), kept = body->getArgument(3);
    Value zeroIndex = indexConstant(b, loc, 0);
    auto atRank = [&](Value v) {
      Value slice = b.create<hlo::DynamicSliceOp>(
          loc, typeOf(v).clone({batches, classes, 1}), v, ValueRange{zeroIndex, zeroIndex, rank},
          b.getDenseI64ArrayAttr({batches, classes, 1}));
      return reshape(b, loc, slice, {batches, classes});
    };
    Value candidate = atRank(order), score = atRank(sortedScores);
    Value isCandidate = compare(b, loc, b.create<hlo::IotaOp>(loc, rankType, 2),
                                broadcastInDim(b, loc, candidate, rankType.getShape(), nullptr, {0, 1}),
                                hlo::ComparisonDirection::EQ);
    Value oneHot = convert(b, loc, isCandidate, element);
    // The candidate's row of the suppression matrix: [B, C, N].
    auto numbers = hlo::DotDimensionNumbersAttr::get(b.getContext(), {0}, {0}, {2}, {1});
    Value row = b.create<hlo::DotGeneralOp>(loc, typeOf(oneHot), oneHot, suppressWeights,
                                            numbers, nullptr, nullptr);
    Value hits = reduce(b, loc, elementwise<hlo::MulOp>(b, loc, {taken, row}), {2}, ReduceKind::Add);
    Value take = compare(b, loc, hits, splatLike(b, loc, hits, 0), hlo::ComparisonDirection::EQ);
    take = elementwise<hlo::AndOp>(
        b, loc, {take, compare(b, loc, count, broadcastInDim(b, loc, limit, countType.getShape(), nullptr, {}),
                               hlo::ComparisonDirection::LT)});
    if (scoreThreshold)
      take = elementwise<hlo::AndOp>(
          b, loc, {take, compare(b, loc, score,
                                 broadcastInDim(b, loc, scoreThreshold, countType.getShape(), nullptr, {}),
                                 hlo::ComparisonDirection::GT)});
    Value takeWide = broadcastInDim(b, loc, convert(b, loc, take, element), rankType.getShape(),
                                    nullptr, {0, 1});
    taken = elementwise<hlo::AddOp>(b, loc, {taken, elementwise<hlo::MulOp>(b, loc, {oneHot, takeWide})});
    count = elementwise<hlo::AddOp>(b, loc, {count, convert(b, loc, take, i64)});
    kept = b.create<hlo::DynamicUpdateSliceOp>(loc, flagType, kept,
                                               reshape(b, loc, take, {batches, classes, 1}),
                                               ValueRange{zeroIndex, zeroIndex, rank});
    b.create<hlo::ReturnOp>(
        loc, ValueRange{elementwise<hlo::AddOp>(b, loc, {rank, indexConstant(b, loc, 1)}), taken,
                        count, kept});
  }
  b.setInsertionPointAfter(loop);

  // (batch, class, box) of the kept ranks, in (batch, class, rank) order.
  int64_t total = batches * classes * n;
  Value flatKept = reshape(b, loc, loop.getResult(3), {total});
  auto [positions, selected] = keptFirst(b, loc, flatKept);
  Value perBatch = splatLike(b, loc, positions, static_cast<double>(classes * n));
  Value batch = elementwise<hlo::DivOp>(b, loc, {positions, perBatch});
  Value cls = elementwise<hlo::RemOp>(
      b, loc, {elementwise<hlo::DivOp>(b, loc, {positions, splatLike(b, loc, positions, double(n))}),
               splatLike(b, loc, positions, static_cast<double>(classes))});
  Value box = slicesAt(b, loc, reshape(b, loc, order, {total}), 0, positions);
  Value columns[] = {reshape(b, loc, batch, {total, 1}), reshape(b, loc, cls, {total, 1}),
                     reshape(b, loc, box, {total, 1})};
  Value triples = b.create<hlo::ConcatenateOp>(loc, RankedTensorType::get({total, 3}, i64),
                                               columns, 1);
  return single(firstAlong(b, loc, triples, 0, selected));
}

} // namespace

void registerRegionOps(LoweringTable &table) {
  table["NonMaxSuppression"] = lowerNonMaxSuppression;
  table["RoiAlign"] = lowerRoiAlign;
}

} // namespace oxla::onnx
