//===- ElideResultCopies.cpp - Compute results in their out-parameters ----===//
//
// See Passes.td. (Upstream's buffer-results-to-out-params{hoist-static-
// allocs} does this too, but crashes in MLIR 19 on a function that returns
// one of its arguments.)
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Passes.h"

#include "mlir/IR/BuiltinOps.h"

namespace oxla {
#define GEN_PASS_DEF_ELIDERESULTCOPIES
#include "compiler/Codegen/Passes.h.inc"
} // namespace oxla

using namespace mlir;

namespace {

struct ElideResultCopies : public oxla::impl::ElideResultCopiesBase<ElideResultCopies> {
  void runOnOperation() override {
    getOperation().walk([](func::FuncOp function) {
      if (function.isExternal() || !function.getBody().hasOneBlock())
        return;
      Block &entry = function.getBody().front();
      auto ret = dyn_cast<func::ReturnOp>(entry.getTerminator());
      if (!ret)
        return;
      // The copies into out-parameters just before the return.
      for (Operation *op = ret->getPrevNode(); op;) {
        auto copy = dyn_cast<memref::CopyOp>(op);
        if (!copy)
          break;
        op = op->getPrevNode();
        auto target = dyn_cast<BlockArgument>(copy.getTarget());
        auto alloc = copy.getSource().getDefiningOp<memref::AllocOp>();
        if (!target || target.getOwner() != &entry || !alloc ||
            alloc->getBlock() != &entry || alloc.getType() != target.getType())
          continue;
        // The out-parameter is not read or written before the copy.
        if (llvm::any_of(target.getUsers(), [&](Operation *user) { return user != copy; }))
          continue;
        alloc.getResult().replaceAllUsesWith(target);
        copy->erase();
        alloc->erase();
      }
    });
  }
};

} // namespace
