//===- ShardingEvaluators.cpp - Sharding constructs on one device --------===//
//
// The interpreter runs a program on one device, where a sharding changes
// nothing about values (docs/sharding.md):
// - sdy.sharding_constraint, sdy.reshard, sdy.propagation_barrier,
//   sdy.data_flow_edge: the operand;
// - the global-view collectives over axes of size 1 (sdy.all_gather,
//   all_slice, all_to_all, collective_permute: nothing moves; sdy.all_reduce,
//   reduce_scatter: the sum of one partial value is that value);
// - sdy.named_computation: a call of its body; sdy.manual_computation over
//   size-1 axes: its body, once, on the whole tensors;
// - sdy.sharding_group: nothing; sdy.constant: its value;
// - the custom calls @Sharding, @SPMDFullToShardShape, @SPMDShardToFullShape
//   and @xla.sdy.* (GlobalToLocalShape, LocalToGlobalShape,
//   FuncResultSharding): their operands.
// The tools refuse programs whose meshes have more than one device before
// running them; an op that still needs several devices is unsupported here.
//
//===----------------------------------------------------------------------===//

#include "interpreter/Interpreter.h"
#include "interpreter/ops/EvaluatorSupport.h"

#include "compiler/Dialect/SDY/IR/SDY.h"

using namespace mlir;

namespace oxla::interp {
namespace {

using Operands = ArrayRef<RuntimeValue>;
using Results = SmallVectorImpl<RuntimeValue>;

/// The number of devices `sharding`'s mesh has (1 when it cannot be found).
int64_t devicesOf(Operation *op, sdy::TensorShardingAttr sharding) {
  sdy::MeshAttr mesh = sharding ? sharding.getMesh(op) : sdy::MeshAttr();
  return mesh ? mesh.getTotalSize() : 1;
}

LogicalResult evalIdentity(Operation *, Operands operands, Results &results,
                           EvalContext &) {
  results.push_back(operands[0]);
  return success();
}

/// A collective is an identity when its mesh has one device.
LogicalResult evalCollective(Operation *op, Operands operands, Results &results,
                             EvalContext &context) {
  auto sharding = op->getAttrOfType<sdy::TensorShardingAttr>("out_sharding");
  if (int64_t devices = devicesOf(op, sharding); devices > 1)
    return context.unsupported(op, "a collective over " + Twine(devices) +
                                       " devices (needs SPMD partitioning)");
  results.push_back(operands[0]);
  return success();
}

LogicalResult evalShardingGroup(Operation *, Operands, Results &, EvalContext &) {
  return success();
}

LogicalResult evalConstant(Operation *op, Operands, Results &results,
                           EvalContext &context) {
  FailureOr<Tensor> tensor = Tensor::fromAttr(cast<sdy::ConstantOp>(op).getValue());
  if (failed(tensor))
    return context.unsupported(op, "the element type of this constant");
  results.push_back(std::move(*tensor));
  return success();
}

LogicalResult evalNamedComputation(Operation *op, Operands operands, Results &results,
                                   EvalContext &context) {
  FailureOr<SmallVector<RuntimeValue>> values =
      context.runRegion(cast<sdy::NamedComputationOp>(op).getBody(), operands);
  if (failed(values))
    return failure();
  results.append(values->begin(), values->end());
  return success();
}

LogicalResult evalManualComputation(Operation *op, Operands operands, Results &results,
                                    EvalContext &context) {
  auto manual = cast<sdy::ManualComputationOp>(op);
  // On one device each local (per-device) type is the global type.
  if (!llvm::equal(manual.getBody().getArgumentTypes(), manual.getOperandTypes()))
    return context.unsupported(op, "a manual computation whose manual axes span "
                                   "several devices (needs SPMD partitioning)");
  FailureOr<SmallVector<RuntimeValue>> values =
      context.runRegion(manual.getBody(), operands);
  if (failed(values))
    return failure();
  results.append(values->begin(), values->end());
  return success();
}

} // namespace

bool isShardingCustomCallTarget(StringRef target) {
  return llvm::is_contained({StringRef("Sharding"), StringRef("SPMDFullToShardShape"),
                             StringRef("SPMDShardToFullShape"),
                             StringRef("xla.sdy.FuncResultSharding"),
                             StringRef("xla.sdy.GlobalToLocalShape"),
                             StringRef("xla.sdy.LocalToGlobalShape")},
                            target);
}

LogicalResult evalShardingCustomCall(Operation *op, Operands operands, Results &results,
                                     EvalContext &context) {
  if (op->getNumOperands() != op->getNumResults() ||
      !llvm::equal(op->getOperandTypes(), op->getResultTypes()))
    return context.unsupported(op, "a sharding custom call that changes shapes "
                                   "(a per-device view; needs SPMD partitioning)");
  results.append(operands.begin(), operands.end());
  return success();
}

void registerShardingEvaluators(EvaluatorRegistry &registry) {
  registry.add<sdy::ShardingConstraintOp>(evalIdentity);
  registry.add<sdy::ReshardOp>(evalIdentity);
  registry.add<sdy::PropagationBarrierOp>(evalIdentity);
  registry.add<sdy::DataFlowEdgeOp>(evalIdentity);
  registry.add<sdy::AllGatherOp>(evalCollective);
  registry.add<sdy::AllSliceOp>(evalCollective);
  registry.add<sdy::AllToAllOp>(evalCollective);
  registry.add<sdy::CollectivePermuteOp>(evalCollective);
  registry.add<sdy::AllReduceOp>(evalCollective);
  registry.add<sdy::ReduceScatterOp>(evalCollective);
  registry.add<sdy::ShardingGroupOp>(evalShardingGroup);
  registry.add<sdy::ConstantOp>(evalConstant);
  registry.add<sdy::NamedComputationOp>(evalNamedComputation);
  registry.add<sdy::ManualComputationOp>(evalManualComputation);
}

} // namespace oxla::interp
