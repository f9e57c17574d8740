//===- Tensors.h - ONNX tensors and types as MLIR ---------------*- C++ -*-===//
#ifndef OXLA_COMPILER_IMPORT_ONNX_TENSORS_H
#define OXLA_COMPILER_IMPORT_ONNX_TENSORS_H

#include "onnx/onnx_pb.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace oxla::onnx {

/// The MLIR element type of an ONNX TensorProto::DataType, or null for the
/// types oxla does not compute with (strings, complex, float8).
mlir::Type elementType(mlir::MLIRContext *context, int32_t dataType);
/// The name ONNX gives a data type ("FLOAT", "STRING"...), for diagnostics.
std::string dataTypeName(int32_t dataType);
/// The ONNX data type of an MLIR element type (0 when there is none).
int32_t onnxDataType(mlir::Type type);

/// What reading a tensor can fail with.
enum class TensorError { None, Invalid, Unsupported };

/// The value of `tensor` as a dense attribute. Raw data is taken as it is
/// (little-endian, as ONNX stores it); external data is read from
/// `baseDirectory`. On failure, emits an error at `loc` and sets `error`.
mlir::DenseElementsAttr tensorValue(const ::onnx::TensorProto &tensor,
                                    llvm::StringRef baseDirectory, mlir::Location loc,
                                    TensorError &error);

} // namespace oxla::onnx

#endif // OXLA_COMPILER_IMPORT_ONNX_TENSORS_H
