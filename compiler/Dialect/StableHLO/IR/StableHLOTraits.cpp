//===- StableHLOTraits.cpp - Op traits and type predicates of the spec ---===//

#include "compiler/Dialect/StableHLO/IR/StableHLOTraits.h"

#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

namespace oxla::stablehlo {

bool isQuantizedInteger(Type type) {
  auto quantized = dyn_cast<quant::QuantizedType>(type);
  return quantized && isa<IntegerType>(quantized.getStorageType());
}

bool isPerTensorQuantizedInteger(Type type) {
  return isa<quant::UniformQuantizedType>(type) && isQuantizedInteger(type);
}

Type baselineElementType(Type elementType) {
  if (auto quantized = dyn_cast<quant::QuantizedType>(elementType))
    return quant::AnyQuantizedType::get(
        quantized.getFlags(), quantized.getStorageType(),
        quantized.getExpressedType(), quantized.getStorageTypeMin(),
        quantized.getStorageTypeMax());
  return elementType;
}

static SmallVector<Type> tensorTypesOf(Operation *op) {
  SmallVector<Type> types;
  for (Type type : op->getOperandTypes())
    if (isa<ShapedType>(type))
      types.push_back(type);
  for (Type type : op->getResultTypes())
    if (isa<ShapedType>(type))
      types.push_back(type);
  return types;
}

LogicalResult verifyElementwiseShapes(Operation *op) {
  SmallVector<Type> types = tensorTypesOf(op);
  if (types.empty())
    return success();
  if (failed(verifyCompatibleShapes(types)))
    return op->emitOpError()
           << "(C1) requires operands and results of one shape, but got "
           << types;
  return success();
}

LogicalResult verifySameBaselineElementType(Operation *op) {
  SmallVector<Type> types = tensorTypesOf(op);
  if (types.empty())
    return success();
  Type expected = baselineElementType(getElementTypeOrSelf(types.front()));
  for (Type type : types)
    if (baselineElementType(getElementTypeOrSelf(type)) != expected)
      return op->emitOpError()
             << "requires operands and results of one element type, but got "
             << types;
  return success();
}

} // namespace oxla::stablehlo
