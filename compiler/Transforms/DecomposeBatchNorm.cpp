//===- DecomposeBatchNorm.cpp - batch_norm_* as elementwise ops and reduces ==//
//
// See Passes.td. The arithmetic is the interpreter's
// (interpreter/ops/LinalgEvaluators.cpp), so compiled and interpreted
// results agree: everything in f64, the per-feature means (training)
// rounded to the element type as the spec's compute_mean rounds them, each
// result rounded once.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace oxla {
#define GEN_PASS_DEF_DECOMPOSEBATCHNORM
#include "compiler/Transforms/Passes.h.inc"
} // namespace oxla

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace {

/// Builds the decomposition of one op: values in f64, shaped like the
/// operand or like one feature vector.
class BatchNormBuilder {
public:
  BatchNormBuilder(PatternRewriter &rewriter, Location loc, RankedTensorType operandType,
                   int64_t featureIndex)
      : b(rewriter), loc(loc), operandType(operandType), featureIndex(featureIndex) {
    wide = operandType.clone(b.getF64Type());
    feature = RankedTensorType::get({operandType.getDimSize(featureIndex)}, b.getF64Type());
    count = operandType.getNumElements() / std::max<int64_t>(1, operandType.getDimSize(featureIndex));
  }

  static bool supports(RankedTensorType type, int64_t featureIndex) {
    return type && type.hasStaticShape() && isa<FloatType>(type.getElementType()) &&
           featureIndex >= 0 && featureIndex < type.getRank();
  }

  Value toWide(Value value) {
    auto type = cast<RankedTensorType>(value.getType());
    return b.create<hlo::ConvertOp>(loc, type.clone(b.getF64Type()), value);
  }
  Value toElementType(Value value) {
    auto type = cast<RankedTensorType>(value.getType());
    return b.create<hlo::ConvertOp>(loc, type.clone(operandType.getElementType()), value);
  }
  /// `value` rounded to the element type and widened again.
  Value rounded(Value value) { return toWide(toElementType(value)); }

  Value scalar(double value, RankedTensorType type) {
    return b.create<hlo::ConstantOp>(loc, DenseElementsAttr::get(type, value));
  }
  /// The epsilon attribute as a constant of the element type, widened.
  Value epsilon(APFloat value, RankedTensorType type) {
    bool lost;
    value.convert(cast<FloatType>(operandType.getElementType()).getFloatSemantics(),
                  APFloat::rmNearestTiesToEven, &lost);
    return scalar(value.convertToDouble(), type);
  }

  /// A feature vector broadcast along the operand's feature dimension.
  Value spread(Value vector) {
    return b.create<hlo::BroadcastInDimOp>(loc, wide, vector,
                                           b.getDenseI64ArrayAttr({featureIndex}));
  }

  /// The sum over every dimension but the feature one.
  Value sumPerFeature(Value value) {
    SmallVector<int64_t> dimensions;
    for (int64_t d = 0; d < operandType.getRank(); ++d)
      if (d != featureIndex)
        dimensions.push_back(d);
    auto scalarType = RankedTensorType::get({}, b.getF64Type());
    Value zero = scalar(0.0, scalarType);
    auto reduce = b.create<hlo::ReduceOp>(loc, TypeRange{feature}, ValueRange{value},
                                          ValueRange{zero},
                                          b.getDenseI64ArrayAttr(dimensions));
    Block *body = b.createBlock(&reduce.getBody(), {}, {scalarType, scalarType}, {loc, loc});
    Value sum = b.create<hlo::AddOp>(loc, scalarType, body->getArgument(0),
                                     body->getArgument(1));
    b.create<hlo::ReturnOp>(loc, sum);
    b.setInsertionPointAfter(reduce);
    return reduce.getResult(0);
  }

  Value add(Value x, Value y) { return b.create<hlo::AddOp>(loc, x.getType(), x, y); }
  Value sub(Value x, Value y) { return b.create<hlo::SubtractOp>(loc, x.getType(), x, y); }
  Value mul(Value x, Value y) { return b.create<hlo::MulOp>(loc, x.getType(), x, y); }
  Value div(Value x, Value y) { return b.create<hlo::DivOp>(loc, x.getType(), x, y); }
  Value sqrt(Value x) { return b.create<hlo::SqrtOp>(loc, x.getType(), x); }

  /// (x - mean) / sqrt(variance + epsilon) * scale + offset, operand-shaped.
  Value normalize(Value x, Value scale, Value offset, Value mean, Value variance,
                  APFloat epsilonValue) {
    Value stddev = sqrt(add(variance, epsilon(epsilonValue, feature)));
    Value normalized = div(sub(x, spread(mean)), spread(stddev));
    return add(mul(normalized, spread(scale)), spread(offset));
  }

  PatternRewriter &b;
  Location loc;
  RankedTensorType operandType, wide, feature;
  int64_t featureIndex, count;
};

SmallVector<Value> decompose(hlo::BatchNormInferenceOp op, BatchNormBuilder &b) {
  Value result = b.normalize(b.toWide(op.getOperand()), b.toWide(op.getScale()),
                             b.toWide(op.getOffset()), b.toWide(op.getMean()),
                             b.toWide(op.getVariance()), op.getEpsilon());
  return {b.toElementType(result)};
}

SmallVector<Value> decompose(hlo::BatchNormTrainingOp op, BatchNormBuilder &b) {
  Value x = b.toWide(op.getOperand());
  Value n = b.scalar(static_cast<double>(b.count), b.feature);
  // The spec's compute_mean: a sum, a divide, in the element type.
  Value mean = b.rounded(b.div(b.sumPerFeature(x), n));
  Value centered = b.sub(x, b.spread(mean));
  Value variance = b.rounded(b.div(b.sumPerFeature(b.mul(centered, centered)), n));
  Value output = b.normalize(x, b.toWide(op.getScale()), b.toWide(op.getOffset()), mean,
                             variance, op.getEpsilon());
  return {b.toElementType(output), b.toElementType(mean), b.toElementType(variance)};
}

/// XLA's batchnorm expander, which the spec adopts:
///   grad_operand = scale / stddev / N * (N * grad_output - sum(grad_output)
///                  - sum(grad_output * centered) * centered / (variance + eps)),
///   grad_scale = sum(grad_output * centered / stddev),
///   grad_offset = sum(grad_output).
SmallVector<Value> decompose(hlo::BatchNormGradOp op, BatchNormBuilder &b) {
  Value x = b.toWide(op.getOperand()), gradOutput = b.toWide(op.getGradOutput());
  Value scale = b.toWide(op.getScale()), mean = b.toWide(op.getMean());
  Value varianceEps = b.add(b.toWide(op.getVariance()), b.epsilon(op.getEpsilon(), b.feature));
  Value stddev = b.sqrt(varianceEps);
  Value centered = b.sub(x, b.spread(mean));
  Value sumGrad = b.sumPerFeature(gradOutput);
  Value sumGradCentered = b.sumPerFeature(b.mul(gradOutput, centered));
  Value gradScale = b.sumPerFeature(b.mul(gradOutput, b.div(centered, b.spread(stddev))));
  Value n = b.scalar(static_cast<double>(b.count), b.wide);
  Value inner = b.sub(b.sub(b.mul(gradOutput, n), b.spread(sumGrad)),
                      b.div(b.mul(b.spread(sumGradCentered), centered),
                            b.spread(varianceEps)));
  Value factor = b.div(b.div(b.spread(scale), b.spread(stddev)), n);
  Value gradOperand = b.mul(factor, inner);
  return {b.toElementType(gradOperand), b.toElementType(gradScale),
          b.toElementType(sumGrad)};
}

/// The checks and setup every batch_norm op shares; `decompose` builds the
/// replacement.
template <typename OpTy> struct DecomposeBatchNormOp : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op, PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getOperand().getType());
    int64_t featureIndex = static_cast<int64_t>(op.getFeatureIndex());
    if (!BatchNormBuilder::supports(type, featureIndex))
      return rewriter.notifyMatchFailure(op, "needs a static float operand");
    BatchNormBuilder b(rewriter, op.getLoc(), type, featureIndex);
    rewriter.replaceOp(op, decompose(op, b));
    return success();
  }
};

struct DecomposeBatchNorm : public oxla::impl::DecomposeBatchNormBase<DecomposeBatchNorm> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    oxla::populateDecomposeBatchNormPatterns(patterns);
    // Only the batch_norm ops are rewritten; nothing else moves or folds.
    GreedyRewriteConfig config;
    config.strictMode = GreedyRewriteStrictness::ExistingOps;
    config.enableRegionSimplification = GreedySimplifyRegionLevel::Disabled;
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<hlo::BatchNormInferenceOp, hlo::BatchNormTrainingOp, hlo::BatchNormGradOp>(op))
        ops.push_back(op);
    });
    if (failed(applyOpPatternsAndFold(ops, std::move(patterns), config)))
      return signalPassFailure();
  }
};

} // namespace

void oxla::populateDecomposeBatchNormPatterns(RewritePatternSet &patterns) {
  patterns.add<DecomposeBatchNormOp<hlo::BatchNormInferenceOp>,
               DecomposeBatchNormOp<hlo::BatchNormTrainingOp>,
               DecomposeBatchNormOp<hlo::BatchNormGradOp>>(patterns.getContext());
}
