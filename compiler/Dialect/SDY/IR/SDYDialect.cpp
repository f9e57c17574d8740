//===- SDYDialect.cpp - The sdy dialect and its discardable attributes ---===//
//
// `sdy.sharding` on an op is one sharding per result
// (#sdy.sharding_per_value), on a function argument or result one sharding
// (#sdy.sharding); `sdy.sharding_rule` is an #sdy.op_sharding_rule with one
// mapping per operand and result. Each is checked against its mesh and types.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/SDY/IR/SDY.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace oxla::sdy;

#include "compiler/Dialect/SDY/IR/SDYDialect.cpp.inc"
#include "compiler/Dialect/SDY/IR/SDYEnums.cpp.inc"

void SdyDialect::initialize() {
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "compiler/Dialect/SDY/IR/SDYOps.cpp.inc"
      >();
  registerBytecodeInterface();
}

/// Checks an op's `sdy.sharding_rule` against its operands and results.
static LogicalResult verifyShardingRule(Operation *op, OpShardingRuleAttr rule) {
  if (rule.getOperandMappings().size() != op->getNumOperands() ||
      rule.getResultMappings().size() != op->getNumResults())
    return op->emitOpError() << "sharding rule has " << rule.getOperandMappings().size()
                             << " operand and " << rule.getResultMappings().size()
                             << " result mappings, but the op has "
                             << op->getNumOperands() << " operands and "
                             << op->getNumResults() << " results";
  auto check = [&](TensorMappingAttr mapping, Type type, StringRef what,
                   size_t index) -> LogicalResult {
    auto shaped = dyn_cast<ShapedType>(type);
    int64_t rank = shaped && shaped.hasRank() ? shaped.getRank() : 0;
    if (static_cast<int64_t>(mapping.getDimMappings().size()) != rank)
      return op->emitOpError() << "sharding rule " << what << " " << index << " has rank "
                               << mapping.getDimMappings().size()
                               << ", but its type has rank " << rank;
    return success();
  };
  for (auto [i, m] : llvm::enumerate(rule.getOperandMappings()))
    if (failed(check(m, op->getOperand(i).getType(), "operand", i)))
      return failure();
  for (auto [i, m] : llvm::enumerate(rule.getResultMappings()))
    if (failed(check(m, op->getResult(i).getType(), "result", i)))
      return failure();
  return success();
}

LogicalResult SdyDialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attr) {
  if (attr.getName() == kShardingRuleAttr) {
    auto rule = dyn_cast<OpShardingRuleAttr>(attr.getValue());
    if (!rule)
      return op->emitOpError() << "should have an #sdy.op_sharding_rule for '"
                               << kShardingRuleAttr << "'";
    return verifyShardingRule(op, rule);
  }
  if (attr.getName() != kShardingAttr || isa<FunctionOpInterface>(op))
    return success();
  auto perValue = dyn_cast<TensorShardingPerValueAttr>(attr.getValue());
  if (!perValue)
    return op->emitOpError() << "should have a sharding per result "
                                "(#sdy.sharding_per_value) for '"
                             << kShardingAttr << "'";
  ArrayRef<TensorShardingAttr> shardings = perValue.getShardings();
  // An op without results may carry one sharding that places it (e.g. a
  // maximal sharding of a side-effecting custom call).
  if (op->getNumResults() == 0) {
    for (TensorShardingAttr sharding : shardings)
      if (!sharding.getMesh(op))
        return op->emitOpError() << "unknown mesh: @" << sharding.getMeshName();
    return success();
  }
  if (shardings.size() != op->getNumResults())
    return op->emitOpError() << "sharding doesn't match number of results: "
                             << shardings.size() << " != " << op->getNumResults();
  for (size_t index = 0; index < shardings.size(); ++index) {
    if (failed(verifyShardingAt(shardings[index], op, op->getResult(index).getType(), [&] {
          return op->emitOpError() << "result " << index << " sharding: ";
        })))
      return failure();
  }
  return success();
}

static LogicalResult verifyFunctionSharding(Operation *op, NamedAttribute attr,
                                            Type type, StringRef what, unsigned index) {
  if (attr.getName() != kShardingAttr)
    return success();
  auto sharding = dyn_cast<TensorShardingAttr>(attr.getValue());
  if (!sharding)
    return op->emitOpError() << what << " " << index
                             << " should have an #sdy.sharding for '" << kShardingAttr
                             << "'";
  return verifyShardingAt(sharding, op, type, [&] {
    return op->emitOpError() << what << " " << index << " sharding: ";
  });
}

LogicalResult SdyDialect::verifyRegionArgAttribute(Operation *op, unsigned region,
                                                   unsigned argIndex,
                                                   NamedAttribute attr) {
  auto func = dyn_cast<FunctionOpInterface>(op);
  if (!func || region != 0 || argIndex >= func.getNumArguments())
    return success();
  return verifyFunctionSharding(op, attr, func.getArgumentTypes()[argIndex], "argument",
                                argIndex);
}

LogicalResult SdyDialect::verifyRegionResultAttribute(Operation *op, unsigned region,
                                                      unsigned resultIndex,
                                                      NamedAttribute attr) {
  auto func = dyn_cast<FunctionOpInterface>(op);
  if (!func || region != 0 || resultIndex >= func.getNumResults())
    return success();
  return verifyFunctionSharding(op, attr, func.getResultTypes()[resultIndex], "result",
                                resultIndex);
}
