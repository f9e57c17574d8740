//===- AssemblyDirectives.cpp - custom<...> directives of the pretty syntax ===//

#include "compiler/Dialect/StableHLO/IR/AssemblyDirectives.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;

namespace oxla::stablehlo {

static bool allEqual(ArrayRef<Type> types) {
  return llvm::all_equal(types);
}

ParseResult parseSameOperandsAndResultTypeImpl(OpAsmParser &parser,
                                               ArrayRef<Type *> types) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  auto function = dyn_cast<FunctionType>(type);
  if (!function) {
    for (Type *slot : types)
      *slot = type;
    return success();
  }
  size_t numOperands = types.size() - 1;
  if (function.getNumInputs() != numOperands || function.getNumResults() != 1)
    return parser.emitError(loc)
           << "expected a functional type with " << numOperands
           << " operand(s) and 1 result, but got " << type;
  for (auto [slot, input] : llvm::zip(types.drop_back(), function.getInputs()))
    *slot = input;
  *types.back() = function.getResult(0);
  return success();
}

void printSameOperandsAndResultTypeImpl(OpAsmPrinter &printer,
                                        ArrayRef<Type> types) {
  if (allEqual(types)) {
    printer << types.front();
    return;
  }
  printer.printFunctionalType(types.drop_back(), types.take_back());
}

ParseResult
parseVariadicSameOperandsAndResultType(OpAsmParser &parser,
                                       SmallVectorImpl<Type> &operands,
                                       SmallVectorImpl<Type> &results) {
  // Either `T0, T1, ...` (operands and results pairwise alike) or a
  // functional type.
  Type first;
  if (parser.parseType(first))
    return failure();
  if (auto function = dyn_cast<FunctionType>(first)) {
    llvm::append_range(operands, function.getInputs());
    llvm::append_range(results, function.getResults());
    return success();
  }
  operands.push_back(first);
  while (succeeded(parser.parseOptionalComma())) {
    Type next;
    if (parser.parseType(next))
      return failure();
    operands.push_back(next);
  }
  results.assign(operands.begin(), operands.end());
  return success();
}

void printVariadicSameOperandsAndResultType(OpAsmPrinter &printer, Operation *,
                                            TypeRange operands,
                                            TypeRange results) {
  if (!operands.empty() && operands == results) {
    llvm::interleaveComma(operands, printer);
    return;
  }
  printer.printFunctionalType(operands, results);
}

ParseResult parseComplexOpType(OpAsmParser &parser, Type &lhs, Type &rhs,
                               Type &result) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parser.parseType(type))
    return failure();
  if (auto function = dyn_cast<FunctionType>(type)) {
    if (function.getNumInputs() != 2 || function.getNumResults() != 1)
      return parser.emitError(loc)
             << "expected (lhs, rhs) -> result, but got " << type;
    lhs = function.getInput(0);
    rhs = function.getInput(1);
    result = function.getResult(0);
    return success();
  }
  auto tensor = dyn_cast<RankedTensorType>(type);
  auto complex =
      tensor ? dyn_cast<ComplexType>(tensor.getElementType()) : ComplexType();
  if (!complex)
    return parser.emitError(loc)
           << "expected a tensor of complex type, but got " << type;
  lhs = rhs = tensor.clone(complex.getElementType());
  result = type;
  return success();
}

void printComplexOpType(OpAsmPrinter &printer, Operation *, Type lhs, Type rhs,
                        Type result) {
  auto tensor = dyn_cast<RankedTensorType>(result);
  auto complex =
      tensor ? dyn_cast<ComplexType>(tensor.getElementType()) : ComplexType();
  if (complex && lhs == rhs && lhs == tensor.clone(complex.getElementType())) {
    printer << result;
    return;
  }
  printer.printFunctionalType(TypeRange{lhs, rhs}, TypeRange{result});
}

ParseResult parseSelectOpType(OpAsmParser &parser, Type &pred, Type &onTrue,
                              Type &onFalse, Type &result) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  Type first;
  if (parser.parseType(first))
    return failure();
  if (auto function = dyn_cast<FunctionType>(first)) {
    if (function.getNumInputs() != 3 || function.getNumResults() != 1)
      return parser.emitError(loc)
             << "expected (pred, on_true, on_false) -> result, but got "
             << first;
    pred = function.getInput(0);
    onTrue = function.getInput(1);
    onFalse = function.getInput(2);
    result = function.getResult(0);
    return success();
  }
  pred = first;
  if (parser.parseComma() || parser.parseType(result))
    return failure();
  onTrue = onFalse = result;
  return success();
}

void printSelectOpType(OpAsmPrinter &printer, Operation *, Type pred,
                       Type onTrue, Type onFalse, Type result) {
  if (onTrue == result && onFalse == result) {
    printer << pred << ", " << result;
    return;
  }
  printer.printFunctionalType(TypeRange{pred, onTrue, onFalse},
                              TypeRange{result});
}

ParseResult parseExponentMantissa(OpAsmParser &parser, IntegerAttr &exponent,
                                  IntegerAttr &mantissa) {
  llvm::SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  // `e<exponent bits>m<mantissa bits>`, e.g. e8m23.
  size_t m = keyword.find('m');
  unsigned e = 0, mb = 0;
  if (!keyword.consume_front("e") || m == StringRef::npos ||
      keyword.take_front(m - 1).getAsInteger(10, e) ||
      keyword.drop_front(m).getAsInteger(10, mb))
    return parser.emitError(loc)
           << "expected a format like e8m23 (exponent and mantissa bits)";
  Builder builder(parser.getContext());
  exponent = builder.getI32IntegerAttr(e);
  mantissa = builder.getI32IntegerAttr(mb);
  return success();
}

void printExponentMantissa(OpAsmPrinter &printer, Operation *,
                           IntegerAttr exponent, IntegerAttr mantissa) {
  printer << 'e' << exponent.getInt() << 'm' << mantissa.getInt();
}

ParseResult parseIntArray(AsmParser &parser, SmallVectorImpl<int64_t> &values) {
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
    int64_t value;
    if (parser.parseInteger(value))
      return failure();
    values.push_back(value);
    return success();
  });
}

void printIntArray(AsmPrinter &printer, ArrayRef<int64_t> values) {
  printer << '[';
  llvm::interleaveComma(values, printer);
  printer << ']';
}

ParseResult parseDims(OpAsmParser &parser, DenseI64ArrayAttr &dims) {
  SmallVector<int64_t> values;
  if (parseIntArray(parser, values))
    return failure();
  dims = DenseI64ArrayAttr::get(parser.getContext(), values);
  return success();
}

void printDims(OpAsmPrinter &printer, Operation *, DenseI64ArrayAttr dims) {
  printIntArray(printer, dims.asArrayRef());
}

} // namespace oxla::stablehlo
