//===- VHLOEnums.h - Upstream's vhlo enum attributes ----------------------===//
//
// Upstream's vhlo enums (#vhlo<comparison_direction_v1 LT>, bytecode code 3)
// number their values as stablehlo's do, so each reads into the stablehlo
// enum attribute. One table serves the bytecode and the text reader.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_DIALECT_VHLO_IR_VHLOENUMS_H
#define OXLA_COMPILER_DIALECT_VHLO_IR_VHLOENUMS_H

#include "mlir/IR/Attributes.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace oxla::vhlo {

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

#endif // OXLA_COMPILER_DIALECT_VHLO_IR_VHLOENUMS_H
