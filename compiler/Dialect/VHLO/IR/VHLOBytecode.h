//===- VHLOBytecode.h - Reading StableHLO portable artifacts --------------===//
//
// A portable artifact is MLIR bytecode of upstream StableHLO's vhlo dialect.
// MLIR's bytecode reader reads it into oxla's vhlo ops through these hooks;
// the attributes then still have upstream's layout, which
// --vhlo-import-upstream rewrites into oxla's (Transforms/Passes.td).
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_DIALECT_VHLO_IR_VHLOBYTECODE_H
#define OXLA_COMPILER_DIALECT_VHLO_IR_VHLOBYTECODE_H

#include "mlir/Support/LogicalResult.h"

namespace mlir {
class DialectBytecodeReader;
struct OperationState;
} // namespace mlir

namespace oxla::vhlo {

class VHLODialect;

/// Registers the reader of upstream's vhlo type and attribute encodings,
/// which produces builtin types and builtin or stablehlo attributes.
void addBytecodeInterface(VHLODialect *dialect);

/// Reads the properties entry of an upstream vhlo op (artifacts of 0.15.0
/// and later): its attributes in ODS's order (VHLOOpAttributes.def), kept
/// as the op's attributes.
mlir::LogicalResult readUpstreamProperties(mlir::DialectBytecodeReader &reader,
                                           mlir::OperationState &state);

} // namespace oxla::vhlo

#endif // OXLA_COMPILER_DIALECT_VHLO_IR_VHLOBYTECODE_H
