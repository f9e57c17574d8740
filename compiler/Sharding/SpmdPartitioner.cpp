//===- SpmdPartitioner.cpp - Global program to per-device program --------===//

#include "compiler/Sharding/SpmdPartitioner.h"

#include "compiler/Dialect/SDY/IR/SDY.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "compiler/Sharding/DeviceGroups.h"
#include "compiler/Sharding/ShardingRules.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace oxla;
using namespace oxla::sharding;

namespace {

bool isShardingAttrName(StringRef name) {
  return name.starts_with("sdy.") || name == "mhlo.sharding";
}

/// Drops sharding attributes from `root` and the ops nested in it, and
/// replaces nested constraints and reshards by their operand: a region run
/// replicated sees whole tensors.
void stripNestedShardings(Operation *root) {
  SmallVector<Operation *> identities;
  root->walk([&](Operation *op) {
    SmallVector<StringAttr> names;
    for (NamedAttribute attr : op->getDiscardableAttrs())
      if (isShardingAttrName(attr.getName()))
        names.push_back(attr.getName());
    for (StringAttr name : names)
      op->removeAttr(name);
    if (op != root && isa<sdy::ShardingConstraintOp, sdy::ReshardOp>(op))
      identities.push_back(op);
  });
  for (Operation *op : identities) {
    op->getResult(0).replaceAllUsesWith(op->getOperand(0));
    op->erase();
  }
}

std::optional<Sharding> readSharding(sdy::TensorShardingAttr attr, Operation *from) {
  if (!attr)
    return std::nullopt;
  sdy::MeshAttr mesh = attr.getMesh(from);
  if (!mesh)
    return std::nullopt;
  return Sharding::fromSdy(attr, mesh);
}

/// The sharding asked for result `index` of `op` (its `sdy.sharding`).
std::optional<Sharding> wantedResult(Operation *op, unsigned index) {
  auto perValue = op->getAttrOfType<sdy::TensorShardingPerValueAttr>(sdy::kShardingAttr);
  if (!perValue || index >= perValue.getShardings().size())
    return std::nullopt;
  return readSharding(perValue.getShardings()[index], op);
}

/// Calls `fn` on every sharding written in `func`.
void forEachSharding(func::FuncOp func,
                     llvm::function_ref<void(sdy::TensorShardingAttr, Operation *)> fn) {
  for (unsigned i = 0; i < func.getNumArguments(); ++i)
    if (auto attr = func.getArgAttrOfType<sdy::TensorShardingAttr>(i, sdy::kShardingAttr))
      fn(attr, func);
  for (unsigned i = 0; i < func.getNumResults(); ++i)
    if (auto attr = func.getResultAttrOfType<sdy::TensorShardingAttr>(i, sdy::kShardingAttr))
      fn(attr, func);
  // `sdy.sharding` on ops, a manual computation's in_shardings and
  // out_shardings, the shardings of constraints and collectives.
  func.walk([&](Operation *op) {
    for (NamedAttribute named : op->getAttrs()) {
      if (auto perValue = dyn_cast<sdy::TensorShardingPerValueAttr>(named.getValue()))
        for (sdy::TensorShardingAttr attr : perValue.getShardings())
          fn(attr, op);
      if (auto attr = dyn_cast<sdy::TensorShardingAttr>(named.getValue()))
        fn(attr, op);
    }
  });
}

RankedTensorType localType(RankedTensorType global, const Sharding &sharding) {
  std::vector<int64_t> shape = sharding.shardShape(global.getShape());
  return RankedTensorType::get(shape, global.getElementType());
}

class Partitioner {
public:
  Partitioner(func::FuncOp func, Sharding base, int64_t numDevices, int64_t numPartitions,
              int64_t &channel)
      : func_(func), base_(std::move(base)), numDevices_(numDevices),
        numPartitions_(numPartitions), channel_(channel), builder_(func.getContext()) {}

  LogicalResult run();

private:
  Sharding replicated(int64_t rank) const {
    Sharding sharding = Sharding::replicatedOn(base_.mesh, rank);
    sharding.meshName = base_.meshName;
    return sharding;
  }
  /// A sharding read from the program, over this function's devices (a
  /// one-device mesh places the whole tensor on every device).
  Sharding normalize(std::optional<Sharding> sharding, int64_t rank) const {
    if (!sharding || sharding->mesh.numDevices() != numDevices_ || sharding->rank() != rank)
      return replicated(rank);
    return *sharding;
  }
  Sharding placedOf(Value original) const {
    auto it = placed_.find(original);
    if (it != placed_.end())
      return it->second;
    auto type = dyn_cast<RankedTensorType>(globalType(original));
    return replicated(type ? type.getRank() : 0);
  }

  /// The global type of an original value.
  Type globalType(Value original) const { return original.getType(); }
  Value partitionId(Location loc);
  Value offsetOf(const Sharding &sharding, int64_t dim, int64_t chunk, Location loc);
  Value lookupByDevice(ArrayRef<int32_t> table, Location loc);
  Value scalarConstant(Type elementType, Attribute value, Location loc);
  Value gather(Value local, Sharding &current, int64_t dim, RankedTensorType global,
               Location loc);
  Value sliceTo(Value local, const Sharding &target, ArrayRef<int64_t> dims,
                RankedTensorType global, Location loc);
  Value reshard(Value local, Sharding current, const Sharding &target, RankedTensorType global,
                Location loc);
  Value fillPadding(Value local, const Sharding &sharding, int64_t dim,
                    RankedTensorType global, Value neutral, Location loc);
  /// Every device's `local` becomes device `source`'s.
  Value broadcastFrom(Value local, int64_t source, Location loc);
  Value allReduce(Value local, const DeviceGroups &groups, Region *body, Location loc,
                  Reduction kind = Reduction::Sum);
  Value keepOnFirst(Value local, const Sharding &sharding, const std::vector<AxisRef> &axes,
                    Location loc);
  DenseIntElementsAttr groupsAttr(const DeviceGroups &groups);
  stablehlo::ChannelHandleAttr nextChannel();

  LogicalResult partitionOp(Operation *op);
  LogicalResult runWithRule(Operation *op, const OpPlan &plan);
  LogicalResult runReplicated(Operation *op);
  LogicalResult combine(Operation *op);
  LogicalResult partitionManual(sdy::ManualComputationOp op);
  LogicalResult partitionShardShape(stablehlo::CustomCallOp op, bool toShard);
  void setResult(Value original, Value local, const Sharding &sharding);
  void finishResult(Operation *op, unsigned index, Value local, Sharding sharding);

  func::FuncOp func_;
  Sharding base_;
  int64_t numDevices_;
  /// The grid's partitions (numDevices_: one replica, the default; 1: the
  /// devices are replicas).
  int64_t numPartitions_;
  int64_t &channel_;
  OpBuilder builder_;
  IRMapping local_;
  llvm::DenseMap<Value, Sharding> placed_;
  Value partitionId_;
  /// The ops of manual computation bodies, moved before their computation
  /// to be partitioned in its place; erased with the original ops.
  SmallVector<Operation *> moved_;
};

/// `sharding` as the body of a manual computation over `manual` sees it:
/// without the manual axes (each device holds its own value along them).
Sharding withoutAxes(Sharding sharding, ArrayRef<std::string> manual) {
  auto isManual = [&](const AxisRef &axis) { return llvm::is_contained(manual, axis.name); };
  for (DimSharding &dim : sharding.dims)
    llvm::erase_if(dim.axes, isManual);
  llvm::erase_if(sharding.replicated, isManual);
  llvm::erase_if(sharding.unreduced, isManual);
  return sharding;
}

Value Partitioner::partitionId(Location loc) {
  if (partitionId_)
    return partitionId_;
  OpBuilder::InsertionGuard guard(builder_);
  builder_.setInsertionPointToStart(&func_.getBody().front());
  // The device: the spec's flattened id replica_id * num_partitions +
  // partition_id, the id its collectives (use_global_device_ids) name. The
  // program runs as N partitions of one replica (the default) or, with
  // as-replicas, as N replicas of one partition.
  auto idType = RankedTensorType::get({}, builder_.getIntegerType(32, false));
  auto i32 = RankedTensorType::get({}, builder_.getI32Type());
  Value partition = builder_.create<stablehlo::ConvertOp>(
      loc, i32, builder_.create<stablehlo::PartitionIdOp>(loc, idType));
  Value replica = builder_.create<stablehlo::ConvertOp>(
      loc, i32, builder_.create<stablehlo::ReplicaIdOp>(loc, idType));
  Value partitions = scalarConstant(builder_.getI32Type(),
                                    builder_.getI32IntegerAttr(numPartitions_), loc);
  replica = builder_.create<stablehlo::MulOp>(loc, i32, replica, partitions);
  partitionId_ = builder_.create<stablehlo::AddOp>(loc, i32, replica, partition);
  return partitionId_;
}

Value Partitioner::scalarConstant(Type elementType, Attribute value, Location loc) {
  auto type = RankedTensorType::get({}, elementType);
  return builder_.create<stablehlo::ConstantOp>(loc, DenseElementsAttr::get(type, value));
}

/// The offset of the shard of `dim` this device holds: a table indexed by
/// partition_id, so any device order and sub-axis works.
Value Partitioner::offsetOf(const Sharding &sharding, int64_t dim, int64_t chunk,
                            Location loc) {
  DevicePlacement placement(sharding);
  SmallVector<int32_t> table;
  for (int64_t device = 0; device < numDevices_; ++device)
    table.push_back(static_cast<int32_t>(placement.shardIndex(dim, device) * chunk));
  return lookupByDevice(table, loc);
}

/// This device's entry of `table` (one i32 per device), as a rank-0 value.
Value Partitioner::lookupByDevice(ArrayRef<int32_t> table, Location loc) {
  auto i32 = builder_.getI32Type();
  Value tableValue = builder_.create<stablehlo::ConstantOp>(
      loc, DenseElementsAttr::get(RankedTensorType::get({numDevices_}, i32), table));
  Value one = builder_.create<stablehlo::DynamicSliceOp>(
      loc, RankedTensorType::get({1}, i32), tableValue, ValueRange{partitionId(loc)},
      builder_.getDenseI64ArrayAttr({1}));
  return builder_.create<stablehlo::ReshapeOp>(loc, RankedTensorType::get({}, i32), one);
}

DenseIntElementsAttr Partitioner::groupsAttr(const DeviceGroups &groups) {
  int64_t width = 0;
  for (const std::vector<int64_t> &group : groups)
    width = std::max<int64_t>(width, group.size());
  SmallVector<int64_t> flat;
  for (const std::vector<int64_t> &group : groups) {
    flat.append(group.begin(), group.end());
    flat.append(width - group.size(), -1);
  }
  auto type = RankedTensorType::get({static_cast<int64_t>(groups.size()), width},
                                    builder_.getI64Type());
  return DenseIntElementsAttr::get(type, ArrayRef<int64_t>(flat));
}

stablehlo::ChannelHandleAttr Partitioner::nextChannel() {
  // Type 1: device to device.
  return stablehlo::ChannelHandleAttr::get(builder_.getContext(), ++channel_, 1);
}

Value Partitioner::gather(Value local, Sharding &current, int64_t dim, RankedTensorType global,
                          Location loc) {
  DeviceGroups groups = DevicePlacement(current).gatherGroups(dim);
  auto type = cast<RankedTensorType>(local.getType());
  int64_t shards = current.numShards(dim);
  SmallVector<int64_t> shape(type.getShape());
  shape[dim] *= shards;
  auto gatheredType = RankedTensorType::get(shape, type.getElementType());
  Value gathered = builder_
                       .create<stablehlo::AllGatherOp>(
                           loc, TypeRange{gatheredType}, ValueRange{local},
                           builder_.getI64IntegerAttr(dim), groupsAttr(groups), nextChannel(),
                           builder_.getUnitAttr())
                       .getResult(0);
  current.dims[dim].axes.clear();
  if (shape[dim] == global.getDimSize(dim))
    return gathered;
  // Drop the padding of a dimension that does not divide.
  SmallVector<int64_t> start(shape.size(), 0), limit(shape), strides(shape.size(), 1);
  limit[dim] = global.getDimSize(dim);
  shape[dim] = global.getDimSize(dim);
  return builder_.create<stablehlo::SliceOp>(
      loc, RankedTensorType::get(shape, type.getElementType()), gathered,
      builder_.getDenseI64ArrayAttr(start), builder_.getDenseI64ArrayAttr(limit),
      builder_.getDenseI64ArrayAttr(strides));
}

Value Partitioner::sliceTo(Value local, const Sharding &target, ArrayRef<int64_t> dims,
                           RankedTensorType global, Location loc) {
  auto type = cast<RankedTensorType>(local.getType());
  Type element = type.getElementType();
  int64_t rank = type.getRank();
  // Pad the dimensions that do not divide to the next multiple.
  SmallVector<int64_t> high(rank, 0);
  bool padded = false;
  std::vector<int64_t> shard = target.shardShape(global.getShape());
  for (int64_t dim : dims) {
    high[dim] = shard[dim] * target.numShards(dim) - global.getDimSize(dim);
    padded |= high[dim] != 0;
  }
  if (padded) {
    SmallVector<int64_t> shape(type.getShape());
    for (int64_t dim : dims)
      shape[dim] += high[dim];
    Value zero = scalarConstant(element, builder_.getZeroAttr(element), loc);
    local = builder_.create<stablehlo::PadOp>(
        loc, RankedTensorType::get(shape, element), local, zero,
        builder_.getDenseI64ArrayAttr(SmallVector<int64_t>(rank, 0)),
        builder_.getDenseI64ArrayAttr(high),
        builder_.getDenseI64ArrayAttr(SmallVector<int64_t>(rank, 0)));
  }
  SmallVector<Value> starts;
  SmallVector<int64_t> sizes(type.getShape());
  Value zeroIndex;
  for (int64_t dim = 0; dim < rank; ++dim) {
    if (llvm::is_contained(dims, dim)) {
      sizes[dim] = shard[dim];
      starts.push_back(offsetOf(target, dim, shard[dim], loc));
      continue;
    }
    if (!zeroIndex)
      zeroIndex = scalarConstant(builder_.getI32Type(), builder_.getI32IntegerAttr(0), loc);
    starts.push_back(zeroIndex);
  }
  return builder_.create<stablehlo::DynamicSliceOp>(
      loc, RankedTensorType::get(sizes, element), local, starts,
      builder_.getDenseI64ArrayAttr(sizes));
}

Value Partitioner::reshard(Value local, Sharding current, const Sharding &target,
                           RankedTensorType global, Location loc) {
  if (samePlacement(current, target))
    return local;
  bool otherMesh = !sameMesh(current.mesh, target.mesh);
  // Partial values the target does not keep partial are combined first.
  std::vector<AxisRef> pending;
  for (const AxisRef &axis : current.unreduced)
    if (otherMesh ||
        !llvm::any_of(target.unreduced, [&](const AxisRef &t) { return sameAxis(axis, t); }))
      pending.push_back(axis);
  if (!pending.empty()) {
    local = allReduce(local, DevicePlacement(current).groupsOver(pending), nullptr, loc,
                      current.unreducedReduction);
    llvm::erase_if(current.unreduced, [&](const AxisRef &axis) {
      return llvm::any_of(pending, [&](const AxisRef &p) { return sameAxis(axis, p); });
    });
  }
  for (int64_t dim = 0; dim < current.rank(); ++dim) {
    if (current.dims[dim].axes.empty())
      continue;
    bool same = !otherMesh && current.dims[dim].axes.size() == target.dims[dim].axes.size() &&
                std::equal(current.dims[dim].axes.begin(), current.dims[dim].axes.end(),
                           target.dims[dim].axes.begin(), sameAxis);
    if (!same)
      local = gather(local, current, dim, global, loc);
  }
  // A value the target holds as partial sums over more axes: along those,
  // the first device of each group keeps its value, the others hold zeros
  // (max and min partials may all hold it).
  std::vector<AxisRef> added;
  for (const AxisRef &axis : target.unreduced)
    if (!llvm::any_of(current.unreduced, [&](const AxisRef &c) { return sameAxis(axis, c); }))
      added.push_back(axis);
  if (!added.empty() && target.unreducedReduction == Reduction::Sum)
    local = keepOnFirst(local, target, added, loc);
  current.unreduced = target.unreduced;
  current.unreducedReduction = target.unreducedReduction;
  SmallVector<int64_t> dims;
  for (int64_t dim = 0; dim < target.rank(); ++dim)
    if (!target.dims[dim].axes.empty() && current.dims[dim].axes.empty())
      dims.push_back(dim);
  if (!dims.empty())
    local = sliceTo(local, target, dims, global, loc);
  return local;
}

Value Partitioner::keepOnFirst(Value local, const Sharding &sharding,
                               const std::vector<AxisRef> &axes, Location loc) {
  DevicePlacement placement(sharding);
  SmallVector<int32_t> table;
  for (int64_t device = 0; device < numDevices_; ++device)
    table.push_back(llvm::all_of(axes, [&](const AxisRef &axis) {
      return placement.digit(axis, device) == 0;
    }));
  auto i32 = builder_.getI32Type();
  Value keep = lookupByDevice(table, loc);
  Value zero32 = scalarConstant(i32, builder_.getI32IntegerAttr(0), loc);
  Value pred = builder_.create<stablehlo::CompareOp>(
      loc, RankedTensorType::get({}, builder_.getI1Type()), keep, zero32,
      stablehlo::ComparisonDirectionAttr::get(builder_.getContext(),
                                              stablehlo::ComparisonDirection::NE),
      stablehlo::ComparisonTypeAttr());
  auto type = cast<RankedTensorType>(local.getType());
  Value zero = builder_.create<stablehlo::BroadcastInDimOp>(
      loc, type,
      scalarConstant(type.getElementType(), builder_.getZeroAttr(type.getElementType()), loc),
      builder_.getDenseI64ArrayAttr({}));
  return builder_.create<stablehlo::SelectOp>(loc, type, pred, local, zero);
}

/// Replaces the padding of `dim` (the elements past the global size) by
/// `neutral`, a rank-0 value.
Value Partitioner::fillPadding(Value local, const Sharding &sharding, int64_t dim,
                               RankedTensorType global, Value neutral, Location loc) {
  auto type = cast<RankedTensorType>(local.getType());
  auto indexType = RankedTensorType::get(type.getShape(), builder_.getI32Type());
  Value iota = builder_.create<stablehlo::IotaOp>(loc, indexType, builder_.getI64IntegerAttr(dim));
  Value offset = offsetOf(sharding, dim, type.getDimSize(dim), loc);
  auto splat = [&](Value scalar, RankedTensorType to) -> Value {
    return builder_.create<stablehlo::BroadcastInDimOp>(loc, to, scalar,
                                                        builder_.getDenseI64ArrayAttr({}));
  };
  Value index = builder_.create<stablehlo::AddOp>(loc, indexType, iota, splat(offset, indexType));
  Value size = scalarConstant(builder_.getI32Type(),
                              builder_.getI32IntegerAttr(global.getDimSize(dim)), loc);
  auto predType = RankedTensorType::get(type.getShape(), builder_.getI1Type());
  Value inside = builder_.create<stablehlo::CompareOp>(
      loc, predType, index, splat(size, indexType),
      stablehlo::ComparisonDirectionAttr::get(builder_.getContext(),
                                              stablehlo::ComparisonDirection::LT),
      stablehlo::ComparisonTypeAttr());
  return builder_.create<stablehlo::SelectOp>(loc, type, inside, local, splat(neutral, type));
}

Value Partitioner::allReduce(Value local, const DeviceGroups &groups, Region *body,
                             Location loc, Reduction kind) {
  auto op = builder_.create<stablehlo::AllReduceOp>(loc, TypeRange{local.getType()},
                                                    ValueRange{local}, groupsAttr(groups),
                                                    nextChannel(), builder_.getUnitAttr());
  Region &computation = op.getComputation();
  if (body) {
    IRMapping mapping;
    body->cloneInto(&computation, mapping);
    return op.getResult(0);
  }
  Type scalar = RankedTensorType::get({}, cast<RankedTensorType>(local.getType()).getElementType());
  OpBuilder::InsertionGuard guard(builder_);
  Block *block = builder_.createBlock(&computation, {}, {scalar, scalar}, {loc, loc});
  Value lhs = block->getArgument(0), rhs = block->getArgument(1);
  Value sum;
  if (kind == Reduction::Max)
    sum = builder_.create<stablehlo::MaxOp>(loc, scalar, lhs, rhs);
  else if (kind == Reduction::Min)
    sum = builder_.create<stablehlo::MinOp>(loc, scalar, lhs, rhs);
  else
    sum = builder_.create<stablehlo::AddOp>(loc, scalar, lhs, rhs);
  builder_.create<stablehlo::ReturnOp>(loc, ValueRange{sum});
  return op.getResult(0);
}

void Partitioner::setResult(Value original, Value local, const Sharding &sharding) {
  local_.map(original, local);
  placed_[original] = sharding;
}

/// Gives result `index` of `op` its local value, resharded to the sharding
/// the program asks for, if any.
void Partitioner::finishResult(Operation *op, unsigned index, Value local, Sharding sharding) {
  Value original = op->getResult(index);
  auto global = dyn_cast<RankedTensorType>(original.getType());
  if (global) {
    if (std::optional<Sharding> wanted = wantedResult(op, index)) {
      Sharding target = normalize(wanted, global.getRank());
      local = reshard(local, sharding, target, global, op->getLoc());
      sharding = target;
      // A maximal sharding computes the value on one device: every device
      // ran the op, and the named one's value (its partition_id, ...)
      // becomes everyone's.
      if (wanted->mesh.isMaximal() && numDevices_ > 1)
        local = broadcastFrom(local, wanted->mesh.deviceIds.front(), op->getLoc());
    }
  }
  setResult(original, local, sharding);
}

Value Partitioner::broadcastFrom(Value local, int64_t source, Location loc) {
  // The first device of a group is the source of a collective_broadcast.
  std::vector<int64_t> group{source};
  for (int64_t device = 0; device < numDevices_; ++device)
    if (device != source)
      group.push_back(device);
  auto op = builder_.create<stablehlo::CollectiveBroadcastOp>(
      loc, TypeRange{local.getType()}, ValueRange{local}, groupsAttr({group}), nextChannel(),
      UnitAttr());
  return op.getResult(0);
}

LogicalResult Partitioner::runWithRule(Operation *op, const OpPlan &plan) {
  Location loc = op->getLoc();
  IRMapping mapping;
  SmallVector<Value> operands;
  for (auto [index, operand] : llvm::enumerate(op->getOperands())) {
    Value local = local_.lookupOrDefault(operand);
    if (auto global = dyn_cast<RankedTensorType>(globalType(operand))) {
      // A dimension the op needs whole (concatenate, pad, reverse along a
      // split dimension) is gathered: reported, as every involuntary
      // replication is.
      Sharding current = placedOf(operand);
      for (int64_t dim = 0; dim < current.rank() && dim < plan.operands[index].rank(); ++dim)
        if (current.numShards(dim) > 1 && plan.operands[index].numShards(dim) == 1 &&
            !isElementwiseForSharding(op) && !isa<stablehlo::DotGeneralOp, stablehlo::ReduceOp,
                                                  stablehlo::BroadcastInDimOp,
                                                  stablehlo::TransposeOp>(op)) {
          std::string typeText;
          llvm::raw_string_ostream(typeText) << global;
          op->emitRemark() << "involuntary replication: operand #" << index << " (" << typeText
                           << ", sharding " << current.str() << ") is gathered along dimension "
                           << dim << ": '" << op->getName() << "' needs it whole"
                           << (plan.wholeReason.empty() ? "" : " (" + plan.wholeReason + ")");
        }
      local = reshard(local, current, plan.operands[index], global, loc);
    }
    operands.push_back(local);
  }
  for (auto [index, dim] : plan.neutralPadding) {
    auto global = cast<RankedTensorType>(globalType(op->getOperand(index)));
    Value neutral;
    if (auto reduce = dyn_cast<stablehlo::ReduceOp>(op))
      neutral = operands[reduce.getInputs().size() + index];
    else
      neutral = scalarConstant(global.getElementType(),
                               builder_.getZeroAttr(global.getElementType()), loc);
    operands[index] = fillPadding(operands[index], plan.operands[index], dim, global, neutral, loc);
  }
  for (auto [operand, local] : llvm::zip(op->getOperands(), operands))
    mapping.map(operand, local);
  Operation *clone = builder_.clone(*op, mapping);
  stripNestedShardings(clone);
  auto global = cast<RankedTensorType>(op->getResult(0).getType());
  clone->getResult(0).setType(localType(global, plan.result));
  // Sizes written as attributes: a dimension that keeps its split is taken
  // whole, the device's shard of it.
  ArrayRef<int64_t> localShape = cast<RankedTensorType>(clone->getResult(0).getType()).getShape();
  if (auto slice = dyn_cast<stablehlo::SliceOp>(clone)) {
    SmallVector<int64_t> limits(slice.getLimitIndices());
    for (size_t d = 0; d < limits.size(); ++d)
      if (plan.result.numShards(static_cast<int64_t>(d)) > 1)
        limits[d] = localShape[d];
    slice.setLimitIndices(limits);
  } else if (auto slice = dyn_cast<stablehlo::DynamicSliceOp>(clone)) {
    slice.setSliceSizes(localShape);
  } else if (auto gather = dyn_cast<stablehlo::GatherOp>(clone)) {
    // A passed-through dimension: the slice takes the device's whole shard.
    auto operandType = cast<RankedTensorType>(gather.getOperand().getType());
    SmallVector<int64_t> sizes(gather.getSliceSizes());
    for (size_t d = 0; d < sizes.size(); ++d)
      if (plan.operands[0].numShards(static_cast<int64_t>(d)) > 1)
        sizes[d] = operandType.getDimSize(d);
    gather.setSliceSizes(sizes);
  }
  Value result = clone->getResult(0);
  if (!plan.partialAxes.empty() && plan.result.unreduced.empty()) {
    DeviceGroups groups = DevicePlacement(plan.operands[0]).groupsOver(plan.partialAxes);
    Region *body = nullptr;
    if (auto reduce = dyn_cast<stablehlo::ReduceOp>(op))
      body = &reduce.getBody();
    result = allReduce(result, groups, body, loc);
  }
  finishResult(op, 0, result, plan.result);
  return success();
}

LogicalResult Partitioner::runReplicated(Operation *op) {
  Location loc = op->getLoc();
  IRMapping mapping;
  auto replicate = [&](Value operand, StringRef what) {
    Value local = local_.lookupOrDefault(operand);
    auto global = dyn_cast<RankedTensorType>(globalType(operand));
    if (!global)
      return local;
    Sharding current = placedOf(operand);
    std::string typeText;
    llvm::raw_string_ostream(typeText) << global;
    if (!current.isFullyReplicated())
      op->emitRemark() << "involuntary replication: " << what << " (" << typeText
                       << ", sharding " << current.str() << ") is gathered whole: '"
                       << op->getName()
                       << "' has no partitioning rule for these operand shardings";
    return reshard(local, current, replicated(global.getRank()), global, loc);
  };
  for (auto [index, operand] : llvm::enumerate(op->getOperands()))
    mapping.map(operand, replicate(operand, "operand #" + std::to_string(index)));
  llvm::SetVector<Value> captured;
  getUsedValuesDefinedAbove(op->getRegions(), captured);
  for (Value value : captured)
    if (local_.contains(value))
      mapping.map(value, replicate(value, "captured value"));
  Operation *clone = builder_.clone(*op, mapping);
  stripNestedShardings(clone);
  for (unsigned i = 0; i < op->getNumResults(); ++i) {
    auto type = dyn_cast<RankedTensorType>(op->getResult(i).getType());
    finishResult(op, i, clone->getResult(i), replicated(type ? type.getRank() : 0));
  }
  return success();
}

/// sdy.all_reduce and sdy.reduce_scatter: the operand is partial over the
/// reduction axes (Shardy's meaning); what is partial is combined, then
/// placed as `out_sharding` says.
LogicalResult Partitioner::combine(Operation *op) {
  Location loc = op->getLoc();
  auto reduction = op->getAttrOfType<sdy::ReductionKindAttr>("reduction");
  if (reduction && reduction.getValue() != sdy::ReductionKind::SUM)
    return op->emitOpError() << "unsupported: the SPMD partitioner combines sums only";
  SmallVector<sdy::AxisRefAttr> axisAttrs;
  if (auto allReduce = dyn_cast<sdy::AllReduceOp>(op))
    llvm::append_range(axisAttrs, allReduce.getReductionAxes().getValue());
  else
    for (sdy::AxisRefListAttr list :
         cast<sdy::ReduceScatterOp>(op).getReduceScatterAxes().getValue())
      llvm::append_range(axisAttrs, list.getValue());
  Value operand = op->getOperand(0);
  auto global = dyn_cast<RankedTensorType>(operand.getType());
  if (!global)
    return op->emitOpError() << "unsupported: the SPMD partitioner needs a ranked operand";
  Value local = local_.lookupOrDefault(operand);
  Sharding current = placedOf(operand);
  std::vector<AxisRef> axes;
  for (sdy::AxisRefAttr axis : axisAttrs) {
    AxisRef ref;
    ref.name = axis.getName().str();
    if (sdy::SubAxisInfoAttr info = axis.getSubAxisInfo()) {
      ref.preSize = info.getPreSize();
      ref.subSize = info.getSize();
    }
    axes.push_back(ref);
  }
  // The global value does not change: the op only says that its operand is
  // partial over the axes. Only what this partitioner left partial (a
  // contraction over a split dimension) is summed; a value it computed
  // whole (a gather it ran replicated, where Shardy's local gather leaves
  // partial values) is already the sum, and summing its copies would
  // multiply it.
  llvm::erase_if(axes, [&](const AxisRef &axis) {
    return llvm::none_of(current.unreduced,
                         [&](const AxisRef &partial) { return sameAxis(partial, axis); });
  });
  if (!axes.empty())
    local = allReduce(local, DevicePlacement(current).groupsOver(axes), nullptr, loc);
  llvm::erase_if(current.unreduced, [&](const AxisRef &axis) {
    return llvm::any_of(axes, [&](const AxisRef &a) { return sameAxis(a, axis); });
  });
  auto out = op->getAttrOfType<sdy::TensorShardingAttr>("out_sharding");
  Sharding target = normalize(readSharding(out, op), global.getRank());
  local = reshard(local, current, target, global, loc);
  setResult(op->getResult(0), local, target);
  return success();
}

LogicalResult Partitioner::partitionOp(Operation *op) {
  builder_.setInsertionPoint(op);
  Location loc = op->getLoc();
  if (auto ret = dyn_cast<func::ReturnOp>(op)) {
    SmallVector<Value> results;
    for (auto [index, operand] : llvm::enumerate(ret.getOperands())) {
      Value local = local_.lookupOrDefault(operand);
      if (auto global = dyn_cast<RankedTensorType>(globalType(operand))) {
        auto attr = func_.getResultAttrOfType<sdy::TensorShardingAttr>(index, sdy::kShardingAttr);
        Sharding target = normalize(readSharding(attr, func_), global.getRank());
        local = reshard(local, placedOf(operand), target, global, loc);
      }
      results.push_back(local);
    }
    builder_.create<func::ReturnOp>(loc, results);
    return success();
  }
  // Constraints, reshards and global-view data movement: the same value
  // with another sharding.
  sdy::TensorShardingAttr moveTo;
  if (auto constraint = dyn_cast<sdy::ShardingConstraintOp>(op))
    moveTo = constraint.getSharding();
  else if (auto reshardOp = dyn_cast<sdy::ReshardOp>(op))
    moveTo = reshardOp.getSharding();
  else if (isa<sdy::AllGatherOp, sdy::AllSliceOp, sdy::AllToAllOp, sdy::CollectivePermuteOp>(op))
    moveTo = op->getAttrOfType<sdy::TensorShardingAttr>("out_sharding");
  if (moveTo || isa<sdy::PropagationBarrierOp, sdy::DataFlowEdgeOp>(op)) {
    Value operand = op->getOperand(0);
    Value local = local_.lookupOrDefault(operand);
    Sharding current = placedOf(operand);
    if (auto global = dyn_cast<RankedTensorType>(globalType(operand)); global && moveTo) {
      Sharding target = normalize(readSharding(moveTo, op), global.getRank());
      local = reshard(local, current, target, global, loc);
      current = target;
    }
    setResult(op->getResult(0), local, current);
    return success();
  }
  if (isa<sdy::ShardingGroupOp>(op))
    return success();
  if (isa<sdy::AllReduceOp, sdy::ReduceScatterOp>(op))
    return combine(op);
  if (auto manual = dyn_cast<sdy::ManualComputationOp>(op))
    return partitionManual(manual);
  if (auto call = dyn_cast<stablehlo::CustomCallOp>(op)) {
    StringRef target = call.getCallTargetName();
    if (target == "SPMDFullToShardShape" || target == "SPMDShardToFullShape")
      return partitionShardShape(call, target == "SPMDFullToShardShape");
  }
  if (op->getNumResults() == 1 && isa<RankedTensorType>(op->getResult(0).getType())) {
    std::vector<Sharding> operands;
    for (Value operand : op->getOperands())
      operands.push_back(placedOf(operand));
    std::optional<Sharding> wanted = wantedResult(op, 0);
    std::optional<Sharding> target;
    if (wanted)
      target = normalize(wanted, cast<RankedTensorType>(op->getResult(0).getType()).getRank());
    if (std::optional<OpPlan> plan = planOp(op, operands, target ? &*target : nullptr))
      return runWithRule(op, *plan);
  }
  return runReplicated(op);
}

/// sdy.manual_computation: each operand is placed as its in_sharding says
/// (manual axes included), and the body runs at the computation's place on
/// every device's shard, its values placed over the free axes only (the
/// partitioner handles them as any other, so collectives the body writes
/// run as written, per device). Each result is its body value placed over
/// the free axes of its out_sharding; with the manual axes, that is the
/// result's sharding.
LogicalResult Partitioner::partitionManual(sdy::ManualComputationOp op) {
  Location loc = op.getLoc();
  std::vector<std::string> manual;
  for (StringAttr axis : op.getManualAxes().getValue())
    manual.push_back(axis.str());
  Block &body = op.getBody().front();
  ArrayRef<sdy::TensorShardingAttr> ins = op.getInShardings().getShardings();
  ArrayRef<sdy::TensorShardingAttr> outs = op.getOutShardings().getShardings();
  for (auto [index, operand] : llvm::enumerate(op->getOperands())) {
    auto global = cast<RankedTensorType>(globalType(operand));
    Sharding target = normalize(readSharding(ins[index], op), global.getRank());
    builder_.setInsertionPoint(op);
    Value local = reshard(local_.lookupOrDefault(operand), placedOf(operand), target, global, loc);
    BlockArgument arg = body.getArgument(index);
    Sharding inside = withoutAxes(target, manual);
    if (localType(cast<RankedTensorType>(arg.getType()), inside) != local.getType())
      return op.emitOpError() << "unsupported: operand #" << index << " has the shard type "
                              << local.getType() << " on each device, but the body takes "
                              << arg.getType() << " split as " << inside.str();
    placed_[arg] = inside;
    local_.map(arg, local);
  }
  SmallVector<Operation *> ops;
  for (Operation &inner : body.without_terminator())
    ops.push_back(&inner);
  for (Operation *inner : ops) {
    inner->moveBefore(op);
    moved_.push_back(inner);
    if (failed(partitionOp(inner)))
      return failure();
  }
  builder_.setInsertionPoint(op);
  Operation *terminator = body.getTerminator();
  for (auto [index, result] : llvm::enumerate(op->getResults())) {
    Value inner = terminator->getOperand(index);
    auto innerType = cast<RankedTensorType>(globalType(inner));
    auto global = cast<RankedTensorType>(result.getType());
    Sharding full = normalize(readSharding(outs[index], op), global.getRank());
    Value local = reshard(local_.lookupOrDefault(inner), placedOf(inner),
                          withoutAxes(full, manual), innerType, loc);
    if (localType(global, full) != local.getType())
      return op.emitOpError() << "unsupported: result #" << index << " is " << local.getType()
                              << " on each device, but its out_sharding " << full.str()
                              << " gives shards of " << localType(global, full);
    setResult(result, local, full);
  }
  return success();
}

/// GSPMD's shard_map: `@SPMDFullToShardShape` turns a value placed as its
/// operand is (the `@Sharding` before it) into every device's own shard,
/// which the manual ops after it use as written; `@SPMDShardToFullShape`
/// turns every device's value back into the shards of a global value
/// placed as its `sdy.sharding` (imported from `mhlo.sharding`) says.
LogicalResult Partitioner::partitionShardShape(stablehlo::CustomCallOp op, bool toShard) {
  if (op->getNumOperands() != 1 || op->getNumResults() != 1)
    return op.emitOpError() << "expects one operand and one result";
  Value operand = op->getOperand(0);
  auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  auto operandType = dyn_cast<RankedTensorType>(globalType(operand));
  if (!resultType || !operandType)
    return op.emitOpError() << "unsupported: shard_map of values that are not ranked tensors";
  Value local = local_.lookupOrDefault(operand);
  Location loc = op.getLoc();
  if (toShard) {
    // The manual value is each device's shard of the operand as placed.
    Sharding current = placedOf(operand);
    if (!current.unreduced.empty()) {
      Sharding reduced = current;
      reduced.unreduced.clear();
      local = reshard(local, current, reduced, operandType, loc);
      current = reduced;
    }
    if (local.getType() != resultType)
      return op.emitOpError() << "unsupported: the operand is placed as " << current.str()
                              << " (shards of " << local.getType() << "), but the manual "
                              << "shard is " << resultType;
    setResult(op->getResult(0), local, replicated(resultType.getRank()));
    return success();
  }
  Sharding target = normalize(wantedResult(op, 0), resultType.getRank());
  // Manual values are every device's own: nothing moves.
  local = reshard(local, placedOf(operand), replicated(operandType.getRank()), operandType, loc);
  if (localType(resultType, target) != local.getType())
    return op.emitOpError() << "unsupported: each device holds " << local.getType()
                            << ", but the result's sharding " << target.str()
                            << " gives shards of " << localType(resultType, target);
  setResult(op->getResult(0), local, target);
  return success();
}

LogicalResult Partitioner::run() {
  Block &body = func_.getBody().front();
  // Arguments take their shard types: new block arguments stand for the
  // original ones until these go, so that the original ops keep their
  // global types while rules read them.
  SmallVector<Type> argTypes;
  unsigned numArgs = body.getNumArguments();
  for (unsigned i = 0; i < numArgs; ++i) {
    BlockArgument arg = body.getArgument(i);
    Type type = arg.getType();
    if (auto global = dyn_cast<RankedTensorType>(type)) {
      auto attr = func_.getArgAttrOfType<sdy::TensorShardingAttr>(i, sdy::kShardingAttr);
      Sharding sharding = normalize(readSharding(attr, func_), global.getRank());
      placed_[arg] = sharding;
      type = localType(global, sharding);
    }
    local_.map(arg, body.addArgument(type, arg.getLoc()));
    argTypes.push_back(type);
  }
  SmallVector<Type> resultTypes;
  for (auto [index, type] : llvm::enumerate(func_.getResultTypes())) {
    auto global = dyn_cast<RankedTensorType>(type);
    if (!global) {
      resultTypes.push_back(type);
      continue;
    }
    auto attr = func_.getResultAttrOfType<sdy::TensorShardingAttr>(index, sdy::kShardingAttr);
    resultTypes.push_back(localType(global, normalize(readSharding(attr, func_), global.getRank())));
  }
  SmallVector<Operation *> originals;
  for (Operation &op : body)
    originals.push_back(&op);
  for (Operation *op : originals)
    if (failed(partitionOp(op)))
      return failure();
  for (Operation *op : llvm::reverse(moved_)) {
    op->dropAllUses();
    op->erase();
  }
  for (Operation *op : llvm::reverse(originals)) {
    op->dropAllUses();
    op->erase();
  }
  body.eraseArguments(0, numArgs);
  func_.setType(FunctionType::get(func_.getContext(), argTypes, resultTypes));
  func_->setAttr(kLocalViewAttr, builder_.getI64IntegerAttr(numDevices_));
  return success();
}

} // namespace

bool oxla::sharding::hasShardings(func::FuncOp func) {
  bool found = false;
  forEachSharding(func, [&](sdy::TensorShardingAttr, Operation *) { found = true; });
  return found;
}

FailureOr<int64_t> oxla::sharding::devicesOf(func::FuncOp func) {
  int64_t devices = 1;
  bool ok = true;
  forEachSharding(func, [&](sdy::TensorShardingAttr attr, Operation *op) {
    sdy::MeshAttr mesh = attr.getMesh(op);
    if (!mesh || !ok)
      return;
    int64_t size = mesh.isMaximal() ? 1 : mesh.getTotalSize();
    if (size == 1)
      return;
    if (devices != 1 && devices != size) {
      op->emitError() << "unsupported: shardings over meshes of " << devices << " and " << size
                      << " devices in one function";
      ok = false;
      return;
    }
    devices = size;
  });
  if (!ok)
    return failure();
  return devices;
}

LogicalResult oxla::sharding::partitionFunction(func::FuncOp func, int64_t numDevices,
                                                int64_t numPartitions, int64_t &channel) {
  if (!func.getBody().hasOneBlock())
    return func.emitOpError() << "unsupported: SPMD partitioning of a function with "
                              << "several blocks";
  // The mesh of the function: the first sharding over `numDevices` devices.
  std::optional<Sharding> base;
  forEachSharding(func, [&](sdy::TensorShardingAttr attr, Operation *op) {
    if (base)
      return;
    if (sdy::MeshAttr mesh = attr.getMesh(op))
      if (!mesh.isMaximal() && mesh.getTotalSize() == numDevices)
        base = Sharding::fromSdy(attr, mesh);
  });
  if (!base) {
    Mesh mesh;
    mesh.axes.push_back({"_devices", numDevices});
    base = Sharding::replicatedOn(mesh, 0);
  }
  base->dims.clear();
  base->replicated.clear();
  base->unreduced.clear();
  return Partitioner(func, *base, numDevices, numPartitions, channel).run();
}
