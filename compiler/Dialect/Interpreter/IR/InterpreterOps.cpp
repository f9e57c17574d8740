//===- InterpreterOps.cpp - The interpreter dialect ----------------------===//
//
// run_parallel: (C1) programs is a non-empty grid of equally long non-empty
// rows; (C2) every symbol names a function; (C3) the operands are the
// programs' arguments and (C4) the results their results, concatenated in
// row-major order; (C5) infeed functions take no arguments.
// probe: (C1) a non-empty probe_id.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/Interpreter/IR/Interpreter.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace oxla::interpreter;

#include "compiler/Dialect/Interpreter/IR/InterpreterDialect.cpp.inc"
#define GET_OP_CLASSES
#include "compiler/Dialect/Interpreter/IR/InterpreterOps.cpp.inc"

void InterpreterDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "compiler/Dialect/Interpreter/IR/InterpreterOps.cpp.inc"
      >();
}

//===- run_parallel --------------------------------------------------------===//

LogicalResult RunParallelOp::verify() {
  ArrayAttr programs = getPrograms();
  if (programs.empty())
    return emitOpError() << "(C1) requires at least one row of programs";
  size_t width = cast<ArrayAttr>(programs[0]).size();
  for (auto [i, row] : llvm::enumerate(programs)) {
    size_t size = cast<ArrayAttr>(row).size();
    if (size == 0 || size != width)
      return emitOpError() << "(C1) requires rows of " << width
                           << " (one per partition, at least one) programs, "
                              "but row "
                           << i << " has " << size;
  }
  return success();
}

/// The function `symbol` names, or an error naming the constraint.
static FailureOr<FunctionOpInterface>
lookupFunction(Operation *op, SymbolTableCollection &symbols,
               FlatSymbolRefAttr symbol) {
  auto function =
      symbols.lookupNearestSymbolFrom<FunctionOpInterface>(op, symbol);
  if (!function)
    return op->emitOpError() << "(C2) requires " << symbol
                             << " to name a function, but it does not";
  return function;
}

LogicalResult
RunParallelOp::verifySymbolUses(SymbolTableCollection &symbols) {
  size_t input = 0, result = 0;
  auto inputs = getInputs();
  auto results = getResults();
  for (Attribute row : getPrograms())
    for (Attribute entry : cast<ArrayAttr>(row)) {
      auto symbol = cast<FlatSymbolRefAttr>(entry);
      FailureOr<FunctionOpInterface> function =
          lookupFunction(*this, symbols, symbol);
      if (failed(function))
        return failure();
      for (Type type : function->getArgumentTypes()) {
        if (input >= inputs.size())
          return emitOpError() << "(C3) requires an operand for every "
                                  "program argument, but "
                               << symbol << " needs more than the "
                               << inputs.size() << " given";
        if (inputs[input].getType() != type)
          return emitOpError() << "(C3) requires operand " << input
                               << " of type " << type << " (an argument of "
                               << symbol << "), but got "
                               << inputs[input].getType();
        ++input;
      }
      for (Type type : function->getResultTypes()) {
        if (result >= results.size())
          return emitOpError() << "(C4) requires a result for every program "
                                  "result, but "
                               << symbol << " returns more than the "
                               << results.size() << " given";
        if (results[result].getType() != type)
          return emitOpError() << "(C4) requires result " << result
                               << " of type " << type << " (a result of "
                               << symbol << "), but got "
                               << results[result].getType();
        ++result;
      }
    }
  if (input != inputs.size())
    return emitOpError() << "(C3) requires " << input
                         << " operands (the programs' arguments), but got "
                         << inputs.size();
  if (result != results.size())
    return emitOpError() << "(C4) requires " << result
                         << " results (the programs' results), but got "
                         << results.size();
  if (auto infeed = getInfeed())
    for (Attribute entry : *infeed) {
      auto symbol = cast<FlatSymbolRefAttr>(entry);
      FailureOr<FunctionOpInterface> function =
          lookupFunction(*this, symbols, symbol);
      if (failed(function))
        return failure();
      if (function->getNumArguments() != 0)
        return emitOpError() << "(C5) requires infeed function " << symbol
                             << " to take no arguments, but it takes "
                             << function->getNumArguments();
    }
  return success();
}

//===- probe ---------------------------------------------------------------===//

LogicalResult ProbeOp::verify() {
  if (getProbeId().empty())
    return emitOpError() << "(C1) requires a non-empty probe_id";
  return success();
}
