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

void oxla::tools::forEachSplit(
    std::unique_ptr<llvm::MemoryBuffer> input,
    llvm::function_ref<void(std::unique_ptr<llvm::MemoryBuffer>)> process) {
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
