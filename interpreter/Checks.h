//===- Checks.h - Comparing a result with its expected value --------------===//
//
// The upstream test-harness rules, shared by the interpreter's check ops and
// by oxla-run's --check-with-interpreter:
//  - equal: integers and booleans exactly; floats by value, NaN matching NaN.
//  - close: distance in units in the last place <= max_ulp; NaN matches NaN,
//    other non-finite values must be bit-equal; complex numbers take the
//    larger of the distances of their parts.
//  - almost equal: |actual - expected| <= tolerance; NaN matches only NaN and
//    a finite value never matches an infinity.
//  - scaled (oxla-run's cross-check of compiled code on long computations):
//    close, or |actual - expected| <= atol + rtol * max(|expected|, rms),
//    rms being the root mean square of the expected tensor's finite values:
//    an error relative to the element or, for elements that cancellation
//    made small, to the result's magnitude.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_INTERPRETER_CHECKS_H
#define OXLA_INTERPRETER_CHECKS_H

#include "interpreter/Tensor.h"

#include <string>

namespace oxla::interp {

struct CheckResult {
  bool passed = true;
  /// For a failure: where and how the first mismatch differs.
  std::string message;
};

CheckResult checkEqual(const Tensor &actual, const Tensor &expected);
/// Each element's distance must lie in [minUlpDifference, maxUlpDifference].
CheckResult checkClose(const Tensor &actual, const Tensor &expected,
                       uint64_t maxUlpDifference, uint64_t minUlpDifference = 0);
CheckResult checkAlmostEqual(const Tensor &actual, const Tensor &expected,
                             double tolerance);
/// Close within `maxUlpDifference`, or within `atol + rtol * max(|expected|,
/// rms(expected))`; integers and booleans exactly.
CheckResult checkScaled(const Tensor &actual, const Tensor &expected,
                        uint64_t maxUlpDifference, double rtol, double atol);

/// `[1, 0, 2]` for a linear index into `shape`.
std::string formatIndex(llvm::ArrayRef<int64_t> shape, int64_t linear);
/// One element as text: integers exactly, floats with 9 (f64: 17) digits,
/// complex numbers as `(re, im)`.
std::string formatElement(const Tensor &tensor, int64_t index);

/// The message of a failed `shape_assertion` (JAX's shape checks): `{i}` in
/// `message` replaced by `values[i]`; other text, and a `{i}` without such a
/// value, stay as they are.
std::string formatShapeAssertion(llvm::StringRef message, llvm::ArrayRef<int64_t> values);

} // namespace oxla::interp

#endif // OXLA_INTERPRETER_CHECKS_H
