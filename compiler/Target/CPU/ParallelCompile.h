//===- ParallelCompile.h - Optimize and generate code on several threads --===//
#ifndef OXLA_COMPILER_TARGET_CPU_PARALLELCOMPILE_H
#define OXLA_COMPILER_TARGET_CPU_PARALLELCOMPILE_H

#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace oxla {

class CompileTimings;

/// The threads compileInParallel runs on by default: one per hardware
/// thread.
unsigned parallelCompileThreads();

/// The number of parts compileInParallel splits `module` into for
/// `threads` threads: a few per thread (each thread takes the next part
/// when it is done with one), at most one per
/// kParallelCompileMinInstructions of its instructions (a small module is
/// not worth the split), at least one; one on a single thread.
unsigned parallelCompileParts(const llvm::Module &module, unsigned threads);

/// Optimizes (makeOptimizer) and compiles `module` for `cpu` into `parts`
/// object files on `threads` threads (0: one per part), each part in an
/// LLVM context of its own, each thread with its own target machine taking
/// the largest part left. The functions are spread over the parts by size;
/// small functions that callers may inline (and `alwaysinline` ones) are
/// copied into every part, each copy internal except in part 0; the other
/// local symbols become hidden external symbols so that the parts link
/// together. With `parts` 1 this is the module compiled whole. With
/// `timings`, records the split and each part's optimization and code
/// generation. Each part's large constants become data after its
/// optimization (ConstantData.h); `initializers` receives the names of the
/// parts' initializer functions, which a shared library runs as
/// constructors and the JIT calls.
mlir::LogicalResult compileInParallel(std::unique_ptr<llvm::Module> module,
                                      llvm::StringRef cpu, unsigned parts,
                                      llvm::SmallVectorImpl<llvm::SmallString<0>> &objects,
                                      std::string &error, CompileTimings *timings = nullptr,
                                      llvm::SmallVectorImpl<std::string> *initializers = nullptr,
                                      unsigned threads = 0);

} // namespace oxla

#endif // OXLA_COMPILER_TARGET_CPU_PARALLELCOMPILE_H
