//===- LowerCollectives.cpp - Collectives as exchanges and local ops ------===//
//
// See Passes.td (LowerCollectives). Each function that runs as a process of
// a grid (an `interpreter.run_parallel` program, or any function of a module
// with `mhlo.num_replicas` / `mhlo.num_partitions`) knows its grid when it
// is compiled; the spec's process groups (cross_replica, cross_partition,
// cross_replica_and_partition, flattened_ids) then become lists of device
// ids (replica * num_partitions + partition), and every collective becomes
// one runtime primitive plus ordinary StableHLO on the local values:
//   @oxla.collective.exchange   every member's operand, stacked in group order
//   @oxla.collective.permute    the operand of this device's source, or zeros
//   @oxla.collective.device_id  this device's id
// (runtime/collectives/Collectives.h runs them).
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/Interpreter/IR/Interpreter.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "compiler/Sharding/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"

#include <map>
#include <string>

namespace oxla {
#define GEN_PASS_DEF_LOWERCOLLECTIVES
#include "compiler/Sharding/Passes.h.inc"
} // namespace oxla

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace {

constexpr llvm::StringLiteral kExchange = "oxla.collective.exchange";
constexpr llvm::StringLiteral kPermute = "oxla.collective.permute";
constexpr llvm::StringLiteral kDeviceId = "oxla.collective.device_id";
constexpr llvm::StringLiteral kRunParallel = "oxla.run_parallel";

struct Grid {
  int64_t replicas = 1, partitions = 1;
  bool operator==(const Grid &other) const {
    return replicas == other.replicas && partitions == other.partitions;
  }
  int64_t devices() const { return replicas * partitions; }
};

enum class Grouping { CrossReplica, CrossPartition, CrossReplicaAndPartition, FlattenedIds };

using Groups = SmallVector<SmallVector<int64_t>>;

int64_t channelOf(std::optional<hlo::ChannelHandleAttr> handle) {
  return handle ? handle->getHandle() : 0;
}

/// The rows of a dense id matrix, without the -1 that pads ragged rows.
FailureOr<Groups> rowsOf(Operation *op, Attribute attr, StringRef name) {
  auto dense = dyn_cast_or_null<DenseIntElementsAttr>(attr);
  if (!dense)
    return op->emitError() << "unsupported: " << name << " given as mesh axes";
  auto type = cast<ShapedType>(dense.getType());
  if (type.getRank() != 2)
    return op->emitError() << name << " must have rank 2";
  Groups rows;
  int64_t width = type.getDimSize(1);
  SmallVector<int64_t> values(dense.getValues<int64_t>());
  for (int64_t i = 0; i < type.getDimSize(0); ++i) {
    SmallVector<int64_t> row;
    for (int64_t j = 0; j < width; ++j)
      if (values[i * width + j] != -1)
        row.push_back(values[i * width + j]);
    if (!row.empty())
      rows.push_back(std::move(row));
  }
  return rows;
}

/// The spec's process groups, as device ids, in member order.
FailureOr<Groups> deviceGroups(Operation *op, Grouping grouping, Attribute replicaGroups,
                               Grid grid) {
  FailureOr<Groups> ids = rowsOf(op, replicaGroups, "replica_groups");
  if (failed(ids))
    return failure();
  int64_t bound = grouping == Grouping::CrossPartition ? grid.partitions
                  : grouping == Grouping::FlattenedIds ? grid.devices()
                                                       : grid.replicas;
  if (ids->empty()) {
    ids->emplace_back();
    for (int64_t id = 0; id < bound; ++id)
      ids->back().push_back(id);
  }
  Groups groups;
  for (const SmallVector<int64_t> &ids : *ids) {
    for (int64_t id : ids)
      if (id < 0 || id >= bound)
        return op->emitError() << "replica_groups names id " << id << ", but the grid of "
                               << grid.replicas << " replica(s) x " << grid.partitions
                               << " partition(s) it runs on has only " << bound;
    auto device = [&](int64_t r, int64_t p) { return r * grid.partitions + p; };
    switch (grouping) {
    case Grouping::CrossReplica:
      for (int64_t p = 0; p < grid.partitions; ++p) {
        SmallVector<int64_t> &members = groups.emplace_back();
        for (int64_t r : ids)
          members.push_back(device(r, p));
      }
      break;
    case Grouping::CrossPartition:
      for (int64_t r = 0; r < grid.replicas; ++r) {
        SmallVector<int64_t> &members = groups.emplace_back();
        for (int64_t p : ids)
          members.push_back(device(r, p));
      }
      break;
    case Grouping::CrossReplicaAndPartition: {
      SmallVector<int64_t> &members = groups.emplace_back();
      for (int64_t p = 0; p < grid.partitions; ++p)
        for (int64_t r : ids)
          members.push_back(device(r, p));
      break;
    }
    case Grouping::FlattenedIds:
      groups.emplace_back(ids.begin(), ids.end());
      break;
    }
  }
  // Each device in one group at most.
  SmallVector<int> seen(grid.devices(), 0);
  for (const SmallVector<int64_t> &group : groups) {
    for (int64_t device : group)
      if (seen[device]++)
        return op->emitError() << "device " << device << " is in two process groups";
  }
  return groups;
}

FailureOr<Grouping> withGlobalIds(Operation *op, int64_t channel, bool useGlobalIds) {
  if (!useGlobalIds)
    return channel <= 0 ? Grouping::CrossReplica : Grouping::CrossReplicaAndPartition;
  if (channel <= 0)
    return op->emitError() << "use_global_device_ids requires channel_id > 0";
  return Grouping::FlattenedIds;
}

std::string groupsText(const Groups &groups) {
  std::string text;
  for (const SmallVector<int64_t> &group : groups) {
    if (!text.empty())
      text += ";";
    for (auto [i, id] : llvm::enumerate(group))
      text += (i ? "," : "") + std::to_string(id);
  }
  return text;
}

/// Builds the local computation of one collective.
class Lowering {
public:
  Lowering(Operation *op, Grid grid) : op_(op), b_(op), loc_(op->getLoc()), grid_(grid) {}

  Value customCall(StringRef target, ValueRange operands, Type result, StringRef config) {
    OperationState state(loc_, "stablehlo.custom_call");
    state.addOperands(operands);
    state.addTypes(result);
    state.addAttribute("call_target_name", b_.getStringAttr(target));
    state.addAttribute("has_side_effect", b_.getBoolAttr(true));
    state.addAttribute("backend_config", b_.getStringAttr(config));
    return b_.create(state)->getResult(0);
  }

  /// Every member's `value`, stacked along a new dimension 0 in group order
  /// (zeros past the members of a smaller group, and on a device in no
  /// group).
  Value exchange(Value value, const Groups &groups) {
    auto type = cast<RankedTensorType>(value.getType());
    SmallVector<int64_t> shape{largest(groups)};
    llvm::append_range(shape, type.getShape());
    return customCall(kExchange, value, RankedTensorType::get(shape, type.getElementType()),
                      "groups=" + groupsText(groups));
  }

  static int64_t largest(const Groups &groups) {
    size_t size = 0;
    for (const SmallVector<int64_t> &group : groups)
      size = std::max(size, group.size());
    return static_cast<int64_t>(size);
  }

  /// The ops whose result shape depends on the group size need one size.
  LogicalResult sameSizes(const Groups &groups) {
    for (const SmallVector<int64_t> &group : groups)
      if (group.size() != groups.front().size())
        return op_->emitError() << "process groups of different sizes (" << group.size()
                                << " and " << groups.front().size()
                                << ") give the devices results of different shapes";
    return success();
  }

  /// The process groups of a collective with a channel handle and
  /// use_global_device_ids (all_gather, all_reduce, reduce_scatter,
  /// collective_reduce), all of one size when `equalSizes`.
  template <typename CollectiveOp>
  FailureOr<Groups> groupsOf(CollectiveOp op, bool equalSizes) {
    FailureOr<Grouping> grouping =
        withGlobalIds(op_, channelOf(op.getChannelHandle()), op.getUseGlobalDeviceIds());
    if (failed(grouping))
      return failure();
    FailureOr<Groups> groups = deviceGroups(op_, *grouping, op.getReplicaGroups(), grid_);
    if (failed(groups) || (equalSizes && failed(sameSizes(*groups))))
      return failure();
    return groups;
  }

  /// Element `k` of the 1-D `root` operand, as tensor<i32>.
  Value rootIndex(Value root, int64_t k) {
    auto type = cast<RankedTensorType>(root.getType());
    Value one = b_.create<hlo::SliceOp>(
        loc_, RankedTensorType::get({1}, type.getElementType()), root,
        b_.getDenseI64ArrayAttr({k}), b_.getDenseI64ArrayAttr({k + 1}),
        b_.getDenseI64ArrayAttr({1}));
    Value scalar =
        b_.create<hlo::ReshapeOp>(loc_, RankedTensorType::get({}, type.getElementType()), one);
    return b_.create<hlo::ConvertOp>(loc_, RankedTensorType::get({}, b_.getI32Type()), scalar);
  }

  /// Member `index` (a tensor<i32>) of dimension 0 of `stacked`.
  Value memberAt(Value stacked, Value index) {
    auto type = cast<RankedTensorType>(stacked.getType());
    SmallVector<int64_t> sizes(type.getShape());
    sizes[0] = 1;
    SmallVector<Value> starts(type.getRank(), i32Constant(0));
    starts[0] = index;
    Value one = b_.create<hlo::DynamicSliceOp>(
        loc_, RankedTensorType::get(sizes, type.getElementType()), stacked, starts,
        b_.getDenseI64ArrayAttr(sizes));
    return b_.create<hlo::ReshapeOp>(
        loc_, RankedTensorType::get(type.getShape().drop_front(), type.getElementType()), one);
  }

  Value deviceId() {
    if (!deviceId_)
      deviceId_ = customCall(kDeviceId, {}, RankedTensorType::get({}, b_.getIntegerType(32, false)),
                             "");
    return deviceId_;
  }

  Value i32Constant(int32_t value) {
    return b_.create<hlo::ConstantOp>(
        loc_, DenseElementsAttr::get(RankedTensorType::get({}, b_.getI32Type()), value));
  }

  /// This device's entry of `table` (one per device), as tensor<i32>.
  Value lookup(ArrayRef<int32_t> table) {
    auto i32 = b_.getI32Type();
    Value tableValue = b_.create<hlo::ConstantOp>(
        loc_, DenseElementsAttr::get(
                  RankedTensorType::get({static_cast<int64_t>(table.size())}, i32), table));
    Value index = b_.create<hlo::ConvertOp>(loc_, RankedTensorType::get({}, i32), deviceId());
    Value one = b_.create<hlo::DynamicSliceOp>(loc_, RankedTensorType::get({1}, i32), tableValue,
                                               ValueRange{index}, b_.getDenseI64ArrayAttr({1}));
    return b_.create<hlo::ReshapeOp>(loc_, RankedTensorType::get({}, i32), one);
  }

  /// Each device's position in its group (0 outside every group).
  Value position(const Groups &groups) {
    SmallVector<int32_t> table(grid_.devices(), 0);
    for (const SmallVector<int64_t> &group : groups)
      for (auto [i, device] : llvm::enumerate(group))
        table[device] = static_cast<int32_t>(i);
    return lookup(table);
  }

  /// Element `i` of dimension 0 of `stacked`, without that dimension.
  Value member(Value stacked, int64_t i) {
    auto type = cast<RankedTensorType>(stacked.getType());
    SmallVector<int64_t> start(type.getRank(), 0), limit(type.getShape()),
        strides(type.getRank(), 1);
    start[0] = i;
    limit[0] = i + 1;
    SmallVector<int64_t> sliced(type.getShape());
    sliced[0] = 1;
    Value one = b_.create<hlo::SliceOp>(loc_, RankedTensorType::get(sliced, type.getElementType()),
                                        stacked, b_.getDenseI64ArrayAttr(start),
                                        b_.getDenseI64ArrayAttr(limit),
                                        b_.getDenseI64ArrayAttr(strides));
    return b_.create<hlo::ReshapeOp>(
        loc_, RankedTensorType::get(type.getShape().drop_front(), type.getElementType()), one);
  }

  /// The members' values combined by `body`, in group order (a device of
  /// a smaller group stops at its last member).
  Value fold(Value stacked, Region &body, const Groups &groups) {
    auto type = cast<RankedTensorType>(stacked.getType());
    Value total = member(stacked, 0);
    SmallVector<int64_t> dims;
    for (int64_t d = 0; d + 1 < type.getRank(); ++d)
      dims.push_back(d);
    SmallVector<int32_t> sizes(grid_.devices(), 0);
    bool ragged = false;
    for (const SmallVector<int64_t> &group : groups) {
      for (int64_t device : group)
        sizes[device] = static_cast<int32_t>(group.size());
      ragged |= group.size() != groups.front().size();
    }
    for (int64_t i = 1; i < type.getDimSize(0); ++i) {
      Value before = total;
      OperationState state(loc_, "stablehlo.map");
      state.addOperands({total, member(stacked, i)});
      state.addTypes(total.getType());
      state.addAttribute("dimensions", b_.getDenseI64ArrayAttr(dims));
      Region *region = state.addRegion();
      IRMapping mapping;
      body.cloneInto(region, mapping);
      total = b_.create(state)->getResult(0);
      if (ragged) {
        SmallVector<int32_t> has(sizes.size());
        for (auto [device, size] : llvm::enumerate(sizes))
          has[device] = size > i;
        total = selectByDevice(has, total, before);
      }
    }
    return total;
  }

  /// `stacked` with its dimension 0 merged into dimension `dim` of the
  /// rest, major: [G, s0, .., sd, ..] -> [s0, .., G * sd, ..].
  Value mergeInto(Value stacked, int64_t dim) {
    auto type = cast<RankedTensorType>(stacked.getType());
    SmallVector<int64_t> permutation;
    for (int64_t d = 1; d <= dim; ++d)
      permutation.push_back(d);
    permutation.push_back(0);
    for (int64_t d = dim + 1; d < type.getRank(); ++d)
      permutation.push_back(d);
    SmallVector<int64_t> transposed;
    for (int64_t d : permutation)
      transposed.push_back(type.getDimSize(d));
    Value moved = b_.create<hlo::TransposeOp>(
        loc_, RankedTensorType::get(transposed, type.getElementType()), stacked,
        b_.getDenseI64ArrayAttr(permutation));
    SmallVector<int64_t> merged(type.getShape().drop_front());
    merged[dim] *= type.getDimSize(0);
    return b_.create<hlo::ReshapeOp>(loc_, RankedTensorType::get(merged, type.getElementType()),
                                     moved);
  }

  /// Part `position` of `count` of dimension `dim` of `value`.
  Value part(Value value, int64_t dim, int64_t count, Value position) {
    auto type = cast<RankedTensorType>(value.getType());
    SmallVector<int64_t> sizes(type.getShape());
    int64_t chunk = sizes[dim] / count;
    sizes[dim] = chunk;
    Value zero = i32Constant(0);
    SmallVector<Value> starts(type.getRank(), zero);
    starts[dim] = b_.create<hlo::MulOp>(loc_, position.getType(), position, i32Constant(chunk));
    return b_.create<hlo::DynamicSliceOp>(loc_, RankedTensorType::get(sizes, type.getElementType()),
                                          value, starts, b_.getDenseI64ArrayAttr(sizes));
  }

  Value zerosLike(Value value) {
    auto type = cast<RankedTensorType>(value.getType());
    Value zero = b_.create<hlo::ConstantOp>(
        loc_, DenseElementsAttr::get(RankedTensorType::get({}, type.getElementType()),
                                     b_.getZeroAttr(type.getElementType())));
    return b_.create<hlo::BroadcastInDimOp>(loc_, type, zero, b_.getDenseI64ArrayAttr({}));
  }

  Value selectByDevice(ArrayRef<int32_t> table, Value onTrue, Value onFalse) {
    Value flag = lookup(table);
    Value pred = b_.create<hlo::CompareOp>(
        loc_, RankedTensorType::get({}, b_.getI1Type()), flag, i32Constant(0),
        hlo::ComparisonDirectionAttr::get(b_.getContext(), hlo::ComparisonDirection::NE),
        hlo::ComparisonTypeAttr());
    return b_.create<hlo::SelectOp>(loc_, onTrue.getType(), pred, onTrue, onFalse);
  }

  LogicalResult lower();

private:
  LogicalResult checkDivides(Value value, int64_t dim, int64_t count) {
    auto type = cast<RankedTensorType>(value.getType());
    if (!type.hasStaticShape())
      return op_->emitError() << "unsupported: a collective on a dynamically shaped tensor";
    if (dim < 0 || dim >= type.getRank() || type.getDimSize(dim) % count != 0)
      return op_->emitError() << "dimension " << dim << " of " << type
                              << " does not split into " << count << " parts";
    return success();
  }

  Operation *op_;
  OpBuilder b_;
  Location loc_;
  Grid grid_;
  Value deviceId_;
};

LogicalResult Lowering::lower() {
  SmallVector<Value> results;
  for (Value operand : op_->getOperands())
    if (auto type = dyn_cast<RankedTensorType>(operand.getType());
        !type || !type.hasStaticShape())
      return op_->emitError() << "unsupported: collective on " << operand.getType()
                              << " (compiled collectives take statically shaped tensors)";
  if (isa<hlo::ReplicaIdOp, hlo::PartitionIdOp>(op_)) {
    auto u32 = RankedTensorType::get({}, b_.getIntegerType(32, false));
    Value divisor = b_.create<hlo::ConstantOp>(
        loc_, DenseElementsAttr::get(u32, APInt(32, grid_.partitions)));
    Value id = deviceId();
    Value value = isa<hlo::ReplicaIdOp>(op_)
                      ? Value(b_.create<hlo::DivOp>(loc_, u32, id, divisor))
                      : Value(b_.create<hlo::RemOp>(loc_, u32, id, divisor));
    op_->getResult(0).replaceAllUsesWith(value);
    return success();
  }
  if (auto gather = dyn_cast<hlo::AllGatherOp>(op_)) {
    FailureOr<Groups> groups = groupsOf(gather, /*equalSizes=*/true);
    if (failed(groups))
      return failure();
    for (Value operand : gather.getOperands())
      results.push_back(mergeInto(exchange(operand, *groups), gather.getAllGatherDim()));
  } else if (auto reduce = dyn_cast<hlo::AllReduceOp>(op_)) {
    FailureOr<Groups> groups = groupsOf(reduce, /*equalSizes=*/false);
    if (failed(groups))
      return failure();
    for (Value operand : reduce.getOperands())
      results.push_back(fold(exchange(operand, *groups), reduce.getComputation(), *groups));
  } else if (auto scatter = dyn_cast<hlo::ReduceScatterOp>(op_)) {
    FailureOr<Groups> groups = groupsOf(scatter, /*equalSizes=*/true);
    if (failed(groups))
      return failure();
    int64_t count = groups->front().size();
    int64_t dim = scatter.getScatterDimension();
    Value self = position(*groups);
    for (Value operand : scatter.getOperands()) {
      if (failed(checkDivides(operand, dim, count)))
        return failure();
      // Each member's part number `self`, then combined.
      results.push_back(fold(part(exchange(operand, *groups), dim + 1, count, self),
                             scatter.getComputation(), *groups));
    }
  } else if (auto allToAll = dyn_cast<hlo::AllToAllOp>(op_)) {
    Grouping grouping = channelOf(allToAll.getChannelHandle()) <= 0 ? Grouping::CrossReplica
                                                                    : Grouping::CrossPartition;
    FailureOr<Groups> groups = deviceGroups(op_, grouping, allToAll.getReplicaGroups(), grid_);
    if (failed(groups) || failed(sameSizes(*groups)))
      return failure();
    int64_t count = allToAll.getSplitCount();
    if (count != static_cast<int64_t>(groups->front().size()))
      return op_->emitError() << "split_count " << count << " differs from the process group size "
                              << groups->front().size();
    Value self = position(*groups);
    for (Value operand : allToAll.getOperands()) {
      if (failed(checkDivides(operand, allToAll.getSplitDimension(), count)))
        return failure();
      // Every sender's part number `self`, concatenated in group order.
      Value received =
          part(exchange(operand, *groups), allToAll.getSplitDimension() + 1, count, self);
      results.push_back(mergeInto(received, allToAll.getConcatDimension()));
    }
  } else if (auto broadcast = dyn_cast<hlo::CollectiveBroadcastOp>(op_)) {
    Grouping grouping = channelOf(broadcast.getChannelHandle()) <= 0 ? Grouping::CrossReplica
                                                                     : Grouping::CrossPartition;
    FailureOr<Groups> groups = deviceGroups(op_, grouping, broadcast.getReplicaGroups(), grid_);
    if (failed(groups))
      return failure();
    // Devices outside every group receive zeros from the exchange. With a
    // dynamic root, the last operand names each data operand's root.
    bool dynamicRoot = broadcast.getHasDynamicRoot();
    ValueRange data = broadcast.getOperands();
    if (dynamicRoot)
      data = data.drop_back();
    for (auto [k, operand] : llvm::enumerate(data)) {
      Value stacked = exchange(operand, *groups);
      results.push_back(dynamicRoot ? memberAt(stacked, rootIndex(broadcast.getOperands().back(), k))
                                    : member(stacked, 0));
    }
  } else if (auto reduce = dyn_cast<hlo::CollectiveReduceOp>(op_)) {
    FailureOr<Groups> groups = groupsOf(reduce, /*equalSizes=*/false);
    if (failed(groups))
      return failure();
    // The root (each group's first member) gets the reduction, the others
    // zeros.
    SmallVector<int32_t> roots(grid_.devices(), 0);
    for (const SmallVector<int64_t> &group : *groups)
      roots[group.front()] = 1;
    bool dynamicRoot = reduce.getHasDynamicRoot();
    ValueRange data = reduce.getOperands();
    if (dynamicRoot)
      data = data.drop_back();
    for (auto [k, operand] : llvm::enumerate(data)) {
      Value total = fold(exchange(operand, *groups), reduce.getComputation(), *groups);
      if (!dynamicRoot) {
        results.push_back(selectByDevice(roots, total, zerosLike(total)));
        continue;
      }
      // The root is the member the root operand names; devices in no group
      // get zeros.
      SmallVector<int32_t> inGroup(grid_.devices(), 0);
      for (const SmallVector<int64_t> &group : *groups)
        for (int64_t device : group)
          inGroup[device] = 1;
      Value isRoot = b_.create<hlo::CompareOp>(
          loc_, RankedTensorType::get({}, b_.getI1Type()), position(*groups),
          rootIndex(reduce.getOperands().back(), k),
          hlo::ComparisonDirectionAttr::get(b_.getContext(), hlo::ComparisonDirection::EQ),
          hlo::ComparisonTypeAttr());
      Value rooted = b_.create<hlo::SelectOp>(loc_, total.getType(), isRoot, total,
                                              zerosLike(total));
      results.push_back(selectByDevice(inGroup, rooted, zerosLike(total)));
    }
  } else if (auto permute = dyn_cast<hlo::CollectivePermuteOp>(op_)) {
    bool acrossReplicas = channelOf(permute.getChannelHandle()) <= 0;
    FailureOr<Groups> pairs = rowsOf(op_, permute.getSourceTargetPairs(), "source_target_pairs");
    if (failed(pairs))
      return failure();
    int64_t bound = acrossReplicas ? grid_.replicas : grid_.partitions;
    std::string config = "pairs=";
    SmallVector<int> targeted(grid_.devices(), 0);
    bool first = true;
    for (const SmallVector<int64_t> &pair : *pairs) {
      if (pair.size() != 2 || pair[0] < 0 || pair[0] >= bound || pair[1] < 0 || pair[1] >= bound)
        return op_->emitError() << "source_target_pairs must hold pairs of ids below " << bound;
      int64_t others = acrossReplicas ? grid_.partitions : grid_.replicas;
      for (int64_t other = 0; other < others; ++other) {
        auto device = [&](int64_t id) {
          return acrossReplicas ? id * grid_.partitions + other : other * grid_.partitions + id;
        };
        if (targeted[device(pair[1])]++)
          return op_->emitError() << "device " << device(pair[1]) << " is the target of two pairs";
        config += (first ? "" : ";") + std::to_string(device(pair[0])) + "," +
                  std::to_string(device(pair[1]));
        first = false;
      }
    }
    for (Value operand : permute.getOperands())
      results.push_back(customCall(kPermute, operand, operand.getType(), config));
  } else if (auto sum = dyn_cast<hlo::CrossReplicaSumOp>(op_)) {
    FailureOr<Groups> groups =
        deviceGroups(op_, Grouping::CrossReplica, sum.getReplicaGroups(), grid_);
    if (failed(groups))
      return failure();
    if (failed(sameSizes(*groups)))
      return failure();
    Value stacked = exchange(sum->getOperand(0), *groups);
    Value total = member(stacked, 0);
    for (int64_t i = 1; i < static_cast<int64_t>(groups->front().size()); ++i)
      total = b_.create<hlo::AddOp>(loc_, total.getType(), total, member(stacked, i));
    results.push_back(total);
  } else {
    return op_->emitError() << "unsupported: no compiled lowering for '" << op_->getName()
                            << "'";
  }
  op_->replaceAllUsesWith(results);
  return success();
}

bool isCollective(Operation *op) {
  return isa<hlo::ReplicaIdOp, hlo::PartitionIdOp, hlo::AllGatherOp, hlo::AllReduceOp,
             hlo::ReduceScatterOp, hlo::AllToAllOp, hlo::CollectiveBroadcastOp,
             hlo::CollectiveReduceOp, hlo::CollectivePermuteOp, hlo::CrossReplicaSumOp>(op);
}

/// interpreter.run_parallel as a runtime call: the grid's functions run as
/// compiled entries, one thread per process.
LogicalResult lowerRunParallel(oxla::interpreter::RunParallelOp run, SymbolTable &symbols) {
  if (run.getInfeed())
    return run.emitError() << "unsupported: run_parallel with an infeed in compiled code";
  std::string config;
  for (Attribute row : run.getPrograms()) {
    if (!config.empty())
      config += ";";
    for (auto [i, program] : llvm::enumerate(cast<ArrayAttr>(row))) {
      auto name = cast<FlatSymbolRefAttr>(program).getValue();
      auto function = symbols.lookup<func::FuncOp>(name);
      if (!function)
        return run.emitError() << "no function @" << name;
      config += (i ? "," : "") + name.str() + ":" + std::to_string(function.getNumArguments()) +
                ":" + std::to_string(function.getNumResults());
    }
  }
  SmallVector<Type> types(run->getOperandTypes());
  llvm::append_range(types, run->getResultTypes());
  for (Type type : types)
    if (auto tensor = dyn_cast<RankedTensorType>(type); !tensor || !tensor.hasStaticShape())
      return run.emitError() << "unsupported: run_parallel passes " << type
                             << "; compiled processes take statically shaped tensors";
  OpBuilder b(run);
  OperationState state(run.getLoc(), "stablehlo.custom_call");
  state.addOperands(run->getOperands());
  state.addTypes(run->getResultTypes());
  state.addAttribute("call_target_name", b.getStringAttr(kRunParallel));
  state.addAttribute("has_side_effect", b.getBoolAttr(true));
  state.addAttribute("backend_config", b.getStringAttr(config));
  Operation *call = b.create(state);
  run->replaceAllUsesWith(call->getResults());
  run->erase();
  return success();
}

struct LowerCollectives : public oxla::impl::LowerCollectivesBase<LowerCollectives> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    // The grid each function runs on: its run_parallel's, else the module's.
    Grid moduleGrid;
    if (auto replicas = module->getAttrOfType<IntegerAttr>("mhlo.num_replicas"))
      moduleGrid.replicas = std::max<int64_t>(1, replicas.getInt());
    if (auto partitions = module->getAttrOfType<IntegerAttr>("mhlo.num_partitions"))
      moduleGrid.partitions = std::max<int64_t>(1, partitions.getInt());
    std::map<Operation *, Grid> grids;
    SmallVector<std::pair<func::FuncOp, Grid>> worklist;
    bool conflict = false;
    module.walk([&](oxla::interpreter::RunParallelOp run) {
      Grid grid{static_cast<int64_t>(run.getPrograms().size()),
                static_cast<int64_t>(cast<ArrayAttr>(run.getPrograms()[0]).size())};
      for (Attribute row : run.getPrograms())
        for (Attribute program : cast<ArrayAttr>(row))
          if (auto function =
                  symbols.lookup<func::FuncOp>(cast<FlatSymbolRefAttr>(program).getValue()))
            worklist.push_back({function, grid});
    });
    // Functions the processes call run on the same grid.
    while (!worklist.empty()) {
      std::pair<func::FuncOp, Grid> item = worklist.pop_back_val();
      func::FuncOp function = item.first;
      Grid grid = item.second;
      auto [it, inserted] = grids.try_emplace(function, grid);
      if (!inserted) {
        if (!(it->second == grid)) {
          function.emitError() << "unsupported: @" << function.getSymName()
                               << " runs on grids of different shapes";
          conflict = true;
        }
        continue;
      }
      function.walk([&](func::CallOp call) {
        if (auto callee = symbols.lookup<func::FuncOp>(call.getCallee()))
          worklist.push_back({callee, grid});
      });
    }
    if (conflict)
      return signalPassFailure();
    SmallVector<Operation *> collectives;
    SmallVector<oxla::interpreter::RunParallelOp> runs;
    module.walk([&](Operation *op) {
      if (isCollective(op))
        collectives.push_back(op);
      else if (auto run = dyn_cast<oxla::interpreter::RunParallelOp>(op))
        runs.push_back(run);
    });
    bool failedAny = false;
    for (Operation *op : collectives) {
      auto function = op->getParentOfType<func::FuncOp>();
      auto found = grids.find(function);
      Grid grid = found != grids.end() ? found->second : moduleGrid;
      Lowering lowering(op, grid);
      if (failed(lowering.lower())) {
        failedAny = true;
        continue;
      }
      op->erase();
    }
    for (oxla::interpreter::RunParallelOp run : runs)
      if (failed(lowerRunParallel(run, symbols)))
        failedAny = true;
    if (failedAny)
      signalPassFailure();
  }
};

} // namespace
