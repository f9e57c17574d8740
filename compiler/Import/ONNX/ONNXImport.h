//===- ONNXImport.h - ONNX models as StableHLO ------------------*- C++ -*-===//
//
// Reads an ONNX model (a serialized ModelProto) into a module with one public
// func.func of stablehlo/chlo ops: the graph's inputs are the arguments
// (initializers are constants), its outputs the results, both named by
// `onnx.name` attributes. See docs/onnx.md for the ops and their lowering.
//
// This header is free of protobuf and ONNX types: tools include it through
// PortableArtifact.h without libonnx's headers.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_IMPORT_ONNX_ONNXIMPORT_H
#define OXLA_COMPILER_IMPORT_ONNX_ONNXIMPORT_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace oxla::onnx {

/// Whether `bytes` (named `name`) should be read as an ONNX model: the name
/// ends in `.onnx`, or the bytes start like a ModelProto (field 1,
/// `ir_version`, as a varint: byte 0x08), which no MLIR text or bytecode does.
bool isOnnxModel(llvm::StringRef name, llvm::StringRef bytes);

/// Why an import failed.
enum class ImportFailure { None, Invalid, Unsupported };

/// Graph inputs imported as constants of given values, as oxla.compile binds
/// the inputs whose values the model needs when it is read (a Reshape's
/// shape, a Slice's starts, a TopK's K given as graph inputs), and what the
/// importer reports back for a caller that knows the inputs' values.
struct InputBindings {
  /// In: the values of graph inputs, by name; each must have the input's
  /// element type and fit its declared shape.
  llvm::StringMap<mlir::DenseElementsAttr> values;
  /// Out: the graph's inputs without an initializer, in order (the bound
  /// ones included): the positions callers give arguments in.
  llvm::SmallVector<std::string> arguments;
  /// Out: the graph inputs whose values the import needed and did not have
  /// (those its "computed at run time from graph input ..." errors name).
  llvm::SmallVector<std::string> wanted;
};

/// Imports the model in `bytes`; `name` is its file name (diagnostics use it,
/// and external-data tensors are read relative to its directory). Errors are
/// emitted on `context`; `failure` says whether the model is invalid or uses
/// what oxla does not implement (an op, a type). With `bindings`, its
/// `values` become constants and the rest is filled in.
mlir::OwningOpRef<mlir::ModuleOp> importModel(llvm::StringRef bytes, llvm::StringRef name,
                                              mlir::MLIRContext *context,
                                              ImportFailure *failure = nullptr,
                                              InputBindings *bindings = nullptr);

} // namespace oxla::onnx

#endif // OXLA_COMPILER_IMPORT_ONNX_ONNXIMPORT_H
