//===- DistributionEvaluators.cpp - run_parallel and the distribution ops -===//
//
// interpreter.run_parallel runs programs[r][p] as process (r, p) of a
// num_replicas x num_partitions grid, one thread each (Process.h). The spec's
// "Distribution ops" then see the calling thread's process:
//  - replica_id / partition_id read its id;
//  - collectives split the grid into process groups (spec cross_replica,
//    cross_partition, cross_replica_and_partition, flattened_ids) and
//    exchange operands with the group's members;
//  - send/recv and collective_permute pass values through FIFO mailboxes;
//  - infeed runs the next function of run_parallel's `infeed` list, outfeed
//    appends to the grid's outfeed.
// Outside run_parallel a program is the single process (0, 0).
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/Interpreter/IR/Interpreter.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "interpreter/Interpreter.h"
#include "interpreter/Process.h"
#include "interpreter/ops/DataMovementKernels.h"
#include "interpreter/ops/ElementwiseKernels.h"
#include "interpreter/ops/EvaluatorSupport.h"
#include "interpreter/ops/IndexSpace.h"
#include "interpreter/ops/ScalarFunctions.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

#include <algorithm>
#include <thread>

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace oxla::interp {
namespace {

using Operands = ArrayRef<RuntimeValue>;
using Results = SmallVectorImpl<RuntimeValue>;

/// Mailbox kinds: the ops that pass values point to point.
enum MailboxKind { kSendRecv, kCollectivePermute };

int64_t channelIdOf(std::optional<hlo::ChannelHandleAttr> handle) {
  return handle ? handle->getHandle() : 0;
}

/// The message for a wait that did not end well. A peer's failure was
/// reported by the peer, so it adds nothing.
LogicalResult reportWait(Operation *op, EvalContext &context, WaitResult result) {
  switch (result) {
  case WaitResult::Ok:
    return success();
  case WaitResult::PeerFailed:
    return failure();
  case WaitResult::Deadlock:
    return context.invalid(op, "deadlock: every running process waits and "
                               "none of them can go on");
  case WaitResult::Mismatch:
    return context.invalid(op, "the processes of a process group reached "
                               "different collective ops");
  }
  return failure();
}

std::string describe(ProcessId id) {
  return "(" + std::to_string(id.replica) + ", " + std::to_string(id.partition) + ")";
}

//===- Process groups (spec "Collective ops") -----------------------------===//

/// The rows of a dense `replica_groups` / `source_target_pairs`, without the
/// -1 that pads ragged rows.
FailureOr<IdGroups> idRows(Operation *op, EvalContext &context, Attribute attr,
                           StringRef name) {
  auto dense = dyn_cast_or_null<DenseIntElementsAttr>(attr);
  if (!dense)
    return context.unsupported(op, name + " given as mesh axes");
  auto type = cast<ShapedType>(dense.getType());
  IdGroups rows;
  if (type.getRank() != 2)
    return context.invalid(op, name + " must have rank 2");
  int64_t width = type.getDimSize(1);
  auto values = dense.getValues<int64_t>();
  for (int64_t i = 0, n = type.getDimSize(0); i < n; ++i) {
    SmallVector<int64_t, 4> row;
    for (int64_t j = 0; j < width; ++j)
      if (int64_t id = values[i * width + j]; id != -1)
        row.push_back(id);
    if (!row.empty())
      rows.push_back(std::move(row));
  }
  return rows;
}

/// The process groups of `grouping` over `replicaGroups`.
FailureOr<SmallVector<ProcessGroup>> processGroups(Operation *op, EvalContext &context,
                                                   Grouping grouping,
                                                   Attribute replicaGroups) {
  FailureOr<IdGroups> ids = idRows(op, context, replicaGroups, "replica_groups");
  if (failed(ids))
    return failure();
  SmallVector<ProcessGroup> groups;
  std::string error;
  if (!currentProcess().grid->processGroups(grouping, *ids, groups, error))
    return context.invalid(op, error);
  return groups;
}

/// The grouping of ops with `use_global_device_ids` (all_gather, all_reduce,
/// reduce_scatter, collective_reduce).
FailureOr<Grouping> groupingWithGlobalIds(Operation *op, EvalContext &context,
                                          int64_t channelId, bool useGlobalIds) {
  if (!useGlobalIds)
    return channelId <= 0 ? Grouping::CrossReplica
                          : Grouping::CrossReplicaAndPartition;
  if (channelId <= 0)
    return context.invalid(op, "use_global_device_ids requires channel_id > 0");
  return Grouping::FlattenedIds;
}

/// The ops without it (all_to_all, collective_broadcast).
Grouping replicaOrPartition(int64_t channelId) {
  return channelId <= 0 ? Grouping::CrossReplica : Grouping::CrossPartition;
}

/// The group of the calling process, or an empty group when it is in none.
ProcessGroup ownGroup(ArrayRef<ProcessGroup> groups) {
  ProcessId self = currentProcess().id;
  for (const ProcessGroup &group : groups)
    if (llvm::is_contained(group, self))
      return group;
  return {};
}

/// The group that an op without a "not in any group" case needs.
FailureOr<ProcessGroup> requiredGroup(Operation *op, EvalContext &context,
                                      Grouping grouping, Attribute replicaGroups) {
  FailureOr<SmallVector<ProcessGroup>> groups =
      processGroups(op, context, grouping, replicaGroups);
  if (failed(groups))
    return failure();
  ProcessGroup group = ownGroup(*groups);
  if (group.empty())
    return context.invalid(op, "process " + describe(currentProcess().id) +
                                   " is in no process group");
  return group;
}

/// Exchanges `values` within `group`: `all[i]` are the values of group[i].
LogicalResult exchange(Operation *op, EvalContext &context, ArrayRef<ProcessId> group,
                       Operands values, std::vector<Values> &all) {
  Process &process = currentProcess();
  uint64_t sequence =
      process.exchanges[std::vector<ProcessId>(group.begin(), group.end())]++;
  WaitResult result = process.grid->exchange(
      process.id, group, sequence, op->getName().getStringRef(),
      Values(values.begin(), values.end()), all);
  return reportWait(op, context, result);
}

size_t indexIn(ArrayRef<ProcessId> group, ProcessId id) {
  return std::find(group.begin(), group.end(), id) - group.begin();
}

//===- Tensor helpers ------------------------------------------------------===//

Tensor scalarAt(const Tensor &tensor, int64_t index) {
  Tensor scalar(tensor.elementType(), {});
  scalar.copyElementFrom(tensor, index, 0);
  return scalar;
}

/// Does `value` have the static type `type`?
bool hasType(const RuntimeValue &value, Type type) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  if (!value.isTensor() || !ranked)
    return false;
  const Tensor &tensor = value.tensor();
  std::optional<ElementType> element = ElementType::fromMlir(ranked.getElementType());
  if (!element || *element != tensor.elementType() || ranked.getRank() != tensor.rank())
    return false;
  for (int64_t d = 0; d < tensor.rank(); ++d)
    if (!ranked.isDynamicDim(d) && ranked.getDimSize(d) != tensor.shape()[d])
      return false;
  return true;
}

/// Checks that every member sent operand `k` with the same element type and
/// the same shape except along `exceptDim` (-1: none).
LogicalResult checkAgree(Operation *op, EvalContext &context,
                         ArrayRef<Values> all, size_t k, int64_t exceptDim = -1) {
  const Tensor &first = all[0][k].tensor();
  for (const Values &values : all) {
    if (values.size() != all[0].size())
      return context.invalid(op, "the processes of the group passed different "
                                 "numbers of operands");
    const Tensor &other = values[k].tensor();
    bool same = other.elementType() == first.elementType() &&
                other.rank() == first.rank();
    for (int64_t d = 0; same && d < first.rank(); ++d)
      same = d == exceptDim || other.shape()[d] == first.shape()[d];
    if (!same)
      return context.invalid(op, "the processes of the group passed operand " +
                                     Twine(k) + " with different types");
  }
  return success();
}

/// Spec concatenate of `parts` along `dim`.
Tensor concatenate(ArrayRef<const Tensor *> parts, int64_t dim) {
  const Tensor &first = *parts[0];
  Shape shape(first.shape().begin(), first.shape().end());
  shape[dim] = 0;
  for (const Tensor *part : parts)
    shape[dim] += part->shape()[dim];
  Tensor result(first.elementType(), shape);
  int64_t outer = numElementsOf(first.shape().take_front(dim));
  unsigned size = first.elementType().storageBytes();
  uint8_t *out = result.bytes();
  for (int64_t o = 0; o < outer; ++o)
    for (const Tensor *part : parts) {
      size_t chunk = numElementsOf(part->shape().drop_front(dim)) * size;
      std::memcpy(out, part->bytes() + o * chunk, chunk);
      out += chunk;
    }
  return result;
}

/// The `index`-th of `count` equal parts of `tensor` along `dim`.
Tensor part(const Tensor &tensor, int64_t dim, int64_t index, int64_t count) {
  Shape start(tensor.rank(), 0), limit(tensor.shape().begin(), tensor.shape().end());
  Shape strides(tensor.rank(), 1);
  int64_t size = tensor.shape()[dim] / count;
  start[dim] = index * size;
  limit[dim] = start[dim] + size;
  return slice(tensor, start, limit, strides);
}

/// The op of a computation `(a, b) -> op(a, b)` whose op is elementwise on
/// tensors of any shape, or null.
Operation *wholeTensorOp(Region &computation) {
  Block &block = computation.front();
  if (block.getNumArguments() != 2 || !llvm::hasSingleElement(block.without_terminator()))
    return nullptr;
  Operation &inner = block.front();
  if (!isa<hlo::AddOp, hlo::MulOp, hlo::MaxOp, hlo::MinOp, hlo::AndOp, hlo::OrOp,
           hlo::XorOp>(inner) ||
      inner.getOperand(0) != block.getArgument(0) ||
      inner.getOperand(1) != block.getArgument(1))
    return nullptr;
  Operation *terminator = block.getTerminator();
  if (terminator->getNumOperands() != 1 || terminator->getOperand(0) != inner.getResult(0))
    return nullptr;
  return &inner;
}

/// Spec reduce_without_init over `inputs` (one tensor per process, in group
/// order), element by element with `computation`.
FailureOr<Tensor> reduceAcross(Operation *op, EvalContext &context,
                               Region &computation, ArrayRef<Tensor> inputs) {
  const Tensor &first = inputs[0];
  if (inputs.size() == 1)
    return first;
  // A single elementwise op folds whole tensors with its own evaluator: the
  // same values as running the region per element, without the scalars.
  if (Operation *inner = wholeTensorOp(computation))
    if (Evaluator evaluator = EvaluatorRegistry::all().lookup(inner)) {
      RuntimeValue accumulator = first;
      SmallVector<RuntimeValue, 1> next;
      for (size_t j = 1; j < inputs.size(); ++j) {
        RuntimeValue arguments[] = {accumulator, inputs[j]};
        next.clear();
        if (failed(evaluator(inner, arguments, next, context)))
          return failure();
        if (next.size() != 1 || next[0].tensor().elementType() != first.elementType())
          return context.invalid(op, "the computation must return one scalar of "
                                     "the operand's element type");
        accumulator = next[0];
      }
      return accumulator.tensor();
    }
  Tensor result(first.elementType(), first.shape());
  SmallVector<RuntimeValue, 2> arguments(2);
  for (int64_t i = 0, n = first.numElements(); i < n; ++i) {
    RuntimeValue accumulator = scalarAt(first, i);
    for (size_t j = 1; j < inputs.size(); ++j) {
      arguments[0] = accumulator;
      arguments[1] = scalarAt(inputs[j], i);
      FailureOr<SmallVector<RuntimeValue>> next = context.runRegion(computation, arguments);
      if (failed(next))
        return failure();
      if (next->size() != 1 || !(*next)[0].isTensor() ||
          (*next)[0].tensor().elementType() != first.elementType() ||
          (*next)[0].tensor().numElements() != 1)
        return context.invalid(op, "the computation must return one scalar of "
                                   "the operand's element type");
      accumulator = (*next)[0];
    }
    result.copyElementFrom(accumulator.tensor(), 0, i);
  }
  return result;
}

/// Operand `k` of every member of the group.
SmallVector<Tensor> column(ArrayRef<Values> all, size_t k) {
  SmallVector<Tensor> tensors;
  for (const Values &values : all)
    tensors.push_back(values[k].tensor());
  return tensors;
}

/// The index of the root process in the group for operand `k`: 0, or with
/// `has_dynamic_root` the k-th (or only) element of the root operand.
FailureOr<int64_t> rootIndex(Operation *op, EvalContext &context,
                             const Tensor *root, size_t k, size_t groupSize) {
  if (!root)
    return 0;
  if (root->numElements() == 0)
    return context.invalid(op, "the root operand is empty");
  int64_t index = integerElement(*root, root->numElements() == 1 ? 0 : k);
  if (index < 0 || index >= static_cast<int64_t>(groupSize))
    return context.invalid(op, "root index " + Twine(index) +
                                   " is outside the process group of " +
                                   Twine(groupSize));
  return index;
}

//===- Process ids ---------------------------------------------------------===//

Tensor ui32Scalar(int64_t value) {
  Tensor result(ElementKind::UI32, {});
  result.data<uint32_t>()[0] = static_cast<uint32_t>(value);
  return result;
}

LogicalResult evalReplicaId(Operation *, Operands, Results &results, EvalContext &) {
  results.push_back(ui32Scalar(currentProcess().id.replica));
  return success();
}

LogicalResult evalPartitionId(Operation *, Operands, Results &results, EvalContext &) {
  results.push_back(ui32Scalar(currentProcess().id.partition));
  return success();
}

//===- Collectives ---------------------------------------------------------===//

LogicalResult evalAllGather(Operation *op, Operands operands, Results &results,
                            EvalContext &context) {
  auto gather = cast<hlo::AllGatherOp>(op);
  FailureOr<Grouping> grouping = groupingWithGlobalIds(
      op, context, channelIdOf(gather.getChannelHandle()), gather.getUseGlobalDeviceIds());
  if (failed(grouping))
    return failure();
  FailureOr<ProcessGroup> group =
      requiredGroup(op, context, *grouping, gather.getReplicaGroups());
  std::vector<Values> all;
  if (failed(group) || failed(exchange(op, context, *group, operands, all)))
    return failure();
  int64_t dim = gather.getAllGatherDim();
  for (size_t k = 0; k < operands.size(); ++k) {
    if (failed(checkAgree(op, context, all, k, dim)))
      return failure();
    SmallVector<const Tensor *> parts;
    for (const Values &values : all)
      parts.push_back(&values[k].tensor());
    results.push_back(concatenate(parts, dim));
  }
  return success();
}

LogicalResult evalAllReduce(Operation *op, Operands operands, Results &results,
                            EvalContext &context) {
  auto reduce = cast<hlo::AllReduceOp>(op);
  FailureOr<Grouping> grouping = groupingWithGlobalIds(
      op, context, channelIdOf(reduce.getChannelHandle()), reduce.getUseGlobalDeviceIds());
  if (failed(grouping))
    return failure();
  FailureOr<ProcessGroup> group =
      requiredGroup(op, context, *grouping, reduce.getReplicaGroups());
  std::vector<Values> all;
  if (failed(group) || failed(exchange(op, context, *group, operands, all)))
    return failure();
  for (size_t k = 0; k < operands.size(); ++k) {
    if (failed(checkAgree(op, context, all, k)))
      return failure();
    FailureOr<Tensor> reduced =
        reduceAcross(op, context, reduce.getComputation(), column(all, k));
    if (failed(reduced))
      return failure();
    results.push_back(std::move(*reduced));
  }
  return success();
}

LogicalResult evalReduceScatter(Operation *op, Operands operands, Results &results,
                                EvalContext &context) {
  auto scatter = cast<hlo::ReduceScatterOp>(op);
  FailureOr<Grouping> grouping = groupingWithGlobalIds(
      op, context, channelIdOf(scatter.getChannelHandle()), scatter.getUseGlobalDeviceIds());
  if (failed(grouping))
    return failure();
  FailureOr<ProcessGroup> group =
      requiredGroup(op, context, *grouping, scatter.getReplicaGroups());
  std::vector<Values> all;
  if (failed(group) || failed(exchange(op, context, *group, operands, all)))
    return failure();
  int64_t dim = scatter.getScatterDimension();
  int64_t count = group->size();
  int64_t self = indexIn(*group, currentProcess().id);
  for (size_t k = 0; k < operands.size(); ++k) {
    if (failed(checkAgree(op, context, all, k)))
      return failure();
    if (all[0][k].tensor().shape()[dim] % count != 0)
      return context.invalid(op, "dimension " + Twine(dim) + " of operand " +
                                     Twine(k) + " does not split into " +
                                     Twine(count) + " parts");
    // Reducing only this process's part gives the same elements.
    SmallVector<Tensor> parts;
    for (const Tensor &tensor : column(all, k))
      parts.push_back(part(tensor, dim, self, count));
    FailureOr<Tensor> reduced =
        reduceAcross(op, context, scatter.getComputation(), parts);
    if (failed(reduced))
      return failure();
    results.push_back(std::move(*reduced));
  }
  return success();
}

LogicalResult evalAllToAll(Operation *op, Operands operands, Results &results,
                           EvalContext &context) {
  auto allToAll = cast<hlo::AllToAllOp>(op);
  FailureOr<ProcessGroup> group = requiredGroup(
      op, context, replicaOrPartition(channelIdOf(allToAll.getChannelHandle())),
      allToAll.getReplicaGroups());
  if (failed(group))
    return failure();
  int64_t count = allToAll.getSplitCount();
  if (count != static_cast<int64_t>(group->size()))
    return context.invalid(op, "split_count " + Twine(count) +
                                   " differs from the process group size " +
                                   Twine(group->size()));
  std::vector<Values> all;
  if (failed(exchange(op, context, *group, operands, all)))
    return failure();
  int64_t splitDim = allToAll.getSplitDimension();
  int64_t concatDim = allToAll.getConcatDimension();
  int64_t self = indexIn(*group, currentProcess().id);
  for (size_t k = 0; k < operands.size(); ++k) {
    if (failed(checkAgree(op, context, all, k)))
      return failure();
    const Tensor &operand = all[0][k].tensor();
    if (operand.shape()[splitDim] % count != 0)
      return context.invalid(op, "dimension " + Twine(splitDim) + " of operand " +
                                     Twine(k) + " does not split into " +
                                     Twine(count) + " parts");
    // Every sender's part number `self`, concatenated in group order.
    SmallVector<Tensor> received;
    for (const Values &values : all)
      received.push_back(part(values[k].tensor(), splitDim, self, count));
    SmallVector<const Tensor *> parts;
    for (const Tensor &tensor : received)
      parts.push_back(&tensor);
    results.push_back(concatenate(parts, concatDim));
  }
  return success();
}

LogicalResult evalCollectiveBroadcast(Operation *op, Operands operands,
                                      Results &results, EvalContext &context) {
  auto broadcast = cast<hlo::CollectiveBroadcastOp>(op);
  bool dynamicRoot = broadcast.getHasDynamicRoot();
  Operands data = dynamicRoot ? operands.drop_back() : operands;
  const Tensor *root = dynamicRoot ? &operands.back().tensor() : nullptr;
  FailureOr<SmallVector<ProcessGroup>> groups = processGroups(
      op, context, replicaOrPartition(channelIdOf(broadcast.getChannelHandle())),
      broadcast.getReplicaGroups());
  if (failed(groups))
    return failure();
  ProcessGroup group = ownGroup(*groups);
  // Processes outside every group get zeros.
  if (group.empty()) {
    for (const RuntimeValue &value : data)
      results.push_back(Tensor(value.tensor().elementType(), value.tensor().shape()));
    return success();
  }
  std::vector<Values> all;
  if (failed(exchange(op, context, group, data, all)))
    return failure();
  for (size_t k = 0; k < data.size(); ++k) {
    FailureOr<int64_t> source = rootIndex(op, context, root, k, group.size());
    if (failed(source) || failed(checkAgree(op, context, all, k)))
      return failure();
    results.push_back(all[*source][k]);
  }
  return success();
}

LogicalResult evalCollectiveReduce(Operation *op, Operands operands,
                                   Results &results, EvalContext &context) {
  auto reduce = cast<hlo::CollectiveReduceOp>(op);
  bool dynamicRoot = reduce.getHasDynamicRoot();
  Operands data = dynamicRoot ? operands.drop_back() : operands;
  const Tensor *root = dynamicRoot ? &operands.back().tensor() : nullptr;
  FailureOr<Grouping> grouping = groupingWithGlobalIds(
      op, context, channelIdOf(reduce.getChannelHandle()), reduce.getUseGlobalDeviceIds());
  if (failed(grouping))
    return failure();
  FailureOr<SmallVector<ProcessGroup>> groups =
      processGroups(op, context, *grouping, reduce.getReplicaGroups());
  if (failed(groups))
    return failure();
  ProcessGroup group = ownGroup(*groups);
  std::vector<Values> all;
  if (!group.empty() && failed(exchange(op, context, group, data, all)))
    return failure();
  int64_t self = indexIn(group, currentProcess().id);
  for (size_t k = 0; k < data.size(); ++k) {
    const Tensor &operand = data[k].tensor();
    // Only the root gets the reduction; the others (and processes outside
    // every group) get zeros.
    auto zeros = [&] { results.push_back(Tensor(operand.elementType(), operand.shape())); };
    if (group.empty()) {
      zeros();
      continue;
    }
    FailureOr<int64_t> target = rootIndex(op, context, root, k, group.size());
    if (failed(target) || failed(checkAgree(op, context, all, k)))
      return failure();
    if (*target != self) {
      zeros();
      continue;
    }
    FailureOr<Tensor> reduced =
        reduceAcross(op, context, reduce.getComputation(), column(all, k));
    if (failed(reduced))
      return failure();
    results.push_back(std::move(*reduced));
  }
  return success();
}

/// Deprecated cross-replica-sum: all_reduce with addition over replicas.
LogicalResult evalCrossReplicaSum(Operation *op, Operands operands,
                                  Results &results, EvalContext &context) {
  auto sum = cast<hlo::CrossReplicaSumOp>(op);
  FailureOr<ProcessGroup> group =
      requiredGroup(op, context, Grouping::CrossReplica, sum.getReplicaGroups());
  std::vector<Values> all;
  if (failed(group) || failed(exchange(op, context, *group, operands, all)) ||
      failed(checkAgree(op, context, all, 0)))
    return failure();
  Tensor total = all[0][0].tensor();
  for (size_t j = 1; j < all.size(); ++j) {
    Tensor next(total.elementType(), total.shape());
    if (!mapBinary(total, all[j][0].tensor(), next, scalar::Add{}))
      return unsupportedElementType(op, context, total.elementType());
    total = std::move(next);
  }
  results.push_back(std::move(total));
  return success();
}

LogicalResult evalCollectivePermute(Operation *op, Operands operands,
                                    Results &results, EvalContext &context) {
  auto permute = cast<hlo::CollectivePermuteOp>(op);
  int64_t channelId = channelIdOf(permute.getChannelHandle());
  Process &process = currentProcess();
  bool acrossReplicas = channelId <= 0;
  int64_t bound = acrossReplicas ? process.grid->numReplicas()
                                 : process.grid->numPartitions();
  FailureOr<IdGroups> pairs =
      idRows(op, context, permute.getSourceTargetPairs(), "source_target_pairs");
  if (failed(pairs))
    return failure();
  // Pairs connect replicas of the same partition (cross_replica) or
  // partitions of the same replica (cross_partition).
  ProcessId self = process.id;
  int64_t own = acrossReplicas ? self.replica : self.partition;
  auto at = [&](int64_t id) {
    return acrossReplicas ? ProcessId{id, self.partition} : ProcessId{self.replica, id};
  };
  std::optional<ProcessId> source;
  for (const auto &pair : *pairs) {
    if (pair.size() != 2 || pair[0] < 0 || pair[0] >= bound || pair[1] < 0 ||
        pair[1] >= bound)
      return context.invalid(op, "source_target_pairs must hold pairs of ids "
                                 "below " + Twine(bound));
    if (pair[0] == own)
      process.grid->post({kCollectivePermute, channelId, self, at(pair[1])},
                         Values(operands.begin(), operands.end()));
    if (pair[1] == own)
      source = at(pair[0]);
  }
  if (!source) {
    for (const RuntimeValue &value : operands)
      results.push_back(Tensor(value.tensor().elementType(), value.tensor().shape()));
    return success();
  }
  Values received;
  if (failed(reportWait(op, context,
                        process.grid->take({kCollectivePermute, channelId, *source, self},
                                           received))))
    return failure();
  for (size_t k = 0; k < operands.size(); ++k)
    if (k >= received.size() || !received[k].isTensor() ||
        received[k].tensor().elementType() != operands[k].tensor().elementType() ||
        received[k].tensor().shape() != operands[k].tensor().shape())
      return context.invalid(op, "process " + describe(*source) +
                                     " sent operands of other types");
  results.append(received.begin(), received.end());
  return success();
}

//===- send / recv ---------------------------------------------------------===//

constexpr ProcessId kAnyProcess{-1, -1};

LogicalResult evalSend(Operation *op, Operands operands, Results &results,
                       EvalContext &context) {
  auto send = cast<hlo::SendOp>(op);
  if (send.getSourceTargetPairs())
    return context.unsupported(op, "send with source_target_pairs");
  int64_t channel = send.getChannelHandle().getHandle();
  currentProcess().grid->post({kSendRecv, channel, kAnyProcess, kAnyProcess},
                              Values(operands.begin(), operands.end() - 1));
  results.push_back(Token{});
  return success();
}

/// The values received for `op`, whose results are those values and a token.
LogicalResult checkReceived(Operation *op, EvalContext &context,
                            ArrayRef<RuntimeValue> values, StringRef from) {
  if (values.size() + 1 != op->getNumResults())
    return context.invalid(op, from + " gave " + Twine(values.size()) +
                                   " values for " + Twine(op->getNumResults() - 1) +
                                   " results");
  for (size_t k = 0; k < values.size(); ++k)
    if (!hasType(values[k], op->getResult(k).getType()))
      return context.invalid(op, from + " gave a value of another type for "
                                        "result " + Twine(k));
  return success();
}

LogicalResult evalRecv(Operation *op, Operands, Results &results,
                       EvalContext &context) {
  auto recv = cast<hlo::RecvOp>(op);
  if (recv.getSourceTargetPairs())
    return context.unsupported(op, "recv with source_target_pairs");
  int64_t channel = recv.getChannelHandle().getHandle();
  Values values;
  if (failed(reportWait(op, context,
                        currentProcess().grid->take(
                            {kSendRecv, channel, kAnyProcess, kAnyProcess}, values))) ||
      failed(checkReceived(op, context, values, "the send on channel " + std::to_string(channel))))
    return failure();
  results.append(values.begin(), values.end());
  results.push_back(Token{});
  return success();
}

//===- infeed / outfeed ----------------------------------------------------===//

LogicalResult evalInfeed(Operation *op, Operands, Results &results,
                         EvalContext &context) {
  FlatSymbolRefAttr next = currentProcess().grid->popInfeed();
  if (!next)
    return context.invalid(op, "the infeed queue is empty");
  FailureOr<SmallVector<RuntimeValue>> values = context.call(op, next, {});
  if (failed(values) ||
      failed(checkReceived(op, context, *values, "infeed function @" + next.getValue().str())))
    return failure();
  results.append(values->begin(), values->end());
  results.push_back(Token{});
  return success();
}

LogicalResult evalOutfeed(Operation *, Operands operands, Results &results,
                          EvalContext &) {
  currentProcess().grid->pushOutfeed(Values(operands.begin(), operands.end() - 1));
  results.push_back(Token{});
  return success();
}

//===- interpreter.run_parallel ---------------------------------------------===//

LogicalResult evalRunParallel(Operation *op, Operands operands, Results &results,
                              EvalContext &context) {
  auto run = cast<oxla::interpreter::RunParallelOp>(op);
  ArrayAttr programs = run.getPrograms();
  int64_t replicas = programs.size();
  int64_t partitions = cast<ArrayAttr>(programs[0]).size();
  std::vector<FlatSymbolRefAttr> infeed;
  if (std::optional<ArrayAttr> queue = run.getInfeed())
    for (Attribute entry : *queue)
      infeed.push_back(cast<FlatSymbolRefAttr>(entry));
  ProcessGrid grid(replicas, partitions, std::move(infeed));

  struct Job {
    FlatSymbolRefAttr function;
    SmallVector<RuntimeValue> arguments;
    Process process;
    FailureOr<SmallVector<RuntimeValue>> results = failure();
  };
  std::vector<Job> jobs;
  size_t next = 0;
  for (int64_t r = 0; r < replicas; ++r)
    for (int64_t p = 0; p < partitions; ++p) {
      auto symbol = cast<FlatSymbolRefAttr>(cast<ArrayAttr>(programs[r])[p]);
      auto function = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(op, symbol);
      if (!function)
        return context.invalid(op, "no function named " + symbol.getValue());
      size_t count = function.getNumArguments();
      if (next + count > operands.size())
        return context.invalid(op, "too few operands for the programs' arguments");
      jobs.push_back({symbol, SmallVector<RuntimeValue>(operands.slice(next, count)),
                      Process{&grid, ProcessId{r, p}, {}}});
      next += count;
    }

  std::vector<std::thread> threads;
  threads.reserve(jobs.size());
  for (Job &job : jobs)
    threads.emplace_back([&context, &grid, &job, op] {
      ScopedProcess scope(job.process);
      job.results = context.call(op, job.function, job.arguments);
      grid.finish(failed(job.results));
    });
  for (std::thread &thread : threads)
    thread.join();

  for (Job &job : jobs)
    if (failed(job.results))
      return failure();
  for (Job &job : jobs)
    results.append(job.results->begin(), job.results->end());
  return success();
}

} // namespace

void registerDistributionEvaluators(EvaluatorRegistry &registry) {
  registry.add<hlo::AllGatherOp>(evalAllGather);
  registry.add<hlo::AllReduceOp>(evalAllReduce);
  registry.add<hlo::AllToAllOp>(evalAllToAll);
  registry.add<hlo::CollectiveBroadcastOp>(evalCollectiveBroadcast);
  registry.add<hlo::CollectivePermuteOp>(evalCollectivePermute);
  registry.add<hlo::CollectiveReduceOp>(evalCollectiveReduce);
  registry.add<hlo::CrossReplicaSumOp>(evalCrossReplicaSum);
  registry.add<hlo::InfeedOp>(evalInfeed);
  registry.add<hlo::OutfeedOp>(evalOutfeed);
  registry.add<hlo::PartitionIdOp>(evalPartitionId);
  registry.add<hlo::RecvOp>(evalRecv);
  registry.add<hlo::ReduceScatterOp>(evalReduceScatter);
  registry.add<hlo::ReplicaIdOp>(evalReplicaId);
  registry.add<hlo::SendOp>(evalSend);
  registry.add<interpreter::RunParallelOp>(evalRunParallel);
}

} // namespace oxla::interp
