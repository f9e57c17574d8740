//===- ToolSupport.cpp - What every oxla command-line tool shares ---------===//

#include "tools/common/ToolSupport.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <string>

void oxla::tools::parseCommandLine(int argc, char **argv,
                                   llvm::StringRef overview) {
  std::vector<const char *> args(argv, argv + argc);
  for (const char *&arg : args)
    if (llvm::StringRef(arg) == "-h")
      arg = "--help";

  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  if (!llvm::cl::ParseCommandLineOptions(static_cast<int>(args.size()),
                                         args.data(), overview,
                                         &errorStream)) {
    errorStream.flush();
    llvm::errs() << errors;
    std::exit(kExitInvalid);
  }
}
