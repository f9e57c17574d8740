//===- DataMovementEvaluators.cpp - Spec "Data movement ops" --------------===//
//
// Each evaluator maps result indices to operand indices as the spec section
// states it and copies element bytes, so one implementation serves every
// element type.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "interpreter/Interpreter.h"
#include "interpreter/ops/DataMovementKernels.h"
#include "interpreter/ops/EvaluatorSupport.h"
#include "interpreter/ops/IndexSpace.h"

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace oxla::interp {

int64_t integerElement(const Tensor &tensor, int64_t i) {
  switch (tensor.elementType().kind()) {
  case ElementKind::SI2: case ElementKind::SI4: case ElementKind::SI8:
    return tensor.data<int8_t>()[i];
  case ElementKind::SI16: return tensor.data<int16_t>()[i];
  case ElementKind::SI32: return tensor.data<int32_t>()[i];
  case ElementKind::SI64: return tensor.data<int64_t>()[i];
  case ElementKind::I1: case ElementKind::UI2: case ElementKind::UI4:
  case ElementKind::UI8:
    return tensor.data<uint8_t>()[i];
  case ElementKind::UI16: return tensor.data<uint16_t>()[i];
  case ElementKind::UI32: return tensor.data<uint32_t>()[i];
  case ElementKind::UI64: return static_cast<int64_t>(tensor.data<uint64_t>()[i]);
  default: return 0;
  }
}

namespace {

using Operands = ArrayRef<RuntimeValue>;
using Results = SmallVectorImpl<RuntimeValue>;

/// The static result shape of `op`, or an "unsupported" error for dynamic
/// result types (which shape refinement must make static first).
std::optional<Shape> staticResultShape(Operation *op, EvalContext &context,
                                       unsigned index = 0) {
  auto type = cast<RankedTensorType>(op->getResult(index).getType());
  if (!type.hasStaticShape()) {
    (void)context.unsupported(op, "a dynamically shaped result");
    return std::nullopt;
  }
  return Shape(type.getShape().begin(), type.getShape().end());
}

LogicalResult evalBroadcastInDim(Operation *op, Operands operands,
                                 Results &results, EvalContext &context) {
  std::optional<Shape> shape = staticResultShape(op, context);
  if (!shape)
    return failure();
  results.push_back(broadcastInDim(
      operands[0].tensor(), cast<hlo::BroadcastInDimOp>(op).getBroadcastDimensions(),
      *shape));
  return success();
}

LogicalResult evalBroadcast(Operation *op, Operands operands, Results &results,
                            EvalContext &context) {
  // result[i0..iN, j...] = operand[j...]: the new dimensions lead.
  const Tensor &operand = operands[0].tensor();
  std::optional<Shape> shape = staticResultShape(op, context);
  if (!shape)
    return failure();
  Tensor result(operand.elementType(), *shape);
  int64_t n = operand.numElements();
  for (int64_t i = 0, total = result.numElements(); i < total; ++i)
    result.copyElementFrom(operand, n ? i % n : 0, i);
  results.push_back(std::move(result));
  return success();
}

LogicalResult evalReshape(Operation *op, Operands operands, Results &results,
                          EvalContext &context) {
  const Tensor &operand = operands[0].tensor();
  std::optional<Shape> shape = staticResultShape(op, context);
  if (!shape)
    return failure();
  Tensor result(operand.elementType(), *shape);
  std::memcpy(result.bytes(), operand.bytes(), result.byteSize());
  results.push_back(std::move(result));
  return success();
}

LogicalResult evalTranspose(Operation *op, Operands operands, Results &results,
                            EvalContext &) {
  auto transpose = cast<hlo::TransposeOp>(op);
  const Tensor &operand = operands[0].tensor();
  ArrayRef<int64_t> permutation = transpose.getPermutation();
  Shape shape;
  for (int64_t d : permutation)
    shape.push_back(operand.shape()[d]);
  Tensor result(operand.elementType(), shape);
  Shape operandIndex(operand.rank());
  forEachIndex(shape, [&](ArrayRef<int64_t> index, int64_t linear) {
    for (size_t d = 0; d < permutation.size(); ++d)
      operandIndex[permutation[d]] = index[d];
    result.copyElementFrom(operand, operand.linearIndex(operandIndex), linear);
  });
  results.push_back(std::move(result));
  return success();
}

/// Not in the spec (deprecated, from PyTorch): the slices of `operand` along
/// `dim` that `index` names, with the first `batch_dims` dimensions shared
/// by operand and index. result[o..., i..., r...] =
/// operand[o..., index[o[:batch_dims]..., i...], r...] with o = the first
/// `dim` result dimensions. Out-of-range indices are invalid.
LogicalResult evalTorchIndexSelect(Operation *op, Operands operands,
                                   Results &results, EvalContext &context) {
  auto select = cast<hlo::TorchIndexSelectOp>(op);
  const Tensor &operand = operands[0].tensor();
  const Tensor &index = operands[1].tensor();
  int64_t dim = select.getDim(), batchDims = select.getBatchDims();
  if (dim < 0 || dim >= operand.rank() || batchDims < 0 || batchDims > dim ||
      batchDims > index.rank())
    return context.invalid(op, "dim and batch_dims do not fit the operand and index");
  int64_t indexDims = index.rank() - batchDims;
  Shape shape(operand.shape().begin(), operand.shape().begin() + dim);
  shape.append(index.shape().begin() + batchDims, index.shape().end());
  shape.append(operand.shape().begin() + dim + 1, operand.shape().end());
  Tensor result(operand.elementType(), shape);
  Shape operandIndex(operand.rank()), indexIndex(index.rank());
  bool outOfRange = false;
  forEachIndex(shape, [&](ArrayRef<int64_t> at, int64_t linear) {
    for (int64_t d = 0; d < batchDims; ++d)
      indexIndex[d] = at[d];
    for (int64_t d = 0; d < indexDims; ++d)
      indexIndex[batchDims + d] = at[dim + d];
    int64_t position = integerElement(index, index.linearIndex(indexIndex));
    if (position < 0 || position >= operand.shape()[dim]) {
      outOfRange = true;
      return;
    }
    for (int64_t d = 0; d < dim; ++d)
      operandIndex[d] = at[d];
    operandIndex[dim] = position;
    for (int64_t d = dim + 1; d < operand.rank(); ++d)
      operandIndex[d] = at[d - 1 + indexDims];
    result.copyElementFrom(operand, operand.linearIndex(operandIndex), linear);
  });
  if (outOfRange)
    return context.invalid(op, "an index is out of range of dimension " + Twine(dim));
  results.push_back(std::move(result));
  return success();
}

LogicalResult evalSlice(Operation *op, Operands operands, Results &results,
                        EvalContext &) {
  auto typed = cast<hlo::SliceOp>(op);
  results.push_back(slice(operands[0].tensor(), typed.getStartIndices(),
                          typed.getLimitIndices(), typed.getStrides()));
  return success();
}

LogicalResult evalConcatenate(Operation *op, Operands operands,
                              Results &results, EvalContext &) {
  auto concat = cast<hlo::ConcatenateOp>(op);
  int64_t dim = concat.getDimension();
  const Tensor &first = operands[0].tensor();
  Shape shape(first.shape().begin(), first.shape().end());
  shape[dim] = 0;
  for (const RuntimeValue &input : operands)
    shape[dim] += input.tensor().shape()[dim];
  Tensor result(first.elementType(), shape);
  int64_t offset = 0;
  Shape resultIndex(shape.size());
  for (const RuntimeValue &value : operands) {
    const Tensor &input = value.tensor();
    forEachIndex(input.shape(), [&](ArrayRef<int64_t> index, int64_t linear) {
      resultIndex.assign(index.begin(), index.end());
      resultIndex[dim] += offset;
      result.copyElementFrom(input, linear, result.linearIndex(resultIndex));
    });
    offset += input.shape()[dim];
  }
  results.push_back(std::move(result));
  return success();
}

LogicalResult evalPad(Operation *op, Operands operands, Results &results,
                      EvalContext &) {
  auto typed = cast<hlo::PadOp>(op);
  results.push_back(pad(operands[0].tensor(), operands[1].tensor(),
                        typed.getEdgePaddingLow(), typed.getEdgePaddingHigh(),
                        typed.getInteriorPadding()));
  return success();
}

LogicalResult evalReverse(Operation *op, Operands operands, Results &results,
                          EvalContext &) {
  auto reverse = cast<hlo::ReverseOp>(op);
  const Tensor &operand = operands[0].tensor();
  SmallVector<bool> reversed(operand.rank(), false);
  for (int64_t d : reverse.getDimensions())
    reversed[d] = true;
  Tensor result(operand.elementType(), operand.shape());
  Shape operandIndex(operand.rank());
  forEachIndex(operand.shape(), [&](ArrayRef<int64_t> index, int64_t linear) {
    for (int64_t d = 0; d < operand.rank(); ++d)
      operandIndex[d] = reversed[d] ? operand.shape()[d] - 1 - index[d] : index[d];
    result.copyElementFrom(operand, operand.linearIndex(operandIndex), linear);
  });
  results.push_back(std::move(result));
  return success();
}

/// Start indices clamped so that a block of `sizes` fits in `shape`.
Shape clampedStart(Operands indexOperands, ArrayRef<int64_t> shape,
                   ArrayRef<int64_t> sizes) {
  Shape start;
  for (size_t d = 0; d < shape.size(); ++d) {
    int64_t index = integerElement(indexOperands[d].tensor());
    start.push_back(std::clamp<int64_t>(index, 0, std::max<int64_t>(shape[d] - sizes[d], 0)));
  }
  return start;
}

LogicalResult evalDynamicSlice(Operation *op, Operands operands,
                               Results &results, EvalContext &) {
  auto slice = cast<hlo::DynamicSliceOp>(op);
  const Tensor &operand = operands[0].tensor();
  ArrayRef<int64_t> sizes = slice.getSliceSizes();
  Shape start = clampedStart(operands.drop_front(), operand.shape(), sizes);
  Tensor result(operand.elementType(), sizes);
  Shape operandIndex(operand.rank());
  forEachIndex(sizes, [&](ArrayRef<int64_t> index, int64_t linear) {
    for (int64_t d = 0; d < operand.rank(); ++d)
      operandIndex[d] = start[d] + index[d];
    result.copyElementFrom(operand, operand.linearIndex(operandIndex), linear);
  });
  results.push_back(std::move(result));
  return success();
}

LogicalResult evalDynamicUpdateSlice(Operation *, Operands operands,
                                     Results &results, EvalContext &) {
  const Tensor &operand = operands[0].tensor();
  const Tensor &update = operands[1].tensor();
  Shape start = clampedStart(operands.drop_front(2), operand.shape(), update.shape());
  Tensor result(operand.elementType(), operand.shape());
  std::memcpy(result.bytes(), operand.bytes(), result.byteSize());
  Shape resultIndex(operand.rank());
  forEachIndex(update.shape(), [&](ArrayRef<int64_t> index, int64_t linear) {
    for (int64_t d = 0; d < operand.rank(); ++d)
      resultIndex[d] = start[d] + index[d];
    result.copyElementFrom(update, linear, result.linearIndex(resultIndex));
  });
  results.push_back(std::move(result));
  return success();
}

/// The start index vector of a batch position: start_indices[batch...]
/// with `:` at index_vector_dim (or the single element when
/// index_vector_dim == rank).
void readStartIndex(const Tensor &indices, int64_t indexVectorDim,
                    ArrayRef<int64_t> batchIndex, SmallVectorImpl<int64_t> &out) {
  out.clear();
  Shape position;
  int64_t b = 0;
  for (int64_t d = 0; d < indices.rank(); ++d)
    position.push_back(d == indexVectorDim ? 0 : batchIndex[b++]);
  if (indexVectorDim >= indices.rank()) {
    out.push_back(integerElement(indices, indices.linearIndex(position)));
    return;
  }
  for (int64_t k = 0; k < indices.shape()[indexVectorDim]; ++k) {
    position[indexVectorDim] = k;
    out.push_back(integerElement(indices, indices.linearIndex(position)));
  }
}

/// Position of `startDim` among the dimensions of start_indices that remain
/// once index_vector_dim is removed.
int64_t batchPosition(int64_t startDim, int64_t indexVectorDim) {
  return startDim < indexVectorDim ? startDim : startDim - 1;
}

LogicalResult evalGather(Operation *op, Operands operands, Results &results,
                         EvalContext &) {
  auto typed = cast<hlo::GatherOp>(op);
  results.push_back(gather(operands[0].tensor(), operands[1].tensor(),
                           typed.getDimensionNumbers(), typed.getSliceSizes()));
  return success();
}

LogicalResult evalScatter(Operation *op, Operands operands, Results &results,
                          EvalContext &context) {
  auto scatter = cast<hlo::ScatterOp>(op);
  size_t numInputs = scatter.getInputs().size();
  Operands inputs = operands.take_front(numInputs);
  const Tensor &indices = operands[numInputs].tensor();
  Operands updates = operands.drop_front(numInputs + 1);
  hlo::ScatterDimensionNumbersAttr dn = scatter.getScatterDimensionNumbers();
  int64_t indexVectorDim = dn.getIndexVectorDim();
  const Tensor &firstInput = inputs[0].tensor();
  ArrayRef<int64_t> inputShape = firstInput.shape();
  int64_t rank = firstInput.rank();

  SmallVector<Tensor> outputs;
  for (const RuntimeValue &input : inputs) {
    Tensor copy(input.tensor().elementType(), input.tensor().shape());
    std::memcpy(copy.bytes(), input.tensor().bytes(), copy.byteSize());
    outputs.push_back(std::move(copy));
  }
  const Tensor &firstUpdate = updates[0].tensor();
  SmallVector<bool> isWindow(firstUpdate.rank(), false);
  for (int64_t d : dn.getUpdateWindowDims())
    isWindow[d] = true;
  // Input dimensions that the window index covers, in order.
  SmallVector<int64_t> windowDims;
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(dn.getInsertedWindowDims(), d) &&
        !llvm::is_contained(dn.getInputBatchingDims(), d))
      windowDims.push_back(d);

  Region &body = scatter.getUpdateComputation();
  Shape scatterIndex, resultIndex(rank);
  SmallVector<int64_t> startIndex;
  SmallVector<RuntimeValue> arguments(2 * numInputs);
  bool ok = true;
  forEachIndex(firstUpdate.shape(), [&](ArrayRef<int64_t> index, int64_t linear) {
    if (!ok)
      return;
    scatterIndex.clear();
    for (size_t d = 0; d < index.size(); ++d)
      if (!isWindow[d])
        scatterIndex.push_back(index[d]);
    readStartIndex(indices, indexVectorDim, scatterIndex, startIndex);
    std::fill(resultIndex.begin(), resultIndex.end(), 0);
    for (auto [ds, dInput] : llvm::enumerate(dn.getScatterDimsToOperandDims()))
      resultIndex[dInput] = startIndex[ds];
    for (auto [i, dInput] : llvm::enumerate(dn.getInputBatchingDims()))
      resultIndex[dInput] += scatterIndex[batchPosition(
          dn.getScatterIndicesBatchingDims()[i], indexVectorDim)];
    int64_t w = 0;
    for (size_t d = 0; d < index.size(); ++d)
      if (isWindow[d])
        resultIndex[windowDims[w++]] += index[d];
    // Updates that land out of bounds are skipped (spec: implementation-
    // defined; XLA drops them).
    int64_t target = linearIndexIfInBounds(inputShape, resultIndex);
    if (target < 0)
      return;
    for (size_t k = 0; k < numInputs; ++k) {
      Tensor current(outputs[k].elementType(), {});
      current.copyElementFrom(outputs[k], target, 0);
      const Tensor &update = updates[k].tensor();
      Tensor value(update.elementType(), {});
      value.copyElementFrom(update, linear, 0);
      arguments[k] = std::move(current);
      arguments[numInputs + k] = std::move(value);
    }
    FailureOr<SmallVector<RuntimeValue>> combined = context.runRegion(body, arguments);
    if (failed(combined)) {
      ok = false;
      return;
    }
    for (size_t k = 0; k < numInputs; ++k)
      outputs[k].copyElementFrom((*combined)[k].tensor(), 0, target);
  });
  if (!ok)
    return failure();
  for (Tensor &output : outputs)
    results.push_back(std::move(output));
  return success();
}

} // namespace

Tensor broadcastInDim(const Tensor &operand, ArrayRef<int64_t> dims,
                      ArrayRef<int64_t> shape) {
  Tensor result(operand.elementType(), shape);
  Shape operandIndex(operand.rank());
  forEachIndex(shape, [&](ArrayRef<int64_t> index, int64_t linear) {
    for (int64_t d = 0; d < operand.rank(); ++d)
      operandIndex[d] = operand.shape()[d] == 1 ? 0 : index[dims[d]];
    result.copyElementFrom(operand, operand.linearIndex(operandIndex), linear);
  });
  return result;
}

Tensor slice(const Tensor &operand, ArrayRef<int64_t> start,
             ArrayRef<int64_t> limit, ArrayRef<int64_t> strides) {
  Shape shape;
  for (int64_t d = 0; d < operand.rank(); ++d)
    shape.push_back(std::max<int64_t>(0, (limit[d] - start[d] + strides[d] - 1) / strides[d]));
  Tensor result(operand.elementType(), shape);
  Shape operandIndex(operand.rank());
  forEachIndex(shape, [&](ArrayRef<int64_t> index, int64_t linear) {
    for (int64_t d = 0; d < operand.rank(); ++d)
      operandIndex[d] = start[d] + index[d] * strides[d];
    result.copyElementFrom(operand, operand.linearIndex(operandIndex), linear);
  });
  return result;
}

Tensor pad(const Tensor &operand, const Tensor &padding, ArrayRef<int64_t> low,
           ArrayRef<int64_t> high, ArrayRef<int64_t> interior) {
  Shape shape;
  for (int64_t d = 0; d < operand.rank(); ++d) {
    int64_t size = operand.shape()[d];
    shape.push_back(low[d] + high[d] + size + std::max<int64_t>(size - 1, 0) * interior[d]);
  }
  Tensor result(operand.elementType(), shape);
  for (int64_t i = 0, n = result.numElements(); i < n; ++i)
    result.copyElementFrom(padding, 0, i);
  // Negative padding removes elements: they land out of bounds.
  Shape resultIndex(operand.rank());
  forEachIndex(operand.shape(), [&](ArrayRef<int64_t> index, int64_t linear) {
    for (int64_t d = 0; d < operand.rank(); ++d)
      resultIndex[d] = low[d] + index[d] * (interior[d] + 1);
    int64_t target = linearIndexIfInBounds(shape, resultIndex);
    if (target >= 0)
      result.copyElementFrom(operand, linear, target);
  });
  return result;
}

Tensor gather(const Tensor &operand, const Tensor &indices,
              hlo::GatherDimensionNumbersAttr dn, ArrayRef<int64_t> sliceSizes) {
  ArrayRef<int64_t> offsetDims = dn.getOffsetDims();
  int64_t indexVectorDim = dn.getIndexVectorDim();
  // Operand dimensions that the offset index covers, in order.
  SmallVector<int64_t> windowDims;
  for (int64_t d = 0; d < operand.rank(); ++d)
    if (!llvm::is_contained(dn.getCollapsedSliceDims(), d) &&
        !llvm::is_contained(dn.getOperandBatchingDims(), d))
      windowDims.push_back(d);
  // The result has the batch dimensions of start_indices, with the slice's
  // window dimensions at offset_dims.
  int64_t rank = static_cast<int64_t>(offsetDims.size()) + indices.rank() -
                 (indexVectorDim < indices.rank() ? 1 : 0);
  Shape shape;
  SmallVector<bool> isOffset(rank, false);
  for (int64_t d : offsetDims)
    isOffset[d] = true;
  for (int64_t d = 0, b = 0, w = 0; d < rank; ++d) {
    if (isOffset[d]) {
      shape.push_back(sliceSizes[windowDims[w++]]);
      continue;
    }
    if (b == indexVectorDim)
      ++b;
    shape.push_back(indices.shape()[b++]);
  }

  Tensor result(operand.elementType(), shape);
  Shape batchIndex, operandIndex(operand.rank());
  SmallVector<int64_t> startIndex;
  forEachIndex(shape, [&](ArrayRef<int64_t> index, int64_t linear) {
    batchIndex.clear();
    for (size_t d = 0; d < index.size(); ++d)
      if (!isOffset[d])
        batchIndex.push_back(index[d]);
    readStartIndex(indices, indexVectorDim, batchIndex, startIndex);
    std::fill(operandIndex.begin(), operandIndex.end(), 0);
    // full_start_index, clamped so that the slice fits (implementation-
    // defined for out-of-bounds starts; XLA clamps).
    for (auto [ds, dOperand] : llvm::enumerate(dn.getStartIndexMap()))
      operandIndex[dOperand] = std::clamp<int64_t>(
          startIndex[ds], 0, operand.shape()[dOperand] - sliceSizes[dOperand]);
    // full_batching_index.
    for (auto [i, dOperand] : llvm::enumerate(dn.getOperandBatchingDims()))
      operandIndex[dOperand] += batchIndex[batchPosition(
          dn.getStartIndicesBatchingDims()[i], indexVectorDim)];
    // full_offset_index.
    for (auto [i, dResult] : llvm::enumerate(offsetDims))
      operandIndex[windowDims[i]] += index[dResult];
    result.copyElementFrom(operand, operand.linearIndex(operandIndex), linear);
  });
  return result;
}

void registerDataMovementEvaluators(EvaluatorRegistry &registry) {
  registry.add<hlo::BroadcastInDimOp>(evalBroadcastInDim);
  registry.add<hlo::BroadcastOp>(evalBroadcast);
  registry.add<hlo::TorchIndexSelectOp>(evalTorchIndexSelect);
  registry.add<hlo::ConcatenateOp>(evalConcatenate);
  registry.add<hlo::DynamicSliceOp>(evalDynamicSlice);
  registry.add<hlo::DynamicUpdateSliceOp>(evalDynamicUpdateSlice);
  registry.add<hlo::GatherOp>(evalGather);
  registry.add<hlo::PadOp>(evalPad);
  registry.add<hlo::ReshapeOp>(evalReshape);
  registry.add<hlo::ReverseOp>(evalReverse);
  registry.add<hlo::ScatterOp>(evalScatter);
  registry.add<hlo::SliceOp>(evalSlice);
  registry.add<hlo::TransposeOp>(evalTranspose);
}

} // namespace oxla::interp
