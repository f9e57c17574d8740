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

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"

namespace oxla::onnx {

/// Whether `bytes` (named `name`) should be read as an ONNX model: the name
/// ends in `.onnx`, or the bytes start like a ModelProto (field 1,
/// `ir_version`, as a varint: byte 0x08), which no MLIR text or bytecode does.
bool isOnnxModel(llvm::StringRef name, llvm::StringRef bytes);

/// Why an import failed.
enum class ImportFailure { None, Invalid, Unsupported };

/// Imports the model in `bytes`; `name` is its file name (diagnostics use it,
/// and external-data tensors are read relative to its directory). Errors are
/// emitted on `context`; `failure` says whether the model is invalid or uses
/// what oxla does not implement (an op, a type).
mlir::OwningOpRef<mlir::ModuleOp> importModel(llvm::StringRef bytes, llvm::StringRef name,
                                              mlir::MLIRContext *context,
                                              ImportFailure *failure = nullptr);

} // namespace oxla::onnx

#endif // OXLA_COMPILER_IMPORT_ONNX_ONNXIMPORT_H
