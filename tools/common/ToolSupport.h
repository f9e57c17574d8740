//===- ToolSupport.h - What every oxla command-line tool shares -----------===//
//
// Exit codes and command-line handling fixed by DESIGN.md for all tools.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_TOOLS_COMMON_TOOLSUPPORT_H
#define OXLA_TOOLS_COMMON_TOOLSUPPORT_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>
#include <vector>

namespace oxla::tools {

/// Exit codes of every oxla tool.
enum ExitCode : int {
  kExitOk = 0,          ///< ran, and every check passed
  kExitCheckFailed = 1, ///< a check failed, or a runtime error
  kExitInvalid = 2,     ///< invalid input or usage: parse, verify, flags
  kExitUnsupported = 3, ///< an op, type or feature oxla does not implement
};

/// Parses the registered llvm::cl options. Accepts `-h` for `--help`. On a
/// bad flag it prints the error and exits with kExitInvalid (LLVM's own
/// parser would exit 1, which oxla reserves for failed checks).
void parseCommandLine(int argc, char **argv, llvm::StringRef overview);

/// Splits `input` at lines that are exactly `// -----` and calls `process`
/// on each piece. Every piece is named like the whole file and starts with as
/// many blank lines as precede it there, so diagnostics report the file's own
/// line and column (MLIR's splitter names pieces "within split at").
void forEachSplit(
    std::unique_ptr<llvm::MemoryBuffer> input,
    llvm::function_ref<void(std::unique_ptr<llvm::MemoryBuffer>)> process);

} // namespace oxla::tools

#endif // OXLA_TOOLS_COMMON_TOOLSUPPORT_H
