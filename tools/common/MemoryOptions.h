//===- MemoryOptions.h - --memory-report and --memory-limit ---------------===//
//
// oxla-compile and oxla-run print each entry's buffer plan before running
// (--memory-report, runtime/MemoryReport.h) and refuse a module whose
// predicted peak is over --memory-limit BYTES (exit 2, naming the bytes
// needed and the buffers live at the peak).
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_TOOLS_COMMON_MEMORYOPTIONS_H
#define OXLA_TOOLS_COMMON_MEMORYOPTIONS_H

#include "compiler/Pipelines/CPUPipeline.h"
#include "runtime/ModuleMetadata.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/CommandLine.h"

namespace oxla::tools {

extern llvm::cl::opt<bool> memoryReport;
extern llvm::cl::opt<uint64_t> memoryLimit;

/// Prints the reports (--memory-report) and checks --memory-limit; returns
/// the exit code (kExitOk, or kExitInvalid over the limit).
int reportAndCheckMemory(const rt::ModuleMetadata &metadata);

/// compileForCPU(module, entries, lastPhase, true, why, timings), fitting
/// --memory-limit when it can: when an entry's predicted peak is over the
/// limit, the module as given is compiled again with cheap producers
/// rematerialized (setRematerialization) and that module (and `entries`,
/// its functions of the same names) kept, with a note on stderr.
/// reportAndCheckMemory checks the limit after.
mlir::FailureOr<rt::ModuleMetadata>
compileWithinMemoryLimit(mlir::OwningOpRef<mlir::ModuleOp> &module,
                         llvm::SmallVectorImpl<mlir::func::FuncOp> &entries,
                         llvm::StringRef lastPhase, CompileFailure *why,
                         CompileTimings *timings);

} // namespace oxla::tools

#endif // OXLA_TOOLS_COMMON_MEMORYOPTIONS_H
