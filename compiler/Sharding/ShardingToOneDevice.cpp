//===- ShardingToOneDevice.cpp - Sharding constructs on one device -------===//
//
// --oxla-sharding-to-one-device (Passes.td): after it, a one-device program
// has no sdy ops, no sharding custom calls and no sharding attributes, so the
// CPU pipeline lowers it like any other program.
//
//===----------------------------------------------------------------------===//

#include "compiler/Sharding/Passes.h"

#include "compiler/Dialect/SDY/IR/SDY.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "compiler/Sharding/OneDevice.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace oxla {
#define GEN_PASS_DEF_SHARDINGTOONEDEVICE
#include "compiler/Sharding/Passes.h.inc"
} // namespace oxla

using namespace mlir;
using namespace oxla;

namespace {

/// Moves the body of a region op before it: block arguments become the
/// operands, results the returned values. On one device a manual
/// computation's local types are its global types, so they must agree.
LogicalResult inlineBody(Operation *op, Region &body) {
  Block &block = body.front();
  for (auto [arg, operand] : llvm::zip(block.getArguments(), op->getOperands())) {
    if (arg.getType() != operand.getType())
      return op->emitOpError() << "body argument type " << arg.getType()
                               << " differs from the operand type " << operand.getType()
                               << " on one device";
    arg.replaceAllUsesWith(operand);
  }
  Operation *terminator = block.getTerminator();
  for (auto [result, value] : llvm::zip(op->getResults(), terminator->getOperands())) {
    if (result.getType() != value.getType())
      return op->emitOpError() << "body returns " << value.getType() << " for a result of type "
                               << result.getType() << " on one device";
    result.replaceAllUsesWith(value);
  }
  terminator->erase();
  op->getBlock()->getOperations().splice(op->getIterator(), block.getOperations());
  op->erase();
  return success();
}

/// Replaces each result by the operand at the same position.
LogicalResult forwardOperands(Operation *op) {
  if (op->getNumOperands() != op->getNumResults())
    return op->emitOpError() << "has " << op->getNumOperands() << " operands and "
                             << op->getNumResults()
                             << " results; it is not an identity on one device";
  for (auto [result, operand] : llvm::zip(op->getResults(), op->getOperands())) {
    if (result.getType() != operand.getType())
      return op->emitOpError() << "changes the type " << operand.getType() << " to "
                               << result.getType() << ", which one device cannot do";
    result.replaceAllUsesWith(operand);
  }
  op->erase();
  return success();
}

bool isShardingAttr(StringRef name) {
  return name.starts_with("sdy.") || name == "mhlo.sharding";
}

void stripShardingAttrs(Operation *op) {
  SmallVector<StringAttr> names;
  for (NamedAttribute attr : op->getDiscardableAttrs())
    if (isShardingAttr(attr.getName()))
      names.push_back(attr.getName());
  for (StringAttr name : names)
    op->removeAttr(name);
  auto func = dyn_cast<FunctionOpInterface>(op);
  if (!func)
    return;
  for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
    for (NamedAttribute attr : func.getArgAttrs(i))
      if (isShardingAttr(attr.getName()))
        func.removeArgAttr(i, attr.getName());
  for (unsigned i = 0, e = func.getNumResults(); i < e; ++i)
    for (NamedAttribute attr : func.getResultAttrs(i))
      if (isShardingAttr(attr.getName()))
        func.removeResultAttr(i, attr.getName());
}

struct ShardingToOneDevicePass
    : public oxla::impl::ShardingToOneDeviceBase<ShardingToOneDevicePass> {
  using ShardingToOneDeviceBase::ShardingToOneDeviceBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!ignoreDeviceCount && failed(sharding::checkRunsOnOneDevice(module)))
      return signalPassFailure();
    SmallVector<Operation *> ops;
    module.walk<WalkOrder::PostOrder>([&](Operation *op) { ops.push_back(op); });
    for (Operation *op : ops) {
      LogicalResult result = success();
      if (isa<sdy::ShardingConstraintOp, sdy::ReshardOp, sdy::PropagationBarrierOp,
              sdy::DataFlowEdgeOp, sdy::AllGatherOp, sdy::AllSliceOp, sdy::AllToAllOp,
              sdy::CollectivePermuteOp, sdy::AllReduceOp, sdy::ReduceScatterOp>(op)) {
        // Collectives over size-1 axes move nothing; an all-reduce of one
        // partial value is that value.
        result = forwardOperands(op);
      } else if (isa<sdy::ShardingGroupOp, sdy::MeshOp>(op)) {
        op->erase();
      } else if (auto constant = dyn_cast<sdy::ConstantOp>(op)) {
        OpBuilder builder(op);
        auto replacement = builder.create<stablehlo::ConstantOp>(
            op->getLoc(), constant.getValue());
        constant.getResult().replaceAllUsesWith(replacement.getResult());
        op->erase();
      } else if (auto named = dyn_cast<sdy::NamedComputationOp>(op)) {
        result = inlineBody(op, named.getBody());
      } else if (auto manual = dyn_cast<sdy::ManualComputationOp>(op)) {
        result = inlineBody(op, manual.getBody());
      } else if (auto call = dyn_cast<stablehlo::CustomCallOp>(op);
                 call && sharding::isShardingCustomCall(call.getCallTargetName())) {
        result = forwardOperands(op);
      } else {
        stripShardingAttrs(op);
      }
      if (failed(result))
        return signalPassFailure();
    }
  }
};

} // namespace
