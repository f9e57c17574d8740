//===- NormalizationOps.cpp - ONNX normalizations and softmax -------------===//

#include "compiler/Import/ONNX/ops/Common.h"

using namespace mlir;

namespace oxla::onnx {
namespace {

/// A per-channel vector [C] broadcast along dimension 1 of `like`.
Value alongChannels(OpBuilder &b, Location loc, Value vector, Value like) {
  RankedTensorType type = typeOf(like);
  Value shape = type.hasStaticShape() ? Value() : shapeOf(b, loc, like);
  return broadcastInDim(b, loc, vector, type.getShape(), shape, {1});
}

/// BatchNormalization (inference): y = (x - mean) / sqrt(var + epsilon) *
/// scale + B, computed as x * a + c with a = scale / sqrt(var + epsilon) and
/// c = B - mean * a per channel.
Results lowerBatchNormalization(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  if (ctx.intAttr("training_mode", 0) != 0 ||
      (ctx.opset() < 7 && ctx.intAttr("is_test", 0) == 0))
    return ctx.unsupported("training mode");
  for (unsigned i = 1; i < ctx.numOutputs(); ++i)
    if (!ctx.node().output(i).empty())
      return ctx.unsupported("the running statistics outputs (training mode)");
  Value x = ctx.input(0), scale = ctx.input(1), bias = ctx.input(2), mean = ctx.input(3),
        variance = ctx.input(4);
  if (rankOf(x) < 2)
    return ctx.invalid("the input needs a channel dimension");
  for (Value v : {scale, bias, mean, variance})
    if (rankOf(v) != 1)
      return ctx.invalid("scale, B, mean and var must be vectors");
  Type element = elementOf(x);
  for (Value *v : {&scale, &bias, &mean, &variance})
    *v = convert(b, loc, *v, element);
  Value epsilon = splatLike(b, loc, variance, ctx.floatAttr("epsilon", 1e-5f));
  Value stddev = elementwise<hlo::SqrtOp>(b, loc, {elementwise<hlo::AddOp>(b, loc, {variance, epsilon})});
  Value factor = ctx.folded(elementwise<hlo::DivOp>(b, loc, {scale, stddev}));
  Value shift = ctx.folded(elementwise<hlo::SubtractOp>(
      b, loc, {bias, elementwise<hlo::MulOp>(b, loc, {mean, factor})}));
  Value y = elementwise<hlo::MulOp>(b, loc, {x, alongChannels(b, loc, factor, x)});
  return single(elementwise<hlo::AddOp>(b, loc, {y, alongChannels(b, loc, shift, x)}));
}

/// The mean of `x` over `dims`, kept as size-1 dimensions.
FailureOr<Value> meanOver(NodeContext &ctx, Value x, ArrayRef<int64_t> dims) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  RankedTensorType type = typeOf(x);
  int64_t count = 1;
  for (int64_t dim : dims) {
    if (type.isDynamicDim(dim)) {
      (void)ctx.unsupported("normalizing over a dynamic dimension");
      return failure();
    }
    count *= type.getDimSize(dim);
  }
  Value sum = reduce(b, loc, x, dims, ReduceKind::Add);
  Value mean = elementwise<hlo::DivOp>(b, loc, {sum, splatLike(b, loc, sum, count)});
  return keepReducedDims(b, loc, mean, x, dims);
}

/// `value` (with size-1 dimensions) broadcast to the shape of `like`.
Value broadcastLike(OpBuilder &b, Location loc, Value value, Value like) {
  RankedTensorType type = typeOf(like);
  Value shape = type.hasStaticShape() ? Value() : shapeOf(b, loc, like);
  return broadcastInDim(b, loc, value, type.getShape(), shape,
                        llvm::to_vector(llvm::seq<int64_t>(0, type.getRank())));
}

/// (x - mean) / sqrt(var + epsilon) over `dims`, with the mean and the
/// reciprocal standard deviation (size-1 dimensions where `dims` were).
FailureOr<std::tuple<Value, Value, Value>> standardize(NodeContext &ctx, Value x,
                                                       ArrayRef<int64_t> dims, double epsilon) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  FailureOr<Value> mean = meanOver(ctx, x, dims);
  if (failed(mean))
    return failure();
  Value centered = elementwise<hlo::SubtractOp>(b, loc, {x, broadcastLike(b, loc, *mean, x)});
  FailureOr<Value> variance =
      meanOver(ctx, elementwise<hlo::MulOp>(b, loc, {centered, centered}), dims);
  if (failed(variance))
    return failure();
  Value invStdDev = elementwise<hlo::RsqrtOp>(
      b, loc, {elementwise<hlo::AddOp>(b, loc, {*variance, splatLike(b, loc, *variance, epsilon)})});
  Value normalized =
      elementwise<hlo::MulOp>(b, loc, {centered, broadcastLike(b, loc, invStdDev, x)});
  return std::make_tuple(normalized, *mean, invStdDev);
}

/// LayerNormalization (opset 17): standardize over the dimensions from
/// `axis` on, then * Scale + B (broadcast); Mean and InvStdDev outputs keep
/// the normalized dimensions as size 1.
Results lowerLayerNormalization(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0);
  int64_t rank = rankOf(x);
  std::optional<int64_t> axis = normalizeAxis(ctx.intAttr("axis", -1), rank);
  if (!axis)
    return ctx.invalid("axis out of range");
  if (ctx.intAttr("stash_type", 1) != 1)
    return ctx.unsupported("stash_type other than float");
  SmallVector<int64_t> dims = llvm::to_vector(llvm::seq<int64_t>(*axis, rank));
  auto standardized = standardize(ctx, x, dims, ctx.floatAttr("epsilon", 1e-5f));
  if (failed(standardized))
    return failure();
  auto [y, mean, invStdDev] = *standardized;
  auto scaled = broadcastPair(ctx, y, ctx.input(1));
  if (failed(scaled))
    return failure();
  y = elementwise<hlo::MulOp>(b, loc, {scaled->first, scaled->second});
  if (ctx.hasInput(2)) {
    auto shifted = broadcastPair(ctx, y, ctx.input(2));
    if (failed(shifted))
      return failure();
    y = elementwise<hlo::AddOp>(b, loc, {shifted->first, shifted->second});
  }
  return SmallVector<Value>{y, mean, invStdDev};
}

/// InstanceNormalization: standardize each (batch, channel) over the
/// spatial dimensions, then * scale + B per channel.
Results lowerInstanceNormalization(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0);
  int64_t rank = rankOf(x);
  if (rank < 3)
    return ctx.invalid("the input needs spatial dimensions");
  SmallVector<int64_t> dims = llvm::to_vector(llvm::seq<int64_t>(2, rank));
  auto standardized = standardize(ctx, x, dims, ctx.floatAttr("epsilon", 1e-5f));
  if (failed(standardized))
    return failure();
  Value y = std::get<0>(*standardized);
  y = elementwise<hlo::MulOp>(b, loc, {y, alongChannels(b, loc, ctx.input(1), x)});
  return single(elementwise<hlo::AddOp>(b, loc, {y, alongChannels(b, loc, ctx.input(2), x)}));
}

/// The dimensions Softmax, LogSoftmax and Hardmax normalize over: before
/// opset 13 the input is seen as 2-d [before axis, from axis on] (axis 1 by
/// default); from 13 on, the one dimension `axis` (-1 by default).
FailureOr<SmallVector<int64_t>> softmaxDims(NodeContext &ctx, Value x) {
  int64_t rank = rankOf(x);
  bool coerced = ctx.opset() < 13;
  std::optional<int64_t> axis = normalizeAxis(ctx.intAttr("axis", coerced ? 1 : -1), std::max<int64_t>(rank, 1));
  if (!axis) {
    (void)ctx.invalid("axis out of range");
    return failure();
  }
  if (rank == 0)
    return SmallVector<int64_t>{};
  if (coerced)
    return llvm::to_vector(llvm::seq<int64_t>(*axis, rank));
  return SmallVector<int64_t>{*axis};
}

/// x - max(x) over `dims`, broadcast back.
Value shiftByMax(OpBuilder &b, Location loc, Value x, ArrayRef<int64_t> dims) {
  Value max = keepReducedDims(b, loc, reduce(b, loc, x, dims, ReduceKind::Max), x, dims);
  return elementwise<hlo::SubtractOp>(b, loc, {x, broadcastLike(b, loc, max, x)});
}

/// Softmax: exp(x - max) / sum(exp(x - max)).
Results lowerSoftmax(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0);
  FailureOr<SmallVector<int64_t>> dims = softmaxDims(ctx, x);
  if (failed(dims))
    return failure();
  Value exp = elementwise<hlo::ExpOp>(b, loc, {shiftByMax(b, loc, x, *dims)});
  Value sum = keepReducedDims(b, loc, reduce(b, loc, exp, *dims, ReduceKind::Add), x, *dims);
  return single(elementwise<hlo::DivOp>(b, loc, {exp, broadcastLike(b, loc, sum, x)}));
}

/// LogSoftmax: (x - max) - log(sum(exp(x - max))).
Results lowerLogSoftmax(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0);
  FailureOr<SmallVector<int64_t>> dims = softmaxDims(ctx, x);
  if (failed(dims))
    return failure();
  Value shifted = shiftByMax(b, loc, x, *dims);
  Value exp = elementwise<hlo::ExpOp>(b, loc, {shifted});
  Value sum = keepReducedDims(b, loc, reduce(b, loc, exp, *dims, ReduceKind::Add), x, *dims);
  Value logSum = elementwise<hlo::LogOp>(b, loc, {sum});
  return single(elementwise<hlo::SubtractOp>(b, loc, {shifted, broadcastLike(b, loc, logSum, x)}));
}

/// MeanVarianceNormalization (its function body in the spec): (X - E[X]) /
/// (sqrt(E[X^2] - E[X]^2) + 1e-9), the expectations over `axes` (default
/// [0, 2, 3]).
Results lowerMeanVarianceNormalization(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0);
  FailureOr<SmallVector<int64_t>> dims = normalizeAxes(
      ctx, ctx.intsAttr("axes").value_or(SmallVector<int64_t>{0, 2, 3}), rankOf(x));
  if (failed(dims))
    return failure();
  FailureOr<Value> mean = meanOver(ctx, x, *dims);
  if (failed(mean))
    return failure();
  FailureOr<Value> meanOfSquares = meanOver(ctx, elementwise<hlo::MulOp>(b, loc, {x, x}), *dims);
  if (failed(meanOfSquares))
    return failure();
  Value variance = elementwise<hlo::SubtractOp>(
      b, loc, {*meanOfSquares, elementwise<hlo::MulOp>(b, loc, {*mean, *mean})});
  Value stddev = elementwise<hlo::AddOp>(
      b, loc, {elementwise<hlo::SqrtOp>(b, loc, {variance}), splatLike(b, loc, variance, 1e-9)});
  Value centered = elementwise<hlo::SubtractOp>(b, loc, {x, broadcastLike(b, loc, *mean, x)});
  return single(elementwise<hlo::DivOp>(b, loc, {centered, broadcastLike(b, loc, stddev, x)}));
}

/// LRN: y = x / (bias + alpha / size * square_sum)^beta, square_sum the sum
/// of x^2 over the channels [c - floor((size-1)/2), c + ceil((size-1)/2)]
/// that exist: a reduce_window of size `size` along dimension 1, padded
/// with zeros.
Results lowerLRN(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value x = ctx.input(0);
  RankedTensorType type = typeOf(x);
  int64_t size = ctx.intAttr("size", 0);
  if (size < 1)
    return ctx.invalid("size must be positive");
  if (type.getRank() < 2)
    return ctx.invalid("the input needs a channel dimension");
  int64_t rank = type.getRank();
  Value squares = elementwise<hlo::MulOp>(b, loc, {x, x});
  SmallVector<int64_t> window(rank, 1), padding(2 * rank, 0);
  window[1] = size;
  padding[2] = (size - 1) / 2;
  padding[3] = size - 1 - (size - 1) / 2;
  Value windowSums = reduceSameWindow(b, loc, squares, window, padding, ReduceKind::Add);
  double alpha = ctx.floatAttr("alpha", 1e-4f), beta = ctx.floatAttr("beta", 0.75f),
         bias = ctx.floatAttr("bias", 1.0f);
  Value scaled = elementwise<hlo::MulOp>(
      b, loc, {windowSums, splatLike(b, loc, x, alpha / static_cast<double>(size))});
  Value base = elementwise<hlo::AddOp>(b, loc, {scaled, splatLike(b, loc, x, bias)});
  Value denominator = elementwise<hlo::PowOp>(b, loc, {base, splatLike(b, loc, x, beta)});
  return single(elementwise<hlo::DivOp>(b, loc, {x, denominator}));
}

} // namespace

void registerNormalizationOps(LoweringTable &table) {
  table["MeanVarianceNormalization"] = lowerMeanVarianceNormalization;
  table["LRN"] = lowerLRN;
  table["BatchNormalization"] = lowerBatchNormalization;
  table["LayerNormalization"] = lowerLayerNormalization;
  table["InstanceNormalization"] = lowerInstanceNormalization;
  table["Softmax"] = lowerSoftmax;
  table["LogSoftmax"] = lowerLogSoftmax;
}

} // namespace oxla::onnx
