//===- ToolSupport.cpp - What every oxla command-line tool shares ---------===//

#include "tools/common/ToolSupport.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/Support/FileUtilities.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <string>

llvm::cl::OptionCategory &oxla::tools::toolOptions() {
  static llvm::cl::OptionCategory category("Options");
  return category;
}

llvm::cl::OptionCategory &oxla::tools::inputOptions() {
  static llvm::cl::OptionCategory category("Random inputs");
  return category;
}

void oxla::tools::parseCommandLine(int argc, char **argv, llvm::StringRef overview,
                                   llvm::ArrayRef<const llvm::cl::OptionCategory *> categories) {
  // Linking LLVM and MLIR registers hundreds of their options; --help shows
  // the tool's own (--help-hidden all of them, which stay accepted).
  std::string description = overview.str();
  if (!categories.empty()) {
    llvm::cl::HideUnrelatedOptions(categories);
    description += "\nLLVM's and MLIR's options (e.g. --mlir-print-ir-after-all) are "
                   "accepted too; --help-hidden lists them.\n";
  }

  // LLVM's parser reads an argument that starts with '@' as a response
  // file, so `--input @x.npy` is joined into `--input=@x.npy` first.
  std::vector<const char *> args;
  std::vector<std::string> joined;
  joined.reserve(argc);
  for (int i = 0; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if (arg == "-h") {
      args.push_back("--help");
    } else if ((arg == "--input" || arg == "-input") && i + 1 < argc &&
               argv[i + 1][0] == '@') {
      joined.push_back(arg.str() + "=" + argv[++i]);
      args.push_back(joined.back().c_str());
    } else {
      args.push_back(argv[i]);
    }
  }

  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  if (!llvm::cl::ParseCommandLineOptions(static_cast<int>(args.size()), args.data(), description,
                                         &errorStream)) {
    errorStream.flush();
    llvm::errs() << errors;
    std::exit(kExitInvalid);
  }
}

void oxla::tools::forEachSplit(
    std::unique_ptr<llvm::MemoryBuffer> input,
    llvm::function_ref<void(std::unique_ptr<llvm::MemoryBuffer>)> process) {
  // A portable artifact is one binary module.
  if (mlir::isBytecode(*input))
    return process(std::move(input));
  llvm::StringRef text = input->getBuffer();
  llvm::StringRef name = input->getBufferIdentifier();
  size_t pieceStart = 0, lineStart = 0, piecesFirstLine = 0, line = 0;
  auto emit = [&](size_t end) {
    std::string piece(piecesFirstLine, '\n');
    piece += text.slice(pieceStart, end).str();
    process(llvm::MemoryBuffer::getMemBufferCopy(piece, name));
  };
  while (lineStart < text.size()) {
    size_t lineEnd = text.find('\n', lineStart);
    if (lineEnd == llvm::StringRef::npos)
      lineEnd = text.size();
    if (text.slice(lineStart, lineEnd).rtrim() == "// -----") {
      emit(lineStart);
      pieceStart = lineEnd;
      piecesFirstLine = line;
    }
    lineStart = lineEnd + 1;
    ++line;
  }
  emit(text.size());
}

std::unique_ptr<llvm::MemoryBuffer> oxla::tools::openProgramFile(llvm::StringRef path,
                                                                 std::string *error) {
  llvm::sys::fs::file_status status;
  bool regular = path == "-" ? !llvm::sys::fs::status(0, status) &&
                                   status.type() == llvm::sys::fs::file_type::regular_file
                             : llvm::sys::fs::status(path, status) ||
                                   status.type() == llvm::sys::fs::file_type::regular_file ||
                                   status.type() == llvm::sys::fs::file_type::directory_file;
  // A regular file (and a missing one or a directory, which the MLIR
  // function reports) is read as MLIR's tools read it.
  if (regular)
    return mlir::openInputFile(path, error);
  llvm::sys::fs::file_t file = llvm::sys::fs::getStdinHandle();
  if (path != "-") {
    llvm::Expected<llvm::sys::fs::file_t> opened = llvm::sys::fs::openNativeFileForRead(path);
    if (!opened) {
      *error = "cannot open input file '" + path.str() + "': " + llvm::toString(opened.takeError());
      return nullptr;
    }
    file = *opened;
  }
  constexpr size_t kMaxStreamedBytes = size_t(2) << 30;
  constexpr size_t kZeroPrefix = 4096;
  std::string contents;
  std::vector<char> chunk(1 << 16);
  std::string why;
  for (;;) {
    llvm::Expected<size_t> read = llvm::sys::fs::readNativeFile(file, chunk);
    if (!read) {
      why = "cannot read '" + path.str() + "': " + llvm::toString(read.takeError());
      break;
    }
    if (*read == 0)
      break;
    contents.append(chunk.data(), *read);
    if (contents.size() >= kZeroPrefix &&
        llvm::all_of(llvm::StringRef(contents).take_front(kZeroPrefix),
                     [](char c) { return c == 0; })) {
      why = "'" + path.str() + "' is not a program: it starts with " +
            std::to_string(kZeroPrefix) + " zero bytes";
      break;
    }
    if (contents.size() > kMaxStreamedBytes) {
      why = "'" + path.str() + "' streams more than 2 GiB: give the program as a regular file";
      break;
    }
  }
  if (path != "-")
    llvm::sys::fs::closeFile(file);
  if (!why.empty()) {
    *error = why;
    return nullptr;
  }
  return llvm::MemoryBuffer::getMemBufferCopy(contents, path == "-" ? "<stdin>" : path);
}
