//===- ControlFlowOps.td - stablehlo ControlFlow ops ---------------------------------===//
#ifndef OXLA_STABLEHLO_CONTROL_FLOW_OPS
#define OXLA_STABLEHLO_CONTROL_FLOW_OPS

include "compiler/Dialect/StableHLO/IR/StableHLOAttrs.td"
include "compiler/Dialect/StableHLO/IR/StableHLOTypes.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// The terminator of every stablehlo region (reduce bodies, while, if, ...).
def StableHLO_ReturnOp : StableHLO_Op<"return", [Pure, Terminator]> {
  let summary = "region terminator";
  let arguments = (ins Variadic<HLO_TensorOrTokenOrTuple>:$results);
  let assemblyFormat = "$results attr-dict (`:` type($results)^)?";
}

#endif // OXLA_STABLEHLO_CONTROL_FLOW_OPS
