//===- CrossCheck.h - Compiled results against the interpreter's ----------===//
//
// What oxla-run's --check-with-interpreter and --bisect share, and the
// compile-and-run fuzzer with them: calling compiled entries on tensors,
// and the tolerance a float result of a computation gets (docs/errors.md).
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_TOOLS_COMMON_CROSSCHECK_H
#define OXLA_TOOLS_COMMON_CROSSCHECK_H

#include "interpreter/Checks.h"
#include "interpreter/Tensor.h"
#include "runtime/CallRecovery.h"

#include "mlir/IR/Operation.h"

#include <cstdint>
#include <optional>

namespace oxla::tools {

/// Calls a compiled entry (`oxla_entry_<name>`, ModuleABI.h) on `arguments`,
/// writing `results` (allocated by the caller, of the entry's result types),
/// under a recovery point (runtime/CallRecovery.h): returns why the call was
/// abandoned (its results then hold nothing), or nothing when it ran.
/// `resultInArgument`, when given, has per result the argument whose
/// memory it is written in (a donated argument), or -1.
[[nodiscard]] std::optional<rt::AbandonedCall>
callCompiledEntry(void (*entry)(void **), llvm::MutableArrayRef<interp::Tensor> arguments,
                  llvm::MutableArrayRef<interp::Tensor> results,
                  llvm::ArrayRef<int64_t> resultInArgument = {});
/// The exit code of an abandoned call; prints what the check routines did
/// not (the bytes an allocation asked for).
int exitCodeOfAbandonedCall(const rt::AbandonedCall &abandoned);

/// How many roundings one op adds to the longest chain through it: 1, or
/// for an op that computes sums of n > 1 terms (reduce: operand elements per
/// result element; dot_general, convolution: the square root of operand
/// elements times each other per result element, the contraction length
/// for a matrix product) 1 + 2 sqrt(n), as the errors of a sum computed in
/// another order (the interpreter adds the terms in sequence, compiled
/// code in lanes and blocks) grow like a random walk.
int64_t operationLength(mlir::Operation *op);

/// The length of a program: the sum of its ops' operationLength
/// (constants, calls, returns and functions not counted), which bounds how
/// many roundings a result went through.
int64_t computationLength(mlir::Operation *root);

/// How far a compiled result may be from the interpreter's.
struct Tolerance {
  uint64_t maxUlp = 3;
  /// --rtol; nullopt: `length` times the result type's machine epsilon.
  std::optional<double> relative;
  double absolute = 0;
  /// The length the default relative tolerance counts.
  int64_t length = 1;
};

/// Compares a compiled result with the interpreter's: integers exactly,
/// floats and complex numbers within `tolerance` (interp::checkScaled).
interp::CheckResult compareWithReference(const interp::Tensor &compiled,
                                         const interp::Tensor &expected,
                                         const Tolerance &tolerance);

} // namespace oxla::tools

#endif // OXLA_TOOLS_COMMON_CROSSCHECK_H
