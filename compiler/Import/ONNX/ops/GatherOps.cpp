//===- GatherOps.cpp - ONNX Gather, GatherElements and GatherND -----------===//

#include "compiler/Import/ONNX/ops/Common.h"

using namespace mlir;

namespace oxla::onnx {

Value wrapIndices(OpBuilder &b, Location loc, Value indices, Value size) {
  Value zero = splatLike(b, loc, indices, 0);
  Value negative = compare(b, loc, indices, zero, hlo::ComparisonDirection::LT);
  Value wrapped = elementwise<hlo::AddOp>(b, loc, {indices, size});
  return b.create<hlo::SelectOp>(loc, indices.getType(), negative, wrapped, indices);
}

Value wrapIndicesND(OpBuilder &b, Location loc, Value indices, ArrayRef<int64_t> sizes) {
  RankedTensorType type = typeOf(indices);
  Value sizeVector = i64Constant(b, loc, sizes);
  Value size = broadcastInDim(b, loc, sizeVector, type.getShape(), nullptr, {type.getRank() - 1});
  return wrapIndices(b, loc, indices, size);
}

Value elementCoordinates(OpBuilder &b, Location loc, Value indices, int64_t axis,
                         int64_t axisSize) {
  indices = convert(b, loc, indices, b.getI64Type());
  indices = wrapIndices(b, loc, indices, splatLike(b, loc, indices, double(axisSize)));
  RankedTensorType type = typeOf(indices);
  int64_t rank = type.getRank();
  SmallVector<int64_t> coordShape(type.getShape());
  coordShape.push_back(1);
  SmallVector<Value> coords;
  for (int64_t dim = 0; dim < rank; ++dim) {
    Value coord = dim == axis ? indices : b.create<hlo::IotaOp>(loc, type, dim).getResult();
    coords.push_back(reshape(b, loc, coord, coordShape));
  }
  SmallVector<int64_t> allShape(type.getShape());
  allShape.push_back(rank);
  return b.create<hlo::ConcatenateOp>(loc, type.clone(allShape), coords, rank);
}

namespace {

/// Gather: slices of data along axis picked by indices; the result is
/// data.shape[:axis] + indices.shape + data.shape[axis+1:].
Results lowerGather(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value data = ctx.input(0), indices = ctx.input(1);
  RankedTensorType dataType = typeOf(data), indexType = typeOf(indices);
  int64_t rank = dataType.getRank(), indexRank = indexType.getRank();
  std::optional<int64_t> axis = normalizeAxis(ctx.intAttr("axis", 0), rank);
  if (!axis)
    return ctx.invalid("axis out of range");
  if (!dataType.hasStaticShape())
    return ctx.unsupported("gathering from a dynamic shape");
  indices = convert(b, loc, indices, b.getI64Type());
  Value size = splatLike(b, loc, indices, dataType.getDimSize(*axis));
  indices = wrapIndices(b, loc, indices, size);
  SmallVector<int64_t> shape(dataType.getShape().take_front(*axis));
  shape.append(indexType.getShape().begin(), indexType.getShape().end());
  shape.append(dataType.getShape().begin() + *axis + 1, dataType.getShape().end());
  SmallVector<int64_t> offsetDims;
  for (int64_t dim = 0; dim < static_cast<int64_t>(shape.size()); ++dim)
    if (dim < *axis || dim >= *axis + indexRank)
      offsetDims.push_back(dim);
  SmallVector<int64_t> sliceSizes(dataType.getShape());
  sliceSizes[*axis] = 1;
  auto numbers = hlo::GatherDimensionNumbersAttr::get(b.getContext(), offsetDims, {*axis}, {},
                                                      {}, {*axis}, indexRank);
  return single(b.create<hlo::GatherOp>(loc, dataType.clone(shape), data, indices, numbers,
                                        b.getDenseI64ArrayAttr(sliceSizes), false));
}

/// GatherElements: out[i...] = data[i... with index[i...] at axis]: a gather
/// with full coordinates (iota everywhere but axis).
Results lowerGatherElements(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value data = ctx.input(0), indices = ctx.input(1);
  RankedTensorType dataType = typeOf(data), indexType = typeOf(indices);
  int64_t rank = dataType.getRank();
  std::optional<int64_t> axis = normalizeAxis(ctx.intAttr("axis", 0), rank);
  if (!axis)
    return ctx.invalid("axis out of range");
  if (!dataType.hasStaticShape() || !indexType.hasStaticShape())
    return ctx.unsupported("dynamic shapes");
  if (indexType.getRank() != rank)
    return ctx.invalid("indices must have the rank of data");
  Value all = elementCoordinates(b, loc, indices, *axis, dataType.getDimSize(*axis));
  SmallVector<int64_t> dims = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  auto numbers = hlo::GatherDimensionNumbersAttr::get(b.getContext(), {}, dims, {}, {}, dims, rank);
  return single(b.create<hlo::GatherOp>(loc, dataType.clone(indexType.getShape()), data, all,
                                        numbers, b.getDenseI64ArrayAttr(SmallVector<int64_t>(rank, 1)),
                                        false));
}

/// GatherND: indices of shape [..., k] pick slices data[b..., i0, ..., ik-1, :]
/// after the first batch_dims dimensions, which data and indices share; the
/// result has shape indices.shape[:-1] + data.shape[batch_dims + k:].
Results lowerGatherND(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value data = ctx.input(0), indices = ctx.input(1);
  RankedTensorType dataType = typeOf(data), indexType = typeOf(indices);
  if (!dataType.hasStaticShape() || !indexType.hasStaticShape())
    return ctx.unsupported("dynamic shapes");
  int64_t rank = dataType.getRank(), indexRank = indexType.getRank();
  int64_t batch = ctx.intAttr("batch_dims", 0);
  int64_t k = indexRank ? indexType.getDimSize(indexRank - 1) : -1;
  if (batch < 0 || batch >= std::min(rank, indexRank))
    return ctx.invalid("batch_dims must be less than the ranks of data and indices");
  if (k < 1 || batch + k > rank)
    return ctx.invalid("indices must end in a dimension of size 1 to rank - batch_dims");
  if (dataType.getShape().take_front(batch) != indexType.getShape().take_front(batch))
    return ctx.invalid("data and indices must agree on the batch dimensions");
  indices = wrapIndicesND(b, loc, convert(b, loc, indices, b.getI64Type()),
                          dataType.getShape().slice(batch, k));
  SmallVector<int64_t> shape(indexType.getShape().drop_back());
  shape.append(dataType.getShape().begin() + batch + k, dataType.getShape().end());
  SmallVector<int64_t> offsetDims, batchDims = llvm::to_vector(llvm::seq<int64_t>(0, batch));
  SmallVector<int64_t> picked = llvm::to_vector(llvm::seq<int64_t>(batch, batch + k));
  for (int64_t dim = indexRank - 1; dim < static_cast<int64_t>(shape.size()); ++dim)
    offsetDims.push_back(dim);
  SmallVector<int64_t> sliceSizes(batch + k, 1);
  sliceSizes.append(dataType.getShape().begin() + batch + k, dataType.getShape().end());
  auto numbers = hlo::GatherDimensionNumbersAttr::get(b.getContext(), offsetDims, picked,
                                                      batchDims, batchDims, picked,
                                                      indexRank - 1);
  return single(b.create<hlo::GatherOp>(loc, dataType.clone(shape), data, indices, numbers,
                                        b.getDenseI64ArrayAttr(sliceSizes), false));
}

/// ReverseSequence: out[t, b] = in[len[b] - 1 - t, b] for t < len[b], else
/// in[t, b] (time and batch at time_axis and batch_axis): a GatherElements
/// along the time axis with those indices, the lengths read at run time.
Results lowerReverseSequence(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value data = ctx.input(0), lengths = ctx.input(1);
  RankedTensorType dataType = typeOf(data);
  int64_t rank = dataType.getRank();
  if (rank < 2)
    return ctx.invalid("the input needs rank 2 or more");
  int64_t timeAxis = ctx.intAttr("time_axis", 0), batchAxis = ctx.intAttr("batch_axis", 1);
  if (!((timeAxis == 0 && batchAxis == 1) || (timeAxis == 1 && batchAxis == 0)))
    return ctx.invalid("time_axis and batch_axis must be 0 and 1");
  if (!dataType.hasStaticShape())
    return ctx.unsupported("dynamic shapes");
  if (rankOf(lengths) != 1 || typeOf(lengths).getDimSize(0) != dataType.getDimSize(batchAxis))
    return ctx.invalid("sequence_lens must hold one length per batch entry");
  auto i64 = [&](ArrayRef<int64_t> shape) { return RankedTensorType::get(shape, b.getI64Type()); };
  ArrayRef<int64_t> shape = dataType.getShape();
  Value time = b.create<hlo::IotaOp>(loc, i64(shape), timeAxis);
  Value length = broadcastInDim(b, loc, convert(b, loc, lengths, b.getI64Type()), shape,
                                nullptr, {batchAxis});
  Value reversed = elementwise<hlo::SubtractOp>(
      b, loc, {elementwise<hlo::SubtractOp>(b, loc, {length, time}), splatLike(b, loc, time, 1)});
  Value inside = compare(b, loc, time, length, hlo::ComparisonDirection::LT);
  Value indices = b.create<hlo::SelectOp>(loc, time.getType(), inside, reversed, time);
  Value all = elementCoordinates(b, loc, indices, timeAxis, shape[timeAxis]);
  SmallVector<int64_t> dims = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  auto numbers = hlo::GatherDimensionNumbersAttr::get(b.getContext(), {}, dims, {}, {}, dims, rank);
  return single(b.create<hlo::GatherOp>(loc, dataType, data, all, numbers,
                                        b.getDenseI64ArrayAttr(SmallVector<int64_t>(rank, 1)),
                                        false));
}

} // namespace

void registerGatherOps(LoweringTable &table) {
  table["ReverseSequence"] = lowerReverseSequence;
  table["Gather"] = lowerGather;
  table["GatherElements"] = lowerGatherElements;
  table["GatherND"] = lowerGatherND;
}

} // namespace oxla::onnx
