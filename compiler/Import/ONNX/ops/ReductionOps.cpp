//===- ReductionOps.cpp - ONNX Reduce* ------------------------------------===//
//
// The axes are an attribute before opset 13 (ReduceSum) or 18 (the others),
// an optional input after; no axes reduce every dimension unless
// noop_with_empty_axes. keepdims (default 1) keeps them as size 1.
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/ONNX/ops/Common.h"

using namespace mlir;

namespace oxla::onnx {
namespace {

enum class Reduction { Sum, Mean, Max, Min, Prod, L1, L2, LogSum, LogSumExp, SumSquare };

template <Reduction reduction>
Results lowerReduce(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0);
  int64_t rank = rankOf(x);
  bool axesInput = reduction == Reduction::Sum ? ctx.opset() >= 13 : ctx.opset() >= 18;
  std::optional<SmallVector<int64_t>> axes;
  if (axesInput) {
    if (ctx.hasInput(1)) {
      FailureOr<SmallVector<int64_t>> values = ctx.requireConstantInts(1, "axes");
      if (failed(values))
        return failure();
      axes = *values;
    }
  } else {
    axes = ctx.intsAttr("axes");
  }
  if (!axes || axes->empty()) {
    if (ctx.intAttr("noop_with_empty_axes", 0))
      return single(x);
    axes = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  }
  FailureOr<SmallVector<int64_t>> dims = normalizeAxes(ctx, *axes, rank);
  if (failed(dims))
    return failure();

  Value input = x;
  switch (reduction) {
  case Reduction::L1:
    input = elementwise<hlo::AbsOp>(b, loc, {x});
    break;
  case Reduction::L2:
  case Reduction::SumSquare:
    input = elementwise<hlo::MulOp>(b, loc, {x, x});
    break;
  default:
    break;
  }
  Value shifted;
  if (reduction == Reduction::LogSumExp) {
    // log(sum(exp(x - m))) + m with m the maximum, which keeps exp finite.
    Value max = keepReducedDims(b, loc, reduce(b, loc, x, *dims, ReduceKind::Max), x, *dims);
    RankedTensorType type = typeOf(x);
    shifted = broadcastInDim(b, loc, max, type.getShape(),
                             type.hasStaticShape() ? Value() : shapeOf(b, loc, x),
                             llvm::to_vector(llvm::seq<int64_t>(0, rank)));
    input = elementwise<hlo::ExpOp>(b, loc, {elementwise<hlo::SubtractOp>(b, loc, {x, shifted})});
    shifted = max;
  }
  ReduceKind kind = reduction == Reduction::Max    ? ReduceKind::Max
                    : reduction == Reduction::Min  ? ReduceKind::Min
                    : reduction == Reduction::Prod ? ReduceKind::Mul
                                                   : ReduceKind::Add;
  if (elementOf(x).isInteger(1))
    return ctx.unsupported("boolean inputs");
  Value result = reduce(b, loc, input, *dims, kind);
  switch (reduction) {
  case Reduction::Mean: {
    RankedTensorType type = typeOf(x);
    int64_t count = 1;
    for (int64_t dim : *dims) {
      if (type.isDynamicDim(dim))
        return ctx.unsupported("the mean over a dynamic dimension");
      count *= type.getDimSize(dim);
    }
    result = elementwise<hlo::DivOp>(b, loc, {result, splatLike(b, loc, result, count)});
    break;
  }
  case Reduction::L2:
    result = elementwise<hlo::SqrtOp>(b, loc, {result});
    break;
  case Reduction::LogSum:
  case Reduction::LogSumExp:
    result = elementwise<hlo::LogOp>(b, loc, {result});
    break;
  default:
    break;
  }
  if (ctx.intAttr("keepdims", 1))
    result = keepReducedDims(b, loc, result, x, *dims);
  if (reduction == Reduction::LogSumExp) {
    Value max = ctx.intAttr("keepdims", 1) ? shifted : reshape(b, loc, shifted, typeOf(result).getShape());
    result = elementwise<hlo::AddOp>(b, loc, {result, max});
  }
  return single(result);
}

/// ArgMax / ArgMin: the index (i64) of the first (or, with
/// select_last_index, last) extreme along `axis`: a two-operand reduce of
/// (value, index) pairs.
template <bool isMax>
Results lowerArgExtreme(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0);
  RankedTensorType type = typeOf(x);
  std::optional<int64_t> axis = normalizeAxis(ctx.intAttr("axis", 0), type.getRank());
  if (!axis)
    return ctx.invalid("axis out of range");
  if (!type.hasStaticShape())
    return ctx.unsupported("dynamic shapes");
  bool last = ctx.intAttr("select_last_index", 0);
  Type element = type.getElementType();
  Type indexElement = b.getI64Type();
  Value indices = b.create<hlo::IotaOp>(loc, type.clone(indexElement), *axis);
  SmallVector<int64_t> shape(type.getShape());
  shape.erase(shape.begin() + *axis);
  Value valueInit = reduceInit(b, loc, isMax ? ReduceKind::Max : ReduceKind::Min, element);
  Value indexInit = scalarConstant(b, loc, indexElement, 0);
  auto op = b.create<hlo::ReduceOp>(
      loc, TypeRange{type.clone(shape), type.clone(shape).clone(indexElement)},
      ValueRange{x, indices}, ValueRange{valueInit, indexInit},
      b.getDenseI64ArrayAttr({*axis}));
  auto scalar = RankedTensorType::get({}, element), indexScalar = RankedTensorType::get({}, indexElement);
  Block *body = b.createBlock(&op.getBody(), {}, {scalar, indexScalar, scalar, indexScalar},
                              {loc, loc, loc, loc});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(body);
    Value lhs = body->getArgument(0), lhsIndex = body->getArgument(1);
    Value rhs = body->getArgument(2), rhsIndex = body->getArgument(3);
    // Strictly better wins; on a tie the smaller (or larger) index. NaN is
    // the extreme, as in numpy.
    Value better = compare(b, loc, lhs, rhs,
                           isMax ? hlo::ComparisonDirection::GT : hlo::ComparisonDirection::LT);
    if (isa<FloatType>(element))
      better = elementwise<hlo::OrOp>(
          b, loc, {better, compare(b, loc, lhs, lhs, hlo::ComparisonDirection::NE)});
    Value equal = compare(b, loc, lhs, rhs, hlo::ComparisonDirection::EQ);
    Value indexWins = compare(b, loc, lhsIndex, rhsIndex,
                              last ? hlo::ComparisonDirection::GT : hlo::ComparisonDirection::LT);
    Value pickLhs = elementwise<hlo::OrOp>(
        b, loc, {better, elementwise<hlo::AndOp>(b, loc, {equal, indexWins})});
    Value rhsNan = isa<FloatType>(element)
                       ? compare(b, loc, rhs, rhs, hlo::ComparisonDirection::NE)
                       : Value();
    if (rhsNan) {
      Value lhsNan = compare(b, loc, lhs, lhs, hlo::ComparisonDirection::NE);
      Value notLhsNan = elementwise<hlo::NotOp>(b, loc, {lhsNan});
      pickLhs = elementwise<hlo::AndOp>(
          b, loc, {pickLhs, elementwise<hlo::NotOp>(b, loc, {elementwise<hlo::AndOp>(b, loc, {rhsNan, notLhsNan})})});
    }
    Value value = b.create<hlo::SelectOp>(loc, scalar, pickLhs, lhs, rhs);
    Value index = b.create<hlo::SelectOp>(loc, indexScalar, pickLhs, lhsIndex, rhsIndex);
    b.create<hlo::ReturnOp>(loc, ValueRange{value, index});
  }
  b.setInsertionPointAfter(op);
  Value result = op.getResult(1);
  if (ctx.intAttr("keepdims", 1))
    result = keepReducedDims(b, loc, result, x, {*axis});
  return single(result);
}

/// CumSum: running sums along `axis` (an input), each including its own
/// element unless `exclusive`, from the end when `reverse`: a reduce_window
/// of the whole axis padded in front, so window i sums elements [0, i].
Results lowerCumSum(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0);
  RankedTensorType type = typeOf(x);
  if (!type.hasStaticShape())
    return ctx.unsupported("dynamic shapes");
  FailureOr<SmallVector<int64_t>> axisValues = ctx.requireConstantInts(1, "axis");
  if (failed(axisValues))
    return failure();
  int64_t rank = type.getRank();
  std::optional<int64_t> axis =
      axisValues->size() == 1 ? normalizeAxis(axisValues->front(), rank) : std::nullopt;
  if (!axis)
    return ctx.invalid("axis must be one integer in [-rank, rank)");
  int64_t size = type.getDimSize(*axis);
  if (size == 0)
    return single(x);
  bool reverse = ctx.intAttr("reverse", 0) != 0;
  Value input = x;
  if (reverse)
    input = b.create<hlo::ReverseOp>(loc, type, input, ArrayRef<int64_t>{*axis});
  if (ctx.intAttr("exclusive", 0)) {
    // Shifted by one: element i sums [0, i).
    SmallVector<int64_t> low(rank, 0), high(rank, 0), interior(rank, 0);
    low[*axis] = 1;
    high[*axis] = -1;
    input = b.create<hlo::PadOp>(loc, type, input, scalarConstant(b, loc, type.getElementType(), 0),
                                 low, high, interior);
  }
  SmallVector<int64_t> window(rank, 1), padding(2 * rank, 0);
  window[*axis] = size;
  padding[2 * *axis] = size - 1;
  Value sums = reduceSameWindow(b, loc, input, window, padding, ReduceKind::Add);
  if (reverse)
    sums = b.create<hlo::ReverseOp>(loc, type, sums, ArrayRef<int64_t>{*axis});
  return single(sums);
}

} // namespace

void registerReductionOps(LoweringTable &table) {
  table["ReduceSum"] = lowerReduce<Reduction::Sum>;
  table["ReduceMean"] = lowerReduce<Reduction::Mean>;
  table["ReduceMax"] = lowerReduce<Reduction::Max>;
  table["ReduceMin"] = lowerReduce<Reduction::Min>;
  table["ReduceProd"] = lowerReduce<Reduction::Prod>;
  table["ReduceL1"] = lowerReduce<Reduction::L1>;
  table["ReduceL2"] = lowerReduce<Reduction::L2>;
  table["ReduceLogSum"] = lowerReduce<Reduction::LogSum>;
  table["ReduceLogSumExp"] = lowerReduce<Reduction::LogSumExp>;
  table["ReduceSumSquare"] = lowerReduce<Reduction::SumSquare>;
  table["ArgMax"] = lowerArgExtreme<true>;
  table["ArgMin"] = lowerArgExtreme<false>;
  table["CumSum"] = lowerCumSum;
}

} // namespace oxla::onnx
