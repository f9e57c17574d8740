//===- Propagation.cpp - Forward sharding propagation --------------------===//
//
// Shardy-style propagation, in its simplest complete form: in program order,
// every op result without a sharding gets the one its op's rule
// (ShardingRules.h) gives from the shardings its operands have; arguments,
// `sdy.sharding` written on ops and `sdy.sharding_constraint` keep theirs. A
// result whose rule gives no split stays unannotated (replicated).
//
//===----------------------------------------------------------------------===//

#include "compiler/Sharding/Passes.h"
#include "compiler/Sharding/SpmdPartitioner.h"

#include "compiler/Dialect/SDY/IR/SDY.h"
#include "compiler/Sharding/ShardingRules.h"

#include "llvm/ADT/DenseMap.h"

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
    op.setAttr(sdy::kShardingAttr,
               sdy::TensorShardingPerValueAttr::get(
                   op.getContext(), {plan->result.toSdy(op.getContext())}));
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
