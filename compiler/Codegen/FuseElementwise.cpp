//===- FuseElementwise.cpp - linalg elementwise fusion, sparing contractions ===//
//
// See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace oxla {
#define GEN_PASS_DEF_FUSEELEMENTWISE
#include "compiler/Codegen/Passes.h.inc"
} // namespace oxla

using namespace mlir;

bool oxla::isMultiplyAccumulate(linalg::GenericOp op) {
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
      op.getNumReductionLoops() == 0)
    return false;
  Block &body = op.getRegion().front();
  if (body.getOperations().size() != 3)
    return false;
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  Operation *add = yield.getValues()[0].getDefiningOp();
  if (!add || !isa<arith::AddFOp, arith::AddIOp>(add))
    return false;
  Value out = body.getArgument(2);
  Value product = add->getOperand(0) == out ? add->getOperand(1) : add->getOperand(0);
  if (add->getOperand(0) != out && add->getOperand(1) != out)
    return false;
  Operation *mul = product.getDefiningOp();
  if (!mul || !isa<arith::MulFOp, arith::MulIOp>(mul))
    return false;
  return (mul->getOperand(0) == body.getArgument(0) &&
          mul->getOperand(1) == body.getArgument(1)) ||
         (mul->getOperand(0) == body.getArgument(1) &&
          mul->getOperand(1) == body.getArgument(0));
}

namespace {

struct FuseElementwise : public oxla::impl::FuseElementwiseBase<FuseElementwise> {
  void runOnOperation() override {
    // Chains first, each in one step; the patterns then fuse across
    // broadcasts, transposes and reshapes.
    oxla::fuseElementwiseClusters(getOperation());
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    linalg::ControlFusionFn control = [](OpOperand *fusedOperand) {
      Operation *producer = fusedOperand->get().getDefiningOp();
      auto consumer = dyn_cast<linalg::GenericOp>(fusedOperand->getOwner());
      if (!producer || (consumer && oxla::isMultiplyAccumulate(consumer)))
        return false;
      // A producer with other users would be computed twice.
      return producer->hasOneUse();
    };
    // What linalg-fuse-elementwise-ops runs, with this control.
    linalg::populateElementwiseOpsFusionPatterns(patterns, control);
    linalg::populateFoldReshapeOpsByExpansionPatterns(patterns, control);
    linalg::populateConstantFoldLinalgOperations(patterns, control);
    affine::AffineApplyOp::getCanonicalizationPatterns(patterns, context);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, context);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, context);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, context);
    context->getLoadedDialect<linalg::LinalgDialect>()->getCanonicalizationPatterns(patterns);
    if (failed(applyPatternsAndFoldGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
