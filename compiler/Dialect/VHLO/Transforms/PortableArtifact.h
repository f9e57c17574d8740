//===- PortableArtifact.h - Reading StableHLO portable artifacts ----------===//
//
// A portable artifact (`.mlir.bc`, what jax.export and
// `stablehlo-translate --serialize` write) is MLIR bytecode of upstream's
// vhlo dialect for some StableHLO release. Every oxla tool reads one like a
// text file: the bytecode is read into vhlo ops, their attributes into
// stablehlo's form, the ops are upgraded to the current release and become
// stablehlo ops, which are then verified like parsed text.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_DIALECT_VHLO_TRANSFORMS_PORTABLEARTIFACT_H
#define OXLA_COMPILER_DIALECT_VHLO_TRANSFORMS_PORTABLEARTIFACT_H

#include <optional>
#include <string>

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/MemoryBuffer.h"

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace oxla::vhlo {

/// Adds the passes that turn a module read from a portable artifact into
/// stablehlo: --vhlo-import-upstream, --vhlo-to-version=target=current,
/// --vhlo-legalize-to-stablehlo.
void addPortableArtifactImportPasses(mlir::OpPassManager &pm);

/// Why `buffer`, which is not bytecode, cannot be MLIR text: it holds a NUL
/// byte (an ELF file, an image); nullopt for text. Named instead of echoed
/// as source lines.
std::optional<std::string> binaryInputReason(const llvm::MemoryBuffer &buffer);

/// Why parseSourceOrArtifact returned null: invalid input (exit 2), or a
/// feature oxla does not implement, such as an ONNX op (exit 3).
enum class SourceFailure { Invalid, Unsupported };

/// How deep MLIR text may nest brackets (types, attributes, regions, counted
/// together): MLIR's parser, verifier and printer recurse once per level,
/// and 1000 keeps them well within a thread's 8 MiB stack (a region costs
/// two levels; regions nested 3000 deep overflowed it).
constexpr unsigned kMaxSourceNesting = 1000;

/// How deep a portable artifact (bytecode) may nest regions: the limit
/// text has (a region costs two brackets). MLIR 19's bytecode reader reads
/// regions without recursing, but the verifier, the passes, the
/// interpreter and the printer recurse once per level.
constexpr unsigned kMaxRegionNesting = kMaxSourceNesting / 2;

/// The first op of `root` (in pre-order) whose regions lie deeper than
/// `limit` regions below `root`, or null; found without recursion.
mlir::Operation *findExcessiveRegionNesting(mlir::Operation *root, unsigned limit);

/// Destroys `root` without recursing per level of nesting (erasing the
/// innermost ops first), so that a module nested arbitrarily deep can be
/// dropped.
void destroyWithoutRecursion(mlir::Operation *root);

/// Where MLIR text `buffer` first nests deeper than kMaxSourceNesting
/// (1-based line and column), with the message every tool reports there
/// (unsupported, exit code 3); nullopt when it does not.
struct NestingError {
  unsigned line, column;
  std::string message;
};
std::optional<NestingError> findNestingError(const llvm::MemoryBuffer &buffer);

/// Parses the main buffer of `sourceMgr`: MLIR text as it is, a portable
/// artifact (MLIR bytecode) converted to stablehlo, or an ONNX model
/// (compiler/Import/ONNX/ONNXImport.h) imported as stablehlo. Returns null
/// after reporting the errors, and why in `failure` when it is given.
mlir::OwningOpRef<mlir::ModuleOp> parseSourceOrArtifact(llvm::SourceMgr &sourceMgr,
                                                        mlir::MLIRContext *context,
                                                        SourceFailure *failure = nullptr);

/// The exit code of a tool whose input did not parse: 3 for `Unsupported`,
/// else 2.
inline int exitCodeFor(SourceFailure failure) {
  return failure == SourceFailure::Unsupported ? 3 : 2;
}

} // namespace oxla::vhlo

#endif // OXLA_COMPILER_DIALECT_VHLO_TRANSFORMS_PORTABLEARTIFACT_H
