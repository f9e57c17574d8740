//===- VHLO.h - The vhlo dialect: versioned StableHLO ---------------------===//
#ifndef OXLA_COMPILER_DIALECT_VHLO_IR_VHLO_H
#define OXLA_COMPILER_DIALECT_VHLO_IR_VHLO_H

#include "compiler/Dialect/VHLO/IR/Version.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"

namespace oxla::vhlo {
// BytecodeOpInterface's generated method declarations name it unqualified.
using mlir::LogicalResult;
} // namespace oxla::vhlo

#include "compiler/Dialect/VHLO/IR/VHLODialect.h.inc"
#include "compiler/Dialect/VHLO/IR/VHLOInterfaces.h.inc"

#define GET_OP_CLASSES
#include "compiler/Dialect/VHLO/IR/VHLOOps.h.inc"

#endif // OXLA_COMPILER_DIALECT_VHLO_IR_VHLO_H
