//===- JIT.h - Run a lowered module in process ----------------------------===//
//
// The module, in the LLVM dialect with the module ABI added (ModuleABI.h),
// is translated, optimized at -O2 and compiled for the host CPU as
// `oxla-compile` compiles a shared library: in parts on several threads
// (ParallelCompile.h). The objects are linked in memory by LLVM ORC
// (JITLink) with the runtime symbols the caller provides (check routines,
// custom calls) and the process's own (libm).
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_TARGET_CPU_JIT_H
#define OXLA_COMPILER_TARGET_CPU_JIT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <string>
#include <utility>

namespace llvm::orc {
class LLJIT;
} // namespace llvm::orc

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace oxla {

class CompileTimings;

/// A runtime symbol: name and address.
using RuntimeSymbol = std::pair<llvm::StringRef, void *>;

class JitModule {
public:
  /// Compiles and links `module`. On failure, `error` says why. With
  /// `timings`, records each LLVM stage and the in-memory link.
  static std::unique_ptr<JitModule> create(mlir::ModuleOp module,
                                           llvm::ArrayRef<RuntimeSymbol> symbols,
                                           std::string &error,
                                           CompileTimings *timings = nullptr);
  ~JitModule();

  /// The address of `symbol`, or null with `error` set.
  void *lookup(llvm::StringRef symbol, std::string &error) const;

private:
  explicit JitModule(std::unique_ptr<llvm::orc::LLJIT> jit);
  std::unique_ptr<llvm::orc::LLJIT> jit_;
};

} // namespace oxla

#endif // OXLA_COMPILER_TARGET_CPU_JIT_H
