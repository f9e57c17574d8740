//===- RunOptions.cpp - Options of the tools that run programs ------------===//

#include "tools/common/RunOptions.h"
#include "tools/common/ToolSupport.h"

#include "interpreter/TensorIO.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

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
llvm::cl::opt<std::string> oxla::tools::outputDir(
    "output",
    llvm::cl::desc("Write each entry's results as .npy files: DIR/<entry>.<i>.npy"),
    llvm::cl::value_desc("DIR"), llvm::cl::cat(toolOptions()));

int oxla::tools::writeResults(llvm::StringRef entry, llvm::ArrayRef<interp::Tensor> results) {
  if (outputDir.empty())
    return kExitOk;
  if (std::error_code ec = llvm::sys::fs::create_directories(outputDir)) {
    llvm::errs() << "error: cannot create the --output directory '" << outputDir
                 << "': " << ec.message() << "\n";
    return kExitInvalid;
  }
  int code = kExitOk;
  for (auto [index, result] : llvm::enumerate(results)) {
    llvm::SmallString<256> path(outputDir);
    llvm::sys::path::append(path, entry + "." + llvm::Twine(index) + ".npy");
    std::string error;
    bool widened = false;
    if (!interp::writeNpy(path, result, error, &widened)) {
      llvm::errs() << "error: result " << index << " of @" << entry << ": " << error << "\n";
      code = kExitUnsupported;
    } else if (widened) {
      llvm::errs() << "note: result " << index << " of @" << entry << " is "
                   << result.elementType().name()
                   << ", which NumPy has no dtype for: '" << path
                   << "' holds it as float32 (exactly)\n";
    }
  }
  return code;
}
