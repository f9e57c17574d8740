//===- ElementwiseOps.cpp - Spec "Elementwise ops" -----------------------===//
//
// Verifiers name the constraint of the spec section they check, e.g. "(C2)".
// Shape agreement (C1) of the plain elementwise ops is the ElementwiseShapes
// trait.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/StableHLO/IR/AssemblyDirectives.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace oxla::stablehlo;

#define GET_OP_CLASSES
#include "compiler/Dialect/StableHLO/IR/ElementwiseOps.cpp.inc"

/// The element type of the real and imaginary parts of a complex element
/// type, or the type itself.
static Type complexPartType(Type elementType) {
  if (auto complex = dyn_cast<ComplexType>(elementType))
    return complex.getElementType();
  return elementType;
}

//===- abs, real, imag -----------------------------------------------------===//

LogicalResult AbsOp::verify() {
  // C2: baseline_element_type(result) is the operand's, or the part type of
  // a complex operand.
  Type operand = baselineElementType(getElementTypeOrSelf(getOperand()));
  Type result = baselineElementType(getElementTypeOrSelf(getResult()));
  if (complexPartType(operand) != result)
    return emitOpError() << "(C2) requires result element type "
                         << complexPartType(operand) << ", but got " << result;
  return success();
}

/// real and imag: the result holds the operand's part type (C2).
static LogicalResult verifyComplexPart(Operation *op) {
  Type operand = getElementTypeOrSelf(op->getOperand(0));
  Type result = getElementTypeOrSelf(op->getResult(0));
  if (complexPartType(operand) != result)
    return op->emitOpError() << "(C2) requires result element type "
                             << complexPartType(operand) << ", but got "
                             << result;
  return success();
}

LogicalResult RealOp::verify() { return verifyComplexPart(*this); }
LogicalResult ImagOp::verify() { return verifyComplexPart(*this); }

//===- complex -------------------------------------------------------------===//

LogicalResult ComplexOp::verify() {
  // C1: lhs and rhs have one type; C3: result is complex of that type.
  if (getLhs().getType().getElementType() != getRhs().getType().getElementType())
    return emitOpError() << "(C1) requires lhs and rhs of one element type, "
                            "but got "
                         << getLhs().getType() << " and " << getRhs().getType();
  Type part = complexPartType(getResult().getType().getElementType());
  if (part != getLhs().getType().getElementType())
    return emitOpError() << "(C3) requires result element type complex<"
                         << getLhs().getType().getElementType()
                         << ">, but got "
                         << getResult().getType().getElementType();
  return success();
}

//===- compare -------------------------------------------------------------===//

LogicalResult CompareOp::verify() {
  // C1: lhs and rhs share a baseline element type.
  Type lhs = baselineElementType(getElementTypeOrSelf(getLhs()));
  Type rhs = baselineElementType(getElementTypeOrSelf(getRhs()));
  if (lhs != rhs)
    return emitOpError() << "(C1) requires lhs and rhs of one element type, "
                            "but got "
                         << getLhs().getType() << " and " << getRhs().getType();
  // C3 (compare_type matches the element type) is not enforced: exporters
  // write e.g. SIGNED for floats and upstream accepts it; the interpreter
  // reads only TOTALORDER, which selects the float total order.
  return success();
}

//===- select, clamp -------------------------------------------------------===//

LogicalResult SelectOp::verify() {
  // C2: on_true, on_false and result have one type (modulo dynamic dims).
  if (failed(verifyCompatibleShapes(TypeRange{getOnTrue().getType(),
                                              getOnFalse().getType(),
                                              getResult().getType()})) ||
      baselineElementType(getElementTypeOrSelf(getOnTrue())) !=
          baselineElementType(getElementTypeOrSelf(getOnFalse())))
    return emitOpError() << "(C2) requires on_true, on_false and result of "
                            "one type, but got "
                         << getOnTrue().getType() << ", "
                         << getOnFalse().getType() << " and "
                         << getResult().getType();
  // C1: pred is a scalar or has the operands' shape.
  auto pred = getPred().getType();
  if (pred.getRank() != 0 &&
      failed(verifyCompatibleShape(pred, getOnTrue().getType())))
    return emitOpError() << "(C1) requires pred to be a scalar or of shape "
                         << getOnTrue().getType() << ", but got " << pred;
  return success();
}

LogicalResult ClampOp::verify() {
  auto operand = getOperand().getType();
  for (auto [name, bound] : {std::pair<StringRef, Value>{"min", getMin()},
                             std::pair<StringRef, Value>{"max", getMax()}}) {
    auto type = cast<RankedTensorType>(bound.getType());
    // C1: each bound is a scalar or has the operand's shape.
    if (type.getRank() != 0 && failed(verifyCompatibleShape(type, operand)))
      return emitOpError() << "(C1) requires " << name
                           << " to be a scalar or of shape " << operand
                           << ", but got " << type;
    // C2: the bounds share the operand's baseline element type.
    if (baselineElementType(type.getElementType()) !=
        baselineElementType(operand.getElementType()))
      return emitOpError() << "(C2) requires " << name << " of element type "
                           << operand.getElementType() << ", but got "
                           << type.getElementType();
  }
  // C3: result and operand agree.
  if (failed(verifyCompatibleShape(operand, getResult().getType())) ||
      baselineElementType(operand.getElementType()) !=
          baselineElementType(getResult().getType().getElementType()))
    return emitOpError() << "(C3) requires result of type " << operand
                         << ", but got " << getResult().getType();
  return success();
}

//===- bitcast_convert -----------------------------------------------------===//

/// Bit width of an element; complex elements count both parts.
static unsigned bitWidthOf(Type elementType) {
  if (auto quantized = dyn_cast<quant::QuantizedType>(elementType))
    elementType = quantized.getStorageType();
  if (auto complex = dyn_cast<ComplexType>(elementType))
    return 2 * complex.getElementType().getIntOrFloatBitWidth();
  return elementType.getIntOrFloatBitWidth();
}

LogicalResult BitcastConvertOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  unsigned operandBits = bitWidthOf(operand.getElementType());
  unsigned resultBits = bitWidthOf(result.getElementType());
  ArrayRef<int64_t> in = operand.getShape(), out = result.getShape();
  // C1: equal widths keep the shape; a narrower result adds a last dimension
  // of size operandBits / resultBits; a wider one drops such a dimension.
  auto mismatch = [&]() {
    return emitOpError() << "(C1) cannot bitcast " << operand << " to "
                         << result;
  };
  if (operandBits == resultBits) {
    if (failed(verifyCompatibleShape(in, out)))
      return mismatch();
    return success();
  }
  ArrayRef<int64_t> shorter = operandBits < resultBits ? out : in;
  ArrayRef<int64_t> longer = operandBits < resultBits ? in : out;
  unsigned ratio = operandBits < resultBits ? resultBits / operandBits
                                            : operandBits / resultBits;
  if (longer.size() != shorter.size() + 1 ||
      failed(verifyCompatibleShape(longer.drop_back(), shorter)) ||
      (!ShapedType::isDynamic(longer.back()) &&
       longer.back() != static_cast<int64_t>(ratio)) ||
      std::max(operandBits, resultBits) % std::min(operandBits, resultBits))
    return mismatch();
  return success();
}

//===- constant ------------------------------------------------------------===//

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValueAttr(); }

void ConstantOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  bool integer = isa<IntegerType>(getElementTypeOrSelf(getOutput().getType()));
  setNameFn(getOutput(), integer ? "c" : "cst");
}

LogicalResult ConstantOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  ConstantOpAdaptor adaptor(ValueRange{}, attributes, properties);
  if (!adaptor.getValue())
    return failure();
  inferred.push_back(adaptor.getValue().getType());
  return success();
}

bool ConstantOp::isCompatibleReturnTypes(TypeRange left, TypeRange right) {
  // A quantized constant holds its storage values: tensor<4xi8> describes a
  // tensor<4x!quant.uniform<i8:f32, ...>> result.
  if (left.size() != 1 || right.size() != 1)
    return false;
  auto storageOf = [](Type type) -> Type {
    auto tensor = dyn_cast<ShapedType>(type);
    if (!tensor)
      return type;
    if (auto quantized = dyn_cast<quant::QuantizedType>(tensor.getElementType()))
      return tensor.clone(quantized.getStorageType());
    return type;
  };
  return storageOf(left[0]) == storageOf(right[0]);
}

LogicalResult ConstantOp::verify() {
  auto valueType = cast<ShapedType>(getValue().getType());
  if (!isCompatibleReturnTypes(TypeRange{valueType},
                               TypeRange{getOutput().getType()}))
    return emitOpError() << "(C1) requires the value's type "
                         << getValue().getType()
                         << " to match the result type "
                         << getOutput().getType();
  if (!valueType.hasStaticShape())
    return emitOpError() << "requires a statically shaped value";
  return success();
}

ParseResult ConstantOp::parse(OpAsmParser &parser, OperationState &result) {
  // Generic-like form for results whose type differs from the value's:
  // `stablehlo.constant() <{value = dense<1> : tensor<i8>}> : () -> T`.
  if (succeeded(parser.parseOptionalLParen())) {
    if (parser.parseRParen())
      return failure();
    if (succeeded(parser.parseOptionalLess())) {
      if (parser.parseAttribute(result.propertiesAttr) || parser.parseGreater())
        return failure();
    }
    FunctionType type;
    if (parser.parseOptionalAttrDict(result.attributes) ||
        parser.parseColonType(type))
      return failure();
    if (type.getNumInputs() != 0 || type.getNumResults() != 1)
      return parser.emitError(parser.getCurrentLocation(),
                              "expected () -> result type");
    result.addTypes(type.getResults());
    return success();
  }
  ElementsAttr value;
  if (parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseAttribute(value))
    return failure();
  result.getOrAddProperties<Properties>().value = value;
  result.addTypes(value.getType());
  return success();
}

void ConstantOp::print(OpAsmPrinter &printer) {
  if (getValue().getType() != getOutput().getType()) {
    printer << "() <{value = " << getValue() << "}>";
    printer.printOptionalAttrDict((*this)->getAttrs(), {"value"});
    printer << " : () -> " << getOutput().getType();
    return;
  }
  printer.printOptionalAttrDict((*this)->getAttrs(), {"value"});
  printer << ' ' << getValue();
}

//===- iota ----------------------------------------------------------------===//

LogicalResult IotaOp::verify() {
  auto type = cast<RankedTensorType>(getOutput().getType());
  // C1: 0 <= iota_dimension < rank(output).
  if (getIotaDimension() >= type.getRank())
    return emitOpError() << "(C1) requires iota_dimension in [0, "
                         << type.getRank() << "), but got "
                         << getIotaDimension();
  return success();
}
