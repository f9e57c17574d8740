//===- DynamismEvaluators.cpp - Spec "Dynamism" ops and composite ---------===//
//
// The dynamic forms of data movement ops take their shapes and paddings from
// operand values; once those are read, they share the static ops' kernels.
// The result types may have `?` dimensions: the values decide the shapes.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "interpreter/Interpreter.h"
#include "interpreter/ops/DataMovementKernels.h"
#include "interpreter/ops/EvaluatorSupport.h"
#include "interpreter/ops/IndexSpace.h"
#include "runtime/CheckedSize.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/TypeUtilities.h"

#include <cstring>

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace oxla::interp {
namespace {

using Operands = ArrayRef<RuntimeValue>;
using Results = SmallVectorImpl<RuntimeValue>;

/// The elements of a rank-1 integer tensor.
Shape valuesOf(const RuntimeValue &value) {
  const Tensor &tensor = value.tensor();
  Shape values;
  for (int64_t i = 0, n = tensor.numElements(); i < n; ++i)
    values.push_back(integerElement(tensor, i));
  return values;
}

/// Fails (reported) unless `shape` can be the shape of a result.
LogicalResult checkShapeOperand(Operation *op, ArrayRef<int64_t> shape,
                                EvalContext &context) {
  for (int64_t size : shape)
    if (size < 0)
      return context.invalid(op, "negative dimension size " + Twine(size) +
                                     " in a shape operand");
  // The sizes are values: the checked size computation every reader of
  // outside shapes uses (runtime/CheckedSize.h) makes an overflow invalid.
  Type element = getElementTypeOrSelf(op->getResult(0).getType());
  std::optional<ElementType> type = ElementType::fromMlir(element);
  if (!checkedByteSize(shape.data(), shape.size(), type ? type->storageBytes() : 1)) {
    std::string sizes;
    for (int64_t size : shape)
      sizes += (sizes.empty() ? "" : ", ") + std::to_string(size);
    return context.invalid(op, "the shape operand [" + Twine(sizes) +
                                   "] gives a result with more bytes than a 64-bit "
                                   "size holds");
  }
  return success();
}

LogicalResult evalDynamicBroadcastInDim(Operation *op, Operands operands,
                                        Results &results, EvalContext &context) {
  auto typed = cast<hlo::DynamicBroadcastInDimOp>(op);
  const Tensor &operand = operands[0].tensor();
  Shape shape = valuesOf(operands[1]);
  ArrayRef<int64_t> dims = typed.getBroadcastDimensions();
  if (failed(checkShapeOperand(op, shape, context)))
    return failure();
  for (auto [d, resultDim] : llvm::enumerate(dims)) {
    int64_t size = operand.shape()[d];
    if (resultDim >= static_cast<int64_t>(shape.size()) ||
        (size != 1 && size != shape[resultDim]))
      return context.invalid(op, "operand dimension " + Twine(d) + " (size " +
                                     Twine(size) +
                                     ") does not broadcast to output_dimensions");
  }
  results.push_back(broadcastInDim(operand, dims, shape));
  return success();
}

LogicalResult evalDynamicGather(Operation *op, Operands operands,
                                Results &results, EvalContext &) {
  auto typed = cast<hlo::DynamicGatherOp>(op);
  results.push_back(gather(operands[0].tensor(), operands[1].tensor(),
                           typed.getDimensionNumbers(), valuesOf(operands[2])));
  return success();
}

LogicalResult evalDynamicIota(Operation *op, Operands operands,
                              Results &results, EvalContext &context) {
  auto typed = cast<hlo::DynamicIotaOp>(op);
  std::optional<ElementType> element = resultElementType(op, context);
  if (!element)
    return failure();
  Shape shape = valuesOf(operands[0]);
  if (failed(checkShapeOperand(op, shape, context)))
    return failure();
  results.push_back(iota(*element, shape, typed.getIotaDimension()));
  return success();
}

LogicalResult evalDynamicPad(Operation *op, Operands operands, Results &results,
                             EvalContext &context) {
  Shape low = valuesOf(operands[2]), high = valuesOf(operands[3]),
        interior = valuesOf(operands[4]);
  const Tensor &operand = operands[0].tensor();
  for (int64_t d = 0; d < operand.rank(); ++d) {
    int64_t size = operand.shape()[d];
    if (interior[d] < 0 ||
        low[d] + high[d] + size + std::max<int64_t>(size - 1, 0) * interior[d] < 0)
      return context.invalid(op, "padding of dimension " + Twine(d) +
                                     " gives a negative size");
  }
  results.push_back(pad(operand, operands[1].tensor(), low, high, interior));
  return success();
}

LogicalResult evalDynamicReshape(Operation *op, Operands operands,
                                 Results &results, EvalContext &context) {
  const Tensor &operand = operands[0].tensor();
  Shape shape = valuesOf(operands[1]);
  if (failed(checkShapeOperand(op, shape, context)))
    return failure();
  if (numElementsOf(shape) != operand.numElements())
    return context.invalid(op, "output_shape has " + Twine(numElementsOf(shape)) +
                                   " elements, the operand " +
                                   Twine(operand.numElements()));
  Tensor result(operand.elementType(), shape);
  std::memcpy(result.bytes(), operand.bytes(), result.byteSize());
  results.push_back(std::move(result));
  return success();
}

LogicalResult evalRealDynamicSlice(Operation *op, Operands operands,
                                   Results &results, EvalContext &context) {
  const Tensor &operand = operands[0].tensor();
  Shape start = valuesOf(operands[1]), limit = valuesOf(operands[2]),
        strides = valuesOf(operands[3]);
  for (int64_t d = 0; d < operand.rank(); ++d)
    if (start[d] < 0 || start[d] > limit[d] || limit[d] > operand.shape()[d] ||
        strides[d] <= 0)
      return context.invalid(op, "slice bounds of dimension " + Twine(d) +
                                     " are outside the operand");
  results.push_back(slice(operand, start, limit, strides));
  return success();
}

LogicalResult evalGetDimensionSize(Operation *op, Operands operands,
                                   Results &results, EvalContext &) {
  int64_t dim = cast<hlo::GetDimensionSizeOp>(op).getDimension();
  Tensor result(ElementKind::SI32, {});
  result.data<int32_t>()[0] = static_cast<int32_t>(operands[0].tensor().shape()[dim]);
  results.push_back(std::move(result));
  return success();
}

LogicalResult evalSetDimensionSize(Operation *op, Operands operands,
                                   Results &results, EvalContext &context) {
  // The deprecated op marks the first `size` elements of a dimension as the
  // valid ones; the interpreter keeps exactly those.
  const Tensor &operand = operands[0].tensor();
  int64_t dim = cast<hlo::SetDimensionSizeOp>(op).getDimension();
  int64_t size = integerElement(operands[1].tensor());
  if (size < 0 || size > operand.shape()[dim])
    return context.invalid(op, "size " + Twine(size) + " is outside [0, " +
                                   Twine(operand.shape()[dim]) + "]");
  Shape start(operand.rank(), 0), strides(operand.rank(), 1);
  Shape limit(operand.shape().begin(), operand.shape().end());
  limit[dim] = size;
  results.push_back(slice(operand, start, limit, strides));
  return success();
}

LogicalResult evalComposite(Operation *op, Operands operands, Results &results,
                            EvalContext &context) {
  // A composite means its decomposition.
  auto typed = cast<hlo::CompositeOp>(op);
  FailureOr<SmallVector<RuntimeValue>> values =
      context.call(op, typed.getDecompositionAttr(), operands);
  if (failed(values))
    return failure();
  results.append(values->begin(), values->end());
  return success();
}

LogicalResult evalTensorCast(Operation *op, Operands operands, Results &results,
                             EvalContext &context) {
  // tensor.cast refines or erases static sizes; the value must fit the
  // static sizes of the result type.
  auto type = cast<RankedTensorType>(op->getResult(0).getType());
  ArrayRef<int64_t> shape = operands[0].tensor().shape();
  for (auto [d, size] : llvm::enumerate(type.getShape()))
    if (!ShapedType::isDynamic(size) && size != shape[d])
      return context.invalid(op, "dimension " + Twine(d) + " has size " +
                                     Twine(shape[d]) + ", the result type says " +
                                     Twine(size));
  results.push_back(operands[0]);
  return success();
}

} // namespace

void registerDynamismEvaluators(EvaluatorRegistry &registry) {
  registry.add<hlo::CompositeOp>(evalComposite);
  registry.add<hlo::DynamicBroadcastInDimOp>(evalDynamicBroadcastInDim);
  registry.add<hlo::DynamicGatherOp>(evalDynamicGather);
  registry.add<hlo::DynamicIotaOp>(evalDynamicIota);
  registry.add<hlo::DynamicPadOp>(evalDynamicPad);
  registry.add<hlo::DynamicReshapeOp>(evalDynamicReshape);
  registry.add<hlo::GetDimensionSizeOp>(evalGetDimensionSize);
  registry.add<hlo::RealDynamicSliceOp>(evalRealDynamicSlice);
  registry.add<hlo::SetDimensionSizeOp>(evalSetDimensionSize);
  registry.add<tensor::CastOp>(evalTensorCast);
}

} // namespace oxla::interp
