//===- ShardingRules.cpp - How each op family carries shardings ----------===//

#include "compiler/Sharding/ShardingRules.h"

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "compiler/Sharding/DeviceGroups.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace oxla;
using namespace oxla::sharding;

namespace {

ArrayRef<int64_t> shapeOf(Value value) {
  if (auto type = dyn_cast<RankedTensorType>(value.getType()))
    return type.getShape();
  return {};
}

int64_t totalShards(const Sharding &sharding) {
  int64_t shards = 1;
  for (int64_t dim = 0; dim < sharding.rank(); ++dim)
    shards *= sharding.numShards(dim);
  return shards;
}

Sharding replicatedLike(const Sharding &like, int64_t rank) {
  Sharding sharding = Sharding::replicatedOn(like.mesh, rank);
  sharding.meshName = like.meshName;
  return sharding;
}

/// Whether `axis` is among `used`, or overlaps one of them (same axis name:
/// sub-axes of one axis are not mixed here).
bool usesAxis(const std::vector<AxisRef> &used, const AxisRef &axis) {
  return llvm::any_of(used, [&](const AxisRef &other) { return other.name == axis.name; });
}

void addPadding(OpPlan &plan, unsigned operand, int64_t dim, Value value) {
  ArrayRef<int64_t> shape = shapeOf(value);
  int64_t shards = plan.operands[operand].numShards(dim);
  if (shards > 1 && shape[dim] % shards != 0)
    plan.neutralPadding.push_back({operand, dim});
}

std::optional<OpPlan> planElementwise(Operation *op, const std::vector<Sharding> &operands,
                                      const Sharding *wanted) {
  ArrayRef<int64_t> shape = shapeOf(op->getResult(0));
  int64_t rank = static_cast<int64_t>(shape.size());
  const Sharding *chosen = nullptr;
  if (wanted && wanted->rank() == rank) {
    chosen = wanted;
  } else {
    for (auto [index, operand] : llvm::enumerate(op->getOperands()))
      if (shapeOf(operand) == shape && operands[index].rank() == rank &&
          (!chosen || totalShards(operands[index]) > totalShards(*chosen)))
        chosen = &operands[index];
  }
  if (!chosen)
    return std::nullopt;
  OpPlan plan;
  plan.result = *chosen;
  plan.result.unreduced.clear();
  for (auto [index, operand] : llvm::enumerate(op->getOperands()))
    plan.operands.push_back(shapeOf(operand) == shape
                                ? plan.result
                                : replicatedLike(plan.result, shapeOf(operand).size()));
  return plan;
}

/// Ops that move data along some dimensions only (concatenate, pad,
/// reverse): those dimensions are whole on every device; the others keep the
/// split of the result asked for, else of the most split data operand (the
/// first `dataOperands`, of the result's rank), so that each device's shard
/// holds the same rows of every operand. Other operands (pad's value) are
/// replicated.
std::optional<OpPlan> planPerDimension(Operation *op, const std::vector<Sharding> &operands,
                                       const Sharding *wanted, ArrayRef<int64_t> whole,
                                       unsigned dataOperands) {
  int64_t rank = static_cast<int64_t>(shapeOf(op->getResult(0)).size());
  const Sharding *chosen = nullptr;
  if (wanted && wanted->rank() == rank) {
    chosen = wanted;
  } else {
    for (unsigned i = 0; i < dataOperands; ++i)
      if (operands[i].rank() == rank &&
          (!chosen || totalShards(operands[i]) > totalShards(*chosen)))
        chosen = &operands[i];
  }
  if (!chosen)
    return std::nullopt;
  OpPlan plan;
  plan.result = *chosen;
  plan.result.unreduced.clear();
  for (int64_t dim : whole)
    plan.result.dims[dim].axes.clear();
  for (auto [index, operand] : llvm::enumerate(op->getOperands()))
    plan.operands.push_back(index < dataOperands
                                ? plan.result
                                : replicatedLike(plan.result, shapeOf(operand).size()));
  return plan;
}

std::optional<OpPlan> planBroadcast(stablehlo::BroadcastInDimOp op,
                                    const std::vector<Sharding> &operands,
                                    const Sharding *wanted) {
  ArrayRef<int64_t> in = shapeOf(op.getOperand());
  ArrayRef<int64_t> out = shapeOf(op.getResult());
  ArrayRef<int64_t> dims = op.getBroadcastDimensions();
  OpPlan plan;
  Sharding operand = operands[0];
  plan.result = replicatedLike(operand, out.size());
  for (size_t i = 0; i < dims.size(); ++i) {
    if (in[i] != out[dims[i]]) {
      operand.dims[i].axes.clear(); // a size-1 dimension that broadcasts
      continue;
    }
    if (wanted && wanted->rank() == static_cast<int64_t>(out.size()) &&
        sameMesh(wanted->mesh, operand.mesh))
      operand.dims[i].axes = wanted->dims[dims[i]].axes;
    plan.result.dims[dims[i]].axes = operand.dims[i].axes;
  }
  // With a result sharding asked for, dimensions the operand does not
  // provide (new or size-1 ones) are split the same way: every device
  // broadcasts into its own shard.
  if (wanted && wanted->rank() == static_cast<int64_t>(out.size()) &&
      sameMesh(wanted->mesh, operand.mesh))
    for (size_t d = 0; d < out.size(); ++d)
      if (plan.result.dims[d].axes.empty())
        plan.result.dims[d].axes = wanted->dims[d].axes;
  plan.operands.push_back(operand);
  return plan;
}

std::optional<OpPlan> planTranspose(stablehlo::TransposeOp op,
                                    const std::vector<Sharding> &operands,
                                    const Sharding *wanted) {
  ArrayRef<int64_t> perm = op.getPermutation();
  OpPlan plan;
  Sharding operand = operands[0];
  if (wanted && wanted->rank() == static_cast<int64_t>(perm.size()) &&
      sameMesh(wanted->mesh, operand.mesh))
    for (size_t j = 0; j < perm.size(); ++j)
      operand.dims[perm[j]].axes = wanted->dims[j].axes;
  plan.result = replicatedLike(operand, perm.size());
  for (size_t j = 0; j < perm.size(); ++j)
    plan.result.dims[j].axes = operand.dims[perm[j]].axes;
  plan.operands.push_back(operand);
  return plan;
}

std::optional<OpPlan> planDot(stablehlo::DotGeneralOp op, const std::vector<Sharding> &operands) {
  auto numbers = op.getDotDimensionNumbers();
  ArrayRef<int64_t> lhsBatch = numbers.getLhsBatchingDimensions();
  ArrayRef<int64_t> rhsBatch = numbers.getRhsBatchingDimensions();
  ArrayRef<int64_t> lhsContract = numbers.getLhsContractingDimensions();
  ArrayRef<int64_t> rhsContract = numbers.getRhsContractingDimensions();
  const Sharding &lhsIn = operands[0];
  const Sharding &rhsIn = operands[1];
  if (!sameMesh(lhsIn.mesh, rhsIn.mesh))
    return std::nullopt;
  int64_t lhsRank = lhsIn.rank(), rhsRank = rhsIn.rank();
  Sharding lhs = lhsIn, rhs = replicatedLike(lhsIn, rhsRank);
  std::vector<AxisRef> used;
  // Batch dimensions follow the lhs.
  for (size_t i = 0; i < lhsBatch.size(); ++i) {
    rhs.dims[rhsBatch[i]].axes = lhs.dims[lhsBatch[i]].axes;
    for (const AxisRef &axis : lhs.dims[lhsBatch[i]].axes)
      used.push_back(axis);
  }
  auto isIn = [](ArrayRef<int64_t> dims, int64_t dim) { return llvm::is_contained(dims, dim); };
  for (int64_t dim = 0; dim < lhsRank; ++dim)
    if (!isIn(lhsBatch, dim) && !isIn(lhsContract, dim))
      for (const AxisRef &axis : lhs.dims[dim].axes)
        used.push_back(axis);
  // Contracting dimensions: the lhs's split, else the rhs's when its axes
  // are free; both operands split them alike.
  for (size_t i = 0; i < lhsContract.size(); ++i) {
    std::vector<AxisRef> axes = lhs.dims[lhsContract[i]].axes;
    if (axes.empty()) {
      axes = rhsIn.dims[rhsContract[i]].axes;
      if (llvm::any_of(axes, [&](const AxisRef &a) { return usesAxis(used, a); }))
        axes.clear();
    }
    lhs.dims[lhsContract[i]].axes = axes;
    rhs.dims[rhsContract[i]].axes = axes;
    for (const AxisRef &axis : axes)
      used.push_back(axis);
  }
  // Free rhs dimensions keep their split when its axes are not used yet.
  for (int64_t dim = 0; dim < rhsRank; ++dim) {
    if (isIn(rhsBatch, dim) || isIn(rhsContract, dim))
      continue;
    const std::vector<AxisRef> &axes = rhsIn.dims[dim].axes;
    if (llvm::any_of(axes, [&](const AxisRef &a) { return usesAxis(used, a); }))
      continue;
    rhs.dims[dim].axes = axes;
    for (const AxisRef &axis : axes)
      used.push_back(axis);
  }
  OpPlan plan;
  plan.operands = {lhs, rhs};
  // Result: batch, lhs free, rhs free dimensions.
  plan.result = replicatedLike(lhs, shapeOf(op.getResult()).size());
  int64_t out = 0;
  for (int64_t dim : lhsBatch)
    plan.result.dims[out++].axes = lhs.dims[dim].axes;
  for (int64_t dim = 0; dim < lhsRank; ++dim)
    if (!isIn(lhsBatch, dim) && !isIn(lhsContract, dim))
      plan.result.dims[out++].axes = lhs.dims[dim].axes;
  for (int64_t dim = 0; dim < rhsRank; ++dim)
    if (!isIn(rhsBatch, dim) && !isIn(rhsContract, dim))
      plan.result.dims[out++].axes = rhs.dims[dim].axes;
  for (size_t i = 0; i < lhsContract.size(); ++i) {
    for (const AxisRef &axis : lhs.dims[lhsContract[i]].axes)
      plan.partialAxes.push_back(axis);
    addPadding(plan, 0, lhsContract[i], op.getLhs());
    addPadding(plan, 1, rhsContract[i], op.getRhs());
  }
  return plan;
}

std::optional<OpPlan> planReduce(stablehlo::ReduceOp op, const std::vector<Sharding> &operands) {
  // One input: a variadic reduce combines its inputs together, which an
  // all-reduce (operand by operand) cannot.
  if (op.getInputs().size() != 1)
    return std::nullopt;
  ArrayRef<int64_t> reduced = op.getDimensions();
  OpPlan plan;
  plan.operands = {operands[0], replicatedLike(operands[0], 0)};
  plan.result = replicatedLike(operands[0], shapeOf(op->getResult(0)).size());
  int64_t out = 0;
  for (int64_t dim = 0; dim < operands[0].rank(); ++dim) {
    if (llvm::is_contained(reduced, dim)) {
      for (const AxisRef &axis : operands[0].dims[dim].axes)
        plan.partialAxes.push_back(axis);
      addPadding(plan, 0, dim, op.getInputs()[0]);
      continue;
    }
    plan.result.dims[out++].axes = operands[0].dims[dim].axes;
  }
  return plan;
}

} // namespace

bool oxla::sharding::isElementwiseForSharding(Operation *op) {
  if (op->getNumResults() != 1 || op->getNumRegions() != 0 ||
      !isa<RankedTensorType>(op->getResult(0).getType()))
    return false;
  return op->hasTrait<OpTrait::Elementwise>() ||
         isa<stablehlo::SelectOp, stablehlo::ClampOp>(op);
}

static std::optional<OpPlan> planAny(Operation *op, const std::vector<Sharding> &operands,
                                     const Sharding *wanted) {
  if (isElementwiseForSharding(op))
    return planElementwise(op, operands, wanted);
  if (auto broadcast = dyn_cast<stablehlo::BroadcastInDimOp>(op))
    return planBroadcast(broadcast, operands, wanted);
  if (auto transpose = dyn_cast<stablehlo::TransposeOp>(op))
    return planTranspose(transpose, operands, wanted);
  if (auto dot = dyn_cast<stablehlo::DotGeneralOp>(op))
    return planDot(dot, operands);
  if (auto reduce = dyn_cast<stablehlo::ReduceOp>(op))
    return planReduce(reduce, operands);
  if (auto concatenate = dyn_cast<stablehlo::ConcatenateOp>(op))
    return planPerDimension(op, operands, wanted,
                            {static_cast<int64_t>(concatenate.getDimension())},
                            op->getNumOperands());
  if (auto reverse = dyn_cast<stablehlo::ReverseOp>(op))
    return planPerDimension(op, operands, wanted, reverse.getDimensions(), 1);
  if (auto pad = dyn_cast<stablehlo::PadOp>(op)) {
    SmallVector<int64_t> padded;
    for (int64_t dim = 0; dim < static_cast<int64_t>(pad.getEdgePaddingLow().size()); ++dim)
      if (pad.getEdgePaddingLow()[dim] || pad.getEdgePaddingHigh()[dim] ||
          pad.getInteriorPadding()[dim])
        padded.push_back(dim);
    return planPerDimension(op, operands, wanted, padded, 1);
  }
  return std::nullopt;
}

std::optional<OpPlan> oxla::sharding::planOp(Operation *op,
                                             const std::vector<Sharding> &operands,
                                             const Sharding *wanted) {
  std::optional<OpPlan> plan = planAny(op, operands, wanted);
  if (!plan)
    return plan;
  // Operands are complete values: partial sums are combined before an op
  // reads them. Only a contraction leaves its result partial (unreduced),
  // until a reader or an sdy.all_reduce combines it.
  for (Sharding &operand : plan->operands)
    operand.unreduced.clear();
  plan->result.unreduced.clear();
  if (isa<stablehlo::DotGeneralOp>(op)) {
    plan->result.unreduced = plan->partialAxes;
    plan->result.unreducedReduction = Reduction::Sum;
  }
  return plan;
}
