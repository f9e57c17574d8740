//===- EntryPoints.h - Which functions a run tool runs, on what inputs ----===//
//
// The entry rules and --input handling DESIGN.md fixes for oxla-interpret
// and oxla-run alike.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_TOOLS_COMMON_ENTRYPOINTS_H
#define OXLA_TOOLS_COMMON_ENTRYPOINTS_H

#include "interpreter/Tensor.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include <string>
#include <vector>

namespace oxla::tools {

/// `entryName` if given, else a public @main, else every public function
/// without arguments.
llvm::SmallVector<mlir::func::FuncOp> entryPoints(mlir::ModuleOp module,
                                                  llvm::StringRef entryName);

/// True when a module has nothing to run: no functions (an empty split).
bool hasNoFunctions(mlir::ModuleOp module);

/// Reports why `entryPoints` found nothing; returns kExitInvalid.
int reportNoEntryPoint(mlir::ModuleOp module, llvm::StringRef entryName);

/// The tensors `specs` (--input values) give, checked against the
/// signature of `function`. Reports a located error and fails on mismatch.
mlir::FailureOr<llvm::SmallVector<interp::Tensor>>
argumentsFor(mlir::func::FuncOp function, llvm::ArrayRef<std::string> specs,
             llvm::StringRef toolName);

/// How many leading arguments of `function` are dimension variables: the
/// integer scalars a shape-polymorphic JAX export takes before its arrays,
/// when some array has a dynamic shape (0 otherwise).
size_t leadingDimensionVariables(mlir::func::FuncOp function);

/// Arguments for `function` from a random generator seeded with `seed`:
/// each '?' size is `dimSize`; floats uniform in [-3, 3], integers nonzero
/// in [-5, 5] (unsigned: [1, 10], so that no division by zero hides a
/// miscompile), booleans either. Dimension variables
/// (leadingDimensionVariables) get `dimSize`. Fails after an error for
/// argument types it cannot generate (quantized, tokens).
mlir::FailureOr<llvm::SmallVector<interp::Tensor>>
randomArgumentsFor(mlir::func::FuncOp function, uint64_t seed, int64_t dimSize);

/// The arguments the command line asks for: `specs` (--input), or random
/// ones under --random-inputs [--seed N] [--dim-size N].
mlir::FailureOr<llvm::SmallVector<interp::Tensor>>
commandLineArguments(mlir::func::FuncOp function, llvm::ArrayRef<std::string> specs,
                     llvm::StringRef toolName);

/// The more severe of two exit codes: internal > invalid > unsupported >
/// failed check.
int combineExitCodes(int a, int b);

} // namespace oxla::tools

#endif // OXLA_TOOLS_COMMON_ENTRYPOINTS_H
