//===- VHLOUpstreamTables.h - Upstream's vhlo scalar types and enums -------===//
//
// Upstream's scalar types (!vhlo.f32_v1, bytecode code 4) and enums
// (#vhlo<comparison_direction_v1 LT>, code 3) each read into one builtin
// type or stablehlo enum attribute (the enums number their values alike).
// One table of each serves the bytecode and the text reader.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_DIALECT_VHLO_IR_VHLOUPSTREAMTABLES_H
#define OXLA_COMPILER_DIALECT_VHLO_IR_VHLOUPSTREAMTABLES_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Types.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace oxla::vhlo {

/// One of upstream's scalar types.
struct UpstreamScalarType {
  uint64_t bytecodeCode;    ///< its type code in bytecode
  llvm::StringRef mnemonic; ///< `f32_v1`
  /// The builtin (or stablehlo token) type; null for the element types that
  /// MLIR 19 lacks (f4E2M1FN, ...), whose name is then `missingName`.
  mlir::Type (*get)(mlir::MLIRContext *);
  llvm::StringRef missingName;
};

/// The scalar type with this bytecode type code, or null.
const UpstreamScalarType *findUpstreamScalarType(uint64_t bytecodeCode);
/// The scalar type with this text mnemonic, or null.
const UpstreamScalarType *findUpstreamScalarType(llvm::StringRef mnemonic);

/// One of upstream's enum attributes.
struct UpstreamEnum {
  uint64_t bytecodeCode;      ///< its attribute code in bytecode
  llvm::StringRef mnemonic;   ///< `comparison_direction_v1`
  llvm::StringRef what;       ///< for messages: "comparison direction"
  /// The stablehlo attribute with this value, or null for an unknown value.
  mlir::Attribute (*fromValue)(mlir::MLIRContext *, uint64_t);
  mlir::Attribute (*fromName)(mlir::MLIRContext *, llvm::StringRef);
};

/// The enum with this bytecode attribute code, or null.
const UpstreamEnum *findUpstreamEnum(uint64_t bytecodeCode);
/// The enum with this text mnemonic, or null.
const UpstreamEnum *findUpstreamEnum(llvm::StringRef mnemonic);

} // namespace oxla::vhlo

#endif // OXLA_COMPILER_DIALECT_VHLO_IR_VHLOUPSTREAMTABLES_H
