//===- VersionedNames.h - vhlo op names and their stablehlo ops -----------===//
//
// `vhlo.<base>_v<N>` is version N of `stablehlo.<base>`; func.func, func.call
// and func.return are vhlo's func, call and return. The passes find an op's
// other versions and its stablehlo op from these names alone.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_DIALECT_VHLO_TRANSFORMS_VERSIONEDNAMES_H
#define OXLA_COMPILER_DIALECT_VHLO_TRANSFORMS_VERSIONEDNAMES_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace oxla::vhlo {

/// `vhlo.cbrt_v2` as its base name and version.
struct VersionedName {
  llvm::StringRef base; // "cbrt"
  unsigned version;     // 2
};

/// The base and version of a vhlo op; nullopt for ops of other dialects.
std::optional<VersionedName> splitVersionedName(mlir::OperationName name);

/// The registered vhlo op `<base>_v<version>`, if there is one.
std::optional<mlir::RegisteredOperationName>
lookupVhloOp(mlir::MLIRContext *context, llvm::StringRef base,
             unsigned version);

/// The newest version of the vhlo op with this base name, if there is one.
std::optional<mlir::RegisteredOperationName>
lookupNewestVhloOp(mlir::MLIRContext *context, llvm::StringRef base);

/// The vhlo base name of a stablehlo or func op (`stablehlo.cbrt` -> "cbrt",
/// `func.func` -> "func", `stablehlo.return` -> "return"); nullopt for others.
std::optional<llvm::StringRef> vhloBaseName(mlir::Operation *op);

/// Replaces `op` by an op named `name` with `operands`, `attributes`, the
/// same result types and the first `numRegions` of op's regions. Inherent
/// attributes of the new op become its properties.
mlir::Operation *
replaceWithRenamedOp(mlir::RewriterBase &rewriter, mlir::Operation *op,
                     mlir::OperationName name, mlir::ValueRange operands,
                     mlir::DictionaryAttr attributes, unsigned numRegions);

} // namespace oxla::vhlo

#endif // OXLA_COMPILER_DIALECT_VHLO_TRANSFORMS_VERSIONEDNAMES_H
