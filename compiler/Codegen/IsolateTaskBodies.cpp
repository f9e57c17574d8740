//===- IsolateTaskBodies.cpp - Keep parallel loop bodies out of coroutines ===//
//
// See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Passes.h"

#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/IR/BuiltinOps.h"

namespace oxla {
#define GEN_PASS_DEF_ISOLATETASKBODIES
#include "compiler/Codegen/Passes.h.inc"
} // namespace oxla

using namespace mlir;

namespace {

struct IsolateTaskBodies : public oxla::impl::IsolateTaskBodiesBase<IsolateTaskBodies> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    auto noinline = ArrayAttr::get(context, {StringAttr::get(context, "noinline")});
    module.walk([&](async::ExecuteOp task) {
      task.getBodyRegion().walk([&](func::CallOp call) {
        auto callee = module.lookupSymbol<func::FuncOp>(call.getCalleeAttr());
        if (callee && !callee.isExternal())
          callee->setAttr("passthrough", noinline);
      });
    });
  }
};

} // namespace
