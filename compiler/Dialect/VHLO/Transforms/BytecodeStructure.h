//===- BytecodeStructure.h - Counts in MLIR bytecode, checked first -------===//
//
// MLIR 19's bytecode reader trusts some counts in the file, so a corrupt
// file can make it write past a table or allocate without bound
// (BytecodeStructure.cpp). Bytecode is checked here before it is read.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_DIALECT_VHLO_TRANSFORMS_BYTECODESTRUCTURE_H
#define OXLA_COMPILER_DIALECT_VHLO_TRANSFORMS_BYTECODESTRUCTURE_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace oxla::vhlo {

/// Why MLIR's bytecode reader must not be given `buffer` (an MLIR bytecode
/// file): a count larger than the bytes that follow it, or an encoding that
/// ends early. Nothing when its structure is sound.
std::optional<std::string> findUnreadableBytecode(llvm::StringRef buffer);

/// The note MLIR's bytecode reader attaches to the errors it reports for
/// `buffer` (a file findUnreadableBytecode accepted): "in bytecode version N
/// produced by: PRODUCER"; empty when the header cannot be read.
std::string bytecodeProducerNote(llvm::StringRef buffer);

} // namespace oxla::vhlo

#endif // OXLA_COMPILER_DIALECT_VHLO_TRANSFORMS_BYTECODESTRUCTURE_H
