//===- Bisect.h - The first op whose compiled result is wrong -------------===//
//
// `oxla-run FILE --bisect`: runs an entry op by op, compiled and in the
// interpreter, on the same inputs (the interpreter's values of each op's
// operands), and reports the first op whose compiled result leaves the
// interpreter's by more than that op's own bound (docs/errors.md,
// "Finding a miscompile").
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_TOOLS_OXLA_RUN_BISECT_H
#define OXLA_TOOLS_OXLA_RUN_BISECT_H

#include "interpreter/Tensor.h"
#include "tools/common/CrossCheck.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace oxla::tools {

/// Bisects entry `entryName` of `module` (specialized for `arguments`,
/// not yet compiled) on `arguments`. `toleranceFor` gives the bound of an
/// op of a given operationLength; `flag` is the option the diagnostics
/// name (`--bisect`, or `--check-with-interpreter` when it confirms a
/// difference op by op), and only `--bisect` prints that all ops agree.
/// Returns the exit code: 0 when every op agrees, 1 after reporting the
/// first that does not, else the code of the failure to compile or
/// interpret the ops.
int bisectMiscompile(mlir::ModuleOp module, llvm::StringRef entryName,
                     llvm::ArrayRef<interp::Tensor> arguments,
                     llvm::function_ref<Tolerance(int64_t length)> toleranceFor,
                     llvm::StringRef flag = "--bisect");

} // namespace oxla::tools

#endif // OXLA_TOOLS_OXLA_RUN_BISECT_H
