//===- ContractionSupport.h - Shared by dot_general and convolution -------===//
//
// The precision_config directive and the checks that dot_general, dot and
// convolution share (their spec constraints are worded alike).
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_DIALECT_STABLEHLO_IR_CONTRACTIONSUPPORT_H
#define OXLA_DIALECT_STABLEHLO_IR_CONTRACTIONSUPPORT_H

#include "mlir/IR/OpImplementation.h"

#include <optional>
#include <string>

namespace oxla::stablehlo {

/// `[DEFAULT, HIGH]`.
mlir::ParseResult parsePrecisionList(mlir::AsmParser &parser, mlir::ArrayAttr &attr);
void printPrecisionList(mlir::AsmPrinter &printer, mlir::ArrayAttr attr);
/// True when every entry is a PrecisionAttr (printable as bare keywords).
bool isPrecisionList(mlir::ArrayAttr attr);
/// `, precision = [DEFAULT, HIGH]` (optional): the custom<PrecisionConfig>
/// directive.
mlir::ParseResult parsePrecisionConfig(mlir::OpAsmParser &parser, mlir::ArrayAttr &attr);
void printPrecisionConfig(mlir::OpAsmPrinter &printer, mlir::Operation *,
                          mlir::ArrayAttr attr);

/// `?` for a dynamic size, else the number.
std::string dimString(int64_t d);
/// At most two precision_config values.
mlir::LogicalResult verifyPrecisionConfig(mlir::Operation *op,
                                          std::optional<mlir::ArrayAttr> config,
                                          llvm::StringRef label);
/// The quantization constraints shared by dot_general and convolution:
/// `labels` are the spec labels of, in order: lhs/rhs/result quantized
/// together, rhs zero points, rhs per-axis dimension, result per-axis
/// dimension (or empty), storage types, expressed types, per-tensor rhs
/// gives per-tensor result, hybrid element types.
mlir::LogicalResult verifyQuantizedContraction(
    mlir::Operation *op, mlir::Type lhsElt, mlir::Type rhsElt, mlir::Type resultElt,
    llvm::ArrayRef<llvm::StringRef> labels, bool checkRhsZeroPoints,
    llvm::function_ref<mlir::LogicalResult(int32_t)> rhsAxisOk,
    llvm::function_ref<mlir::LogicalResult(int32_t)> resultAxisOk);
bool anyQuantized(llvm::ArrayRef<mlir::Type> types);

} // namespace oxla::stablehlo

#endif // OXLA_DIALECT_STABLEHLO_IR_CONTRACTIONSUPPORT_H
