//===- JIT.h - Run a lowered module in process ----------------------------===//
//
// Wraps MLIR's ExecutionEngine (LLVM ORC): the module, in the LLVM dialect,
// is translated, optimized at -O2 for the host CPU and linked with the
// runtime symbols the caller provides (check routines, later custom calls).
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_TARGET_CPU_JIT_H
#define OXLA_COMPILER_TARGET_CPU_JIT_H

#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <string>
#include <utility>

namespace mlir {
class ExecutionEngine;
class ModuleOp;
} // namespace mlir

namespace oxla {

/// A runtime symbol: name and address.
using RuntimeSymbol = std::pair<llvm::StringRef, void *>;

class JitModule {
public:
  /// Compiles `module` (LLVM dialect). On failure, `error` says why.
  static std::unique_ptr<JitModule> create(mlir::ModuleOp module,
                                           llvm::ArrayRef<RuntimeSymbol> symbols,
                                           std::string &error);
  ~JitModule();

  /// Calls `_mlir_ciface_<function>` with `args`, each the address of one
  /// argument (for memrefs: of the pointer to its descriptor).
  mlir::LogicalResult invoke(llvm::StringRef function,
                             llvm::MutableArrayRef<void *> args,
                             std::string &error);

private:
  explicit JitModule(std::unique_ptr<mlir::ExecutionEngine> engine);
  std::unique_ptr<mlir::ExecutionEngine> engine_;
};

} // namespace oxla

#endif // OXLA_COMPILER_TARGET_CPU_JIT_H
