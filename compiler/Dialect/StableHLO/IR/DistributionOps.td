//===- DistributionOps.td - stablehlo Distribution ops ---------------------------------===//
#ifndef OXLA_STABLEHLO_DISTRIBUTION_OPS
#define OXLA_STABLEHLO_DISTRIBUTION_OPS

include "compiler/Dialect/StableHLO/IR/StableHLOAttrs.td"
include "compiler/Dialect/StableHLO/IR/StableHLOTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

#endif // OXLA_STABLEHLO_DISTRIBUTION_OPS
