//===- CheckEvaluators.cpp - The test harness's checks --------------------===//
//
// `stablehlo.custom_call @check.*`, as the JAX-generated corpus writes them:
//   @check.expect_eq(actual, expected)          exact
//   @check.expect_close(actual, expected)       <= 3 ULPs
//   @check.expect_almost_eq(actual, expected)   |difference| <= 1e-3
//   %ok = @check.eq(expected, actual) -> i1     exact for integers, 1e-4
//                                               absolute for floats
// A failed check is reported at the op and counted; execution goes on.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "interpreter/Checks.h"
#include "interpreter/Interpreter.h"

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace oxla::interp {
namespace {

constexpr uint64_t kDefaultMaxUlpDifference = 3;
constexpr double kDefaultAlmostEqTolerance = 1e-3;
constexpr double kCheckEqFloatTolerance = 1e-4;

LogicalResult report(Operation *op, EvalContext &context,
                     const CheckResult &result) {
  context.recordCheck(result.passed);
  if (!result.passed)
    op->emitError() << result.message;
  return success();
}

LogicalResult evalCustomCall(Operation *op, ArrayRef<RuntimeValue> operands,
                             SmallVectorImpl<RuntimeValue> &results,
                             EvalContext &context) {
  auto target = op->getAttrOfType<StringAttr>("call_target_name");
  StringRef name = target ? target.getValue() : StringRef();
  if (!name.starts_with("check."))
    return context.unsupported(op, "custom_call target '" + name + "'");
  if (operands.size() != 2 || !operands[0].isTensor() || !operands[1].isTensor())
    return context.invalid(op, name + " expects two tensor operands");
  const Tensor &first = operands[0].tensor();
  const Tensor &second = operands[1].tensor();

  if (name == "check.expect_eq" || name == "check.expect_close" ||
      name == "check.expect_almost_eq") {
    if (op->getNumResults() != 0)
      return context.invalid(op, name + " produces no results");
    CheckResult result =
        name == "check.expect_eq"      ? checkEqual(first, second)
        : name == "check.expect_close" ? checkClose(first, second,
                                                    kDefaultMaxUlpDifference)
                                       : checkAlmostEqual(first, second,
                                                          kDefaultAlmostEqTolerance);
    return report(op, context, result);
  }
  if (name == "check.eq") {
    // Operands are (expected, actual); the result is the verdict.
    ElementType type = first.elementType();
    CheckResult result = (type.isFloat() || type.isComplex())
                             ? checkAlmostEqual(second, first, kCheckEqFloatTolerance)
                             : checkEqual(second, first);
    if (op->getNumResults() != 1)
      return context.invalid(op, "check.eq produces one tensor<i1>");
    Tensor verdict(ElementKind::I1, {});
    verdict.data<uint8_t>()[0] = result.passed;
    results.push_back(std::move(verdict));
    return report(op, context, result);
  }
  return context.unsupported(op, "check target '" + name + "'");
}

} // namespace

void registerCheckEvaluators(EvaluatorRegistry &registry) {
  registry.add<hlo::CustomCallOp>(evalCustomCall);
}

} // namespace oxla::interp
