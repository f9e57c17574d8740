//===- ScatterOps.cpp - ONNX ScatterElements, Scatter and ScatterND -------===//
//
// Each becomes one stablehlo.scatter whose update computation is the node's
// `reduction` (none: the update replaces the element; add, mul, max, min).
// Negative indices count from the end of their dimension.
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/ONNX/ops/Common.h"

using namespace mlir;

namespace oxla::onnx {
namespace {

/// The `reduction` attribute (opset 16/18) as a combining kind; nullopt for
/// "none" (replace).
FailureOr<std::optional<ReduceKind>> readReduction(NodeContext &ctx) {
  std::string name = ctx.stringAttr("reduction", "none");
  if (name == "none")
    return std::optional<ReduceKind>();
  if (name == "add")
    return std::optional<ReduceKind>(ReduceKind::Add);
  if (name == "mul")
    return std::optional<ReduceKind>(ReduceKind::Mul);
  if (name == "max")
    return std::optional<ReduceKind>(ReduceKind::Max);
  if (name == "min")
    return std::optional<ReduceKind>(ReduceKind::Min);
  (void)ctx.invalid("unknown reduction '" + name + "'");
  return failure();
}

Value scatter(NodeContext &ctx, Value data, Value indices, Value updates,
              hlo::ScatterDimensionNumbersAttr numbers, std::optional<ReduceKind> kind) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  auto op = b.create<hlo::ScatterOp>(loc, TypeRange{data.getType()}, ValueRange{data}, indices,
                                     ValueRange{updates}, numbers, false, false);
  auto scalar = RankedTensorType::get({}, elementOf(data));
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

/// ScatterElements (and the deprecated Scatter): data[i... with index[i...]
/// at axis] = updates[i...]; a scatter with full coordinates (iota
/// everywhere but axis), as GatherElements is a gather.
Results lowerScatterElements(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value data = ctx.input(0), indices = ctx.input(1), updates = ctx.input(2);
  RankedTensorType dataType = typeOf(data), indexType = typeOf(indices);
  int64_t rank = dataType.getRank();
  std::optional<int64_t> axis = normalizeAxis(ctx.intAttr("axis", 0), rank);
  if (!axis)
    return ctx.invalid("axis out of range");
  if (!dataType.hasStaticShape() || !indexType.hasStaticShape())
    return ctx.unsupported("dynamic shapes");
  if (indexType.getRank() != rank || typeOf(updates).getShape() != indexType.getShape())
    return ctx.invalid("indices and updates must have one shape, of the rank of data");
  FailureOr<std::optional<ReduceKind>> kind = readReduction(ctx);
  if (failed(kind))
    return failure();
  Value all = elementCoordinates(b, loc, indices, *axis, dataType.getDimSize(*axis));
  SmallVector<int64_t> dims = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  auto numbers = hlo::ScatterDimensionNumbersAttr::get(b.getContext(), {}, dims, {}, {}, dims, rank);
  return single(scatter(ctx, data, all, updates, numbers, *kind));
}

/// ScatterND: indices of shape [..., k] address slices data[i0, ..., ik-1, :]
/// that updates (of shape indices.shape[:-1] + data.shape[k:]) replace.
Results lowerScatterND(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value data = ctx.input(0), indices = ctx.input(1), updates = ctx.input(2);
  RankedTensorType dataType = typeOf(data), indexType = typeOf(indices);
  if (!dataType.hasStaticShape() || !indexType.hasStaticShape())
    return ctx.unsupported("dynamic shapes");
  int64_t rank = dataType.getRank(), indexRank = indexType.getRank();
  int64_t k = indexRank ? indexType.getDimSize(indexRank - 1) : -1;
  if (indexRank < 1 || k < 1 || k > rank)
    return ctx.invalid("indices must end in a dimension of size 1 to the rank of data");
  SmallVector<int64_t> updateShape(indexType.getShape().drop_back());
  updateShape.append(dataType.getShape().begin() + k, dataType.getShape().end());
  if (typeOf(updates).getShape() != ArrayRef<int64_t>(updateShape))
    return ctx.invalid("updates must have shape indices.shape[:-1] + data.shape[k:]");
  FailureOr<std::optional<ReduceKind>> kind = readReduction(ctx);
  if (failed(kind))
    return failure();
  indices = wrapIndicesND(b, loc, convert(b, loc, indices, b.getI64Type()),
                          dataType.getShape().take_front(k));
  SmallVector<int64_t> windowDims, leading = llvm::to_vector(llvm::seq<int64_t>(0, k));
  for (int64_t dim = indexRank - 1; dim < static_cast<int64_t>(updateShape.size()); ++dim)
    windowDims.push_back(dim);
  auto numbers = hlo::ScatterDimensionNumbersAttr::get(b.getContext(), windowDims, leading, {},
                                                       {}, leading, indexRank - 1);
  return single(scatter(ctx, data, indices, updates, numbers, *kind));
}

} // namespace

void registerScatterOps(LoweringTable &table) {
  table["Scatter"] = lowerScatterElements;
  table["ScatterElements"] = lowerScatterElements;
  table["ScatterND"] = lowerScatterND;
}

} // namespace oxla::onnx
