//===- ToolSupport.h - What every oxla command-line tool shares -----------===//
//
// Exit codes and command-line handling fixed by DESIGN.md for all tools.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_TOOLS_COMMON_TOOLSUPPORT_H
#define OXLA_TOOLS_COMMON_TOOLSUPPORT_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
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
  kExitInternal = 4,    ///< a bug in oxla: a valid program failed to compile
};

/// The category of the tool's own options: --help lists these only (LLVM's
/// and MLIR's, still accepted, are under --help-hidden).
llvm::cl::OptionCategory &toolOptions();
/// The options of the tools that run programs (--random-inputs and its
/// seed and sizes: EntryPoints.cpp).
llvm::cl::OptionCategory &inputOptions();

/// Parses the registered llvm::cl options. With `categories`, --help lists
/// only the options of those (oxla-opt, without, lists every pass as
/// mlir-opt does). Accepts `-h` for `--help`. On a bad flag it prints the
/// error and exits with kExitInvalid (LLVM's own parser would exit 1, which
/// oxla reserves for failed checks).
void parseCommandLine(int argc, char **argv, llvm::StringRef overview,
                      llvm::ArrayRef<const llvm::cl::OptionCategory *> categories = {});

/// Opens the program file `path` ("-": standard input) as mlir::openInputFile
/// does. A file that is not a regular one (a pipe, a device) is read up to
/// 2 GiB and refused past it, and refused at once when it starts with 4 KiB
/// of zero bytes: /dev/zero is not a program, and reading it never ends.
std::unique_ptr<llvm::MemoryBuffer> openProgramFile(llvm::StringRef path,
                                                    std::string *error);

/// Splits `input` at lines that are exactly `// -----` and calls `process`
/// on each piece. Every piece is named like the whole file and starts with as
/// many blank lines as precede it there, so diagnostics report the file's own
/// line and column (MLIR's splitter names pieces "within split at").
void forEachSplit(
    std::unique_ptr<llvm::MemoryBuffer> input,
    llvm::function_ref<void(std::unique_ptr<llvm::MemoryBuffer>)> process);

} // namespace oxla::tools

#endif // OXLA_TOOLS_COMMON_TOOLSUPPORT_H
