//===- StableHLO.h - The stablehlo dialect: types, attributes, ops -------===//
//
// The one header users of the dialect include.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_DIALECT_STABLEHLO_IR_STABLEHLO_H
#define OXLA_COMPILER_DIALECT_STABLEHLO_IR_STABLEHLO_H

#include "compiler/Dialect/StableHLO/IR/StableHLOTraits.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "compiler/Dialect/StableHLO/IR/StableHLODialect.h.inc"
#include "compiler/Dialect/StableHLO/IR/StableHLOEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "compiler/Dialect/StableHLO/IR/StableHLOAttrs.h.inc"
#define GET_TYPEDEF_CLASSES
#include "compiler/Dialect/StableHLO/IR/StableHLOTypes.h.inc"

#define GET_OP_CLASSES
#include "compiler/Dialect/StableHLO/IR/ElementwiseOps.h.inc"
#define GET_OP_CLASSES
#include "compiler/Dialect/StableHLO/IR/DataMovementOps.h.inc"
#define GET_OP_CLASSES
#include "compiler/Dialect/StableHLO/IR/DynamismOps.h.inc"
#define GET_OP_CLASSES
#include "compiler/Dialect/StableHLO/IR/ReductionOps.h.inc"
#define GET_OP_CLASSES
#include "compiler/Dialect/StableHLO/IR/ContractionOps.h.inc"
#define GET_OP_CLASSES
#include "compiler/Dialect/StableHLO/IR/ConvolutionOps.h.inc"
#define GET_OP_CLASSES
#include "compiler/Dialect/StableHLO/IR/LinalgOps.h.inc"
#define GET_OP_CLASSES
#include "compiler/Dialect/StableHLO/IR/ControlFlowOps.h.inc"
#define GET_OP_CLASSES
#include "compiler/Dialect/StableHLO/IR/DistributionOps.h.inc"
#define GET_OP_CLASSES
#include "compiler/Dialect/StableHLO/IR/MiscOps.h.inc"

#endif // OXLA_COMPILER_DIALECT_STABLEHLO_IR_STABLEHLO_H
