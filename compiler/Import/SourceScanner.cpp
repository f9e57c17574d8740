//===- SourceScanner.cpp - MLIR text split into code, strings, comments ---===//

#include "compiler/Import/SourceScanner.h"

#include <algorithm>
#include <cstdint>

namespace oxla {

void scanSource(llvm::StringRef text, llvm::function_ref<void(SourceSpan)> visit) {
  size_t codeBegin = 0;
  auto flushCode = [&](size_t end) {
    if (end > codeBegin)
      visit({SourceSpan::Code, codeBegin, end});
  };
  size_t pos = 0;
  while (pos < text.size()) {
    char c = text[pos];
    if (c == '"') {
      flushCode(pos);
      size_t end = pos + 1;
      while (end < text.size() && text[end] != '"' && text[end] != '\n')
        end += text[end] == '\\' && end + 1 < text.size() ? 2 : 1;
      if (end < text.size() && text[end] == '"')
        ++end; // the closing quote
      visit({SourceSpan::String, pos, end});
      pos = codeBegin = end;
      continue;
    }
    if (c == '/' && pos + 1 < text.size() && text[pos + 1] == '/') {
      flushCode(pos);
      size_t end = text.find('\n', pos);
      if (end == llvm::StringRef::npos)
        end = text.size();
      visit({SourceSpan::Comment, pos, end});
      pos = codeBegin = end;
      continue;
    }
    ++pos;
  }
  flushCode(text.size());
}

std::string applyEdits(llvm::StringRef text, const std::vector<TextEdit> &edits) {
  std::string result;
  result.reserve(text.size());
  size_t copied = 0;
  for (const TextEdit &edit : edits) {
    result.append(text.data() + copied, edit.begin - copied);
    result += edit.replacement;
    size_t length = edit.end - edit.begin;
    if (edit.replacement.size() < length)
      result.append(length - edit.replacement.size(), ' ');
    copied = edit.end;
  }
  result.append(text.data() + copied, text.size() - copied);
  return result;
}

} // namespace oxla

std::optional<size_t> oxla::findExcessiveNesting(llvm::StringRef text, unsigned limit) {
  std::optional<size_t> found;
  int64_t depth = 0;
  scanSource(text, [&](SourceSpan span) {
    if (found || span.kind != SourceSpan::Code)
      return;
    for (size_t i = span.begin; i < span.end; ++i) {
      char c = text[i];
      char next = i + 1 < span.end ? text[i + 1] : '\0';
      char previous = i > span.begin ? text[i - 1] : '\0';
      if ((c == '<' || c == '>') && next == '=')
        continue;
      if (c == '>' && previous == '-')
        continue;
      if (c == '(' || c == '[' || c == '{' || c == '<') {
        if (++depth > int64_t(limit)) {
          found = i;
          return;
        }
      } else if (c == ')' || c == ']' || c == '}' || c == '>') {
        depth = std::max<int64_t>(depth - 1, 0);
      }
    }
  });
  return found;
}
