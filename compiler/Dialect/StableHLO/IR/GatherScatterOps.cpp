//===- GatherScatterOps.cpp - Spec gather and scatter ---------------------===//
//
// The verifiers of gather and scatter, the data movement ops with the most
// constraints; verifyGather is shared with dynamic_gather.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/StableHLO/IR/DataMovementChecks.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "compiler/Dialect/StableHLO/IR/VerifierSupport.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace oxla::stablehlo;
using namespace oxla::stablehlo::detail;

namespace oxla::stablehlo::detail {

LogicalResult verifyGather(Operation *op, RankedTensorType operand,
                           RankedTensorType startIndices,
                           GatherDimensionNumbersAttr dn,
                           std::optional<ArrayRef<int64_t>> sliceSizes,
                           int64_t numSliceSizes, RankedTensorType result) {
  int64_t operandRank = operand.getRank();
  int64_t indicesRank = startIndices.getRank();
  ArrayRef<int64_t> offsetDims = dn.getOffsetDims();
  ArrayRef<int64_t> collapsed = dn.getCollapsedSliceDims();
  ArrayRef<int64_t> operandBatching = dn.getOperandBatchingDims();
  ArrayRef<int64_t> indicesBatching = dn.getStartIndicesBatchingDims();
  ArrayRef<int64_t> startIndexMap = dn.getStartIndexMap();
  int64_t indexVectorDim = dn.getIndexVectorDim();

  // C1: every operand dimension is an offset, collapsed or batching one.
  int64_t counted = offsetDims.size() + collapsed.size() +
                    operandBatching.size();
  if (counted != operandRank)
    return op->emitOpError()
           << "(C1) requires size(offset_dims) + size(collapsed_slice_dims) "
              "+ size(operand_batching_dims) to equal the operand rank "
           << operandRank << ", but got " << counted;
  // C2: 0 <= index_vector_dim <= rank(start_indices).
  if (indexVectorDim < 0 || indexVectorDim > indicesRank)
    return op->emitOpError() << "(C2) requires index_vector_dim in [0, "
                             << indicesRank << "], but got "
                             << indexVectorDim;
  // C3: one start_index_map entry per index vector element.
  int64_t indexVectorSize = indexVectorDim < indicesRank
                                ? startIndices.getDimSize(indexVectorDim)
                                : 1;
  if (!ShapedType::isDynamic(indexVectorSize) &&
      static_cast<int64_t>(startIndexMap.size()) != indexVectorSize)
    return op->emitOpError()
           << "(C3) requires size(start_index_map) to equal the index "
              "vector size "
           << indexVectorSize << ", but got " << startIndexMap.size();
  // C4, C5: offset_dims sorted, unique, within the result rank.
  if (failed(checkDims(op, "(C4)", "offset_dims", offsetDims, INT64_MAX,
                       /*unique=*/true, /*sorted=*/true)) ||
      failed(checkDims(op, "(C5)", "offset_dims", offsetDims,
                       result.getRank(), false, false, "the result rank")))
    return failure();
  // C6: collapsed and batching dimensions are disjoint and unique.
  SmallVector<int64_t> both(collapsed);
  both.append(operandBatching.begin(), operandBatching.end());
  if (failed(checkDims(op, "(C6)",
                       "collapsed_slice_dims and operand_batching_dims", both,
                       INT64_MAX, /*unique=*/true, false)))
    return failure();
  // C7, C8: collapsed_slice_dims sorted and in range.
  if (failed(checkDims(op, "(C7)", "collapsed_slice_dims", collapsed,
                       INT64_MAX, false, /*sorted=*/true)) ||
      failed(checkDims(op, "(C8)", "collapsed_slice_dims", collapsed,
                       operandRank, false, false, "the operand rank")))
    return failure();
  // C10, C11: operand_batching_dims sorted and in range.
  if (failed(checkDims(op, "(C10)", "operand_batching_dims", operandBatching,
                       INT64_MAX, false, /*sorted=*/true)) ||
      failed(checkDims(op, "(C11)", "operand_batching_dims", operandBatching,
                       operandRank, false, false, "the operand rank")))
    return failure();
  // C13-C15: start_indices_batching_dims unique, in range, not the index
  // vector dimension.
  if (failed(checkDims(op, "(C13)", "start_indices_batching_dims",
                       indicesBatching, INT64_MAX, /*unique=*/true, false)) ||
      failed(checkDims(op, "(C14)", "start_indices_batching_dims",
                       indicesBatching, indicesRank, false, false,
                       "the start_indices rank")))
    return failure();
  if (llvm::is_contained(indicesBatching, indexVectorDim))
    return op->emitOpError()
           << "(C15) requires index_vector_dim " << indexVectorDim
           << " not to be one of start_indices_batching_dims "
           << formatDims(indicesBatching);
  // C16, C17: batching dimensions pair up with one size.
  if (operandBatching.size() != indicesBatching.size())
    return op->emitOpError()
           << "(C16) requires as many operand_batching_dims as "
              "start_indices_batching_dims, but got "
           << operandBatching.size() << " and " << indicesBatching.size();
  for (auto [o, i] : llvm::zip_equal(operandBatching, indicesBatching)) {
    int64_t a = operand.getDimSize(o), b = startIndices.getDimSize(i);
    if (!compatibleDim(a, b))
      return op->emitOpError()
             << "(C17) requires operand dimension " << o
             << " and start_indices dimension " << i
             << " of one size, but got " << a << " and " << b;
  }
  // C18, C19: start_index_map unique (also against batching dims), in range.
  SmallVector<int64_t> mapped(startIndexMap);
  mapped.append(operandBatching.begin(), operandBatching.end());
  if (failed(checkDims(op, "(C18)",
                       "start_index_map and operand_batching_dims", mapped,
                       INT64_MAX, /*unique=*/true, false)) ||
      failed(checkDims(op, "(C19)", "start_index_map", startIndexMap,
                       operandRank, false, false, "the operand rank")))
    return failure();
  // C20: one slice size per operand dimension.
  if (numSliceSizes >= 0 && numSliceSizes != operandRank)
    return op->emitOpError() << "(C20) requires " << operandRank
                             << " slice_sizes (the operand rank), but got "
                             << numSliceSizes;
  if (sliceSizes) {
    ArrayRef<int64_t> sizes = *sliceSizes;
    // C9, C12: collapsed and batching dimensions are sliced to size <= 1.
    for (int64_t d : collapsed)
      if (sizes[d] > 1)
        return op->emitOpError()
               << "(C9) requires slice_sizes[" << d
               << "] <= 1 for a collapsed dimension, but got " << sizes[d];
    for (int64_t d : operandBatching)
      if (sizes[d] > 1)
        return op->emitOpError()
               << "(C12) requires slice_sizes[" << d
               << "] <= 1 for a batching dimension, but got " << sizes[d];
    // C21: 0 <= slice_sizes <= shape(operand).
    for (auto [d, size] : llvm::enumerate(sizes)) {
      int64_t bound = operand.getDimSize(d);
      if (size < 0 || (!ShapedType::isDynamic(bound) && size > bound))
        return op->emitOpError()
               << "(C21) requires slice_sizes[" << d << "] in [0, " << bound
               << "], but got " << size;
    }
  }
  // C22: shape(result) combines the batch and offset dimension sizes.
  SmallVector<int64_t> batchSizes;
  for (int64_t d = 0; d < indicesRank; ++d)
    if (d != indexVectorDim)
      batchSizes.push_back(startIndices.getDimSize(d));
  int64_t expectedRank = batchSizes.size() + offsetDims.size();
  if (result.getRank() != expectedRank)
    return op->emitOpError()
           << "(C22) requires a result of rank " << expectedRank
           << " (batch dimensions plus offset_dims), but got "
           << result.getRank();
  SmallVector<int64_t> offsetSizes;
  for (int64_t d = 0; d < operandRank; ++d) {
    if (llvm::is_contained(collapsed, d) ||
        llvm::is_contained(operandBatching, d))
      continue;
    offsetSizes.push_back(sliceSizes ? (*sliceSizes)[d] : ShapedType::kDynamic);
  }
  SmallVector<int64_t> expected;
  size_t nextBatch = 0, nextOffset = 0;
  for (int64_t d = 0; d < expectedRank; ++d) {
    if (llvm::is_contained(offsetDims, d))
      expected.push_back(offsetSizes[nextOffset++]);
    else
      expected.push_back(batchSizes[nextBatch++]);
  }
  for (int64_t d = 0; d < expectedRank; ++d)
    if (!compatibleDim(expected[d], result.getDimSize(d)))
      return op->emitOpError()
             << "(C22) requires result shape " << formatDims(expected)
             << ", but got " << formatDims(result.getShape());
  // C23: the element type is kept.
  if (!sameBaselineElement(operand.getElementType(), result.getElementType()))
    return op->emitOpError() << "(C23) requires result element type "
                             << operand.getElementType() << ", but got "
                             << result.getElementType();
  return success();
}

} // namespace oxla::stablehlo::detail

//===- gather -------------------------------------------------------------===//

LogicalResult GatherOp::verify() {
  ArrayRef<int64_t> sizes = getSliceSizes();
  auto operand = getOperand().getType();
  int64_t count = sizes.size();
  // The slice size checks index by operand dimension: only with C20 holding.
  std::optional<ArrayRef<int64_t>> known;
  if (count == operand.getRank())
    known = sizes;
  return verifyGather(*this, operand, getStartIndices().getType(),
                      getDimensionNumbers(), known, count,
                      getResult().getType());
}

//===- scatter ------------------------------------------------------------===//

/// Spec is_promotable: `from` widens to `to` within its kind.
static bool isPromotable(Type from, Type to) {
  if (sameBaselineElement(from, to))
    return true;
  if (auto f = dyn_cast<FloatType>(from))
    if (auto t = dyn_cast<FloatType>(to))
      return f.getWidth() < t.getWidth();
  if (auto f = dyn_cast<IntegerType>(from))
    if (auto t = dyn_cast<IntegerType>(to))
      return f.getWidth() != 1 && f.getSignedness() == t.getSignedness() &&
             f.getWidth() < t.getWidth();
  if (auto f = dyn_cast<ComplexType>(from))
    if (auto t = dyn_cast<ComplexType>(to))
      return isPromotable(f.getElementType(), t.getElementType());
  return false;
}

LogicalResult ScatterOp::verify() {
  size_t n = getInputs().size();
  // C5: 0 < size(inputs) = size(updates).
  if (n == 0 || getUpdates().size() != n)
    return emitOpError() << "(C5) requires as many updates as inputs, and at "
                            "least one, but got "
                         << n << " inputs and " << getUpdates().size()
                         << " updates";
  auto input0 = cast<RankedTensorType>(getInputs().front().getType());
  auto update0 = cast<RankedTensorType>(getUpdates().front().getType());
  auto indices = getScatterIndices().getType();
  // C1, C3, C6: inputs share a shape, updates share a shape, and each
  // update has its input's element type.
  for (size_t i = 0; i < n; ++i) {
    auto input = cast<RankedTensorType>(getInputs()[i].getType());
    auto update = cast<RankedTensorType>(getUpdates()[i].getType());
    if (failed(checkShape(*this, "(C1)", "inputs", input0.getShape(), input)) ||
        failed(checkShape(*this, "(C3)", "updates", update0.getShape(),
                          update)) ||
        failed(checkElementType(*this, "(C6)", "update", input, update)))
      return failure();
  }
  ScatterDimensionNumbersAttr dn = getScatterDimensionNumbers();
  ArrayRef<int64_t> windowDims = dn.getUpdateWindowDims();
  ArrayRef<int64_t> inserted = dn.getInsertedWindowDims();
  ArrayRef<int64_t> inputBatching = dn.getInputBatchingDims();
  ArrayRef<int64_t> indicesBatching = dn.getScatterIndicesBatchingDims();
  ArrayRef<int64_t> toOperand = dn.getScatterDimsToOperandDims();
  int64_t indexVectorDim = dn.getIndexVectorDim();
  int64_t inputRank = input0.getRank(), indicesRank = indices.getRank();

  // C2: every input dimension is a window, inserted or batching one.
  int64_t counted = windowDims.size() + inserted.size() + inputBatching.size();
  if (counted != inputRank)
    return emitOpError()
           << "(C2) requires size(update_window_dims) + "
              "size(inserted_window_dims) + size(input_batching_dims) to "
              "equal the input rank "
           << inputRank << ", but got " << counted;
  // C22: 0 <= index_vector_dim <= rank(scatter_indices).
  if (indexVectorDim < 0 || indexVectorDim > indicesRank)
    return emitOpError() << "(C22) requires index_vector_dim in [0, "
                         << indicesRank << "], but got " << indexVectorDim;
  // C7, C8: update_window_dims sorted, unique and within the update rank.
  if (failed(checkDims(*this, "(C7)", "update_window_dims", windowDims,
                       INT64_MAX, /*unique=*/true, /*sorted=*/true)) ||
      failed(checkDims(*this, "(C8)", "update_window_dims", windowDims,
                       update0.getRank(), false, false, "the update rank")))
    return failure();
  // C9-C13: inserted and input batching dimensions.
  SmallVector<int64_t> both(inserted);
  both.append(inputBatching.begin(), inputBatching.end());
  if (failed(checkDims(*this, "(C9)",
                       "inserted_window_dims and input_batching_dims", both,
                       INT64_MAX, /*unique=*/true, false)) ||
      failed(checkDims(*this, "(C10)", "inserted_window_dims", inserted,
                       INT64_MAX, false, /*sorted=*/true)) ||
      failed(checkDims(*this, "(C11)", "inserted_window_dims", inserted,
                       inputRank, false, false, "the input rank")) ||
      failed(checkDims(*this, "(C12)", "input_batching_dims", inputBatching,
                       INT64_MAX, false, /*sorted=*/true)) ||
      failed(checkDims(*this, "(C13)", "input_batching_dims", inputBatching,
                       inputRank, false, false, "the input rank")))
    return failure();
  // C14-C16: scatter_indices_batching_dims.
  if (failed(checkDims(*this, "(C14)", "scatter_indices_batching_dims",
                       indicesBatching, INT64_MAX, /*unique=*/true, false)) ||
      failed(checkDims(*this, "(C15)", "scatter_indices_batching_dims",
                       indicesBatching, indicesRank, false, false,
                       "the scatter_indices rank")))
    return failure();
  if (llvm::is_contained(indicesBatching, indexVectorDim))
    return emitOpError() << "(C16) requires index_vector_dim "
                         << indexVectorDim
                         << " not to be one of scatter_indices_batching_dims "
                         << formatDims(indicesBatching);
  // C17, C18: batching dimensions pair up with one size.
  if (inputBatching.size() != indicesBatching.size())
    return emitOpError() << "(C17) requires as many input_batching_dims as "
                            "scatter_indices_batching_dims, but got "
                         << inputBatching.size() << " and "
                         << indicesBatching.size();
  for (auto [a, b] : llvm::zip_equal(inputBatching, indicesBatching))
    if (!compatibleDim(input0.getDimSize(a), indices.getDimSize(b)))
      return emitOpError() << "(C18) requires input dimension " << a
                           << " and scatter_indices dimension " << b
                           << " of one size, but got " << input0.getDimSize(a)
                           << " and " << indices.getDimSize(b);
  // C19: one scatter_dims_to_operand_dims entry per index vector element.
  int64_t indexVectorSize =
      indexVectorDim < indicesRank ? indices.getDimSize(indexVectorDim) : 1;
  if (!ShapedType::isDynamic(indexVectorSize) &&
      static_cast<int64_t>(toOperand.size()) != indexVectorSize)
    return emitOpError() << "(C19) requires size(scatter_dims_to_operand_dims)"
                            " to equal the index vector size "
                         << indexVectorSize << ", but got " << toOperand.size();
  // C20, C21.
  SmallVector<int64_t> mapped(toOperand);
  mapped.append(inputBatching.begin(), inputBatching.end());
  if (failed(checkDims(*this, "(C20)",
                       "scatter_dims_to_operand_dims and input_batching_dims",
                       mapped, INT64_MAX, /*unique=*/true, false)) ||
      failed(checkDims(*this, "(C21)", "scatter_dims_to_operand_dims",
                       toOperand, inputRank, false, false, "the input rank")))
    return failure();
  // C4: shape(updates[0]) combines the scatter dimension sizes of
  // scatter_indices and window sizes bounded by the input's.
  SmallVector<int64_t> scatterSizes, windowBounds;
  for (int64_t d = 0; d < indicesRank; ++d)
    if (d != indexVectorDim)
      scatterSizes.push_back(indices.getDimSize(d));
  for (int64_t d = 0; d < inputRank; ++d)
    if (!llvm::is_contained(inserted, d) &&
        !llvm::is_contained(inputBatching, d))
      windowBounds.push_back(input0.getDimSize(d));
  int64_t expectedRank = scatterSizes.size() + windowDims.size();
  if (update0.getRank() != expectedRank)
    return emitOpError() << "(C4) requires updates of rank " << expectedRank
                         << " (scatter dimensions plus update_window_dims), "
                            "but got "
                         << update0.getRank();
  size_t nextScatter = 0, nextWindow = 0;
  for (int64_t d = 0; d < expectedRank; ++d) {
    int64_t size = update0.getDimSize(d);
    if (llvm::is_contained(windowDims, d)) {
      int64_t bound = windowBounds[nextWindow++];
      if (!ShapedType::isDynamic(size) && !ShapedType::isDynamic(bound) &&
          size > bound)
        return emitOpError() << "(C4) requires update window dimension " << d
                             << " of size at most " << bound << ", but got "
                             << size;
    } else {
      int64_t expected = scatterSizes[nextScatter++];
      if (!compatibleDim(size, expected))
        return emitOpError() << "(C4) requires update scatter dimension " << d
                             << " of size " << expected << ", but got "
                             << size;
    }
  }
  // C23: update_computation : (tensor<E0>.., tensor<E0>..) -> (tensor<E0>..)
  // with each input element type promotable to Ei.
  Block &body = getUpdateComputation().front();
  if (body.getNumArguments() != 2 * n)
    return emitOpError() << "(C23) requires update_computation to take "
                         << 2 * n << " arguments, but it takes "
                         << body.getNumArguments();
  SmallVector<Type> regionTypes;
  for (size_t i = 0; i < n; ++i) {
    Type lhs = body.getArgument(i).getType();
    Type rhs = body.getArgument(n + i).getType();
    auto lhsTensor = dyn_cast<RankedTensorType>(lhs);
    if (!lhsTensor || lhsTensor.getRank() != 0 || lhs != rhs)
      return emitOpError() << "(C23) requires update_computation arguments "
                           << i << " and " << n + i
                           << " to be one 0-dimensional tensor type, but got "
                           << lhs << " and " << rhs;
    Type inputElement =
        cast<RankedTensorType>(getInputs()[i].getType()).getElementType();
    if (!isPromotable(inputElement, lhsTensor.getElementType()))
      return emitOpError() << "(C23) requires update_computation argument "
                           << i << " element type to be "
                           << inputElement << " or a wider type of its kind, "
                           << "but got " << lhsTensor.getElementType();
    regionTypes.push_back(lhs);
  }
  if (body.empty() || !body.back().hasTrait<mlir::OpTrait::IsTerminator>())
    return emitOpError() << "(C23) requires update_computation to end in "
                            "stablehlo.return";
  Operation *terminator = &body.back();
  if (TypeRange(terminator->getOperandTypes()) != TypeRange(regionTypes))
    return emitOpError() << "(C23) requires update_computation to return "
                         << regionTypes << ", but it returns "
                         << terminator->getOperandTypes();
  // C24, C25: results have the inputs' shapes and the region's elements.
  if (getResults().size() != n)
    return emitOpError() << "(C24) requires " << n
                         << " results (one per input), but got "
                         << getResults().size();
  for (size_t i = 0; i < n; ++i) {
    auto result = cast<RankedTensorType>(getResults()[i].getType());
    auto input = cast<RankedTensorType>(getInputs()[i].getType());
    if (failed(checkShape(*this, "(C24)", "results", input.getShape(), result)))
      return failure();
    Type element = cast<RankedTensorType>(regionTypes[i]).getElementType();
    if (!sameBaselineElement(result.getElementType(), element))
      return emitOpError() << "(C25) requires result " << i
                           << " of element type " << element << ", but got "
                           << result.getElementType();
  }
  return success();
}
