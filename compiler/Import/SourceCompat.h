//===- SourceCompat.h - Text that newer MLIR writes, read by MLIR 19 ------===//
//
// oxla is built on MLIR 19, while exporters (JAX, torch-mlir) print with a
// newer MLIR. Where the text syntax changed meaning between the two, oxla's
// tools rewrite it on the way in (to what MLIR 19 parses) and on the way out
// (to what newer readers expect), so that files travel both ways unchanged.
//
// The changes handled (each rewrite touches code only, never string
// literals or comments: SourceScanner.h):
// - location ranges `loc("f":1:2 to :5)` (MLIR 20): LocationRanges.cpp;
// - 1-D tensor spellings of attributes that are dense arrays today, from
//   StableHLO releases before 0.19 (JAX's 2023 exports):
//   LegacyArrayAttributes.cpp;
// - banner lines that dump tools print around a module (tt-mlir and
//   torch-xla end theirs with `---------- END OF MLIR MODULE ----------`):
//   a line that starts with `---` outside strings and comments is never
//   MLIR, and is read as a comment;
// - a dense i1 constant in hex, below.
//
// A dense i1 constant in hex: MLIR 19 stores i1
// bit-packed (element i in bit i % 8 of byte i / 8) and its hex form has
// ceil(n / 8) bytes. Since llvm-project #180397 (February 2026) each i1 is a
// whole byte, 0x00 or 0x01: the hex has n bytes, and one byte is a splat. The
// forms differ in length except for one byte and up to 8 elements, which is
// read the newer way (a splat; MLIR 19 prints hex only for large constants).
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_SOURCECOMPAT_H
#define OXLA_COMPILER_SOURCECOMPAT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>
#include <optional>
#include <string>

namespace oxla {

/// Returns `text` with every dense i1 hex constant in the byte-per-element
/// form packed into MLIR 19's bit form. The rewritten string is padded with
/// spaces after its closing `>`, so every later column, and thus every
/// diagnostic location, stays where it was. Text without such a constant
/// comes back unchanged (and `changed` is false).
std::string packI1HexConstants(llvm::StringRef text, bool &changed);

/// `text` with each location range reduced to its start point, or nothing
/// when it has none.
std::optional<std::string> dropLocationRanges(llvm::StringRef text);

/// `text` with each old 1-D tensor spelling of a dense-array attribute
/// written as the array, or nothing when it has none.
std::optional<std::string> rewriteLegacyArrayAttributes(llvm::StringRef text);

/// `text` with each banner line (`---` first on the line, in code) turned
/// into a comment, or nothing when it has none.
std::optional<std::string> commentOutBannerLines(llvm::StringRef text);

/// Every rewrite of this file, for a whole source buffer, as every tool and
/// API reads text: bytecode and text that needs none come back as they are;
/// a rewritten buffer keeps the name.
std::unique_ptr<llvm::MemoryBuffer>
adaptSourceText(std::unique_ptr<llvm::MemoryBuffer> buffer);

/// Returns printed IR with every dense i1 hex constant in MLIR 19's bit form
/// written one byte per element, as newer MLIR reads it.
std::string unpackI1HexConstants(llvm::StringRef printed);

} // namespace oxla

#endif // OXLA_COMPILER_SOURCECOMPAT_H
