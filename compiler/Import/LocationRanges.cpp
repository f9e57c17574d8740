//===- LocationRanges.cpp - Source ranges in locations, for MLIR 19 -------===//
//
// Newer MLIR (llvm-project #112216, MLIR 20) prints a location that covers a
// range of the source as `loc("f.py":10:8 to :54)` (same line) or
// `loc("f.py":10:8 to 12:3)`; JAX writes such locations since it moved to
// that MLIR. MLIR 19 knows only the point `"f.py":10:8`. The range's start is
// that point, so the rewrite drops ` to ...` and keeps the start. It matches
// only directly after a string literal (the file name), so text inside
// strings and comments is never touched.
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/SourceCompat.h"
#include "compiler/Import/SourceScanner.h"

#include "llvm/ADT/StringExtras.h"

namespace oxla {
namespace {

/// Advances `pos` past an unsigned decimal integer; false if there is none.
bool skipInteger(llvm::StringRef text, size_t &pos) {
  size_t begin = pos;
  while (pos < text.size() && llvm::isDigit(text[pos]))
    ++pos;
  return pos > begin;
}

bool skipChar(llvm::StringRef text, size_t &pos, char c) {
  if (pos >= text.size() || text[pos] != c)
    return false;
  ++pos;
  return true;
}

size_t skipSpaces(llvm::StringRef text, size_t pos) {
  while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t'))
    ++pos;
  return pos;
}

/// For a string literal ending at `pos`, the range [start, end) of
/// ` to <end>` when `:LINE:COL to :COL` or `:LINE:COL to LINE:COL` follows.
std::optional<TextEdit> matchRange(llvm::StringRef text, size_t pos) {
  if (!skipChar(text, pos, ':') || !skipInteger(text, pos) || !skipChar(text, pos, ':') ||
      !skipInteger(text, pos))
    return std::nullopt;
  size_t start = pos;
  pos = skipSpaces(text, pos);
  if (pos == start || !text.substr(pos).starts_with("to"))
    return std::nullopt;
  pos += 2;
  size_t afterTo = pos;
  pos = skipSpaces(text, pos);
  if (pos == afterTo)
    return std::nullopt;
  if (skipChar(text, pos, ':')) {
    if (!skipInteger(text, pos))
      return std::nullopt;
  } else if (!skipInteger(text, pos) || !skipChar(text, pos, ':') || !skipInteger(text, pos)) {
    return std::nullopt;
  }
  // What follows must end the location (`)`), not continue a longer token.
  if (pos < text.size() && (isIdentifierChar(text[pos]) || text[pos] == ':'))
    return std::nullopt;
  return TextEdit{start, pos, ""};
}

} // namespace

std::optional<std::string> dropLocationRanges(llvm::StringRef text) {
  std::vector<TextEdit> edits;
  scanSource(text, [&](SourceSpan span) {
    if (span.kind != SourceSpan::String)
      return;
    if (std::optional<TextEdit> edit = matchRange(text, span.end))
      edits.push_back(std::move(*edit));
  });
  if (edits.empty())
    return std::nullopt;
  return applyEdits(text, edits);
}

} // namespace oxla
