//===- DataMovementOps.td - stablehlo DataMovement ops ---------------------------------===//
#ifndef OXLA_STABLEHLO_DATA_MOVEMENT_OPS
#define OXLA_STABLEHLO_DATA_MOVEMENT_OPS

include "compiler/Dialect/StableHLO/IR/StableHLOAttrs.td"
include "compiler/Dialect/StableHLO/IR/StableHLOTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

#endif // OXLA_STABLEHLO_DATA_MOVEMENT_OPS
