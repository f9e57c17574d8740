//===- Propagation.cpp - Forward sharding propagation --------------------===//
//
// Shardy-style propagation, in its simplest complete form: in program order,
// every op result without a sharding gets the one its op's rule
// (ShardingRules.h) gives from the shardings its operands have; arguments,
// `sdy.sharding` written on ops and `sdy.sharding_constraint` keep theirs. A
// result whose rule gives no split stays unannotated (replicated). Then one
// backward step: a broadcast takes the sharding of the elementwise op that
// reads it.
//
//===----------------------------------------------------------------------===//

#include "compiler/Sharding/Passes.h"
#include "compiler/Sharding/SpmdPartitioner.h"

#include "compiler/Dialect/SDY/IR/SDY.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "compiler/Sharding/ShardingRules.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace oxla {
#define GEN_PASS_DEF_SHARDINGPROPAGATION
#include "compiler/Sharding/Passes.h.inc"
} // namespace oxla

using namespace mlir;
using namespace oxla;
using namespace oxla::sharding;

void oxla::sharding::propagateShardings(func::FuncOp func) {
  if (func.isExternal())
    return;
  llvm::DenseMap<Value, Sharding> known;
  llvm::SmallPtrSet<Operation *, 16> propagated; // annotated here, not by the user
  std::optional<Sharding> base;
  auto read = [&](sdy::TensorShardingAttr attr, Operation *from) -> std::optional<Sharding> {
    if (!attr)
      return std::nullopt;
    sdy::MeshAttr mesh = attr.getMesh(from);
    if (!mesh)
      return std::nullopt;
    Sharding sharding = Sharding::fromSdy(attr, mesh);
    if (!base && !mesh.isMaximal() && mesh.getTotalSize() > 1) {
      base = sharding;
      base->dims.clear();
      base->replicated.clear();
      base->unreduced.clear();
    }
    return sharding;
  };
  for (BlockArgument arg : func.getArguments())
    if (auto sharding = read(func.getArgAttrOfType<sdy::TensorShardingAttr>(
                                 arg.getArgNumber(), sdy::kShardingAttr),
                             func))
      known[arg] = *sharding;
  for (Operation &op : func.getBody().front()) {
    if (sdy::TensorShardingAttr attr = op.getNumResults() == 1
                                           ? sdy::getShardingOf(op.getResult(0))
                                           : sdy::TensorShardingAttr()) {
      if (auto sharding = read(attr, &op))
        known[op.getResult(0)] = *sharding;
      continue;
    }
    if (!base || op.getNumResults() != 1 || isa<sdy::SdyDialect>(op.getDialect()) ||
        !isa<RankedTensorType>(op.getResult(0).getType()))
      continue;
    std::vector<Sharding> operands;
    bool anySharded = false;
    for (Value operand : op.getOperands()) {
      auto it = known.find(operand);
      auto type = dyn_cast<RankedTensorType>(operand.getType());
      int64_t rank = type ? type.getRank() : 0;
      if (it != known.end() && it->second.rank() == rank &&
          it->second.mesh.numDevices() == base->mesh.numDevices()) {
        operands.push_back(it->second);
        anySharded |= !it->second.isFullyReplicated();
        continue;
      }
      Sharding replicated = *base;
      replicated.dims.resize(rank);
      operands.push_back(replicated);
    }
    if (!anySharded)
      continue;
    std::optional<OpPlan> plan = planOp(&op, operands, nullptr);
    if (!plan || plan->result.isFullyReplicated())
      continue;
    for (DimSharding &dim : plan->result.dims) {
      dim.closed = true;
      dim.priority.reset();
    }
    plan->result.replicated.clear();
    known[op.getResult(0)] = plan->result;
    propagated.insert(&op);
    op.setAttr(sdy::kShardingAttr,
               sdy::TensorShardingPerValueAttr::get(
                   op.getContext(), {plan->result.toSdy(op.getContext())}));
  }
  // Backward, one step: a broadcast read only by an elementwise op takes that
  // op's sharding, so that each device broadcasts into its own shard
  // instead of building the whole tensor and slicing it.
  for (Operation &op : llvm::reverse(func.getBody().front())) {
    if (!isElementwiseForSharding(&op))
      continue;
    auto result = op.getAttrOfType<sdy::TensorShardingPerValueAttr>(sdy::kShardingAttr);
    if (!result || result.getShardings().size() != 1)
      continue;
    for (Value operand : op.getOperands()) {
      auto broadcast = operand.getDefiningOp<stablehlo::BroadcastInDimOp>();
      if (!broadcast || !operand.hasOneUse() ||
          (broadcast->hasAttr(sdy::kShardingAttr) && !propagated.contains(broadcast)) ||
          cast<ShapedType>(operand.getType()).getShape() !=
              cast<ShapedType>(op.getResult(0).getType()).getShape())
        continue;
      sdy::TensorShardingAttr sharding = result.getShardings().front();
      if (!sharding.getUnreducedAxes().empty())
        continue;
      broadcast->setAttr(sdy::kShardingAttr,
                         sdy::TensorShardingPerValueAttr::get(op.getContext(), {sharding}));
    }
  }
}

namespace {

struct ShardingPropagationPass
    : public oxla::impl::ShardingPropagationBase<ShardingPropagationPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<func::FuncOp>())
      if (hasShardings(func))
        propagateShardings(func);
  }
};

} // namespace
