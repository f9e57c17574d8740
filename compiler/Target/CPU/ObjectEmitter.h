//===- ObjectEmitter.h - LLVM IR, assembly, objects and shared libraries --===//
#ifndef OXLA_COMPILER_TARGET_CPU_OBJECTEMITTER_H
#define OXLA_COMPILER_TARGET_CPU_OBJECTEMITTER_H

#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <memory>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
class TargetMachine;
class raw_pwrite_stream;
} // namespace llvm

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace oxla {

class CompileTimings;

/// A target machine for `cpu` ("host": this machine's CPU and features),
/// at -O3 code generation, position independent.
std::unique_ptr<llvm::TargetMachine> createTargetMachine(llvm::StringRef cpu,
                                                         std::string &error);

/// The optimizer of both the JIT and the object files: LLVM's -O2 for
/// `machine` (without SLP vectorization in modules with huge blocks), then
/// the calls that vectorization made of `alwaysinline` functions inlined.
std::function<llvm::Error(llvm::Module *)> makeOptimizer(llvm::TargetMachine *machine);

/// Translates an LLVM-dialect module to LLVM IR for `machine` and optimizes
/// it at -O2.
std::unique_ptr<llvm::Module> translateAndOptimize(mlir::ModuleOp module,
                                                   llvm::LLVMContext &context,
                                                   llvm::TargetMachine &machine,
                                                   std::string &error,
                                                   CompileTimings *timings = nullptr);

/// Writes assembly or an object file.
mlir::LogicalResult emitMachineCode(llvm::Module &module, llvm::TargetMachine &machine,
                                    bool assembly, llvm::raw_pwrite_stream &os,
                                    std::string &error);

/// Why writeSharedLibrary failed: this machine cannot do it (no target for
/// the CPU, no linker, no temporary file), or oxla failed on a valid module
/// (translation or code generation: a bug).
enum class LibraryFailure { Unsupported, Internal };

/// Translates, optimizes and compiles a lowered module (compileForCPU with
/// its module ABI) for `cpu` and links it into the shared library
/// `outputPath`, as `oxla-compile -o` writes it. A large module is split
/// into parts compiled on the hardware threads (ParallelCompile.h); `parts`
/// other than 0 sets their number, compiled on as many threads, `threads`
/// other than 0 the threads. With `timings`, records each LLVM stage.
mlir::LogicalResult writeSharedLibrary(mlir::ModuleOp module, llvm::StringRef cpu,
                                       llvm::StringRef outputPath, std::string &error,
                                       LibraryFailure *why = nullptr, unsigned parts = 0,
                                       CompileTimings *timings = nullptr,
                                       unsigned threads = 0);

/// Links `objectPaths` into the shared library `outputPath` with the
/// system's C compiler driver (clang-19, clang or cc), against libm. The
/// runtime routines stay undefined: the loading process provides them.
mlir::LogicalResult linkSharedLibrary(llvm::ArrayRef<std::string> objectPaths,
                                      llvm::StringRef outputPath, std::string &error);

} // namespace oxla

#endif // OXLA_COMPILER_TARGET_CPU_OBJECTEMITTER_H
