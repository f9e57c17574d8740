//===- SourceScanner.h - MLIR text split into code, strings, comments -----===//
//
// The rewrites that adapt text written by other MLIR versions
// (SourceCompat.h) must never touch what is inside a string literal (a
// location's file name, a backend_config, a hex constant's digits) or a
// comment. SourceScanner splits a text the way MLIR's lexer does, far enough
// to tell these apart: `"..."` with backslash escapes is a string literal,
// `//` up to the end of the line outside a string is a comment, everything
// else is code.
//
// Rewrites collect TextEdits and apply them in one pass; an edit whose
// replacement is shorter than what it replaces is padded with spaces, so
// every later column on the line, and with it every diagnostic location,
// stays where it was.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_IMPORT_SOURCESCANNER_H
#define OXLA_COMPILER_IMPORT_SOURCESCANNER_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace oxla {

struct SourceSpan {
  enum Kind { Code, String, Comment };
  Kind kind;
  size_t begin; ///< first character (a string's opening quote)
  size_t end;   ///< one past the last (a string's closing quote)
};

/// Calls `visit` for each maximal span of `text` in order; together the spans
/// cover the text. An unterminated string runs to the end of its line (MLIR's
/// lexer reports it; the rewrites leave it alone).
void scanSource(llvm::StringRef text, llvm::function_ref<void(SourceSpan)> visit);

/// The offset of the first bracket (`(`, `[`, `{` or `<`) of `text`'s code
/// that opens more than `limit` levels, counting every kind together
/// (`->`, `<=` and `>=` are not brackets); nullopt when none does. MLIR's
/// parser, verifier and printer recurse once per level of a type, an
/// attribute or a region: deeper text overflows their stack.
std::optional<size_t> findExcessiveNesting(llvm::StringRef text, unsigned limit);

/// Replaces [begin, end) of a text with `replacement`.
struct TextEdit {
  size_t begin, end;
  std::string replacement;
};

/// `text` with `edits` (sorted, not overlapping) applied; a replacement
/// shorter than its range is padded with spaces to the range's length.
std::string applyEdits(llvm::StringRef text, const std::vector<TextEdit> &edits);

/// True for the characters MLIR allows inside a bare identifier or keyword.
inline bool isIdentifierChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         c == '_' || c == '$' || c == '.' || c == '-';
}

} // namespace oxla

#endif // OXLA_COMPILER_IMPORT_SOURCESCANNER_H
