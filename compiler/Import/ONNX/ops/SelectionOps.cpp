//===- SelectionOps.cpp - ONNX TopK and Hardmax ---------------------------===//

#include "compiler/Import/ONNX/ops/Common.h"

using namespace mlir;

namespace oxla::onnx {
namespace {

/// The comparison type that orders `element` values: floats in total order
/// (NaN after +inf, as a stable sort needs a strict weak order).
hlo::ComparisonType orderOf(Type element) {
  if (isa<FloatType>(element))
    return hlo::ComparisonType::TOTALORDER;
  return element.isUnsignedInteger() || element.isInteger(1) ? hlo::ComparisonType::UNSIGNED
                                                             : hlo::ComparisonType::SIGNED;
}

/// TopK: the k largest (or smallest) elements along `axis`, in order, and
/// their indices (i64); equal values keep the lower index first, as a stable
/// sort of (x, iota) on x gives them. `sorted = 0` allows any order; the
/// sorted one is such an order.
Results lowerTopK(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0);
  RankedTensorType type = typeOf(x);
  if (!type.hasStaticShape())
    return ctx.unsupported("dynamic shapes");
  std::optional<int64_t> axis = normalizeAxis(ctx.intAttr("axis", -1), type.getRank());
  if (!axis)
    return ctx.invalid("axis out of range");
  int64_t k;
  if (ctx.opset() >= 10) {
    FailureOr<SmallVector<int64_t>> values = ctx.requireConstantInts(1, "K");
    if (failed(values))
      return failure();
    if (values->size() != 1)
      return ctx.invalid("K must hold one integer");
    k = values->front();
  } else {
    k = ctx.intAttr("k", -1);
  }
  if (k < 0 || k > type.getDimSize(*axis))
    return ctx.invalid("K = " + Twine(k) + " must be in [0, " + Twine(type.getDimSize(*axis)) +
                       "]");
  bool largest = ctx.intAttr("largest", 1) != 0;

  auto indexType = RankedTensorType::get(type.getShape(), b.getI64Type());
  Value iota = b.create<hlo::IotaOp>(loc, indexType, *axis);
  OperationState state(loc, hlo::SortOp::getOperationName());
  state.addOperands({x, iota});
  state.addTypes({type, indexType});
  state.addAttribute("dimension", b.getI64IntegerAttr(*axis));
  state.addAttribute("is_stable", b.getBoolAttr(true));
  Region *comparator = state.addRegion();
  {
    OpBuilder::InsertionGuard guard(b);
    auto scalar = RankedTensorType::get({}, type.getElementType());
    auto scalarIndex = RankedTensorType::get({}, b.getI64Type());
    Block *body = b.createBlock(comparator, {}, {scalar, scalar, scalarIndex, scalarIndex},
                                {loc, loc, loc, loc});
    Value compared = b.create<hlo::CompareOp>(
        loc, RankedTensorType::get({}, b.getI1Type()), body->getArgument(0),
        body->getArgument(1),
        hlo::ComparisonDirectionAttr::get(b.getContext(), largest ? hlo::ComparisonDirection::GT
                                                                  : hlo::ComparisonDirection::LT),
        hlo::ComparisonTypeAttr::get(b.getContext(), orderOf(type.getElementType())));
    b.create<hlo::ReturnOp>(loc, compared);
  }
  Operation *sort = b.create(state);
  SmallVector<int64_t> start(type.getRank(), 0), limit(type.getShape()), strides(type.getRank(), 1);
  limit[*axis] = k;
  SmallVector<Value> results;
  for (Value sorted : sort->getResults()) {
    SmallVector<int64_t> shape(typeOf(sorted).getShape());
    shape[*axis] = k;
    results.push_back(b.create<hlo::SliceOp>(loc, typeOf(sorted).clone(shape), sorted, start,
                                             limit, strides));
  }
  return results;
}

/// Hardmax: 1 at the first maximum along `axis` (opset 13; before, the
/// input is seen as a 2-D matrix split at `axis`, default 1), 0 elsewhere.
Results lowerHardmax(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0);
  RankedTensorType type = typeOf(x);
  if (!type.hasStaticShape())
    return ctx.unsupported("dynamic shapes");
  int64_t rank = type.getRank();
  bool coerced = ctx.opset() < 13;
  std::optional<int64_t> axis = normalizeAxis(ctx.intAttr("axis", coerced ? 1 : -1), rank);
  if (!axis)
    return ctx.invalid("axis out of range");
  Value input = x;
  int64_t dim = *axis;
  if (coerced) {
    int64_t outer = 1, inner = 1;
    for (int64_t d = 0; d < rank; ++d)
      (d < *axis ? outer : inner) *= type.getDimSize(d);
    input = reshape(b, loc, x, {outer, inner});
    dim = 1;
  }
  RankedTensorType inputType = typeOf(input);
  int64_t size = inputType.getDimSize(dim);
  Value max = keepReducedDims(b, loc, reduce(b, loc, input, {dim}, ReduceKind::Max), input, {dim});
  Value isMax = compare(b, loc, input, broadcastInDim(b, loc, max, inputType.getShape(), nullptr,
                                                      llvm::to_vector(llvm::seq<int64_t>(
                                                          0, inputType.getRank()))),
                        hlo::ComparisonDirection::EQ);
  auto indexType = RankedTensorType::get(inputType.getShape(), b.getI64Type());
  Value position = b.create<hlo::IotaOp>(loc, indexType, dim);
  Value candidates = b.create<hlo::SelectOp>(loc, indexType, isMax, position,
                                             splatLike(b, loc, position, double(size)));
  Value first = keepReducedDims(b, loc, reduce(b, loc, candidates, {dim}, ReduceKind::Min),
                                candidates, {dim});
  first = broadcastInDim(b, loc, first, inputType.getShape(), nullptr,
                         llvm::to_vector(llvm::seq<int64_t>(0, inputType.getRank())));
  Value hot = compare(b, loc, position, first, hlo::ComparisonDirection::EQ);
  Value result = b.create<hlo::SelectOp>(loc, inputType, hot, splatLike(b, loc, input, 1),
                                         splatLike(b, loc, input, 0));
  return single(coerced ? reshape(b, loc, result, type.getShape()) : result);
}

} // namespace

void registerSelectionOps(LoweringTable &table) {
  table["Hardmax"] = lowerHardmax;
  table["TopK"] = lowerTopK;
}

} // namespace oxla::onnx
