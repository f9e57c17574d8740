//===- DecomposeChloBroadcast.cpp - chlo.broadcast_* as stablehlo ---------===//
//
// See Passes.td. Each operand whose shape is not the result's becomes a
// stablehlo.broadcast_in_dim to the result's shape (its dimensions mapped
// as chlo::broadcastOperandDims says: broadcast_in_dim also stretches the
// size-1 dimensions); the op itself becomes the elementwise op of the same
// name, which has the same semantics on operands of one shape.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"

#include "compiler/Dialect/CHLO/IR/CHLO.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace oxla {
#define GEN_PASS_DEF_DECOMPOSECHLOBROADCAST
#include "compiler/Transforms/Passes.h.inc"
} // namespace oxla

using namespace mlir;
namespace hlo = oxla::stablehlo;
namespace chlo = oxla::chlo;

namespace {

/// `value` broadcast to `shape` (its element type kept); `explicitDims` are
/// the op's broadcast_dimensions.
Value broadcastTo(PatternRewriter &rewriter, Location loc, Value value,
                  RankedTensorType result,
                  std::optional<ArrayRef<int64_t>> explicitDims) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getShape() == result.getShape())
    return value;
  SmallVector<int64_t> dims =
      chlo::broadcastOperandDims(type.getRank(), result.getRank(), explicitDims);
  auto broadcastType = RankedTensorType::get(result.getShape(), type.getElementType());
  return rewriter.create<hlo::BroadcastInDimOp>(loc, broadcastType, value,
                                                rewriter.getDenseI64ArrayAttr(dims));
}

/// The operands of `op` broadcast to its result's shape, or failure when a
/// shape is not static.
FailureOr<SmallVector<Value>> broadcastOperands(Operation *op, PatternRewriter &rewriter) {
  auto result = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!result || !result.hasStaticShape())
    return failure();
  std::optional<ArrayRef<int64_t>> explicitDims;
  if (auto dims = op->getAttrOfType<DenseI64ArrayAttr>("broadcast_dimensions"))
    explicitDims = dims.asArrayRef();
  SmallVector<Value> operands;
  for (Value operand : op->getOperands()) {
    auto type = dyn_cast<RankedTensorType>(operand.getType());
    if (!type || !type.hasStaticShape())
      return failure();
    operands.push_back(broadcastTo(rewriter, op->getLoc(), operand, result, explicitDims));
  }
  return operands;
}

/// A chlo broadcasting op as the elementwise op `Target` on broadcast
/// operands (the attributes other than broadcast_dimensions carried over
/// by `makeAttrs`).
template <typename Source, typename Target>
struct DecomposeBroadcast : public OpRewritePattern<Source> {
  using OpRewritePattern<Source>::OpRewritePattern;

  LogicalResult matchAndRewrite(Source op, PatternRewriter &rewriter) const override {
    FailureOr<SmallVector<Value>> operands = broadcastOperands(op, rewriter);
    if (failed(operands))
      return rewriter.notifyMatchFailure(op, "needs static shapes");
    rewriter.replaceOpWithNewOp<Target>(op, op->getResultTypes(), *operands,
                                        attributes(op, rewriter));
    return success();
  }

  SmallVector<NamedAttribute> attributes(Source, PatternRewriter &) const { return {}; }
};

template <>
SmallVector<NamedAttribute>
DecomposeBroadcast<chlo::BroadcastCompareOp, hlo::CompareOp>::attributes(
    chlo::BroadcastCompareOp op, PatternRewriter &rewriter) const {
  // The enums have stablehlo's cases and values.
  MLIRContext *context = op.getContext();
  SmallVector<NamedAttribute> attrs{rewriter.getNamedAttr(
      "comparison_direction",
      hlo::ComparisonDirectionAttr::get(
          context, static_cast<hlo::ComparisonDirection>(op.getComparisonDirection())))};
  if (std::optional<chlo::ComparisonType> type = op.getCompareType())
    attrs.push_back(rewriter.getNamedAttr(
        "compare_type",
        hlo::ComparisonTypeAttr::get(context, static_cast<hlo::ComparisonType>(*type))));
  return attrs;
}

/// chlo.constant: a stablehlo.constant of the same value.
struct DecomposeConstant : public OpRewritePattern<chlo::ConstantOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(chlo::ConstantOp op, PatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<hlo::ConstantOp>(op, op.getValue());
    return success();
  }
};

/// chlo.constant_like: a splat stablehlo.constant of the operand's shape.
struct DecomposeConstantLike : public OpRewritePattern<chlo::ConstantLikeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(chlo::ConstantLikeOp op,
                                PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getResult().getType());
    if (!type.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "needs a static shape");
    if (!isa<IntegerAttr, FloatAttr>(op.getValue()))
      return rewriter.notifyMatchFailure(op, "needs an integer or float value");
    rewriter.replaceOpWithNewOp<hlo::ConstantOp>(
        op, DenseElementsAttr::get(type, ArrayRef<Attribute>{op.getValue()}));
    return success();
  }
};

struct DecomposeChloBroadcast
    : public oxla::impl::DecomposeChloBroadcastBase<DecomposeChloBroadcast> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    oxla::populateDecomposeChloBroadcastPatterns(patterns);
    GreedyRewriteConfig config;
    config.strictMode = GreedyRewriteStrictness::ExistingOps;
    config.enableRegionSimplification = GreedySimplifyRegionLevel::Disabled;
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (oxla::isChloBroadcastOp(op))
        ops.push_back(op);
    });
    if (failed(applyOpPatternsAndFold(ops, std::move(patterns), config)))
      return signalPassFailure();
  }
};

} // namespace

bool oxla::isChloBroadcastOp(Operation *op) {
  return op->hasTrait<chlo::OpTrait::Broadcasting>() ||
         isa<chlo::ConstantOp, chlo::ConstantLikeOp>(op);
}

LogicalResult oxla::decomposeChloBroadcastOps(ModuleOp module) {
  bool any = module
                 .walk([](Operation *op) {
                   return isChloBroadcastOp(op) ? WalkResult::interrupt()
                                                : WalkResult::advance();
                 })
                 .wasInterrupted();
  if (!any)
    return success();
  PassManager pm(module.getContext());
  pm.addPass(createDecomposeChloBroadcast());
  return pm.run(module);
}

void oxla::populateDecomposeChloBroadcastPatterns(RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<DecomposeBroadcast<chlo::BroadcastAddOp, hlo::AddOp>,
               DecomposeBroadcast<chlo::BroadcastAtan2Op, hlo::Atan2Op>,
               DecomposeBroadcast<chlo::BroadcastDivOp, hlo::DivOp>,
               DecomposeBroadcast<chlo::BroadcastMaxOp, hlo::MaxOp>,
               DecomposeBroadcast<chlo::BroadcastMinOp, hlo::MinOp>,
               DecomposeBroadcast<chlo::BroadcastMulOp, hlo::MulOp>,
               DecomposeBroadcast<chlo::BroadcastNextAfterOp, chlo::NextAfterOp>,
               DecomposeBroadcast<chlo::BroadcastPolygammaOp, chlo::PolygammaOp>,
               DecomposeBroadcast<chlo::BroadcastPowOp, hlo::PowOp>,
               DecomposeBroadcast<chlo::BroadcastRemOp, hlo::RemOp>,
               DecomposeBroadcast<chlo::BroadcastShiftLeftOp, hlo::ShiftLeftOp>,
               DecomposeBroadcast<chlo::BroadcastShiftRightArithmeticOp,
                                  hlo::ShiftRightArithmeticOp>,
               DecomposeBroadcast<chlo::BroadcastShiftRightLogicalOp,
                                  hlo::ShiftRightLogicalOp>,
               DecomposeBroadcast<chlo::BroadcastSubOp, hlo::SubtractOp>,
               DecomposeBroadcast<chlo::BroadcastZetaOp, chlo::ZetaOp>,
               DecomposeBroadcast<chlo::BroadcastAndOp, hlo::AndOp>,
               DecomposeBroadcast<chlo::BroadcastOrOp, hlo::OrOp>,
               DecomposeBroadcast<chlo::BroadcastXorOp, hlo::XorOp>,
               DecomposeBroadcast<chlo::BroadcastComplexOp, hlo::ComplexOp>,
               DecomposeBroadcast<chlo::BroadcastCompareOp, hlo::CompareOp>,
               DecomposeBroadcast<chlo::BroadcastSelectOp, hlo::SelectOp>,
               DecomposeConstant, DecomposeConstantLike>(context);
}
