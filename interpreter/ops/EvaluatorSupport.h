//===- EvaluatorSupport.h - Helpers shared by the evaluator files ---------===//
#ifndef OXLA_INTERPRETER_OPS_EVALUATORSUPPORT_H
#define OXLA_INTERPRETER_OPS_EVALUATORSUPPORT_H

#include "interpreter/Interpreter.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"

namespace oxla::interp {

/// The interpreter's element type for result `index` of `op`, or nullopt
/// (reported as unsupported) for element types it does not represent, such
/// as quantized types.
std::optional<ElementType> resultElementType(mlir::Operation *op,
                                             EvalContext &context,
                                             unsigned index = 0);

/// The "unsupported element type" error for `op`.
mlir::LogicalResult unsupportedElementType(mlir::Operation *op,
                                           EvalContext &context,
                                           ElementType type);

/// The custom calls that mark shardings (GSPMD's @Sharding and
/// @SPMD*Shape, Shardy's @xla.sdy.*): identities on one device
/// (ShardingEvaluators.cpp).
bool isShardingCustomCallTarget(llvm::StringRef target);
mlir::LogicalResult evalShardingCustomCall(mlir::Operation *op,
                                           llvm::ArrayRef<RuntimeValue> operands,
                                           llvm::SmallVectorImpl<RuntimeValue> &results,
                                           EvalContext &context);

} // namespace oxla::interp

#endif // OXLA_INTERPRETER_OPS_EVALUATORSUPPORT_H
