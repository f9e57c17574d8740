//===- TypeConversion.h - StableHLO types as upstream builtin types -------===//
//
// StableHLO distinguishes si*/ui* integers; arith works on signless
// integers and encodes signedness in the op (divsi/divui, cmpi slt/ult).
// The converter maps tensors of any integer type to tensors of the signless
// integer of the same width; patterns read signedness from the original
// StableHLO type.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_CONVERSION_STABLEHLOTOLINALG_TYPECONVERSION_H
#define OXLA_COMPILER_CONVERSION_STABLEHLOTOLINALG_TYPECONVERSION_H

#include "mlir/Transforms/DialectConversion.h"

namespace oxla {

class StableHLOTypeConverter : public mlir::TypeConverter {
public:
  StableHLOTypeConverter();
};

/// The signless integer of the same width for integers and for quantized
/// types (their storage), `type` otherwise.
mlir::Type toSignless(mlir::Type type);

/// True for the 8- and 16-bit floats that oxla computes in f32 and rounds
/// once, like the interpreter.
bool isNarrowFloat(mlir::Type type);

/// True for ui* integers (i1 counts as unsigned: false < true).
bool isUnsignedInteger(mlir::Type type);

/// `2x3xf32`, `f32`, `?x4xui8`: a ranked tensor type as the runtime and
/// `--input` spell it (runtime/ModuleMetadata.h); nullopt for other types.
std::optional<std::string> tensorTypeSpec(mlir::Type type);

} // namespace oxla

#endif // OXLA_COMPILER_CONVERSION_STABLEHLOTOLINALG_TYPECONVERSION_H
