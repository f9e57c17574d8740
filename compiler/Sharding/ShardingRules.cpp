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

/// reshape: the dimensions fall into groups of equal element count (one
/// operand dimension split into several, several merged into one, or
/// anything in between). In each group, the split of the major operand
/// dimension (its first of size > 1) carries over to the major result
/// dimension when its shard count divides both sizes: every device's shard
/// is then one contiguous run of the group's elements on both sides. Other
/// splits in a group are gathered.
std::optional<OpPlan> planReshape(stablehlo::ReshapeOp op, const std::vector<Sharding> &operands) {
  ArrayRef<int64_t> in = shapeOf(op.getOperand());
  ArrayRef<int64_t> out = shapeOf(op.getResult());
  if (llvm::is_contained(in, 0) || llvm::is_contained(out, 0) ||
      ShapedType::isDynamicShape(in) || ShapedType::isDynamicShape(out))
    return std::nullopt;
  OpPlan plan;
  Sharding operand = operands[0];
  plan.result = replicatedLike(operand, out.size());
  size_t i = 0, j = 0;
  while (i < in.size() || j < out.size()) {
    SmallVector<size_t> inDims, outDims;
    int64_t inCount = 1, outCount = 1;
    do {
      if ((inCount <= outCount && i < in.size()) || j >= out.size()) {
        inCount *= in[i];
        inDims.push_back(i++);
      } else {
        outCount *= out[j];
        outDims.push_back(j++);
      }
    } while (inCount != outCount);
    auto major = [](ArrayRef<int64_t> shape, ArrayRef<size_t> dims) -> std::optional<size_t> {
      for (size_t dim : dims)
        if (shape[dim] > 1)
          return dim;
      return std::nullopt;
    };
    std::optional<size_t> from = major(in, inDims), to = major(out, outDims);
    for (size_t dim : inDims) {
      int64_t shards = operand.numShards(dim);
      bool carried = shards > 1 && from && dim == *from && to && in[dim] % shards == 0 &&
                     out[*to] % shards == 0;
      if (carried)
        plan.result.dims[*to].axes = operand.dims[dim].axes;
      else if (shards > 1) {
        operand.dims[dim].axes.clear();
        plan.wholeReason = "its split does not carry through the reshape to " +
                           std::to_string(out.size()) + " dimensions (only a major dimension "
                           "whose shard count divides its size and the size of the major "
                           "dimension it becomes keeps its split)";
      }
    }
  }
  plan.operands.push_back(operand);
  return plan;
}

/// convolution: the input's batch dimension and the kernel's output-feature
/// dimension keep their splits (each device convolves its images with its
/// filters); spatial and input-feature dimensions are whole.
std::optional<OpPlan> planConvolution(stablehlo::ConvolutionOp op,
                                      const std::vector<Sharding> &operands) {
  if (!sameMesh(operands[0].mesh, operands[1].mesh) || op.getFeatureGroupCount() != 1 ||
      op.getBatchGroupCount() != 1)
    return std::nullopt;
  auto numbers = op.getDimensionNumbers();
  Sharding lhs = replicatedLike(operands[0], operands[0].rank());
  Sharding rhs = replicatedLike(operands[0], operands[1].rank());
  int64_t batch = numbers.getInputBatchDimension();
  int64_t filters = numbers.getKernelOutputFeatureDimension();
  lhs.dims[batch].axes = operands[0].dims[batch].axes;
  const std::vector<AxisRef> &filterAxes = operands[1].dims[filters].axes;
  if (llvm::none_of(filterAxes,
                    [&](const AxisRef &axis) { return usesAxis(lhs.dims[batch].axes, axis); }))
    rhs.dims[filters].axes = filterAxes;
  OpPlan plan;
  plan.operands = {lhs, rhs};
  plan.result = replicatedLike(operands[0], shapeOf(op.getResult()).size());
  plan.result.dims[numbers.getOutputBatchDimension()].axes = lhs.dims[batch].axes;
  plan.result.dims[numbers.getOutputFeatureDimension()].axes = rhs.dims[filters].axes;
  plan.wholeReason = "a convolution keeps only its batch and output-feature splits";
  return plan;
}

/// gather: an operand dimension taken whole by every slice (not collapsed,
/// not a batching or start-index dimension) passes through to its offset
/// dimension of the result with its split; the batch dimensions of the
/// indices pass through to the result's batch dimensions with theirs. The
/// rest of the operand is whole on every device (a start index can point
/// anywhere), and so is the index vector.
std::optional<OpPlan> planGather(stablehlo::GatherOp op, const std::vector<Sharding> &operands) {
  if (!sameMesh(operands[0].mesh, operands[1].mesh))
    return std::nullopt;
  auto numbers = op.getDimensionNumbers();
  if (!numbers.getOperandBatchingDims().empty())
    return std::nullopt;
  ArrayRef<int64_t> shape = shapeOf(op.getOperand());
  ArrayRef<int64_t> sizes = op.getSliceSizes();
  ArrayRef<int64_t> offsetDims = numbers.getOffsetDims();
  auto isIn = [](ArrayRef<int64_t> dims, int64_t dim) { return llvm::is_contained(dims, dim); };
  int64_t resultRank = static_cast<int64_t>(shapeOf(op.getResult()).size());
  OpPlan plan;
  Sharding operand = replicatedLike(operands[0], operands[0].rank());
  Sharding indices = replicatedLike(operands[0], operands[1].rank());
  plan.result = replicatedLike(operands[0], resultRank);
  std::vector<AxisRef> used;
  size_t offset = 0;
  for (int64_t dim = 0; dim < operands[0].rank(); ++dim) {
    if (isIn(numbers.getCollapsedSliceDims(), dim))
      continue;
    int64_t out = offset < offsetDims.size() ? offsetDims[offset] : -1;
    ++offset;
    if (out < 0 || isIn(numbers.getStartIndexMap(), dim) || sizes[dim] != shape[dim])
      continue;
    operand.dims[dim].axes = operands[0].dims[dim].axes;
    plan.result.dims[out].axes = operand.dims[dim].axes;
    llvm::append_range(used, operand.dims[dim].axes);
  }
  int64_t batch = 0;
  for (int64_t dim = 0; dim < operands[1].rank(); ++dim) {
    if (dim == numbers.getIndexVectorDim())
      continue;
    while (batch < resultRank && isIn(offsetDims, batch))
      ++batch;
    if (batch >= resultRank)
      return std::nullopt;
    const std::vector<AxisRef> &axes = operands[1].dims[dim].axes;
    if (llvm::none_of(axes, [&](const AxisRef &axis) { return usesAxis(used, axis); })) {
      indices.dims[dim].axes = axes;
      plan.result.dims[batch].axes = axes;
      llvm::append_range(used, axes);
    }
    ++batch;
  }
  plan.operands = {operand, indices};
  plan.wholeReason = "a gather keeps only the splits of operand dimensions every slice takes "
                     "whole and of the indices' batch dimensions";
  return plan;
}

/// The dimensions a reduce_window's windows span (window or stride, padding
/// or dilation other than the identity): those are whole.
SmallVector<int64_t> windowedDims(stablehlo::ReduceWindowOp op) {
  SmallVector<int64_t> dims;
  auto at = [](std::optional<ArrayRef<int64_t>> values, size_t i, int64_t fallback) {
    return values && i < values->size() ? (*values)[i] : fallback;
  };
  std::optional<SmallVector<int64_t>> padding;
  if (auto attr = op.getPaddingAttr())
    padding = SmallVector<int64_t>(attr.getValues<int64_t>());
  ArrayRef<int64_t> window = op.getWindowDimensions();
  for (size_t i = 0; i < window.size(); ++i) {
    bool padded = padding && 2 * i + 1 < padding->size() &&
                  ((*padding)[2 * i] != 0 || (*padding)[2 * i + 1] != 0);
    if (window[i] != 1 || at(op.getWindowStrides(), i, 1) != 1 ||
        at(op.getBaseDilations(), i, 1) != 1 || at(op.getWindowDilations(), i, 1) != 1 || padded)
      dims.push_back(static_cast<int64_t>(i));
  }
  return dims;
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
  if (auto reshape = dyn_cast<stablehlo::ReshapeOp>(op))
    return planReshape(reshape, operands);
  if (auto convolution = dyn_cast<stablehlo::ConvolutionOp>(op))
    return planConvolution(convolution, operands);
  if (auto gather = dyn_cast<stablehlo::GatherOp>(op))
    return planGather(gather, operands);
  if (auto window = dyn_cast<stablehlo::ReduceWindowOp>(op)) {
    if (op->getNumResults() != 1)
      return std::nullopt;
    std::optional<OpPlan> plan = planPerDimension(op, operands, wanted, windowedDims(window), 1);
    if (plan)
      plan->wholeReason = "its windows span the dimension";
    return plan;
  }
  // slice, dynamic_slice, dynamic_update_slice: a dimension taken whole
  // keeps its split (each device slices its own shard); a sliced one is
  // whole. The start indices are scalars, replicated.
  if (auto slice = dyn_cast<stablehlo::SliceOp>(op)) {
    SmallVector<int64_t> sliced;
    ArrayRef<int64_t> shape = shapeOf(slice.getOperand());
    for (size_t d = 0; d < shape.size(); ++d)
      if (slice.getStartIndices()[d] != 0 || slice.getLimitIndices()[d] != shape[d] ||
          slice.getStrides()[d] != 1)
        sliced.push_back(static_cast<int64_t>(d));
    return planPerDimension(op, operands, wanted, sliced, 1);
  }
  if (isa<stablehlo::DynamicSliceOp, stablehlo::DynamicUpdateSliceOp>(op)) {
    bool update = isa<stablehlo::DynamicUpdateSliceOp>(op);
    ArrayRef<int64_t> shape = shapeOf(op->getOperand(0));
    ArrayRef<int64_t> part = shapeOf(update ? op->getOperand(1) : op->getResult(0));
    SmallVector<int64_t> sliced;
    for (size_t d = 0; d < shape.size(); ++d)
      if (d >= part.size() || part[d] != shape[d])
        sliced.push_back(static_cast<int64_t>(d));
    return planPerDimension(op, operands, wanted, sliced, update ? 2 : 1);
  }
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
