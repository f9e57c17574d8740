//===- PoisonTensorsToEmpty.cpp - Give poison tensors a buffer ------------===//
//
// See Passes.td. Runs after lift-cf-to-scf in the CPU pipeline.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/Builders.h"

namespace oxla {
#define GEN_PASS_DEF_POISONTENSORSTOEMPTY
#include "compiler/Transforms/Passes.h.inc"
} // namespace oxla

using namespace mlir;

namespace {

struct PoisonTensorsToEmpty
    : public oxla::impl::PoisonTensorsToEmptyBase<PoisonTensorsToEmpty> {
  void runOnOperation() override {
    getOperation().walk([](ub::PoisonOp poison) {
      auto type = dyn_cast<RankedTensorType>(poison.getType());
      if (!type || !type.hasStaticShape())
        return;
      OpBuilder builder(poison);
      Value empty = builder.create<tensor::EmptyOp>(poison.getLoc(), type.getShape(),
                                                    type.getElementType());
      poison.replaceAllUsesWith(empty);
      poison.erase();
    });
  }
};

} // namespace
