//===- CloneCheapProducers.cpp - Private fills and broadcasts per consumer ===//
//
// See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Passes.h"

namespace oxla {
#define GEN_PASS_DEF_CLONECHEAPPRODUCERS
#include "compiler/Codegen/Passes.h.inc"
} // namespace oxla

using namespace mlir;

namespace {

/// A fill, or a generic that only moves input elements around.
bool isCheapToRecompute(Operation *op) {
  if (op->getNumResults() != 1 || !isa<RankedTensorType>(op->getResult(0).getType()))
    return false;
  if (isa<linalg::FillOp>(op))
    return true;
  auto generic = dyn_cast<linalg::GenericOp>(op);
  if (!generic || generic.getNumLoops() != generic.getNumParallelLoops())
    return false;
  Block &body = generic.getRegion().front();
  if (!llvm::hasSingleElement(body))
    return false;
  return llvm::all_of(body.getTerminator()->getOperands(), [&](Value value) {
    auto argument = dyn_cast<BlockArgument>(value);
    return argument && argument.getOwner() == &body &&
           argument.getArgNumber() < generic.getNumDpsInputs();
  });
}

/// Whether a clone for this use pays: it gives a linalg op a destination of
/// its own, or it fuses into an elementwise consumer. Not for a user in a
/// nested region (a loop body), where the clone would run every iteration.
bool wantsOwnCopy(OpOperand &use, Operation *producer) {
  auto consumer = dyn_cast<linalg::LinalgOp>(use.getOwner());
  if (!consumer || consumer->getBlock() != producer->getBlock())
    return false;
  if (consumer.isDpsInit(&use))
    return true;
  auto generic = dyn_cast<linalg::GenericOp>(use.getOwner());
  return generic && !oxla::isMultiplyAccumulate(generic);
}

struct CloneCheapProducers
    : public oxla::impl::CloneCheapProducersBase<CloneCheapProducers> {
  void runOnOperation() override {
    SmallVector<Operation *> producers;
    getOperation().walk([&](Operation *op) {
      if (isCheapToRecompute(op) && !op->getResult(0).hasOneUse())
        producers.push_back(op);
    });
    OpBuilder builder(&getContext());
    for (Operation *producer : producers) {
      SmallVector<OpOperand *> uses;
      for (OpOperand &use : producer->getResult(0).getUses())
        if (wantsOwnCopy(use, producer))
          uses.push_back(&use);
      for (OpOperand *use : uses) {
        // The producer's operands dominate it, and so every user of it.
        builder.setInsertionPoint(use->getOwner());
        use->set(builder.clone(*producer)->getResult(0));
      }
      if (producer->use_empty())
        producer->erase();
    }
  }
};

} // namespace
