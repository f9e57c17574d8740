//===- DistributionOps.cpp - Spec "Distribution ops" ----------------------===//
//
// Verifiers name the constraint of the spec section they check, e.g. "(C2)".
// Constraints that depend on the number of replicas or partitions (known only
// at run time) are not checked here.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/StableHLO/IR/AssemblyDirectives.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "compiler/Dialect/StableHLO/IR/VerifierSupport.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace oxla::stablehlo;

#define GET_OP_CLASSES
#include "compiler/Dialect/StableHLO/IR/DistributionOps.cpp.inc"

//===- Helpers --------------------------------------------------------------===//

/// Checks a dense `replica_groups` (rank 2; ids unique; -1 pads ragged
/// groups). Returns the group size (dim(process_groups, 1)) or
/// ShapedType::kDynamic when unknown (mesh axes).
static FailureOr<int64_t> verifyReplicaGroups(Operation *op, Attribute attr,
                                              StringRef uniqueLabel) {
  auto groups = dyn_cast<DenseIntElementsAttr>(attr);
  if (!groups)
    return ShapedType::kDynamic;
  if (groups.getType().getRank() != 2)
    return op->emitOpError() << "requires replica_groups of rank 2, but got "
                             << groups.getType();
  llvm::DenseSet<int64_t> seen;
  for (const APInt &value : groups.getValues<APInt>()) {
    int64_t id = value.getSExtValue();
    if (id == -1)
      continue;
    if (id < 0)
      return op->emitOpError() << "requires non-negative replica ids (or -1 "
                                  "as padding), but got "
                               << id;
    if (!seen.insert(id).second)
      return op->emitOpError() << uniqueLabel
                               << " requires unique replica ids in "
                                  "replica_groups, but "
                               << id << " repeats";
  }
  int64_t size = groups.getType().getDimSize(1);
  return size > 0 ? size : ShapedType::kDynamic;
}

/// `use_global_device_ids` needs a channel with a positive handle.
static LogicalResult verifyGlobalDeviceIds(Operation *op,
                                           std::optional<ChannelHandleAttr> channel,
                                           bool useGlobalDeviceIds,
                                           StringRef label) {
  if (useGlobalDeviceIds && (!channel || channel->getHandle() <= 0))
    return op->emitOpError() << label
                             << " requires a channel_handle with handle > 0 "
                                "when use_global_device_ids is set";
  return success();
}

/// Spec "is_promotable": same kind, and `to` no narrower than `from`.
static bool isPromotable(Type from, Type to) {
  if (from == to)
    return true;
  auto qFrom = dyn_cast<quant::QuantizedType>(from);
  auto qTo = dyn_cast<quant::QuantizedType>(to);
  if (qFrom || qTo)
    return qFrom && qTo &&
           qFrom.getExpressedType() == qTo.getExpressedType() &&
           isPromotable(qFrom.getStorageType(), qTo.getStorageType());
  if (from.isInteger(1) || to.isInteger(1))
    return false;
  if (auto iFrom = dyn_cast<IntegerType>(from)) {
    auto iTo = dyn_cast<IntegerType>(to);
    return iTo && iFrom.isUnsigned() == iTo.isUnsigned() &&
           iFrom.getWidth() <= iTo.getWidth();
  }
  if (isa<FloatType>(from))
    return isa<FloatType>(to) && from.getIntOrFloatBitWidth() <=
                                     to.getIntOrFloatBitWidth();
  if (auto cFrom = dyn_cast<ComplexType>(from)) {
    auto cTo = dyn_cast<ComplexType>(to);
    return cTo && isPromotable(cFrom.getElementType(), cTo.getElementType());
  }
  return false;
}

/// A reducer of type (tensor<E>, tensor<E>) -> tensor<E>, where every
/// operand element type promotes to E. Returns E.
static FailureOr<Type> verifyReducer(Operation *op, Region &region,
                                     TypeRange operandTypes, StringRef label) {
  if (region.empty() || region.front().empty())
    return op->emitOpError() << label << " requires a non-empty computation";
  Block &block = region.front();
  auto scalar = [](Type t) -> Type {
    auto tensor = dyn_cast<RankedTensorType>(t);
    return tensor && tensor.getRank() == 0 ? tensor.getElementType() : Type();
  };
  auto ret = dyn_cast<ReturnOp>(block.back());
  if (!ret)
    return op->emitOpError() << label
                             << " requires the computation to end with "
                                "stablehlo.return";
  SmallVector<Type> argTypes(block.getArgumentTypes());
  SmallVector<Type> retTypes(ret.getResults().getTypes());
  Type e = argTypes.size() == 2 ? scalar(argTypes[0]) : Type();
  if (!e || argTypes[0] != argTypes[1] || retTypes.size() != 1 ||
      retTypes[0] != argTypes[0])
    return op->emitOpError()
           << label
           << " requires a computation of type (tensor<E>, tensor<E>) -> "
              "tensor<E>, but got "
           << typeListString(argTypes) << " -> " << typeListString(retTypes);
  for (Type type : operandTypes) {
    Type element = getElementTypeOrSelf(type);
    if (!isPromotable(element, e))
      return op->emitOpError() << label << " requires operand element type "
                               << element << " to promote to " << e
                               << ", the computation's element type";
  }
  return e;
}

static LogicalResult verifySameCount(Operation *op, size_t operands,
                                     size_t results) {
  if (operands != results)
    return op->emitOpError() << "requires one result per operand, but got "
                             << operands << " operands and " << results
                             << " results";
  return success();
}

/// source_target_pairs: an Nx2 tensor whose sources and targets are unique.
static LogicalResult verifyPairs(Operation *op, DenseIntElementsAttr pairs,
                                 StringRef shapeLabel, StringRef sourceLabel,
                                 StringRef targetLabel) {
  auto type = pairs.getType();
  // An empty list may be written as tensor<0xi64>.
  if (type.getNumElements() == 0)
    return success();
  if (type.getRank() != 2 || type.getDimSize(1) != 2)
    return op->emitOpError() << shapeLabel
                             << " requires source_target_pairs of shape Nx2, "
                                "but got "
                             << type;
  llvm::DenseSet<int64_t> sources, targets;
  SmallVector<int64_t> values;
  for (const APInt &v : pairs.getValues<APInt>())
    values.push_back(v.getSExtValue());
  for (size_t i = 0; i + 1 < values.size(); i += 2) {
    if (values[i] < 0 || values[i + 1] < 0)
      return op->emitOpError() << "requires non-negative process ids in "
                                  "source_target_pairs";
    if (!sources.insert(values[i]).second)
      return op->emitOpError() << sourceLabel << " requires unique sources, "
                               << "but " << values[i] << " repeats";
    if (!targets.insert(values[i + 1]).second)
      return op->emitOpError() << targetLabel << " requires unique targets, "
                               << "but " << values[i + 1] << " repeats";
  }
  return success();
}

//===- all_gather -----------------------------------------------------------===//

LogicalResult AllGatherOp::verify() {
  if (failed(verifySameCount(*this, getOperands().size(), getNumResults())))
    return failure();
  FailureOr<int64_t> groupSize =
      verifyReplicaGroups(*this, getReplicaGroups(), "(C2)");
  if (failed(groupSize) ||
      failed(verifyGlobalDeviceIds(*this, getChannelHandle(),
                                   getUseGlobalDeviceIds(), "(C5)")))
    return failure();
  int64_t dim = getAllGatherDim();
  for (auto [operand, result] : llvm::zip(getOperands(), getResults())) {
    auto operandType = cast<RankedTensorType>(operand.getType());
    auto resultType = cast<RankedTensorType>(result.getType());
    // C1: 0 <= all_gather_dim < rank(operands...).
    if (dim >= operandType.getRank())
      return emitOpError() << "(C1) requires all_gather_dim below the "
                              "operand rank "
                           << operandType.getRank() << ", but got " << dim;
    // C6: results are the operands, all_gather_dim scaled by the process
    // group size: a multiple of the replica group size (the process groups
    // also span partitions when a channel is used).
    SmallVector<int64_t> expected(operandType.getShape());
    expected[dim] = resultType.getDimSize(dim);
    if (resultType.getElementType() != operandType.getElementType() ||
        failed(verifyCompatibleShape(expected, resultType.getShape())))
      return emitOpError() << "(C6) requires a result of the operand type "
                              "except in dimension "
                           << dim << ", but got " << resultType << " for "
                           << operandType;
    int64_t in = operandType.getDimSize(dim), out = resultType.getDimSize(dim);
    int64_t group = *groupSize == ShapedType::kDynamic ? 1 : *groupSize;
    if (!ShapedType::isDynamic(in) && !ShapedType::isDynamic(out) &&
        (in == 0 ? out != 0 : out % (in * group) != 0))
      return emitOpError() << "(C6) requires result dimension " << dim
                           << " to be a multiple of " << in * group
                           << " (operand dimension times the group size), "
                              "but got "
                           << out;
  }
  return success();
}

//===- all_reduce, reduce_scatter, collective_reduce ------------------------===//

LogicalResult AllReduceOp::verify() {
  if (failed(verifySameCount(*this, getOperands().size(), getNumResults())))
    return failure();
  if (failed(verifyReplicaGroups(*this, getReplicaGroups(), "(C1)")) ||
      failed(verifyGlobalDeviceIds(*this, getChannelHandle(),
                                   getUseGlobalDeviceIds(), "(C4)")))
    return failure();
  // C5: the computation reduces promoted operand elements.
  FailureOr<Type> e = verifyReducer(*this, getComputation(),
                                    getOperands().getTypes(), "(C5)");
  if (failed(e))
    return failure();
  for (auto [operand, result] : llvm::zip(getOperands(), getResults())) {
    auto operandType = cast<RankedTensorType>(operand.getType());
    auto resultType = cast<RankedTensorType>(result.getType());
    // C6: shape(results...) = shape(operands...).
    if (failed(verifyCompatibleShape(operandType, resultType)))
      return emitOpError() << "(C6) requires results of the operand shapes, "
                              "but got "
                           << resultType << " for " << operandType;
    // C7: element_type(results...) = E.
    if (resultType.getElementType() != *e)
      return emitOpError() << "(C7) requires result element type " << *e
                           << ", but got " << resultType.getElementType();
  }
  return success();
}

LogicalResult ReduceScatterOp::verify() {
  if (failed(verifySameCount(*this, getOperands().size(), getNumResults())))
    return failure();
  FailureOr<int64_t> groupSize =
      verifyReplicaGroups(*this, getReplicaGroups(), "(C3)");
  if (failed(groupSize) ||
      failed(verifyGlobalDeviceIds(*this, getChannelHandle(),
                                   getUseGlobalDeviceIds(), "(C6)")))
    return failure();
  FailureOr<Type> e = verifyReducer(*this, getComputation(),
                                    getOperands().getTypes(), "(C7)");
  if (failed(e))
    return failure();
  int64_t dim = getScatterDimension();
  for (auto [operand, result] : llvm::zip(getOperands(), getResults())) {
    auto operandType = cast<RankedTensorType>(operand.getType());
    auto resultType = cast<RankedTensorType>(result.getType());
    // C2: 0 <= scatter_dimension < rank(operand).
    if (dim >= operandType.getRank())
      return emitOpError() << "(C2) requires scatter_dimension below the "
                              "operand rank "
                           << operandType.getRank() << ", but got " << dim;
    int64_t in = operandType.getDimSize(dim), out = resultType.getDimSize(dim);
    int64_t group = *groupSize == ShapedType::kDynamic ? 1 : *groupSize;
    // C1: dim(operand, scatter_dimension) % dim(process_groups, 1) = 0 (the
    // process groups are a multiple of the replica groups).
    if (!ShapedType::isDynamic(in) && in % group != 0)
      return emitOpError() << "(C1) requires dimension " << dim
                           << " of the operand (" << in
                           << ") to be a multiple of the group size " << group;
    // C8: the operand shape, scatter_dimension divided by the group size.
    SmallVector<int64_t> expected(operandType.getShape());
    expected[dim] = out;
    if (failed(verifyCompatibleShape(expected, resultType.getShape())) ||
        (!ShapedType::isDynamic(in) && !ShapedType::isDynamic(out) &&
         (out == 0 ? in != 0 : in % (out * group) != 0)))
      return emitOpError() << "(C8) requires the operand shape with dimension "
                           << dim << " divided by the group size, but got "
                           << resultType << " for " << operandType;
    // C9: element_type(result) = E.
    if (resultType.getElementType() != *e)
      return emitOpError() << "(C9) requires result element type " << *e
                           << ", but got " << resultType.getElementType();
  }
  return success();
}

/// collective_broadcast and collective_reduce: with has_dynamic_root the
/// last operand is a 1-D integer root tensor. Returns the data operands.
static FailureOr<OperandRange> dataOperands(Operation *op, bool dynamicRoot) {
  OperandRange operands = op->getOperands();
  if (!dynamicRoot)
    return operands;
  if (operands.empty())
    return op->emitOpError() << "requires a root operand with has_dynamic_root";
  auto root = dyn_cast<RankedTensorType>(operands.back().getType());
  if (!root || root.getRank() != 1 ||
      !isa<IntegerType>(root.getElementType()))
    return op->emitOpError() << "requires a 1-dimensional integer root as the "
                                "last operand with has_dynamic_root, but got "
                             << operands.back().getType();
  return operands.drop_back();
}

LogicalResult CollectiveReduceOp::verify() {
  FailureOr<OperandRange> data = dataOperands(*this, getHasDynamicRoot());
  if (failed(data) ||
      failed(verifySameCount(*this, data->size(), getNumResults())) ||
      failed(verifyReplicaGroups(*this, getReplicaGroups(), "(C1)")) ||
      failed(verifyGlobalDeviceIds(*this, getChannelHandle(),
                                   getUseGlobalDeviceIds(), "(C3)")))
    return failure();
  FailureOr<Type> e =
      verifyReducer(*this, getComputation(), data->getTypes(), "(C4)");
  if (failed(e))
    return failure();
  for (auto [operand, result] : llvm::zip(*data, getResults())) {
    auto operandType = cast<RankedTensorType>(operand.getType());
    auto resultType = cast<RankedTensorType>(result.getType());
    if (failed(verifyCompatibleShape(operandType, resultType)) ||
        resultType.getElementType() != *e)
      return emitOpError() << "(C5) requires a result of the operand shape "
                              "and element type "
                           << *e << ", but got " << resultType;
  }
  return success();
}

LogicalResult CollectiveBroadcastOp::verify() {
  FailureOr<OperandRange> data = dataOperands(*this, getHasDynamicRoot());
  if (failed(data) ||
      failed(verifySameCount(*this, data->size(), getNumResults())) ||
      failed(verifyReplicaGroups(*this, getReplicaGroups(), "(C1)")))
    return failure();
  // C3: type(result) = type(operand).
  for (auto [operand, result] : llvm::zip(*data, getResults()))
    if (!isCompatibleType(operand.getType(), result.getType()))
      return emitOpError() << "(C3) requires result type " << operand.getType()
                           << ", but got " << result.getType();
  return success();
}

//===- all_to_all -----------------------------------------------------------===//

LogicalResult AllToAllOp::verify() {
  if (failed(verifySameCount(*this, getOperands().size(), getNumResults())) ||
      failed(verifyReplicaGroups(*this, getReplicaGroups(), "(C5)")))
    return failure();
  int64_t split = getSplitDimension(), concat = getConcatDimension();
  int64_t count = getSplitCount();
  for (auto [operand, result] : llvm::zip(getOperands(), getResults())) {
    auto operandType = cast<RankedTensorType>(operand.getType());
    auto resultType = cast<RankedTensorType>(result.getType());
    int64_t rank = operandType.getRank();
    // C1, C3: dimensions in range.
    if (split >= rank)
      return emitOpError() << "(C1) requires split_dimension below the "
                              "operand rank "
                           << rank << ", but got " << split;
    if (concat >= rank)
      return emitOpError() << "(C3) requires concat_dimension below the "
                              "operand rank "
                           << rank << ", but got " << concat;
    SmallVector<int64_t> expected(operandType.getShape());
    // C2: dim(operands..., split_dimension) % split_count = 0.
    if (!ShapedType::isDynamic(expected[split])) {
      if (expected[split] % count != 0)
        return emitOpError() << "(C2) requires dimension " << split << " ("
                             << expected[split]
                             << ") to be a multiple of split_count " << count;
      expected[split] /= count;
    }
    if (!ShapedType::isDynamic(expected[concat]))
      expected[concat] *= count;
    // C8: split dimension divided, concat dimension multiplied.
    if (resultType.getElementType() != operandType.getElementType() ||
        failed(verifyCompatibleShape(expected, resultType.getShape())))
      return emitOpError() << "(C8) requires result type "
                           << RankedTensorType::get(expected,
                                                    operandType.getElementType())
                           << ", but got " << resultType;
  }
  return success();
}

//===- collective_permute, cross-replica-sum --------------------------------===//

LogicalResult CollectivePermuteOp::verify() {
  if (failed(verifySameCount(*this, getOperands().size(), getNumResults())) ||
      failed(verifyPairs(*this, getSourceTargetPairs(), "(C1)", "(C2)",
                         "(C3)")))
    return failure();
  // C5: type(result) = type(operand).
  for (auto [operand, result] : llvm::zip(getOperands(), getResults()))
    if (!isCompatibleType(operand.getType(), result.getType()))
      return emitOpError() << "(C5) requires result type " << operand.getType()
                           << ", but got " << result.getType();
  return success();
}

LogicalResult CrossReplicaSumOp::verify() {
  if (failed(verifyReplicaGroups(*this, getReplicaGroups(), "(C1)")))
    return failure();
  if (!isCompatibleType(getOperand().getType(), getResult().getType()))
    return emitOpError() << "requires result type " << getOperand().getType()
                         << ", but got " << getResult().getType();
  return success();
}

//===- send, recv -----------------------------------------------------------===//

LogicalResult SendOp::verify() {
  if (auto pairs = getSourceTargetPairs())
    return verifyPairs(*this, *pairs, "", "", "");
  return success();
}

// infeed and recv print their results unnamed, as upstream does.
void InfeedOp::getAsmResultNames(OpAsmSetValueNameFn) {}
void RecvOp::getAsmResultNames(OpAsmSetValueNameFn) {}

LogicalResult RecvOp::verify() {
  if (auto pairs = getSourceTargetPairs())
    return verifyPairs(*this, *pairs, "", "", "");
  return success();
}

//===- async_start, async_done ----------------------------------------------===//

LogicalResult AsyncStartOp::verify() {
  Region &body = getBody();
  if (body.empty() || body.front().empty())
    return emitOpError() << "requires a non-empty body";
  // The body takes the operands and returns what the future will hold.
  if (!llvm::equal(body.getArgumentTypes(), getOperands().getTypes()))
    return emitOpError() << "requires body arguments of types "
                         << typeListString(getOperands().getTypes())
                         << ", but got "
                         << typeListString(body.getArgumentTypes());
  auto ret = dyn_cast<ReturnOp>(body.front().back());
  if (!ret)
    return emitOpError() << "requires the body to end with stablehlo.return";
  auto future = cast<FutureType>(getResult().getType());
  if (!llvm::equal(future.getTypes(), ret.getResults().getTypes()))
    return emitOpError() << "requires a future of the body's results "
                         << typeListString(ret.getResults().getTypes())
                         << ", but got " << future;
  return success();
}

LogicalResult AsyncDoneOp::verify() {
  auto future = cast<FutureType>(getFuture().getType());
  if (!llvm::equal(future.getTypes(), getResultTypes()))
    return emitOpError() << "requires results "
                         << typeListString(future.getTypes())
                         << " (the future's types), but got "
                         << typeListString(getResultTypes());
  return success();
}
