//===- RunOptions.h - Options of the tools that run programs --------------===//
//
// --entry, --input and --print-results, the same in oxla-run and
// oxla-interpret (oxla-compile has an --entry of its own).
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_TOOLS_COMMON_RUNOPTIONS_H
#define OXLA_TOOLS_COMMON_RUNOPTIONS_H

#include "llvm/Support/CommandLine.h"

#include <string>

namespace oxla::tools {

extern llvm::cl::opt<std::string> entryName;
extern llvm::cl::list<std::string> inputSpecs;
extern llvm::cl::opt<bool> printResults;

} // namespace oxla::tools

#endif // OXLA_TOOLS_COMMON_RUNOPTIONS_H
