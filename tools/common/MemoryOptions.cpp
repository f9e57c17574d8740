//===- MemoryOptions.cpp - --memory-report and --memory-limit -------------===//

#include "tools/common/MemoryOptions.h"
#include "tools/common/ToolSupport.h"

#include "runtime/MemoryReport.h"

#include "llvm/Support/raw_ostream.h"

using namespace oxla::tools;

llvm::cl::opt<bool> oxla::tools::memoryReport(
    "memory-report",
    llvm::cl::desc("Print each entry's memory plan: arguments, results, temporaries, the "
                   "arena, the buffers live at the peak, then 'memory @NAME: peak N bytes "
                   "(arguments A, results R, temporaries T)'"),
    llvm::cl::cat(toolOptions()));
llvm::cl::opt<uint64_t> oxla::tools::memoryLimit(
    "memory-limit",
    llvm::cl::desc("Fail (exit 2) when an entry's predicted peak is over BYTES"),
    llvm::cl::value_desc("BYTES"), llvm::cl::init(0), llvm::cl::cat(toolOptions()));

int oxla::tools::reportAndCheckMemory(const rt::ModuleMetadata &metadata) {
  int code = kExitOk;
  for (const rt::EntryMetadata &entry : metadata.entries) {
    if (memoryReport)
      llvm::outs() << rt::memoryReport(entry);
    if (memoryLimit.getNumOccurrences() == 0)
      continue;
    rt::PredictedMemory predicted = rt::predictMemory(entry);
    if (predicted.peak() <= memoryLimit)
      continue;
    llvm::errs() << "error: @" << entry.name << " needs " << predicted.peak()
                 << " bytes at its peak (arguments " << predicted.arguments << ", results "
                 << predicted.results << ", temporaries " << predicted.temporaries
                 << "), over --memory-limit " << memoryLimit << "\n";
    for (const rt::PlannedBufferDescription &buffer : entry.memory.atPeak)
      llvm::errs() << "note: live at the peak: " << buffer.bytes << " bytes, "
                   << buffer.type << " from "
                   << (buffer.location.empty() ? "?" : buffer.location) << "\n";
    code = kExitInvalid;
  }
  llvm::outs().flush();
  return code;
}
