//===- ToolSupport.cpp - What every oxla command-line tool shares ---------===//

#include "tools/common/ToolSupport.h"

#include "mlir/Bytecode/BytecodeReader.h"

#include "llvm/Support/CommandLine.h"
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
