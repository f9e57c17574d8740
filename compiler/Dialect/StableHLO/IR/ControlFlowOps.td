//===- ControlFlowOps.td - Spec "Control flow ops" ------------------------===//
//
// while, if, case and the region terminator `stablehlo.return`. while has
// the upstream pretty syntax:
//
//   %0:2 = stablehlo.while(%iterArg = %a, %iterArg_0 = %b) : T0, T1
//    cond { ... stablehlo.return %p : tensor<i1> }
//    do { ... stablehlo.return %x, %y : T0, T1 }
//
// if and case print in the generic form, as upstream does.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_STABLEHLO_CONTROL_FLOW_OPS
#define OXLA_STABLEHLO_CONTROL_FLOW_OPS

include "compiler/Dialect/StableHLO/IR/StableHLOAttrs.td"
include "compiler/Dialect/StableHLO/IR/StableHLOTypes.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// The terminator of every stablehlo region (reduce bodies, while, if, ...).
def StableHLO_ReturnOp : StableHLO_Op<"return", [Pure, Terminator]> {
  let summary = "region terminator";
  let arguments = (ins Variadic<HLO_TensorOrTokenOrTuple>:$results);
  let assemblyFormat = "$results attr-dict (`:` type($results)^)?";
}

// Spec "while": runs `body` while `cond` yields true.
def StableHLO_WhileOp : StableHLO_Op<"while", [
    RecursiveMemoryEffects,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmBlockArgumentNames"]>]> {
  let summary = "while loop";
  let arguments = (ins Variadic<HLO_TensorOrTokenOrTuple>:$operand);
  let results = (outs Variadic<HLO_TensorOrTokenOrTuple>:$results);
  let regions = (region SizedRegion<1>:$cond, SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

// Spec "if": runs one of two argument-less branches.
def StableHLO_IfOp : StableHLO_Op<"if", [RecursiveMemoryEffects]> {
  let summary = "conditional";
  let arguments = (ins HLO_PredTensor:$pred);
  let results = (outs Variadic<HLO_TensorOrTokenOrTuple>:$results);
  let regions = (region SizedRegion<1>:$true_branch,
                        SizedRegion<1>:$false_branch);
  let hasVerifier = 1;
}

// Spec "case": runs branch `index` (the last one when out of range).
def StableHLO_CaseOp : StableHLO_Op<"case", [RecursiveMemoryEffects]> {
  let summary = "multi-way conditional";
  let arguments = (ins HLO_TensorOf<[I32], "si32">:$index);
  let results = (outs Variadic<HLO_TensorOrTokenOrTuple>:$results);
  let regions = (region VariadicRegion<SizedRegion<1>>:$branches);
  let hasVerifier = 1;
}

#endif // OXLA_STABLEHLO_CONTROL_FLOW_OPS
