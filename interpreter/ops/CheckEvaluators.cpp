//===- CheckEvaluators.cpp - The test harness's checks and probes ---------===//
//
// Two spellings of the same assertions (the custom_call dispatcher is in
// XlaCpuCustomCallEvaluators.cpp):
//  - `stablehlo.custom_call @check.*`, as the JAX-generated corpus writes them:
//      @check.expect_eq(actual, expected)          exact
//      @check.expect_close(actual, expected)       <= 3 ULPs
//      @check.expect_almost_eq(actual, expected)   |difference| <= 1e-3
//      %ok = @check.eq(expected, actual) -> i1     exact for integers, 1e-4
//                                                  absolute for floats
//  - the check dialect of the hand-written interpreter tests (expect_eq,
//    expect_eq_const, expect_almost_eq(_const), expect_close,
//    expect_serialized_eq), with the defaults of their op definitions.
// `interpreter.probe` records values that expect_serialized_eq compares with;
// `interpreter.print` writes its operand to stdout.
// A failed check is reported at the op and counted; execution goes on.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/Check/IR/Check.h"
#include "compiler/Dialect/Interpreter/IR/Interpreter.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "interpreter/Checks.h"
#include "interpreter/Interpreter.h"
#include "interpreter/ops/IndexSpace.h"

#include "llvm/Support/raw_ostream.h"

#include <mutex>

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace oxla::interp {
namespace {

using Operands = ArrayRef<RuntimeValue>;
using Results = SmallVectorImpl<RuntimeValue>;

constexpr uint64_t kCustomCallMaxUlpDifference = 3;
constexpr double kCustomCallAlmostEqTolerance = 1e-3;
constexpr double kCheckEqFloatTolerance = 1e-4;
// The check dialect's defaults. The corpus relies on 5.0 vs 5.0001 passing
// without a tolerance, so the default is 1e-3 for both almost_eq forms.
constexpr uint64_t kCheckOpMaxUlpDifference = 1;
constexpr double kCheckOpAlmostEqTolerance = 1e-3;

LogicalResult report(Operation *op, EvalContext &context,
                     const CheckResult &result) {
  context.recordCheck(result.passed);
  if (!result.passed)
    op->emitError() << result.message;
  return success();
}

//===- stablehlo.custom_call @shape_assertion -----------------------------===//

/// JAX's shape check: when the first operand is false, the run fails with
/// `error_message`, `{i}` replaced by operand i + 1.
LogicalResult evalShapeAssertion(Operation *op, Operands operands, EvalContext &context) {
  auto message = op->getAttrOfType<StringAttr>("error_message");
  if (!message || operands.empty() || op->getNumResults() != 0)
    return context.invalid(op, "shape_assertion takes a predicate and integer values, "
                               "an error_message, and has no results");
  std::vector<int64_t> values;
  for (const RuntimeValue &operand : operands.drop_front()) {
    if (!operand.isTensor() || !operand.tensor().elementType().isInt() ||
        operand.tensor().numElements() != 1)
      return context.invalid(op, "shape_assertion values must be integer scalars");
    values.push_back(integerElement(operand.tensor(), 0));
  }
  if (!operands[0].isTensor() || !operands[0].tensor().elementType().isBool())
    return context.invalid(op, "shape_assertion's predicate must be a tensor of i1");
  const Tensor &holds = operands[0].tensor();
  bool passed = true;
  for (int64_t i = 0; i < holds.numElements(); ++i)
    passed &= holds.data<uint8_t>()[i] != 0;
  context.recordCheck(passed);
  if (passed)
    return success();
  // The program's shapes are not what it was exported for: nothing after
  // the assertion is meaningful, so the run stops here.
  op->emitError() << "shape assertion failed: "
                  << formatShapeAssertion(message.getValue(), values);
  return failure();
}

} // namespace

//===- stablehlo.custom_call @check.* -------------------------------------===//

LogicalResult evalCheckCustomCall(Operation *op, Operands operands, Results &results,
                                  EvalContext &context) {
  auto target = op->getAttrOfType<StringAttr>("call_target_name");
  StringRef name = target ? target.getValue() : StringRef();
  if (name == "shape_assertion")
    return evalShapeAssertion(op, operands, context);
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
                                                    kCustomCallMaxUlpDifference)
                                       : checkAlmostEqual(first, second,
                                                          kCustomCallAlmostEqTolerance);
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

namespace {

//===- check dialect -------------------------------------------------------===//

double toleranceOf(FloatAttr tolerance) {
  return tolerance ? tolerance.getValueAsDouble() : kCheckOpAlmostEqTolerance;
}

/// The tensor a `value` attribute holds, or a reported error.
FailureOr<Tensor> constantOperand(Operation *op, ElementsAttr value,
                                  EvalContext &context) {
  FailureOr<Tensor> tensor = Tensor::fromAttr(value);
  if (failed(tensor))
    (void)context.unsupported(op, "the element type of the expected value");
  return tensor;
}

LogicalResult evalExpectEq(Operation *op, Operands operands, Results &,
                           EvalContext &context) {
  return report(op, context,
                checkEqual(operands[0].tensor(), operands[1].tensor()));
}

LogicalResult evalExpectEqConst(Operation *op, Operands operands, Results &,
                                EvalContext &context) {
  FailureOr<Tensor> expected =
      constantOperand(op, cast<check::ExpectEqConstOp>(op).getValue(), context);
  if (failed(expected))
    return failure();
  return report(op, context, checkEqual(operands[0].tensor(), *expected));
}

LogicalResult evalExpectAlmostEq(Operation *op, Operands operands, Results &,
                                 EvalContext &context) {
  auto expect = cast<check::ExpectAlmostEqOp>(op);
  double tolerance = toleranceOf(expect.getToleranceAttr());
  return report(op, context,
                checkAlmostEqual(operands[0].tensor(), operands[1].tensor(),
                                 tolerance));
}

LogicalResult evalExpectAlmostEqConst(Operation *op, Operands operands,
                                      Results &, EvalContext &context) {
  auto expect = cast<check::ExpectAlmostEqConstOp>(op);
  FailureOr<Tensor> expected = constantOperand(op, expect.getValue(), context);
  if (failed(expected))
    return failure();
  double tolerance = toleranceOf(expect.getToleranceAttr());
  return report(op, context,
                checkAlmostEqual(operands[0].tensor(), *expected, tolerance));
}

LogicalResult evalExpectClose(Operation *op, Operands operands, Results &,
                              EvalContext &context) {
  auto expect = cast<check::ExpectCloseOp>(op);
  uint64_t maxUlps = expect.getMaxUlpDifference().value_or(kCheckOpMaxUlpDifference);
  uint64_t minUlps = expect.getMinUlpDifference().value_or(0);
  return report(op, context,
                checkClose(operands[0].tensor(), operands[1].tensor(), maxUlps,
                           minUlps));
}

LogicalResult evalExpectSerializedEq(Operation *op, Operands operands,
                                     Results &, EvalContext &context) {
  auto expect = cast<check::ExpectSerializedEqOp>(op);
  StringRef id = expect.getProbeId();
  uint64_t iteration = expect.getIter().value_or(0);
  std::optional<Tensor> value = context.interpreter().probed(id, iteration);
  if (!value)
    return context.invalid(op, "no value was probed as '" + id + "' (iteration " +
                                   Twine(iteration) + ")");
  return report(op, context, checkEqual(*value, operands[0].tensor()));
}

//===- interpreter.probe / interpreter.print -------------------------------===//

LogicalResult evalProbe(Operation *op, Operands operands, Results &results,
                        EvalContext &context) {
  StringRef id = cast<oxla::interpreter::ProbeOp>(op).getProbeId();
  context.interpreter().recordProbe(id, operands[0].tensor());
  results.push_back(operands[0]);
  return success();
}

LogicalResult evalPrint(Operation *op, Operands operands, Results &,
                        EvalContext &) {
  // One write per print, so that the processes of run_parallel do not
  // interleave their lines.
  std::string line;
  llvm::raw_string_ostream os(line);
  os << operands[0].tensor().toAttr(op->getContext()) << "\n";
  static std::mutex outputMutex;
  std::lock_guard<std::mutex> lock(outputMutex);
  llvm::outs() << os.str();
  return success();
}

} // namespace

void registerCheckEvaluators(EvaluatorRegistry &registry) {
  registry.add<check::ExpectEqOp>(evalExpectEq);
  registry.add<check::ExpectEqConstOp>(evalExpectEqConst);
  registry.add<check::ExpectAlmostEqOp>(evalExpectAlmostEq);
  registry.add<check::ExpectAlmostEqConstOp>(evalExpectAlmostEqConst);
  registry.add<check::ExpectCloseOp>(evalExpectClose);
  registry.add<check::ExpectSerializedEqOp>(evalExpectSerializedEq);
  registry.add<interpreter::ProbeOp>(evalProbe);
  registry.add<interpreter::PrintOp>(evalPrint);
}

} // namespace oxla::interp
