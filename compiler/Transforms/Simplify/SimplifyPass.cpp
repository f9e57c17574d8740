//===- SimplifyPass.cpp - The algebraic simplifier's driver ---------------===//
//
// See Passes.td (oxla-simplify). The pattern families live beside this
// file (Patterns.h); this file runs them with MLIR's greedy driver to a
// fixed point within a budget, merges common subexpressions, and counts
// the StableHLO ops before and after.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"
#include "compiler/Transforms/Simplify/Patterns.h"

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/Interfaces/FoldInterfaces.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace oxla {
#define GEN_PASS_DEF_SIMPLIFY
#include "compiler/Transforms/Passes.h.inc"
} // namespace oxla

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace {

/// The greedy driver gathers and deduplicates constants at the start of
/// the nearest region it materializes constants into: by default the
/// function body. This keeps each constant in the StableHLO region (while
/// body, reduce body, branch) it is written in.
struct KeepConstantsInRegions : public DialectFoldInterface {
  using DialectFoldInterface::DialectFoldInterface;
  bool shouldMaterializeInto(Region *) const final { return true; }
};

int64_t countStableHLOOps(Operation *root) {
  int64_t count = 0;
  root->walk([&](Operation *op) {
    if (isa_and_nonnull<hlo::StableHLODialect>(op->getDialect()))
      ++count;
  });
  return count;
}

struct Simplify : public oxla::impl::SimplifyBase<Simplify> {
  using SimplifyBase::SimplifyBase;

  void getDependentDialects(DialectRegistry &registry) const override {
    SimplifyBase::getDependentDialects(registry);
    registry.addExtension(+[](MLIRContext *, hlo::StableHLODialect *dialect) {
      if (!dialect->getRegisteredInterface<DialectFoldInterface>())
        dialect->addInterfaces<KeepConstantsInRegions>();
    });
  }

  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    oxla::simplify::populateConstantFoldingPatterns(set);
    oxla::simplify::populateIdentityPatterns(set);
    oxla::simplify::populateConvertChainPatterns(set);
    oxla::simplify::populateMovementChainPatterns(set);
    oxla::simplify::populateElementwiseMovementPatterns(set);
    oxla::simplify::populateTransposeSinkingPatterns(set);
    oxla::simplify::populateSliceAndPadPatterns(set);
    oxla::simplify::populateDotGeneralPatterns(set);
    oxla::simplify::populateReducePatterns(set);
    patterns = FrozenRewritePatternSet(std::move(set));
    return success();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    int64_t before = countStableHLOOps(module);
    GreedyRewriteConfig config;
    config.maxIterations = maxIterations;
    config.maxNumRewrites = maxRewrites;
    // Blocks and their arguments stay as written (region simplification
    // would merge the blocks of a function that lift-cf-to-scf reads).
    config.enableRegionSimplification = GreedySimplifyRegionLevel::Disabled;
    // Running out of the budget is no error: what was rewritten is exact.
    (void)applyPatternsAndFoldGreedily(module, patterns, config);
    // Common subexpressions, also of an op in a loop body or branch with
    // one outside it.
    if (oxla::simplify::eliminateCommonSubexpressions(module))
      (void)applyPatternsAndFoldGreedily(module, patterns, config);
    int64_t after = countStableHLOOps(module);
    opsBefore += before;
    opsAfter += after;
    if (report)
      module.emitRemark() << "oxla-simplify: " << before << " StableHLO ops before, "
                          << after << " after";
  }

  FrozenRewritePatternSet patterns;
};

} // namespace
