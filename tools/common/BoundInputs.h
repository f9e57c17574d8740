//===- BoundInputs.h - ONNX graph inputs given values on the command line -===//
//
// An ONNX model whose Reshape shape, Slice starts or TopK K is a graph input
// needs that input's value when it is read (the importer stops with exit 3,
// naming it). oxla.compile then imports the model again with the value as
// an initializer; the tools do the same with the value --input gives it.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_TOOLS_COMMON_BOUNDINPUTS_H
#define OXLA_TOOLS_COMMON_BOUNDINPUTS_H

#include "compiler/Dialect/VHLO/Transforms/PortableArtifact.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/SourceMgr.h"

#include <string>
#include <vector>

namespace oxla::tools {

/// Reads the program of `sourceMgr` as vhlo::parseSourceOrArtifact does.
/// When it is an ONNX model that needs the values of graph inputs and
/// `specs` (--input, by position) gives every graph input, it is read again
/// with those inputs as constants of their specs' values, and their specs
/// are removed from `specs`: the program takes the other inputs.
mlir::OwningOpRef<mlir::ModuleOp> parseBindingInputs(llvm::SourceMgr &sourceMgr,
                                                     mlir::MLIRContext *context,
                                                     vhlo::SourceFailure *failure,
                                                     std::vector<std::string> &specs,
                                                     llvm::StringRef toolName);

} // namespace oxla::tools

#endif // OXLA_TOOLS_COMMON_BOUNDINPUTS_H
