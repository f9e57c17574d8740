//===- LossOps.cpp - ONNX NegativeLogLikelihoodLoss, SoftmaxCrossEntropyLoss ===//
//
// Both are plain computations (no training state): the class each target
// names is picked with a one-hot mask along the class axis (1), which also
// gives targets outside [0, C) (ignore_index) no weight.
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/ONNX/ops/Common.h"

using namespace mlir;

namespace oxla::onnx {
namespace {

/// NegativeLogLikelihoodLoss of input [N, C, d...] (log-probabilities) and
/// target [N, d...]: loss = -input[n, target, d...] * weight[target]
/// (weight 1 without one), 0 where the target is ignore_index; reduced by
/// `reduction` (none, sum, or mean: the sum over the sum of the weights).
FailureOr<Value> negativeLogLikelihood(NodeContext &ctx, Value input, Value target,
                                       Value weight) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  RankedTensorType type = typeOf(input);
  if (!type.hasStaticShape() || !typeOf(target).hasStaticShape())
    return ctx.unsupported("dynamic shapes");
  int64_t rank = type.getRank();
  if (rank < 2 || rankOf(target) != rank - 1)
    return ctx.invalid("needs input [N, C, d...] and target [N, d...]");
  std::string reduction = ctx.stringAttr("reduction", "mean");
  if (reduction != "none" && reduction != "sum" && reduction != "mean")
    return ctx.invalid("unknown reduction '" + reduction + "'");

  SmallVector<int64_t> targetDims{0};
  for (int64_t d = 2; d < rank; ++d)
    targetDims.push_back(d);
  Value targets = broadcastInDim(b, loc, target, type.getShape(), nullptr, targetDims);
  Value classes =
      b.create<hlo::IotaOp>(loc, RankedTensorType::get(type.getShape(), elementOf(target)), 1);
  Value hot = compare(b, loc, classes, targets, hlo::ComparisonDirection::EQ);
  Value zeros = splatLike(b, loc, input, 0);
  auto pick = [&](Value values) {
    Value masked = b.create<hlo::SelectOp>(loc, type, hot, values, zeros);
    return reduce(b, loc, masked, {1}, ReduceKind::Add);
  };
  Value picked = pick(input);
  Value weights = pick(weight ? broadcastInDim(b, loc, weight, type.getShape(), nullptr, {1})
                              : splatLike(b, loc, input, 1));
  if (const auto *ignore = ctx.attr("ignore_index")) {
    Value ignored = compare(b, loc, target, splatLike(b, loc, target, ignore->i()),
                            hlo::ComparisonDirection::EQ);
    weights = b.create<hlo::SelectOp>(loc, weights.getType(), ignored,
                                      splatLike(b, loc, weights, 0), weights);
  }
  Value loss = elementwise<hlo::NegOp>(b, loc, {elementwise<hlo::MulOp>(b, loc, {picked, weights})});
  if (reduction == "none")
    return loss;
  SmallVector<int64_t> all = llvm::to_vector(llvm::seq<int64_t>(0, rank - 1));
  Value total = reduce(b, loc, loss, all, ReduceKind::Add);
  if (reduction == "sum")
    return total;
  return elementwise<hlo::DivOp>(b, loc, {total, reduce(b, loc, weights, all, ReduceKind::Add)});
}

Results lowerNegativeLogLikelihoodLoss(NodeContext &ctx) {
  FailureOr<Value> loss =
      negativeLogLikelihood(ctx, ctx.input(0), ctx.input(1), ctx.input(2));
  if (failed(loss))
    return failure();
  return single(*loss);
}

/// SoftmaxCrossEntropyLoss: the log-softmax of the scores over the class
/// axis (the optional second output), then NegativeLogLikelihoodLoss.
Results lowerSoftmaxCrossEntropyLoss(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value scores = ctx.input(0);
  if (!typeOf(scores).hasStaticShape())
    return ctx.unsupported("dynamic shapes");
  if (rankOf(scores) < 2)
    return ctx.invalid("needs scores [N, C, d...]");
  Value max = keepReducedDims(b, loc, reduce(b, loc, scores, {1}, ReduceKind::Max), scores, {1});
  Value shifted = elementwise<hlo::SubtractOp>(
      b, loc, {scores, broadcastInDim(b, loc, max, typeOf(scores).getShape(), nullptr,
                                      llvm::to_vector(llvm::seq<int64_t>(0, rankOf(scores))))});
  Value sum = reduce(b, loc, elementwise<hlo::ExpOp>(b, loc, {shifted}), {1}, ReduceKind::Add);
  Value logSum = keepReducedDims(b, loc, elementwise<hlo::LogOp>(b, loc, {sum}), scores, {1});
  Value logProb = elementwise<hlo::SubtractOp>(
      b, loc, {shifted, broadcastInDim(b, loc, logSum, typeOf(scores).getShape(), nullptr,
                                       llvm::to_vector(llvm::seq<int64_t>(0, rankOf(scores))))});
  FailureOr<Value> loss = negativeLogLikelihood(ctx, logProb, ctx.input(1), ctx.input(2));
  if (failed(loss))
    return failure();
  return SmallVector<Value>{*loss, logProb};
}

} // namespace

void registerLossOps(LoweringTable &table) {
  table["NegativeLogLikelihoodLoss"] = lowerNegativeLogLikelihoodLoss;
  table["SoftmaxCrossEntropyLoss"] = lowerSoftmaxCrossEntropyLoss;
}

} // namespace oxla::onnx
