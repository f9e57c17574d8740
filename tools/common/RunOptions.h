//===- RunOptions.h - Options of the tools that run programs --------------===//
//
// --entry, --input, --print-results and --output, the same in oxla-run and
// oxla-interpret (oxla-compile has an --entry of its own).
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_TOOLS_COMMON_RUNOPTIONS_H
#define OXLA_TOOLS_COMMON_RUNOPTIONS_H

#include "interpreter/Tensor.h"

#include "llvm/Support/CommandLine.h"

#include <string>

namespace oxla::tools {

extern llvm::cl::opt<std::string> entryName;
extern llvm::cl::list<std::string> inputSpecs;
extern llvm::cl::opt<bool> printResults;
extern llvm::cl::opt<std::string> outputDir;

/// With --output DIR, writes result i of @entry as DIR/entry.i.npy (creating
/// DIR); returns the exit code (kExitOk without --output).
int writeResults(llvm::StringRef entry, llvm::ArrayRef<interp::Tensor> results);

} // namespace oxla::tools

#endif // OXLA_TOOLS_COMMON_RUNOPTIONS_H
