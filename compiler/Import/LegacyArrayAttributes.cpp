//===- LegacyArrayAttributes.cpp - 2023 spellings of StableHLO arrays -----===//
//
// StableHLO 0.15-0.19 (late 2023 to early 2024) moved the integer-list
// attributes of its ops from 1-D tensor constants to dense arrays:
//   slice_sizes = dense<[1, 2]> : tensor<2xi64>   became   array<i64: 1, 2>
//   window_reversal = dense<false> : tensor<2xi1>  became   array<i1: false, false>
// Text exported before that (JAX's 2023 exports keep it) uses the old
// spelling in the generic form, which today's ops reject. This rewrite turns
// the old spelling of exactly these attributes (the ones whose type changed)
// into the new one; the value is the same list. Only the attributes of ops
// in the generic form `"stablehlo.gather"(...) {...}` (or `"chlo.*"`) are
// rewritten: the pretty forms never had the tensor spelling, and other
// dialects keep it (vhlo ops hold upstream's tensors). It rewrites code only,
// never string literals or comments, and a value it does not understand (a
// hex constant, another element type, a rank other than 1) is left for the
// parser to judge.
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/SourceCompat.h"
#include "compiler/Import/SourceScanner.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

namespace oxla {
namespace {

enum class ArrayKind { None, I64, Bool };

/// The attributes that are dense arrays today and were 1-D tensors before.
ArrayKind arrayKindOf(llvm::StringRef name) {
  return llvm::StringSwitch<ArrayKind>(name)
      .Cases("broadcast_dimensions", "broadcast_sizes", "dimensions", "permutation",
             ArrayKind::I64)
      .Cases("slice_sizes", "start_indices", "limit_indices", "strides", ArrayKind::I64)
      .Cases("edge_padding_low", "edge_padding_high", "interior_padding", ArrayKind::I64)
      .Cases("window_dimensions", "window_strides", "base_dilations", "window_dilations",
             ArrayKind::I64)
      .Cases("lhs_dilation", "rhs_dilation", "fft_length", ArrayKind::I64)
      .Cases("known_expanding_dimensions", "known_nonexpanding_dimensions", ArrayKind::I64)
      .Case("window_reversal", ArrayKind::Bool)
      .Default(ArrayKind::None);
}

size_t skipSpaces(llvm::StringRef text, size_t pos) {
  while (pos < text.size() && llvm::isSpace(text[pos]))
    ++pos;
  return pos;
}

/// Reads one element: an integer (optionally negative) or true/false.
std::optional<std::string> readElement(llvm::StringRef text, size_t &pos, ArrayKind kind) {
  pos = skipSpaces(text, pos);
  llvm::StringRef rest = text.substr(pos);
  if (kind == ArrayKind::Bool) {
    for (llvm::StringRef word : {"true", "false"})
      if (rest.starts_with(word) &&
          (rest.size() == word.size() || !isIdentifierChar(rest[word.size()]))) {
        pos += word.size();
        return word.str();
      }
    return std::nullopt;
  }
  size_t begin = pos;
  if (pos < text.size() && text[pos] == '-')
    ++pos;
  size_t digits = pos;
  while (pos < text.size() && llvm::isDigit(text[pos]))
    ++pos;
  if (pos == digits)
    return std::nullopt;
  return text.slice(begin, pos).str();
}

/// Matches `dense<VALUE> : tensor<NxTYPE>` at `pos` (after `name =`); on
/// success returns the new spelling and sets `end` past the type.
std::optional<std::string> matchDenseValue(llvm::StringRef text, size_t pos, ArrayKind kind,
                                           size_t &end) {
  if (!text.substr(pos).starts_with("dense<"))
    return std::nullopt;
  pos += 6;
  llvm::SmallVector<std::string> elements;
  bool splat = false;
  pos = skipSpaces(text, pos);
  if (pos < text.size() && text[pos] == '[') {
    ++pos;
    pos = skipSpaces(text, pos);
    if (pos < text.size() && text[pos] != ']') {
      while (true) {
        std::optional<std::string> element = readElement(text, pos, kind);
        if (!element)
          return std::nullopt;
        elements.push_back(*element);
        pos = skipSpaces(text, pos);
        if (pos < text.size() && text[pos] == ',') {
          ++pos;
          continue;
        }
        break;
      }
    }
    if (pos >= text.size() || text[pos] != ']')
      return std::nullopt;
    ++pos;
  } else if (pos < text.size() && text[pos] != '>') {
    std::optional<std::string> element = readElement(text, pos, kind);
    if (!element)
      return std::nullopt;
    elements.push_back(*element);
    splat = true;
  }
  pos = skipSpaces(text, pos);
  if (pos >= text.size() || text[pos] != '>')
    return std::nullopt;
  pos = skipSpaces(text, pos + 1);
  if (pos >= text.size() || text[pos] != ':')
    return std::nullopt;
  pos = skipSpaces(text, pos + 1);
  llvm::StringRef rest = text.substr(pos);
  if (!rest.consume_front("tensor<"))
    return std::nullopt;
  uint64_t count;
  if (rest.consumeInteger(10, count) || !rest.consume_front("x"))
    return std::nullopt;
  llvm::StringRef elementType = kind == ArrayKind::Bool ? "i1>" : "i64>";
  if (!rest.consume_front(elementType))
    return std::nullopt;
  end = text.size() - rest.size();
  // A splat of a long list would be written out in full; no array attribute
  // of an op has more entries than its operand's rank.
  constexpr uint64_t kMaxElements = 1024;
  if (splat) {
    if (count > kMaxElements)
      return std::nullopt;
    elements.assign(count, elements.front());
  } else if (elements.size() != count) {
    return std::nullopt; // the parser reports the mismatch
  }
  std::string result = kind == ArrayKind::Bool ? "array<i1" : "array<i64";
  if (!elements.empty())
    result += ": " + llvm::join(elements, ", ");
  result += ">";
  return result;
}

/// Whether the string literal `span` names a generic-form op of StableHLO or
/// CHLO: `"stablehlo.gather"(`.
bool namesStableHLOOp(llvm::StringRef text, SourceSpan span) {
  llvm::StringRef name = text.slice(span.begin, span.end).trim('"');
  size_t next = skipSpaces(text, span.end);
  return next < text.size() && text[next] == '(' &&
         (name.starts_with("stablehlo.") || name.starts_with("chlo."));
}

} // namespace

std::optional<std::string> rewriteLegacyArrayAttributes(llvm::StringRef text) {
  std::vector<TextEdit> edits;
  // The op whose attributes follow: the last generic op name seen.
  bool inStableHLOOp = false;
  scanSource(text, [&](SourceSpan span) {
    if (span.kind == SourceSpan::String) {
      llvm::StringRef name = text.slice(span.begin, span.end);
      size_t next = skipSpaces(text, span.end);
      if (name.contains('.') && next < text.size() && text[next] == '(')
        inStableHLOOp = namesStableHLOOp(text, span);
      return;
    }
    if (span.kind != SourceSpan::Code || !inStableHLOOp)
      return;
    llvm::StringRef code = text.slice(0, span.end);
    size_t pos = span.begin;
    while (pos < span.end) {
      // The next identifier that starts a word.
      if (!isIdentifierChar(code[pos]) ||
          (pos > 0 && (isIdentifierChar(code[pos - 1]) || code[pos - 1] == '%' ||
                       code[pos - 1] == '@' || code[pos - 1] == '#' || code[pos - 1] == '^' ||
                       code[pos - 1] == '!'))) {
        ++pos;
        continue;
      }
      size_t nameEnd = pos;
      while (nameEnd < span.end && isIdentifierChar(code[nameEnd]))
        ++nameEnd;
      ArrayKind kind = arrayKindOf(code.slice(pos, nameEnd));
      size_t valuePos = skipSpaces(code, nameEnd);
      size_t end = 0;
      if (kind != ArrayKind::None && valuePos < span.end && code[valuePos] == '=') {
        valuePos = skipSpaces(code, valuePos + 1);
        if (std::optional<std::string> array = matchDenseValue(code, valuePos, kind, end)) {
          edits.push_back({valuePos, end, std::move(*array)});
          pos = end;
          continue;
        }
      }
      pos = nameEnd;
    }
  });
  if (edits.empty())
    return std::nullopt;
  return applyEdits(text, edits);
}

} // namespace oxla
