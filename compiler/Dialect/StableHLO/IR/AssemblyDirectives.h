//===- AssemblyDirectives.h - custom<...> directives of the pretty syntax -===//
//
// The `custom<Name>(...)` directives that stablehlo's assembly formats use,
// shared by every op family (and by chlo).
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_DIALECT_STABLEHLO_IR_ASSEMBLYDIRECTIVES_H
#define OXLA_COMPILER_DIALECT_STABLEHLO_IR_ASSEMBLYDIRECTIVES_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/SmallVector.h"

namespace oxla::stablehlo {

//===- Types ---------------------------------------------------------------===//

/// `: T` when every operand and the result have type T, otherwise the
/// functional type `: (T0, T1) -> R`. The last type is the result's.
mlir::ParseResult
parseSameOperandsAndResultTypeImpl(mlir::OpAsmParser &parser,
                                   llvm::ArrayRef<mlir::Type *> types);
void printSameOperandsAndResultTypeImpl(mlir::OpAsmPrinter &printer,
                                        llvm::ArrayRef<mlir::Type> types);

template <typename... Types>
mlir::ParseResult parseSameOperandsAndResultType(mlir::OpAsmParser &parser,
                                                 Types &...types) {
  return parseSameOperandsAndResultTypeImpl(parser, {&types...});
}
template <typename... Types>
void printSameOperandsAndResultType(mlir::OpAsmPrinter &printer,
                                    mlir::Operation *, Types... types) {
  printSameOperandsAndResultTypeImpl(printer, {mlir::Type(types)...});
}

/// Variadic operands and results: `: T` when all types are T (and there is
/// at least one), otherwise `: (T0, T1) -> (R0, R1)` style functional type.
mlir::ParseResult
parseVariadicSameOperandsAndResultType(mlir::OpAsmParser &parser,
                                       llvm::SmallVectorImpl<mlir::Type> &operands,
                                       llvm::SmallVectorImpl<mlir::Type> &results);
void printVariadicSameOperandsAndResultType(mlir::OpAsmPrinter &printer,
                                            mlir::Operation *,
                                            mlir::TypeRange operands,
                                            mlir::TypeRange results);

/// complex: `: tensor<4xcomplex<f32>>` (the operands are tensor<4xf32>), or a
/// functional type.
mlir::ParseResult parseComplexOpType(mlir::OpAsmParser &parser,
                                     mlir::Type &lhs, mlir::Type &rhs,
                                     mlir::Type &result);
void printComplexOpType(mlir::OpAsmPrinter &printer, mlir::Operation *,
                        mlir::Type lhs, mlir::Type rhs, mlir::Type result);

/// select: `: pred_type, result_type` when both branches have the result
/// type, otherwise a functional type.
mlir::ParseResult parseSelectOpType(mlir::OpAsmParser &parser,
                                    mlir::Type &pred, mlir::Type &onTrue,
                                    mlir::Type &onFalse, mlir::Type &result);
void printSelectOpType(mlir::OpAsmPrinter &printer, mlir::Operation *,
                       mlir::Type pred, mlir::Type onTrue, mlir::Type onFalse,
                       mlir::Type result);

//===- Attributes -----------------------------------------------------------===//

/// reduce_precision's `format = e8m10`.
mlir::ParseResult parseExponentMantissa(mlir::OpAsmParser &parser,
                                        mlir::IntegerAttr &exponent,
                                        mlir::IntegerAttr &mantissa);
void printExponentMantissa(mlir::OpAsmPrinter &printer, mlir::Operation *,
                           mlir::IntegerAttr exponent,
                           mlir::IntegerAttr mantissa);

/// A dense i64 array written as a plain list: `dims = [0, 1]`.
mlir::ParseResult parseDims(mlir::OpAsmParser &parser,
                            mlir::DenseI64ArrayAttr &dims);
void printDims(mlir::OpAsmPrinter &printer, mlir::Operation *,
               mlir::DenseI64ArrayAttr dims);

//===- Shared by attribute parsers ------------------------------------------===//

/// `[1, 2, 3]` (possibly empty) into `values`.
mlir::ParseResult parseIntArray(mlir::AsmParser &parser,
                                llvm::SmallVectorImpl<int64_t> &values);
void printIntArray(mlir::AsmPrinter &printer, llvm::ArrayRef<int64_t> values);

class ConvDimensionNumbersAttr;
/// The compact convolution layout `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`,
/// shared by #stablehlo.conv and the pretty convolution op.
ConvDimensionNumbersAttr parseConvDimensionsBody(mlir::AsmParser &parser);
/// Prints the compact layout; false (printing nothing useful) when the
/// numbers cannot be written that way.
bool printConvDimensionsBody(llvm::raw_ostream &os,
                             ConvDimensionNumbersAttr dims);

} // namespace oxla::stablehlo

#endif // OXLA_COMPILER_DIALECT_STABLEHLO_IR_ASSEMBLYDIRECTIVES_H
