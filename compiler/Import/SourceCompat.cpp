//===- SourceCompat.cpp - Text that newer MLIR writes, read by MLIR 19 ----===//

#include "compiler/Import/SourceCompat.h"
#include "compiler/Import/SourceScanner.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <cstdint>
#include <optional>

namespace oxla {
namespace {

constexpr llvm::StringLiteral kHexStart = "dense<\"0x";
constexpr llvm::StringLiteral kBytecodeMagic = "ML\xefR";

/// One `dense<"0xHEX"> : tensor<AxBxi1>` (or vector<...>) in a text.
struct I1HexConstant {
  size_t digitsBegin; ///< first hex digit, after "0x"
  size_t digitsEnd;   ///< the closing quote
  size_t end;         ///< just past the `>` after the quote
  int64_t numElements;
};

size_t skipSpaces(llvm::StringRef text, size_t pos) {
  while (pos < text.size() && llvm::isSpace(text[pos]))
    ++pos;
  return pos;
}

/// Matches the constant whose `dense<"0x` starts at `start`; anything else
/// (another element type, a dynamic or scalable shape, malformed text) is
/// left for the parser to judge.
std::optional<I1HexConstant> matchI1Hex(llvm::StringRef text, size_t start) {
  I1HexConstant constant;
  constant.digitsBegin = start + kHexStart.size();
  size_t pos = constant.digitsBegin;
  while (pos < text.size() && llvm::isHexDigit(text[pos]))
    ++pos;
  constant.digitsEnd = pos;
  if (!text.substr(pos).starts_with("\">"))
    return std::nullopt;
  constant.end = pos + 2;
  pos = skipSpaces(text, constant.end);
  if (!text.substr(pos).starts_with(":"))
    return std::nullopt;
  pos = skipSpaces(text, pos + 1);
  llvm::StringRef rest = text.substr(pos);
  if (!rest.consume_front("tensor<") && !rest.consume_front("vector<"))
    return std::nullopt;
  // Beyond 2^40 elements no constant fits in memory; the parser reports it.
  constexpr int64_t kLimit = int64_t(1) << 40;
  constant.numElements = 1;
  while (!rest.empty() && llvm::isDigit(rest.front())) {
    uint64_t dim;
    if (rest.consumeInteger(10, dim) || !rest.consume_front("x") || dim > kLimit)
      return std::nullopt;
    // Both factors are at most 2^40: saturate before the product overflows.
    constant.numElements = dim != 0 && constant.numElements > kLimit / int64_t(dim)
                               ? kLimit
                               : std::min<int64_t>(constant.numElements * int64_t(dim), kLimit);
  }
  if (!rest.starts_with("i1>"))
    return std::nullopt;
  return constant;
}

/// Calls `rewrite(constant, digits)` for every i1 hex constant of `text` with
/// more than one element (one reads the same in either form) and whole
/// bytes; where it returns new digits, they replace the old ones. Returns
/// the text with the replacements, or nothing if there were none.
template <typename Rewrite>
std::optional<std::string> rewriteI1Hex(llvm::StringRef text, Rewrite rewrite) {
  std::optional<std::string> result;
  size_t copied = 0;
  for (size_t start = text.find(kHexStart); start != llvm::StringRef::npos;
       start = text.find(kHexStart, start + 1)) {
    std::optional<I1HexConstant> constant = matchI1Hex(text, start);
    if (!constant)
      continue;
    llvm::StringRef digits =
        text.slice(constant->digitsBegin, constant->digitsEnd);
    if (constant->numElements <= 1 || digits.empty() || digits.size() % 2 != 0)
      continue;
    std::optional<std::string> replacement = rewrite(*constant, digits);
    if (!replacement)
      continue;
    if (!result)
      result.emplace();
    result->append(text.slice(copied, constant->digitsBegin).str());
    *result += *replacement;
    *result += "\">";
    // Fewer digits are made up for with spaces after the `>`: columns stay.
    if (replacement->size() < digits.size())
      result->append(digits.size() - replacement->size(), ' ');
    copied = constant->end;
    start = constant->end - 1;
  }
  if (result)
    result->append(text.substr(copied).str());
  return result;
}

std::optional<uint8_t> byteAt(llvm::StringRef digits, size_t index) {
  unsigned value;
  if (digits.substr(2 * index, 2).getAsInteger(16, value))
    return std::nullopt;
  return uint8_t(value);
}

std::string hexByte(uint8_t byte) {
  std::string out;
  out += llvm::hexdigit(byte >> 4);
  out += llvm::hexdigit(byte & 15);
  return out;
}

} // namespace

std::string packI1HexConstants(llvm::StringRef text, bool &changed) {
  std::optional<std::string> result = rewriteI1Hex(
      text, [](const I1HexConstant &constant,
               llvm::StringRef digits) -> std::optional<std::string> {
        int64_t n = constant.numElements;
        size_t bytes = digits.size() / 2;
        // A single 0x01 is the newer form's splat of true; MLIR 19 spells it
        // 0xFF (its 0x00 splat is the same byte).
        if (bytes == 1)
          return digits.equals_insensitive("01") ? std::optional<std::string>("FF")
                                                 : std::nullopt;
        if (bytes != size_t(n))
          return std::nullopt; // already bit-packed (or wrong: the parser says)
        std::vector<uint8_t> packed((n + 7) / 8, 0);
        for (int64_t i = 0; i < n; ++i) {
          std::optional<uint8_t> byte = byteAt(digits, i);
          if (!byte || *byte > 1)
            return std::nullopt; // not an i1 per byte: leave it to the parser
          packed[i / 8] |= uint8_t(*byte << (i % 8));
        }
        std::string out;
        out.reserve(2 * packed.size());
        for (uint8_t byte : packed)
          out += hexByte(byte);
        return out;
      });
  changed = result.has_value();
  return result ? std::move(*result) : text.str();
}

std::optional<std::string> commentOutBannerLines(llvm::StringRef text) {
  std::vector<TextEdit> edits;
  scanSource(text, [&](SourceSpan span) {
    if (span.kind != SourceSpan::Code)
      return;
    size_t pos = span.begin;
    while ((pos = text.find("---", pos)) != llvm::StringRef::npos && pos + 3 <= span.end) {
      // Only first on a line, after indentation.
      size_t lineStart = text.rfind('\n', pos);
      lineStart = lineStart == llvm::StringRef::npos ? 0 : lineStart + 1;
      if (lineStart >= span.begin &&
          llvm::all_of(text.slice(lineStart, pos), [](char c) { return c == ' ' || c == '\t'; }))
        edits.push_back({pos, pos + 2, "//"});
      pos = text.find('\n', pos);
    }
  });
  if (edits.empty())
    return std::nullopt;
  return applyEdits(text, edits);
}

std::unique_ptr<llvm::MemoryBuffer>
adaptSourceText(std::unique_ptr<llvm::MemoryBuffer> buffer) {
  llvm::StringRef text = buffer->getBuffer();
  // Bytecode, an ONNX model (a protobuf: a 0x08 tag first) or any other
  // binary file is not text to adapt.
  if (text.starts_with(kBytecodeMagic) ||
      buffer->getBufferIdentifier().ends_with(".onnx") ||
      (!text.empty() && static_cast<unsigned char>(text[0]) < 0x09) || text.contains('\0'))
    return buffer;
  std::optional<std::string> adapted;
  auto current = [&]() -> llvm::StringRef { return adapted ? *adapted : text; };
  if (current().contains(" to ")) {
    if (std::optional<std::string> rewritten = dropLocationRanges(current()))
      adapted = std::move(rewritten);
  }
  if (current().contains("dense<")) {
    if (std::optional<std::string> rewritten = rewriteLegacyArrayAttributes(current()))
      adapted = std::move(rewritten);
  }
  if (current().contains("---")) {
    if (std::optional<std::string> rewritten = commentOutBannerLines(current()))
      adapted = std::move(rewritten);
  }
  if (current().contains(kHexStart)) {
    bool changed = false;
    std::string packed = packI1HexConstants(current(), changed);
    if (changed)
      adapted = std::move(packed);
  }
  if (!adapted)
    return buffer;
  return llvm::MemoryBuffer::getMemBufferCopy(*adapted, buffer->getBufferIdentifier());
}

std::string unpackI1HexConstants(llvm::StringRef printed) {
  std::optional<std::string> result = rewriteI1Hex(
      printed, [](const I1HexConstant &constant,
                  llvm::StringRef digits) -> std::optional<std::string> {
        int64_t n = constant.numElements;
        size_t bytes = digits.size() / 2;
        // MLIR 19 writes a splat as one byte, 0x00 or 0xFF.
        if (bytes == 1 && n > 8) {
          if (digits == "00")
            return std::optional<std::string>("00");
          return digits.equals_insensitive("FF") ? std::optional<std::string>("01")
                                                 : std::nullopt;
        }
        if (bytes != size_t((n + 7) / 8))
          return std::nullopt;
        std::string out;
        out.reserve(2 * n);
        for (size_t index = 0; index < bytes; ++index) {
          std::optional<uint8_t> byte = byteAt(digits, index);
          if (!byte)
            return std::nullopt;
          for (int64_t i = int64_t(index) * 8; i < std::min<int64_t>(n, int64_t(index + 1) * 8); ++i)
            out += (*byte >> (i % 8)) & 1 ? "01" : "00";
        }
        return out;
      });
  return result ? std::move(*result) : printed.str();
}

} // namespace oxla
