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

#include "runtime/ModuleMetadata.h"

#include "llvm/Support/CommandLine.h"

namespace oxla::tools {

extern llvm::cl::opt<bool> memoryReport;
extern llvm::cl::opt<uint64_t> memoryLimit;

/// Prints the reports (--memory-report) and checks --memory-limit; returns
/// the exit code (kExitOk, or kExitInvalid over the limit).
int reportAndCheckMemory(const rt::ModuleMetadata &metadata);

} // namespace oxla::tools

#endif // OXLA_TOOLS_COMMON_MEMORYOPTIONS_H
