//===- JIT.h - Run a lowered module in process ----------------------------===//
//
// Wraps MLIR's ExecutionEngine (LLVM ORC): the module, in the LLVM dialect
// with the module ABI added (ModuleABI.h), is translated, optimized at -O2
// for the host CPU and linked with the runtime symbols the caller provides
// (check routines, later custom calls).
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_TARGET_CPU_JIT_H
#define OXLA_COMPILER_TARGET_CPU_JIT_H

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
  /// Compiles `module`. On failure, `error` says why.
  static std::unique_ptr<JitModule> create(mlir::ModuleOp module,
                                           llvm::ArrayRef<RuntimeSymbol> symbols,
                                           std::string &error);
  ~JitModule();

  /// The address of `symbol`, or null with `error` set.
  void *lookup(llvm::StringRef symbol, std::string &error) const;

private:
  explicit JitModule(std::unique_ptr<mlir::ExecutionEngine> engine);
  std::unique_ptr<mlir::ExecutionEngine> engine_;
};

} // namespace oxla

#endif // OXLA_COMPILER_TARGET_CPU_JIT_H
