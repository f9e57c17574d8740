//===- MiscOps.cpp - Spec "Miscellaneous ops" and quantization ------------===//
//
// Verifiers name the constraint of the spec section they check, e.g. "(C2)".
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/StableHLO/IR/AssemblyDirectives.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "compiler/Dialect/StableHLO/IR/VerifierSupport.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace oxla::stablehlo;

//===- Custom directives ----------------------------------------------------===//

/// custom_call's `@target` (quoted when it is not a bare identifier).
static ParseResult parseCustomCallTarget(OpAsmParser &parser,
                                         StringAttr &target) {
  return parser.parseSymbolName(target);
}
static void printCustomCallTarget(OpAsmPrinter &printer, Operation *,
                                  StringAttr target) {
  printer.printSymbolName(target.getValue());
}

/// optimization_barrier: `: T0, T1`, the results having the operand types.
static ParseResult parsePairwiseOpType(OpAsmParser &parser,
                                       SmallVectorImpl<Type> &operands,
                                       SmallVectorImpl<Type> &results) {
  if (parser.parseTypeList(operands))
    return failure();
  results.assign(operands.begin(), operands.end());
  return success();
}
static void printPairwiseOpType(OpAsmPrinter &printer, Operation *,
                                TypeRange operands, TypeRange) {
  llvm::interleaveComma(operands, printer);
}

/// tuple: `: tuple<A, B>`, the operands having the element types.
static ParseResult parseTupleOpType(OpAsmParser &parser,
                                    SmallVectorImpl<Type> &operands,
                                    Type &result) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseType(result))
    return failure();
  auto tuple = dyn_cast<TupleType>(result);
  if (!tuple)
    return parser.emitError(loc) << "expected a tuple type, but got " << result;
  operands.assign(tuple.getTypes().begin(), tuple.getTypes().end());
  return success();
}
static void printTupleOpType(OpAsmPrinter &printer, Operation *, TypeRange,
                             Type result) {
  printer << result;
}

#define GET_OP_CLASSES
#include "compiler/Dialect/StableHLO/IR/MiscOps.cpp.inc"

//===- Helpers --------------------------------------------------------------===//

//===- custom_call ----------------------------------------------------------===//

void CustomCallOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // Without results a custom call is there for its effect (a check's
  // report, say), whatever has_side_effect says.
  if (!getHasSideEffect() && getNumResults() != 0 &&
      !getCallTargetName().starts_with("check."))
    return;
  effects.emplace_back(MemoryEffects::Read::get());
  effects.emplace_back(MemoryEffects::Write::get());
}

/// A layout of `type` is a permutation of its dimensions (empty for
/// non-tensors).
static LogicalResult verifyLayout(Operation *op, Attribute layoutAttr,
                                  Type type, StringRef what, size_t index) {
  auto layout = cast<DenseIntElementsAttr>(layoutAttr);
  if (layout.getType().getRank() != 1)
    return op->emitOpError() << "requires 1-dimensional layouts, but " << what
                             << " layout " << index << " has type "
                             << layout.getType();
  int64_t rank = 0;
  if (auto shaped = dyn_cast<ShapedType>(type); shaped && shaped.hasRank())
    rank = shaped.getRank();
  if (layout.getNumElements() != rank)
    return op->emitOpError()
           << "requires " << what << " layout " << index << " to have "
           << rank << " dimensions (the rank of " << type << "), but got "
           << layout.getNumElements();
  llvm::SmallBitVector seen(rank);
  for (const APInt &value : layout.getValues<APInt>()) {
    int64_t dim = value.getSExtValue();
    if (dim < 0 || dim >= rank || seen.test(dim))
      return op->emitOpError() << "requires " << what << " layout " << index
                               << " to be a permutation of [0, " << rank
                               << "), but got " << layoutAttr;
    seen.set(dim);
  }
  return success();
}

/// The type at `indices` inside nested tuples, or null.
static Type tupleElementAt(Type type, ArrayRef<int64_t> indices) {
  for (int64_t index : indices) {
    auto tuple = dyn_cast<TupleType>(type);
    if (!tuple || index < 0 || index >= static_cast<int64_t>(tuple.size()))
      return {};
    type = tuple.getType(index);
  }
  return type;
}

LogicalResult CustomCallOp::verify() {
  uint32_t version = getApiVersion();
  if (!symbolizeCustomCallApiVersion(version))
    return emitOpError() << "requires api_version between 0 and 4, but got "
                         << version;
  if (std::optional<Attribute> config = getBackendConfig();
      config && isa<DictionaryAttr>(*config) &&
      version != static_cast<uint32_t>(CustomCallApiVersion::API_VERSION_TYPED_FFI))
    return emitOpError() << "requires a string backend_config unless "
                            "api_version is 4 (API_VERSION_TYPED_FFI)";

  // Layouts: both or neither, one per operand and per (flattened) result.
  std::optional<ArrayAttr> operandLayouts = getOperandLayouts();
  std::optional<ArrayAttr> resultLayouts = getResultLayouts();
  if (operandLayouts.has_value() != resultLayouts.has_value())
    return emitOpError() << "requires operand_layouts and result_layouts to "
                            "be given together";
  if (operandLayouts) {
    if (operandLayouts->size() != getInputs().size())
      return emitOpError() << "requires one operand layout per operand ("
                           << getInputs().size() << "), but got "
                           << operandLayouts->size();
    for (auto [i, layout, type] :
         llvm::enumerate(*operandLayouts, getInputs().getTypes()))
      if (failed(verifyLayout(*this, layout, type, "operand", i)))
        return failure();
    SmallVector<Type> resultTypes(getResultTypes());
    if (resultTypes.size() == 1)
      if (auto tuple = dyn_cast<TupleType>(resultTypes.front()))
        resultTypes.assign(tuple.getTypes().begin(), tuple.getTypes().end());
    if (resultLayouts->size() != resultTypes.size())
      return emitOpError() << "requires one result layout per result ("
                           << resultTypes.size() << "), but got "
                           << resultLayouts->size();
    for (auto [i, layout, type] : llvm::enumerate(*resultLayouts, resultTypes))
      if (failed(verifyLayout(*this, layout, type, "result", i)))
        return failure();
  }

  // output_operand_aliases name an existing operand (part) and result (part)
  // of one type.
  for (Attribute attr : getOutputOperandAliases()) {
    auto alias = cast<OutputOperandAliasAttr>(attr);
    int64_t operandIndex = alias.getOperandIndex();
    if (operandIndex < 0 ||
        operandIndex >= static_cast<int64_t>(getInputs().size()))
      return emitOpError() << "requires output_operand_aliases operand_index "
                              "in [0, "
                           << getInputs().size() << "), but got "
                           << operandIndex;
    Type operandPart = tupleElementAt(getInputs()[operandIndex].getType(),
                                      alias.getOperandTupleIndices());
    if (!operandPart)
      return emitOpError() << "requires output_operand_aliases "
                              "operand_tuple_indices to index into operand "
                           << operandIndex;
    Type resultPart;
    ArrayRef<int64_t> outputIndices = alias.getOutputTupleIndices();
    if (getNumResults() == 1)
      resultPart = tupleElementAt(getResult(0).getType(), outputIndices);
    else if (!outputIndices.empty() && outputIndices.front() >= 0 &&
             outputIndices.front() < static_cast<int64_t>(getNumResults()))
      resultPart = tupleElementAt(getResult(outputIndices.front()).getType(),
                                  outputIndices.drop_front());
    if (!resultPart)
      return emitOpError() << "requires output_operand_aliases "
                              "output_tuple_indices to index into the results";
    if (resultPart != operandPart)
      return emitOpError() << "requires aliased output and operand of one "
                              "type, but got "
                           << resultPart << " and " << operandPart;
  }
  return success();
}

//===- composite ------------------------------------------------------------===//

LogicalResult CompositeOp::verify() {
  // C1: is_namespaced_op_name(name).
  StringRef name = getName();
  size_t dot = name.find('.');
  if (dot == StringRef::npos || dot == 0 || name.back() == '.')
    return emitOpError() << "(C1) requires a namespaced name like "
                            "\"dialect.op\", but got \""
                         << name << "\"";
  if (getBody().size() > 1)
    return emitOpError() << "requires at most one region";
  return success();
}

LogicalResult
CompositeOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  // C2: decomposition names a function in the enclosing scope.
  auto callee = symbolTable.lookupNearestSymbolFrom<FunctionOpInterface>(
      *this, getDecompositionAttr());
  if (!callee)
    return emitOpError() << "(C2) requires decomposition @"
                         << getDecomposition()
                         << " to name a function in the enclosing scope";
  // C3, C4: the operand and result types are the function's.
  ArrayRef<Type> inputs = callee.getArgumentTypes();
  if (!llvm::equal(inputs, getInputs().getTypes()))
    return emitOpError() << "(C3) requires operand types "
                         << typeListString(inputs) << " of @"
                         << getDecomposition() << ", but got "
                         << typeListString(getInputs().getTypes());
  ArrayRef<Type> outputs = callee.getResultTypes();
  if (!llvm::equal(outputs, getResultTypes()))
    return emitOpError() << "(C4) requires result types "
                         << typeListString(outputs) << " of @"
                         << getDecomposition() << ", but got "
                         << typeListString(getResultTypes());
  return success();
}

//===- rng, rng_bit_generator -----------------------------------------------===//

LogicalResult RngOp::verify() {
  // C1: element_type(a) = element_type(b) = element_type(result).
  Type a = getA().getType().getElementType();
  Type b = getB().getType().getElementType();
  Type result = getResult().getType().getElementType();
  if (a != b || a != result)
    return emitOpError() << "(C1) requires a, b and result of one element "
                            "type, but got "
                         << a << ", " << b << " and " << result;
  // C2: a normal distribution needs floating-point values.
  if (getRngDistribution() == RngDistribution::NORMAL && !isa<FloatType>(a))
    return emitOpError() << "(C2) requires floating-point values for the "
                            "NORMAL distribution, but got "
                         << a;
  // C3: shape(result) = shape when `shape` is statically known.
  auto shapeType = getShape().getType();
  if (shapeType.hasStaticShape() &&
      shapeType.getNumElements() != getResult().getType().getRank())
    return emitOpError() << "(C3) requires a result of rank "
                         << shapeType.getNumElements() << " (the size of "
                         << "shape), but got " << getResult().getType();
  return success();
}

LogicalResult RngBitGeneratorOp::verify() {
  // C1: type(initial_state) = type(output_state).
  if (!isCompatibleType(getInitialState().getType(),
                        getOutputState().getType()))
    return emitOpError() << "(C1) requires output_state of the type of "
                            "initial_state "
                         << getInitialState().getType() << ", but got "
                         << getOutputState().getType();
  // C2: the state size of the algorithm (checked for 1-D static states).
  auto state = getInitialState().getType();
  if (state.getRank() == 1 && !state.isDynamicDim(0)) {
    int64_t size = state.getDimSize(0);
    if (getRngAlgorithm() == RngAlgorithm::THREE_FRY && size != 2)
      return emitOpError() << "(C2) requires an initial_state of 2 elements "
                              "for THREE_FRY, but got "
                           << size;
    if (getRngAlgorithm() == RngAlgorithm::PHILOX && size != 2 && size != 3)
      return emitOpError() << "(C2) requires an initial_state of 2 or 3 "
                              "elements for PHILOX, but got "
                           << size;
  }
  return success();
}

//===- uniform_quantize, uniform_dequantize ---------------------------------===//

LogicalResult UniformQuantizeOp::verify() {
  auto operand = getOperand().getType();
  auto result = getResult().getType();
  // C1: shape(operand) = shape(result).
  if (failed(verifyCompatibleShape(operand, result)))
    return emitOpError() << "(C1) requires operand and result of one shape, "
                            "but got "
                         << operand << " and " << result;
  // C2: expressed_type(result) is the operand's float (or expressed) type.
  Type expected = operand.getElementType();
  if (auto quantized = dyn_cast<quant::QuantizedType>(expected))
    expected = quantized.getExpressedType();
  Type expressed =
      cast<quant::QuantizedType>(result.getElementType()).getExpressedType();
  if (expressed != expected)
    return emitOpError() << "(C2) requires a result with expressed type "
                         << expected << ", but got " << expressed;
  return success();
}

LogicalResult UniformDequantizeOp::verify() {
  auto operand = getOperand().getType();
  auto result = getResult().getType();
  // C1: shape(operand) = shape(result).
  if (failed(verifyCompatibleShape(operand, result)))
    return emitOpError() << "(C1) requires operand and result of one shape, "
                            "but got "
                         << operand << " and " << result;
  // C2: element_type(result) = expressed_type(operand).
  Type expressed =
      cast<quant::QuantizedType>(operand.getElementType()).getExpressedType();
  if (result.getElementType() != expressed)
    return emitOpError() << "(C2) requires result element type " << expressed
                         << " (the expressed type), but got "
                         << result.getElementType();
  return success();
}

//===- tuple, get_tuple_element ---------------------------------------------===//

LogicalResult TupleOp::verify() {
  // C1: type(result) = tuple(type(val...)).
  auto tuple = cast<TupleType>(getResult().getType());
  if (!llvm::equal(tuple.getTypes(), getVal().getTypes()))
    return emitOpError() << "(C1) requires result type "
                         << TupleType::get(getContext(), getVal().getTypes())
                         << ", but got " << tuple;
  return success();
}

LogicalResult GetTupleElementOp::verify() {
  auto tuple = cast<TupleType>(getOperand().getType());
  // C1: 0 <= index < size(operand).
  uint64_t index = getIndex();
  if (index >= tuple.size())
    return emitOpError() << "(C1) requires index in [0, " << tuple.size()
                         << "), but got " << index;
  // C2: type(result) = tuple_element_types(operand)[index].
  if (tuple.getType(index) != getResult().getType())
    return emitOpError() << "(C2) requires result type "
                         << tuple.getType(index) << ", but got "
                         << getResult().getType();
  return success();
}
