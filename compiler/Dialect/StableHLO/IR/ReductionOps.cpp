//===- ReductionOps.cpp - Spec reduce, reduce_window, sort, map, ... ------===//
//
// The pretty syntax of reduce and the verifiers of the region-carrying ops.
// Diagnostics name the spec constraint they check, e.g. "(C4)".
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/StableHLO/IR/AssemblyDirectives.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "compiler/Dialect/StableHLO/IR/VerifierSupport.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace oxla::stablehlo;

#define GET_OP_CLASSES
#include "compiler/Dialect/StableHLO/IR/ReductionOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Helpers shared by the ops of this file.
//===----------------------------------------------------------------------===//

/// The block's terminator, or null when it has none (the verifier of a
/// malformed body must not assert).
static Operation *terminatorOf(Block &block) {
  if (block.empty() || !block.back().hasTrait<OpTrait::IsTerminator>())
    return nullptr;
  return &block.back();
}

/// Spec "is_promotable(x, y)": y holds every value of x: same kind of type
/// (and signedness, for integers), at least as many bits; quantized types
/// compare their storage and expressed types.
static bool isPromotable(Type from, Type to) {
  if (from == to)
    return true;
  auto fromQ = dyn_cast<quant::QuantizedType>(from);
  auto toQ = dyn_cast<quant::QuantizedType>(to);
  if (fromQ || toQ) {
    if (!fromQ || !toQ)
      return false;
    return fromQ.getExpressedType() == toQ.getExpressedType() &&
           fromQ.isSigned() == toQ.isSigned() &&
           fromQ.getStorageTypeIntegralWidth() <=
               toQ.getStorageTypeIntegralWidth();
  }
  if (auto fromI = dyn_cast<IntegerType>(from)) {
    auto toI = dyn_cast<IntegerType>(to);
    if (!toI)
      return false;
    if (fromI.getWidth() == 1 || toI.getWidth() == 1)
      return fromI.getWidth() == toI.getWidth();
    return fromI.getSignedness() == toI.getSignedness() &&
           fromI.getWidth() <= toI.getWidth();
  }
  if (auto fromF = dyn_cast<FloatType>(from)) {
    auto toF = dyn_cast<FloatType>(to);
    return toF && fromF.getWidth() <= toF.getWidth();
  }
  if (auto fromC = dyn_cast<ComplexType>(from)) {
    auto toC = dyn_cast<ComplexType>(to);
    return toC && isPromotable(fromC.getElementType(), toC.getElementType());
  }
  return false;
}

/// The element types Ei of a reduction body of type
/// (tensor<E0>, ..., tensor<EN-1>, tensor<E0>, ..., tensor<EN-1>) ->
/// (tensor<E0>, ..., tensor<EN-1>), with is_promotable(inputs[i], Ei).
static FailureOr<SmallVector<Type>>
verifyReducerBody(Operation *op, Region &body, TypeRange inputTypes,
                  StringRef label) {
  size_t n = inputTypes.size();
  Block &block = body.front();
  if (block.getNumArguments() != 2 * n)
    return op->emitOpError() << label << " requires the body to take "
                             << 2 * n << " arguments, but it takes "
                             << block.getNumArguments();
  SmallVector<Type> elements;
  for (size_t i = 0; i < n; ++i) {
    auto acc = dyn_cast<RankedTensorType>(block.getArgument(i).getType());
    auto elt = dyn_cast<RankedTensorType>(block.getArgument(i + n).getType());
    if (!acc || !elt || acc.getRank() != 0 || acc != elt)
      return op->emitOpError()
             << label << " requires body arguments " << i << " and " << i + n
             << " to be one 0-dimensional tensor type, but got "
             << block.getArgument(i).getType() << " and "
             << block.getArgument(i + n).getType();
    Type input = getElementTypeOrSelf(inputTypes[i]);
    if (!isPromotable(input, acc.getElementType()))
      return op->emitOpError()
             << label << " requires body argument type " << acc
             << " to be a promotion of input element type " << input;
    elements.push_back(acc.getElementType());
  }
  Operation *terminator = terminatorOf(block);
  if (!terminator || terminator->getNumOperands() != n)
    return op->emitOpError() << label << " requires the body to return " << n
                             << " values";
  for (size_t i = 0; i < n; ++i)
    if (terminator->getOperand(i).getType() != block.getArgument(i).getType())
      return op->emitOpError()
             << label << " requires body result " << i << " of type "
             << block.getArgument(i).getType() << ", but got "
             << terminator->getOperand(i).getType();
  return elements;
}

/// Checks `(label)` for the inputs (equal shapes), the init values
/// (0-dimensional, the inputs' element types) and their count.
static LogicalResult verifyInputsAndInits(Operation *op, TypeRange inputs,
                                          TypeRange inits, size_t results,
                                          StringRef countLabel,
                                          StringRef shapeLabel,
                                          StringRef typeLabel) {
  if (inputs.empty() || inputs.size() != inits.size() ||
      inputs.size() != results)
    return op->emitOpError()
           << countLabel << " requires as many inputs, init_values and "
              "results, at least one, but got "
           << inputs.size() << ", " << inits.size() << " and " << results;
  auto first = cast<RankedTensorType>(inputs[0]);
  for (Type t : inputs.drop_front())
    if (!compatibleShapes(first.getShape(),
                          cast<RankedTensorType>(t).getShape()))
      return op->emitOpError() << shapeLabel
                               << " requires all inputs to have one shape, "
                                  "but got "
                               << first << " and " << t;
  for (auto [input, init] : llvm::zip(inputs, inits)) {
    auto initType = cast<RankedTensorType>(init);
    if (baselineElementType(getElementTypeOrSelf(input)) !=
        baselineElementType(initType.getElementType()))
      return op->emitOpError() << typeLabel
                               << " requires init value element type to be "
                                  "the input's, but got "
                               << init << " for input " << input;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// reduce: pretty syntax.
//===----------------------------------------------------------------------===//

/// The single op of a body that the compact `applies` form can write, or
/// null: `%r = op %a, %b` on the two block arguments, returned as is.
static Operation *compactReducer(ReduceOp op) {
  if (op.getInputs().size() != 1)
    return nullptr;
  Block &block = op.getBody().front();
  if (block.getNumArguments() != 2 || !llvm::hasNItems(block, 2))
    return nullptr;
  Operation &inner = block.front();
  Operation *ret = terminatorOf(block);
  auto init = cast<RankedTensorType>(op.getInitValues()[0].getType());
  Type scalar = RankedTensorType::get({}, init.getElementType());
  if (!isa<StableHLODialect>(inner.getDialect()) ||
      inner.getNumOperands() != 2 || inner.getNumResults() != 1 ||
      inner.getNumRegions() != 0 || !inner.getAttrs().empty() ||
      inner.getOperand(0) != block.getArgument(0) ||
      inner.getOperand(1) != block.getArgument(1) ||
      inner.getResult(0).getType() != scalar ||
      block.getArgument(0).getType() != scalar ||
      block.getArgument(1).getType() != scalar || !isa<ReturnOp>(ret) ||
      ret->getNumOperands() != 1 || ret->getOperand(0) != inner.getResult(0))
    return nullptr;
  return &inner;
}

void ReduceOp::print(OpAsmPrinter &p) {
  size_t n = getInputs().size();
  for (size_t i = 0; i < n; ++i) {
    p << (i ? ", (" : "(") << getInputs()[i] << " init: " << getInitValues()[i]
      << ')';
  }
  Operation *inner = compactReducer(*this);
  if (inner)
    p << " applies " << inner->getName().getStringRef();
  p << " across dimensions = ";
  printIntArray(p, getDimensions());
  p.printOptionalAttrDict((*this)->getAttrs(), {"dimensions"});
  p << " : ";
  p.printFunctionalType(*this);
  if (inner)
    return;
  p.printNewline();
  p << " reducer";
  Block &block = getBody().front();
  for (size_t i = 0; i < n; ++i) {
    p << '(';
    p.printRegionArgument(block.getArgument(i));
    p << ", ";
    p.printRegionArgument(block.getArgument(i + n));
    p << ')';
    if (i + 1 != n)
      p << ' ';
  }
  // Two spaces before the body, as upstream prints it.
  p << "  ";
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false);
}

ParseResult ReduceOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> inputs, inits;
  do {
    OpAsmParser::UnresolvedOperand input, init;
    if (parser.parseLParen() || parser.parseOperand(input) ||
        parser.parseKeyword("init") || parser.parseColon() ||
        parser.parseOperand(init) || parser.parseRParen())
      return failure();
    inputs.push_back(input);
    inits.push_back(init);
  } while (succeeded(parser.parseOptionalComma()));

  std::optional<OperationName> innerName;
  if (succeeded(parser.parseOptionalKeyword("applies"))) {
    llvm::SMLoc loc = parser.getCurrentLocation();
    FailureOr<OperationName> name = parser.parseCustomOperationName();
    if (failed(name))
      return failure();
    if (!name->isRegistered())
      return parser.emitError(loc) << "unknown reducer op '" << *name << "'";
    innerName = *name;
  }
  SmallVector<int64_t> dims;
  if (parser.parseKeyword("across") || parser.parseKeyword("dimensions") ||
      parser.parseEqual() || parseIntArray(parser, dims))
    return failure();
  result.addAttribute("dimensions",
                      parser.getBuilder().getDenseI64ArrayAttr(dims));
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  llvm::SMLoc typeLoc = parser.getCurrentLocation();
  FunctionType fnType;
  if (parser.parseColonType(fnType))
    return failure();
  size_t n = inputs.size();
  if (fnType.getNumInputs() != 2 * n)
    return parser.emitError(typeLoc)
           << "expected " << 2 * n << " operand types, but got "
           << fnType.getNumInputs();
  if (parser.resolveOperands(inputs, fnType.getInputs().take_front(n),
                             typeLoc, result.operands) ||
      parser.resolveOperands(inits, fnType.getInputs().drop_front(n), typeLoc,
                             result.operands))
    return failure();
  result.addTypes(fnType.getResults());
  Region *body = result.addRegion();

  if (innerName) {
    if (n != 1)
      return parser.emitError(typeLoc)
             << "the 'applies' form takes exactly one input";
    auto init = dyn_cast<RankedTensorType>(fnType.getInput(1));
    if (!init)
      return parser.emitError(typeLoc) << "expected a ranked tensor init value";
    Type scalar = RankedTensorType::get({}, init.getElementType());
    Location loc = result.location;
    Block *block = new Block();
    body->push_back(block);
    Value lhs = block->addArgument(scalar, loc);
    Value rhs = block->addArgument(scalar, loc);
    OpBuilder builder(parser.getContext());
    builder.setInsertionPointToStart(block);
    OperationState innerState(loc, *innerName);
    innerState.addOperands({lhs, rhs});
    innerState.addTypes(scalar);
    Operation *inner = builder.create(innerState);
    builder.create<ReturnOp>(loc, inner->getResults());
    return success();
  }

  if (parser.parseKeyword("reducer"))
    return failure();
  SmallVector<OpAsmParser::Argument> accs, elts;
  for (size_t i = 0; i < n; ++i) {
    OpAsmParser::Argument acc, elt;
    if (parser.parseLParen() || parser.parseArgument(acc, /*allowType=*/true) ||
        parser.parseComma() || parser.parseArgument(elt, /*allowType=*/true) ||
        parser.parseRParen())
      return failure();
    accs.push_back(acc);
    elts.push_back(elt);
  }
  SmallVector<OpAsmParser::Argument> args(accs);
  args.append(elts);
  return parser.parseRegion(*body, args);
}

//===----------------------------------------------------------------------===//
// reduce: verifier.
//===----------------------------------------------------------------------===//

LogicalResult ReduceOp::verify() {
  if (failed(verifyInputsAndInits(*this, getInputs().getTypes(),
                                  getInitValues().getTypes(),
                                  getNumResults(), "(C3)", "(C1)", "(C2)")))
    return failure();
  auto input = cast<RankedTensorType>(getInputs()[0].getType());
  int64_t rank = input.getRank();
  llvm::SmallSet<int64_t, 8> seen;
  for (int64_t d : getDimensions()) {
    if (d < 0 || d >= rank)
      return emitOpError() << "(C4) requires dimensions in [0, " << rank
                           << "), but got " << d;
    if (!seen.insert(d).second)
      return emitOpError() << "(C5) requires unique dimensions, but " << d
                           << " appears twice";
  }
  FailureOr<SmallVector<Type>> elements = verifyReducerBody(
      *this, getBody(), getInputs().getTypes(), "(C6)");
  if (failed(elements))
    return failure();
  // C7: the results drop the reduced dimensions.
  SmallVector<int64_t> expected;
  for (int64_t i = 0; i < rank; ++i)
    if (!seen.count(i))
      expected.push_back(input.getDimSize(i));
  for (auto [i, result] : llvm::enumerate(getResultTypes())) {
    auto type = dyn_cast<RankedTensorType>(result);
    if (!type)
      return emitOpError() << "(C7) requires ranked tensor results";
    if (!compatibleShapes(type.getShape(), expected))
      return emitOpError() << "(C7) requires result " << i << " of shape "
                           << shapeString(expected) << ", but got " << type;
    if (type.getElementType() != (*elements)[i])
      return emitOpError() << "(C8) requires result " << i
                           << " element type " << (*elements)[i]
                           << " (the body's), but got "
                           << type.getElementType();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// reduce_window.
//===----------------------------------------------------------------------===//

/// Reads an optional `[rank]` list attribute: absent means all `fill`.
static FailureOr<SmallVector<int64_t>>
windowList(Operation *op, std::optional<ArrayRef<int64_t>> values,
           int64_t rank, int64_t fill, StringRef name, StringRef sizeLabel,
           StringRef positiveLabel) {
  if (!values)
    return SmallVector<int64_t>(rank, fill);
  if (static_cast<int64_t>(values->size()) != rank)
    return op->emitOpError() << sizeLabel << " requires " << name
                             << " of size " << rank << ", but got "
                             << values->size();
  for (int64_t v : *values)
    if (v <= 0)
      return op->emitOpError()
             << positiveLabel << " requires positive " << name
             << ", but got " << v;
  return SmallVector<int64_t>(values->begin(), values->end());
}

/// Reads `padding` as [rank, 2] pairs: absent means zeros.
static FailureOr<SmallVector<std::pair<int64_t, int64_t>>>
windowPadding(Operation *op, std::optional<DenseIntElementsAttr> padding,
              int64_t rank, StringRef label) {
  SmallVector<std::pair<int64_t, int64_t>> pads(rank, {0, 0});
  if (!padding)
    return pads;
  auto type = padding->getType();
  if (type.getRank() != 2 || type.getDimSize(0) != rank ||
      type.getDimSize(1) != 2)
    return op->emitOpError() << label << " requires padding of shape ["
                             << rank << ", 2], but got " << type;
  SmallVector<int64_t> flat(padding->getValues<int64_t>());
  for (int64_t i = 0; i < rank; ++i)
    pads[i] = {flat[2 * i], flat[2 * i + 1]};
  return pads;
}

/// The spec's num_windows of dimension `dim` (`?` for a dynamic size); an
/// error where its sizes overflow 64 bits.
static FailureOr<int64_t> numWindows(Operation *op, StringRef label, int64_t dim,
                                     int64_t size, int64_t window, int64_t stride,
                                     int64_t baseDilation, int64_t windowDilation,
                                     std::pair<int64_t, int64_t> pad) {
  if (ShapedType::isDynamic(size))
    return ShapedType::kDynamic;
  std::optional<int64_t> count =
      windowCount(size, window, stride, baseDilation, windowDilation, pad);
  if (!count)
    return op->emitOpError() << label << " the windows of dimension " << dim
                             << " (size " << size << ", window " << window
                             << ", padding [" << pad.first << ", " << pad.second
                             << "], dilations " << baseDilation << " and " << windowDilation
                             << ") have sizes that overflow a 64-bit integer";
  return *count;
}

LogicalResult ReduceWindowOp::verify() {
  if (failed(verifyInputsAndInits(*this, getInputs().getTypes(),
                                  getInitValues().getTypes(),
                                  getNumResults(), "(C1)", "(C2)", "(C3)")))
    return failure();
  auto input = cast<RankedTensorType>(getInputs()[0].getType());
  int64_t rank = input.getRank();
  auto windows = windowList(*this, getWindowDimensions(), rank, 1,
                            "window_dimensions", "(C4)", "(C5)");
  if (failed(windows))
    return failure();
  auto strides = windowList(*this, getWindowStrides(), rank, 1,
                            "window_strides", "(C6)", "(C7)");
  if (failed(strides))
    return failure();
  auto baseDil = windowList(*this, getBaseDilations(), rank, 1,
                            "base_dilations", "(C8)", "(C9)");
  if (failed(baseDil))
    return failure();
  auto winDil = windowList(*this, getWindowDilations(), rank, 1,
                           "window_dilations", "(C10)", "(C11)");
  if (failed(winDil))
    return failure();
  auto pads = windowPadding(*this, getPadding(), rank, "(C12)");
  if (failed(pads))
    return failure();
  FailureOr<SmallVector<Type>> elements = verifyReducerBody(
      *this, getBody(), getInputs().getTypes(), "(C13)");
  if (failed(elements))
    return failure();
  SmallVector<int64_t> expected;
  for (int64_t i = 0; i < rank; ++i) {
    FailureOr<int64_t> count =
        numWindows(*this, "(C15)", i, input.getDimSize(i), (*windows)[i], (*strides)[i],
                   (*baseDil)[i], (*winDil)[i], (*pads)[i]);
    if (failed(count))
      return failure();
    expected.push_back(*count);
  }
  for (auto [i, result] : llvm::enumerate(getResultTypes())) {
    auto type = cast<RankedTensorType>(result);
    if (!compatibleShapes(type.getShape(), expected))
      return emitOpError() << "(C15) requires result " << i << " of shape "
                           << shapeString(expected)
                           << " (the number of windows), but got " << type;
    if (type.getElementType() != (*elements)[i])
      return emitOpError() << "(C16) requires result " << i
                           << " element type " << (*elements)[i]
                           << " (the body's), but got "
                           << type.getElementType();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// select_and_scatter.
//===----------------------------------------------------------------------===//

LogicalResult SelectAndScatterOp::verify() {
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto source = cast<RankedTensorType>(getSource().getType());
  auto init = cast<RankedTensorType>(getInitValue().getType());
  Type element = operand.getElementType();
  if (baselineElementType(element) !=
      baselineElementType(source.getElementType()))
    return emitOpError() << "(C1) requires operand and source of one element "
                            "type, but got "
                         << operand << " and " << source;
  if (init.getRank() != 0 ||
      baselineElementType(init.getElementType()) != baselineElementType(element))
    return emitOpError() << "(C3) requires init_value of type tensor<"
                         << element << ">, but got " << init;
  int64_t rank = operand.getRank();
  auto windows = windowList(*this, getWindowDimensions(), rank, 1,
                            "window_dimensions", "(C4)", "(C5)");
  if (failed(windows))
    return failure();
  auto strides = windowList(*this, getWindowStrides(), rank, 1,
                            "window_strides", "(C6)", "(C7)");
  if (failed(strides))
    return failure();
  auto pads = windowPadding(*this, getPadding(), rank, "(C8)");
  if (failed(pads))
    return failure();
  SmallVector<int64_t> expected;
  for (int64_t i = 0; i < rank; ++i) {
    FailureOr<int64_t> count = numWindows(*this, "(C2)", i, operand.getDimSize(i),
                                          (*windows)[i], (*strides)[i], 1, 1, (*pads)[i]);
    if (failed(count))
      return failure();
    expected.push_back(*count);
  }
  if (!compatibleShapes(source.getShape(), expected))
    return emitOpError() << "(C2) requires source of shape "
                         << shapeString(expected)
                         << " (the number of windows), but got " << source;
  // C9: select is (tensor<E>, tensor<E>) -> tensor<i1>.
  Block &select = getSelect().front();
  Type scalar = RankedTensorType::get({}, element);
  Operation *selectRet = terminatorOf(select);
  if (select.getNumArguments() != 2 ||
      select.getArgument(0).getType() != scalar ||
      select.getArgument(1).getType() != scalar || !selectRet ||
      selectRet->getNumOperands() != 1 ||
      selectRet->getOperand(0).getType() !=
          RankedTensorType::get({}, IntegerType::get(getContext(), 1)))
    return emitOpError() << "(C9) requires select of type (" << scalar << ", "
                         << scalar << ") -> tensor<i1>";
  // C10: scatter is a promotable reducer of one value.
  FailureOr<SmallVector<Type>> elements = verifyReducerBody(
      *this, getScatter(), TypeRange{operand}, "(C10)");
  if (failed(elements))
    return failure();
  auto result = cast<RankedTensorType>(getResult().getType());
  if (!compatibleShapes(result.getShape(), operand.getShape()))
    return emitOpError() << "(C11) requires result of the operand's shape "
                         << shapeString(operand.getShape()) << ", but got "
                         << result;
  if (result.getElementType() != (*elements)[0])
    return emitOpError() << "(C12) requires result element type "
                         << (*elements)[0] << " (the scatter body's), but got "
                         << result.getElementType();
  return success();
}

//===----------------------------------------------------------------------===//
// sort.
//===----------------------------------------------------------------------===//

LogicalResult SortOp::verify() {
  if (getInputs().empty())
    return emitOpError() << "(C1) requires at least one input";
  if (getInputs().size() != getNumResults())
    return emitOpError() << "(C2) requires as many results as inputs, but got "
                         << getNumResults() << " and " << getInputs().size();
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(getInputs().getTypes(), getResultTypes()))) {
    auto [input, result] = pair;
    if (failed(verifyCompatibleShape(input, result)) ||
        getElementTypeOrSelf(input) != getElementTypeOrSelf(result))
      return emitOpError() << "(C2) requires result " << i
                           << " of the input's type " << input << ", but got "
                           << result;
  }
  auto first = cast<RankedTensorType>(getInputs()[0].getType());
  for (Type t : getInputs().getTypes())
    if (!compatibleShapes(first.getShape(),
                          cast<RankedTensorType>(t).getShape()))
      return emitOpError() << "(C3) requires all inputs to have one shape, "
                              "but got "
                           << first << " and " << t;
  int64_t rank = first.getRank();
  int64_t dim = getDimension();
  if (dim < -rank || dim >= rank || (rank == 0 && dim != -1 && dim != 0))
    return emitOpError() << "(C4) requires dimension in [" << -rank << ", "
                         << rank << "), but got " << dim;
  // C5: comparator is (tensor<E0>, tensor<E0>, ...) -> tensor<i1>.
  Block &block = getComparator().front();
  size_t n = getInputs().size();
  if (block.getNumArguments() != 2 * n)
    return emitOpError() << "(C5) requires the comparator to take " << 2 * n
                         << " arguments, but it takes "
                         << block.getNumArguments();
  for (size_t i = 0; i < n; ++i) {
    Type scalar = RankedTensorType::get(
        {}, getElementTypeOrSelf(getInputs()[i].getType()));
    for (size_t j : {2 * i, 2 * i + 1})
      if (block.getArgument(j).getType() != scalar)
        return emitOpError() << "(C5) requires comparator argument " << j
                             << " of type " << scalar << ", but got "
                             << block.getArgument(j).getType();
  }
  Operation *ret = terminatorOf(block);
  Type pred = RankedTensorType::get({}, IntegerType::get(getContext(), 1));
  if (!ret || ret->getNumOperands() != 1 ||
      ret->getOperand(0).getType() != pred)
    return emitOpError() << "(C5) requires the comparator to return one "
                            "tensor<i1>";
  return success();
}

//===----------------------------------------------------------------------===//
// map.
//===----------------------------------------------------------------------===//

LogicalResult MapOp::verify() {
  if (getInputs().empty())
    return emitOpError() << "(C2) requires at least one input";
  auto result = cast<RankedTensorType>(getResult().getType());
  for (Type t : getInputs().getTypes())
    if (!compatibleShapes(cast<RankedTensorType>(t).getShape(),
                          result.getShape()))
      return emitOpError() << "(C1) requires inputs of the result's shape "
                           << shapeString(result.getShape()) << ", but got "
                           << t;
  int64_t rank = result.getRank();
  ArrayRef<int64_t> dims = getDimensions();
  bool identity = static_cast<int64_t>(dims.size()) == rank;
  for (auto [i, d] : llvm::enumerate(dims))
    identity = identity && d == static_cast<int64_t>(i);
  if (!identity)
    return emitOpError() << "(C3) requires dimensions = [0, ..., "
                         << rank - 1 << "], but got " << shapeString(dims);
  Block &block = getComputation().front();
  size_t n = getInputs().size();
  if (block.getNumArguments() != n)
    return emitOpError() << "(C4) requires the computation to take " << n
                         << " arguments, but it takes "
                         << block.getNumArguments();
  for (size_t i = 0; i < n; ++i) {
    Type scalar = RankedTensorType::get(
        {}, getElementTypeOrSelf(getInputs()[i].getType()));
    if (block.getArgument(i).getType() != scalar)
      return emitOpError() << "(C4) requires computation argument " << i
                           << " of type " << scalar << ", but got "
                           << block.getArgument(i).getType();
  }
  Operation *ret = terminatorOf(block);
  Type out = RankedTensorType::get({}, result.getElementType());
  if (!ret || ret->getNumOperands() != 1 || ret->getOperand(0).getType() != out)
    return emitOpError() << "(C4) requires the computation to return one "
                         << out;
  return success();
}
