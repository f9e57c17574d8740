//===- RunOptions.cpp - Options of the tools that run programs ------------===//

#include "tools/common/RunOptions.h"
#include "tools/common/ToolSupport.h"

using namespace oxla::tools;

llvm::cl::opt<std::string> oxla::tools::entryName("entry",
                                                  llvm::cl::desc("The function to run"),
                                                  llvm::cl::value_desc("name"),
                                                  llvm::cl::cat(toolOptions()));
llvm::cl::list<std::string> oxla::tools::inputSpecs(
    "input",
    llvm::cl::desc("An argument: SHAPExTYPE=v1,v2,... (e.g. 2x3xf32=1,2,3,4,5,6, "
                   "f32=7), SHAPExTYPE for zeros, or @file.npy"),
    llvm::cl::value_desc("spec"), llvm::cl::cat(toolOptions()));
llvm::cl::opt<bool> oxla::tools::printResults(
    "print-results",
    llvm::cl::desc("Print each entry's results (EXEC @name, then one line per result)"),
    llvm::cl::cat(toolOptions()));
