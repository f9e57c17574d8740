//===- FuncEvaluators.cpp - func.call and the upstream ops of exports ----===//
//
// func.return and cf branches are terminators that the interpreter core
// follows itself; calls go through EvalContext so that the callee gets a
// frame of its own. Programs exported through other front ends (IREE's
// model tests) also carry `arith.constant` tensors and `tensor.extract` of
// a scalar for a branch condition; scalars are rank-0 tensors here.
//
//===----------------------------------------------------------------------===//

#include "interpreter/Interpreter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

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

static LogicalResult evalArithConstant(Operation *op, ArrayRef<RuntimeValue>,
                                       SmallVectorImpl<RuntimeValue> &results,
                                       EvalContext &context) {
  auto value = dyn_cast<ElementsAttr>(cast<arith::ConstantOp>(op).getValue());
  if (!value)
    return context.unsupported(op, "arith.constant of a scalar (only tensors)");
  FailureOr<Tensor> tensor = Tensor::fromAttr(value);
  if (failed(tensor))
    return context.unsupported(op, "the element type of this constant");
  results.push_back(std::move(*tensor));
  return success();
}

static LogicalResult evalTensorExtract(Operation *op, ArrayRef<RuntimeValue> operands,
                                       SmallVectorImpl<RuntimeValue> &results,
                                       EvalContext &context) {
  // Only the rank-0 form: its result, a scalar, is a rank-0 tensor here.
  const Tensor &source = operands[0].tensor();
  if (source.rank() != 0)
    return context.unsupported(op, "tensor.extract with indices");
  results.push_back(source);
  return success();
}

void registerFuncEvaluators(EvaluatorRegistry &registry) {
  registry.add<func::CallOp>(evalCall);
  registry.add<arith::ConstantOp>(evalArithConstant);
  registry.add<tensor::ExtractOp>(evalTensorExtract);
}

} // namespace oxla::interp
