//===- FuncEvaluators.cpp - func.call ----------------------------------===//
//
// func.return and cf branches are terminators that the interpreter core
// follows itself; calls go through EvalContext so that the callee gets a
// frame of its own.
//
//===----------------------------------------------------------------------===//

#include "interpreter/Interpreter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;

namespace oxla::interp {

static LogicalResult evalCall(Operation *op, ArrayRef<RuntimeValue> operands,
                              SmallVectorImpl<RuntimeValue> &results,
                              EvalContext &context) {
  auto call = cast<func::CallOp>(op);
  FailureOr<SmallVector<RuntimeValue>> values =
      context.call(op, call.getCalleeAttr(), operands);
  if (failed(values))
    return failure();
  results.append(values->begin(), values->end());
  return success();
}

void registerFuncEvaluators(EvaluatorRegistry &registry) {
  registry.add<func::CallOp>(evalCall);
}

} // namespace oxla::interp
