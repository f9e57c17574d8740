//===- ControlFlowOps.cpp - Spec "Control flow ops" -----------------------===//
//
// Verifiers name the constraint of the spec section they check, e.g. "(C2)".
// Region signatures are compared modulo dynamic dimensions.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/StableHLO/IR/AssemblyDirectives.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "compiler/Dialect/StableHLO/IR/VerifierSupport.h"

#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace oxla::stablehlo;

#define GET_OP_CLASSES
#include "compiler/Dialect/StableHLO/IR/ControlFlowOps.cpp.inc"

//===- Helpers --------------------------------------------------------------===//

static bool isCompatibleTypes(TypeRange a, TypeRange b) {
  if (a.size() != b.size())
    return false;
  for (auto [x, y] : llvm::zip(a, b))
    if (!isCompatibleType(x, y))
      return false;
  return true;
}

/// The types a single-block region returns through its stablehlo.return.
static FailureOr<SmallVector<Type>> regionOutputTypes(Operation *op,
                                                      Region &region,
                                                      StringRef name) {
  if (region.empty() || region.front().empty())
    return op->emitOpError() << "requires a non-empty " << name << " region";
  auto ret = dyn_cast<ReturnOp>(region.front().back());
  if (!ret)
    return op->emitOpError() << "requires the " << name
                             << " region to end with stablehlo.return";
  return SmallVector<Type>(ret.getResults().getTypes());
}

//===- while ----------------------------------------------------------------===//

void WhileOp::getAsmBlockArgumentNames(Region &region,
                                       OpAsmSetValueNameFn setNameFn) {
  for (BlockArgument arg : region.getArguments())
    setNameFn(arg, "iterArg");
}

void WhileOp::print(OpAsmPrinter &p) {
  p << '(';
  if (!getCond().empty()) {
    llvm::interleaveComma(llvm::zip(getCond().getArguments(), getOperand()),
                          p, [&](auto pair) {
                            p << std::get<0>(pair) << " = " << std::get<1>(pair);
                          });
  }
  p << ')';
  if (!getOperand().empty()) {
    p << " : ";
    llvm::interleaveComma(getOperand().getTypes(), p);
  }
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs());
  p.printNewline();
  p << " cond ";
  p.printRegion(getCond(), /*printEntryBlockArgs=*/false);
  p << " do ";
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false);
}

ParseResult WhileOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::Argument> iterArgs;
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLParen())
    return failure();
  if (failed(parser.parseOptionalRParen())) {
    do {
      OpAsmParser::Argument arg;
      OpAsmParser::UnresolvedOperand operand;
      if (parser.parseArgument(arg) || parser.parseEqual() ||
          parser.parseOperand(operand))
        return failure();
      iterArgs.push_back(arg);
      operands.push_back(operand);
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRParen())
      return failure();
  }
  SmallVector<Type> types;
  if (!operands.empty() && parser.parseColonTypeList(types))
    return failure();
  if (types.size() != operands.size())
    return parser.emitError(loc) << "expected " << operands.size()
                                 << " types, but got " << types.size();
  for (auto [arg, type] : llvm::zip(iterArgs, types))
    arg.type = type;
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  Region *cond = result.addRegion();
  Region *body = result.addRegion();
  if (parser.parseKeyword("cond") || parser.parseRegion(*cond, iterArgs) ||
      parser.parseKeyword("do") || parser.parseRegion(*body, iterArgs))
    return failure();
  if (parser.resolveOperands(operands, types, loc, result.operands))
    return failure();
  result.addTypes(types);
  return success();
}

LogicalResult WhileOp::verify() {
  TypeRange operandTypes = getOperand().getTypes();
  // C1: cond has type (T...) -> tensor<i1>.
  if (!isCompatibleTypes(getCond().getArgumentTypes(), operandTypes))
    return emitOpError() << "(C1) requires cond arguments of types "
                         << typeListString(operandTypes) << ", but got "
                         << typeListString(getCond().getArgumentTypes());
  FailureOr<SmallVector<Type>> condOut =
      regionOutputTypes(*this, getCond(), "cond");
  if (failed(condOut))
    return failure();
  auto predType = condOut->size() == 1
                      ? dyn_cast<RankedTensorType>(condOut->front())
                      : RankedTensorType();
  if (!predType || predType.getRank() != 0 ||
      !predType.getElementType().isInteger(1))
    return emitOpError() << "(C1) requires cond to return one tensor<i1>, "
                            "but got "
                         << typeListString(*condOut);
  // C2: body has type (T...) -> (T...).
  if (!isCompatibleTypes(getBody().getArgumentTypes(), operandTypes))
    return emitOpError() << "(C2) requires body arguments of types "
                         << typeListString(operandTypes) << ", but got "
                         << typeListString(getBody().getArgumentTypes());
  FailureOr<SmallVector<Type>> bodyOut =
      regionOutputTypes(*this, getBody(), "body");
  if (failed(bodyOut))
    return failure();
  if (!isCompatibleTypes(*bodyOut, operandTypes))
    return emitOpError() << "(C2) requires body to return "
                         << typeListString(operandTypes) << ", but got "
                         << typeListString(*bodyOut);
  // C3: type(results...) = type(operand...).
  if (!isCompatibleTypes(getResultTypes(), operandTypes))
    return emitOpError() << "(C3) requires result types "
                         << typeListString(operandTypes) << ", but got "
                         << typeListString(getResultTypes());
  return success();
}

//===- if, case -------------------------------------------------------------===//

/// Branches take no arguments and all return the result types.
static LogicalResult verifyBranches(Operation *op, MutableArrayRef<Region> branches,
                                    StringRef inputsLabel,
                                    StringRef sameOutputsLabel,
                                    StringRef resultsLabel) {
  SmallVector<Type> first;
  for (auto [i, branch] : llvm::enumerate(branches)) {
    if (!branch.empty() && branch.getNumArguments() != 0)
      return op->emitOpError()
             << inputsLabel << " requires branches without arguments, but "
             << "branch " << i << " has " << branch.getNumArguments();
    FailureOr<SmallVector<Type>> out =
        regionOutputTypes(op, branch, "branch");
    if (failed(out))
      return failure();
    if (i == 0) {
      first = *out;
      continue;
    }
    if (!isCompatibleTypes(*out, first))
      return op->emitOpError()
             << sameOutputsLabel << " requires all branches to return "
             << typeListString(first) << ", but branch " << i << " returns "
             << typeListString(*out);
  }
  if (!branches.empty() && !isCompatibleTypes(op->getResultTypes(), first))
    return op->emitOpError() << resultsLabel << " requires result types "
                             << typeListString(first)
                             << " (the branch outputs), but got "
                             << typeListString(op->getResultTypes());
  return success();
}

LogicalResult IfOp::verify() {
  // C4: rank(pred) = 0.
  if (getPred().getType().getRank() != 0)
    return emitOpError() << "(C4) requires a 0-dimensional pred, but got "
                         << getPred().getType();
  // C1: no branch arguments; C2: same outputs; C3: results match.
  return verifyBranches(*this, (*this)->getRegions(), "(C1)", "(C2)", "(C3)");
}

LogicalResult CaseOp::verify() {
  if (getIndex().getType().getRank() != 0)
    return emitOpError() << "requires a 0-dimensional index, but got "
                         << getIndex().getType();
  // C1: 0 < size(branches).
  if (getBranches().empty())
    return emitOpError() << "(C1) requires at least one branch";
  // C2: no branch arguments; C3: same outputs; C4: results match.
  return verifyBranches(*this, getBranches(), "(C2)", "(C3)", "(C4)");
}
