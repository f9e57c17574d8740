//===- ForeignDialects.h - Attributes of dialects oxla does not know ------===//
//
// Exporters annotate programs with attributes of their own dialects: tt-mlir
// writes `{ttcore.argument_type = #ttcore.argument_type<input>}` on the
// arguments of the torch-xla programs it dumps. They are metadata for the
// exporter's own compiler and say nothing about what the program computes,
// but MLIR refuses an attribute of an unregistered dialect unless the whole
// context allows unregistered dialects, which would also let unknown
// operations and types through.
//
// Instead, each dialect namespace that a text uses in an attribute
// (`#ns.name<...>` or `#ns<...>`) and that oxla does not know becomes a
// foreign dialect: it keeps each of its attributes as written (an opaque
// attribute that prints back unchanged) and defines no operation and no
// type, so `ns.op` or `!ns.type` in a program are still refused, with
// MLIR's located message.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_IMPORT_FOREIGNDIALECTS_H
#define OXLA_COMPILER_IMPORT_FOREIGNDIALECTS_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace mlir {
class DialectRegistry;
class MLIRContext;
} // namespace mlir

namespace oxla {

/// The namespaces of the dialect attributes that `text` (MLIR source) uses
/// in code, outside strings and comments, in order of first use.
std::vector<std::string> attributeDialectNamespaces(llvm::StringRef text);

/// Adds to `registry` a foreign dialect for each namespace that `text` uses
/// in an attribute and that neither `registry` nor `context` knows.
void registerForeignDialects(mlir::DialectRegistry &registry, llvm::StringRef text,
                             mlir::MLIRContext *context = nullptr);

/// The same, appended to `context`'s registry, before `text` is parsed.
void registerForeignDialects(mlir::MLIRContext &context, llvm::StringRef text);

} // namespace oxla

#endif // OXLA_COMPILER_IMPORT_FOREIGNDIALECTS_H
