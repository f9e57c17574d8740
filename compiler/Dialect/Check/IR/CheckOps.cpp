//===- CheckOps.cpp - The check dialect ----------------------------------===//
//
// Constraints, per op: (C1) the compared values have one type (a constant's
// type is its attribute's); (C2) the numeric parameters are in range.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/Check/IR/Check.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace oxla::check;

//===- Custom directives ---------------------------------------------------===//

/// `: T` (both operands have type T) or `: T, U`.
// `dense<...> : tensor<...>`: the operand has the constant's type.
static ParseResult parseTypedValue(OpAsmParser &parser, ElementsAttr &value,
                                   Type &operandType) {
  if (parser.parseAttribute(value))
    return failure();
  operandType = value.getType();
  return success();
}

static void printTypedValue(OpAsmPrinter &printer, Operation *,
                            ElementsAttr value, Type) {
  printer.printAttribute(value);
}

static ParseResult parseOneOrTwoTypes(OpAsmParser &parser, Type &lhs,
                                      Type &rhs) {
  if (parser.parseType(lhs))
    return failure();
  rhs = lhs;
  if (succeeded(parser.parseOptionalComma()))
    return parser.parseType(rhs);
  return success();
}

static void printOneOrTwoTypes(OpAsmPrinter &printer, Operation *, Type lhs,
                               Type rhs) {
  printer << lhs;
  if (rhs != lhs)
    printer << ", " << rhs;
}

/// `, max_ulp_difference = 3, min_ulp_difference = 1`, each optional, in
/// either order.
static ParseResult parseUlpBounds(OpAsmParser &parser, IntegerAttr &max,
                                  IntegerAttr &min) {
  while (succeeded(parser.parseOptionalComma())) {
    llvm::SMLoc loc = parser.getCurrentLocation();
    StringRef name;
    int64_t value = 0;
    if (parser.parseKeyword(&name) || parser.parseEqual() ||
        parser.parseInteger(value))
      return failure();
    IntegerAttr attr = parser.getBuilder().getI64IntegerAttr(value);
    if (name == "max_ulp_difference" && !max)
      max = attr;
    else if (name == "min_ulp_difference" && !min)
      min = attr;
    else
      return parser.emitError(loc)
             << "expected max_ulp_difference or min_ulp_difference (once "
                "each), but got '"
             << name << "'";
  }
  return success();
}

static void printUlpBounds(OpAsmPrinter &printer, Operation *, IntegerAttr max,
                           IntegerAttr min) {
  if (max)
    printer << ", max_ulp_difference = " << max.getInt();
  if (min)
    printer << ", min_ulp_difference = " << min.getInt();
}

#include "compiler/Dialect/Check/IR/CheckDialect.cpp.inc"
#define GET_OP_CLASSES
#include "compiler/Dialect/Check/IR/CheckOps.cpp.inc"

void CheckDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "compiler/Dialect/Check/IR/CheckOps.cpp.inc"
      >();
}

//===- Verifiers -----------------------------------------------------------===//

/// One element type and compatible shapes (dynamic dimensions match any).
static bool compatible(Type a, Type b) {
  return getElementTypeOrSelf(a) == getElementTypeOrSelf(b) &&
         succeeded(verifyCompatibleShape(a, b));
}

static LogicalResult verifySameTypes(Operation *op, Type lhs, Type rhs) {
  if (!compatible(lhs, rhs))
    return op->emitOpError() << "(C1) requires operands of one type, but got "
                             << lhs << " and " << rhs;
  return success();
}

static LogicalResult verifyConstant(Operation *op, Type lhs,
                                    ElementsAttr value) {
  Type type = value.getShapedType();
  if (!compatible(lhs, type))
    return op->emitOpError() << "(C1) requires a constant of the operand "
                                "type "
                             << lhs << ", but got " << type;
  return success();
}

static LogicalResult verifyTolerance(Operation *op,
                                     std::optional<APFloat> tolerance) {
  if (tolerance && (tolerance->isNegative() || tolerance->isNaN()))
    return op->emitOpError() << "(C2) requires a non-negative tolerance, but "
                                "got "
                             << tolerance->convertToDouble();
  return success();
}

LogicalResult ExpectEqOp::verify() {
  return verifySameTypes(*this, getLhs().getType(), getRhs().getType());
}

LogicalResult ExpectAlmostEqOp::verify() {
  if (failed(verifySameTypes(*this, getLhs().getType(), getRhs().getType())))
    return failure();
  return verifyTolerance(*this, getTolerance());
}

LogicalResult ExpectEqConstOp::verify() {
  return verifyConstant(*this, getLhs().getType(), getValue());
}

LogicalResult ExpectAlmostEqConstOp::verify() {
  if (failed(verifyConstant(*this, getLhs().getType(), getValue())))
    return failure();
  return verifyTolerance(*this, getTolerance());
}

LogicalResult ExpectCloseOp::verify() {
  if (failed(verifySameTypes(*this, getActual().getType(),
                             getExpected().getType())))
    return failure();
  std::optional<uint64_t> max, min;
  if (auto attr = getMaxUlpDifferenceAttr()) {
    if (attr.getInt() < 0)
      return emitOpError() << "(C2) requires a non-negative "
                              "max_ulp_difference, but got "
                           << attr.getInt();
    max = attr.getInt();
  }
  if (auto attr = getMinUlpDifferenceAttr()) {
    if (attr.getInt() < 0)
      return emitOpError() << "(C2) requires a non-negative "
                              "min_ulp_difference, but got "
                           << attr.getInt();
    min = attr.getInt();
  }
  if (max && min && *min > *max)
    return emitOpError() << "(C2) requires min_ulp_difference <= "
                            "max_ulp_difference, but got "
                         << *min << " > " << *max;
  return success();
}

LogicalResult ExpectSerializedEqOp::verify() {
  if (getProbeId().empty())
    return emitOpError() << "(C1) requires a non-empty probe_id";
  if (auto iter = getIterAttr(); iter && iter.getInt() < 0)
    return emitOpError() << "(C2) requires a non-negative iter, but got "
                         << iter.getInt();
  return success();
}
