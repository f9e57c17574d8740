//===- MemoryOptions.cpp - --memory-report and --memory-limit -------------===//

#include "tools/common/MemoryOptions.h"
#include "tools/common/ToolSupport.h"

#include "runtime/MemoryReport.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>

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

mlir::FailureOr<oxla::rt::ModuleMetadata> oxla::tools::compileWithinMemoryLimit(
    mlir::OwningOpRef<mlir::ModuleOp> &module, llvm::SmallVectorImpl<mlir::func::FuncOp> &entries,
    llvm::StringRef lastPhase, CompileFailure *why, CompileTimings *timings) {
  bool wholePipeline = lastPhase.empty() || lastPhase == cpuPipelinePhases().back().name;
  mlir::OwningOpRef<mlir::ModuleOp> given;
  // The names now: compiling lowers the functions.
  llvm::SmallVector<std::string> names;
  for (mlir::func::FuncOp entry : entries)
    names.push_back(entry.getSymName().str());
  if (memoryLimit.getNumOccurrences() != 0 && wholePipeline)
    given = module->clone();
  mlir::FailureOr<rt::ModuleMetadata> metadata =
      compileForCPU(*module, entries, lastPhase, /*applyCommandLineOptions=*/true, why, timings);
  if (failed(metadata) || !given)
    return metadata;
  uint64_t over = 0;
  for (const rt::EntryMetadata &entry : metadata->entries)
    over = std::max(over, rt::predictMemory(entry).peak());
  if (over <= memoryLimit)
    return metadata;
  llvm::SmallVector<mlir::func::FuncOp> again;
  for (const std::string &name : names)
    again.push_back(given->lookupSymbol<mlir::func::FuncOp>(name));
  setRematerialization(true);
  mlir::FailureOr<rt::ModuleMetadata> rematerialized =
      compileForCPU(*given, again, lastPhase, /*applyCommandLineOptions=*/true, why, timings);
  setRematerialization(false);
  if (failed(rematerialized))
    return rematerialized;
  uint64_t peak = 0;
  for (const rt::EntryMetadata &entry : rematerialized->entries)
    peak = std::max(peak, rt::predictMemory(entry).peak());
  llvm::errs() << "note: the largest peak, " << over << " bytes, is over --memory-limit "
               << memoryLimit << ": compiled again with cheap producers rematerialized, "
               << peak << " bytes\n";
  module = std::move(given);
  entries.assign(again.begin(), again.end());
  return rematerialized;
}
