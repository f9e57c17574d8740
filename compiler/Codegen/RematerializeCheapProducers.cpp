//===- RematerializeCheapProducers.cpp - Recompute instead of keeping ------===//
//
// See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace oxla {
#define GEN_PASS_DEF_REMATERIALIZECHEAPPRODUCERS
#include "compiler/Codegen/Passes.h.inc"
} // namespace oxla

using namespace mlir;

namespace {

/// The most ops (the yield aside) an elementwise body may have to count as
/// cheap to compute again.
constexpr size_t kCheapBodyOps = 4;

/// Whether `value` costs no memory to keep: an argument of the function,
/// a constant or an empty tensor.
bool isFree(Value value) {
  if (auto argument = dyn_cast<BlockArgument>(value))
    return isa<func::FuncOp>(argument.getOwner()->getParentOp());
  Operation *producer = value.getDefiningOp();
  return producer &&
         (producer->hasTrait<OpTrait::ConstantLike>() || isa<tensor::EmptyOp>(producer));
}

/// A fill, or a generic with parallel loops only whose body is a few pure
/// scalar ops (broadcasts, transposes, iotas, cheap elementwise ops), of
/// free operands: computing it again costs no memory but its result's.
bool isRematerializable(Operation *op) {
  if (op->getNumResults() != 1 || !isa<RankedTensorType>(op->getResult(0).getType()) ||
      !llvm::all_of(op->getOperands(), isFree))
    return false;
  if (isa<linalg::FillOp>(op))
    return true;
  auto generic = dyn_cast<linalg::GenericOp>(op);
  if (!generic || generic.getNumLoops() != generic.getNumParallelLoops())
    return false;
  Block &body = generic.getRegion().front();
  if (body.getOperations().size() > kCheapBodyOps + 1)
    return false;
  return llvm::all_of(body.without_terminator(), [](Operation &inner) {
    return inner.getNumRegions() == 0 && isPure(&inner);
  });
}

struct RematerializeCheapProducers
    : public oxla::impl::RematerializeCheapProducersBase<RematerializeCheapProducers> {
  void runOnOperation() override {
    SmallVector<Operation *> producers;
    getOperation().walk([&](func::FuncOp function) {
      function.walk([&](Operation *op) {
        if (isRematerializable(op) && !op->getResult(0).hasOneUse())
          producers.push_back(op);
      });
    });
    OpBuilder builder(&getContext());
    for (Operation *producer : producers) {
      Block *block = producer->getBlock();
      // The users, by the op of the producer's block they are in.
      llvm::MapVector<Operation *, SmallVector<OpOperand *>> byUser;
      for (OpOperand &use : producer->getResult(0).getUses())
        if (Operation *user = block->findAncestorOpInBlock(*use.getOwner()))
          byUser[user].push_back(&use);
      if (byUser.size() < 2)
        continue;
      SmallVector<Operation *> users;
      for (auto &entry : byUser)
        users.push_back(entry.first);
      llvm::sort(users, [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
      // The first user keeps the producer; each later one computes it again
      // right before itself, so that it is not kept live in between.
      for (Operation *user : llvm::drop_begin(users)) {
        // Before the fills that only this user reads too (a product's
        // accumulator): the fill stays next to its product, which the
        // buffer plan then places over the fill's buffer, as it does when
        // nothing is recomputed.
        Operation *at = user;
        while (Operation *previous = at->getPrevNode()) {
          if (!isa<linalg::FillOp>(previous) ||
              !llvm::all_of(previous->getUsers(), [&](Operation *reader) {
                return block->findAncestorOpInBlock(*reader) == user;
              }))
            break;
          at = previous;
        }
        builder.setInsertionPoint(at);
        Value copy = builder.clone(*producer)->getResult(0);
        for (OpOperand *use : byUser[user])
          use->set(copy);
      }
    }
  }
};

} // namespace
