//===- SDYOps.td - Shardy ops ----------------------------------*- tablegen -*-===//
//
// The ops of Shardy's dialect, with upstream's syntax. On one device each of
// them is an identity, a call or its body (docs/sharding.md); the verifiers
// apply Shardy's rules (SDYOps.cpp, SDYVerifiers.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_SDY_OPS
#define OXLA_SDY_OPS

include "compiler/Dialect/SDY/IR/SDYAttrs.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

def Sdy_MeshOp : Sdy_Op<"mesh", [Symbol, HasParent<"mlir::ModuleOp">]> {
  let summary = "a named mesh: sdy.mesh @mesh = <[\"x\"=2, \"y\"=4]>";
  let arguments = (ins SymbolNameAttr:$sym_name, Sdy_Mesh:$mesh);
  // Shardy's tests put meshes of different device counts in one module, so
  // that is not checked here (the attribute checks the mesh itself).
  let assemblyFormat = "$sym_name `=` $mesh attr-dict";
}

def Sdy_ShardingConstraintOp : Sdy_Op<"sharding_constraint",
    [SameOperandsAndResultType]> {
  let summary = "asks that a value have a sharding (an identity)";
  let arguments = (ins AnyType:$input, Sdy_TensorSharding:$sharding);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$input $sharding attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Sdy_ReshardOp : Sdy_Op<"reshard", [Pure, SameOperandsAndResultType]> {
  let summary = "moves a value to another sharding (an identity on its value)";
  let arguments = (ins AnyType:$input, Sdy_TensorSharding:$sharding);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$input $sharding attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def Sdy_ReturnOp : Sdy_Op<"return", [Pure, Terminator, ReturnLike]> {
  let summary = "ends the body of an sdy region op";
  let arguments = (ins Variadic<AnyType>:$results);
  let assemblyFormat = "attr-dict ($results^ `:` type($results))?";
}

def Sdy_ManualComputationOp : Sdy_Op<"manual_computation",
    [RecursiveMemoryEffects, SingleBlockImplicitTerminator<"ReturnOp">,
     IsolatedFromAbove]> {
  let summary = "a body written per device (local shapes) along the manual axes";
  let arguments = (ins Variadic<AnyRankedTensor>:$tensors,
                       Sdy_TensorShardingPerValue:$in_shardings,
                       Sdy_TensorShardingPerValue:$out_shardings,
                       Sdy_ManualAxes:$manual_axes);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    `(` operands `)`
    `in_shardings` `` `=` `` custom<StrippedShardingPerValue>($in_shardings)
    `out_shardings` `` `=` `` custom<StrippedShardingPerValue>($out_shardings)
    `manual_axes` `` `=` `` $manual_axes
    custom<BodyWithArguments>($body)
    attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Sdy_ShardingGroupOp : Sdy_Op<"sharding_group"> {
  let summary = "puts a value in a group whose members share one sharding";
  let arguments = (ins AnyRankedTensor:$input, I64Attr:$group_id);
  let assemblyFormat = "$input `group_id` `` `=` `` $group_id attr-dict `:` type($input)";
}

def Sdy_ConstantOp : Sdy_Op<"constant", [Pure]> {
  let summary = "a constant that is never merged with another (so each use can be sharded)";
  let arguments = (ins ElementsAttr:$value);
  let results = (outs AnyTensor:$output);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Sdy_DataFlowEdgeOp : Sdy_Op<"data_flow_edge", [SameOperandsAndResultType]> {
  let summary = "propagation's marker of a data-flow edge (an identity)";
  let arguments = (ins AnyShaped:$input, OptionalAttr<Sdy_TensorSharding>:$sharding);
  let results = (outs AnyShaped:$result);
  let assemblyFormat = "$input (`sharding` `` `=` `` $sharding^)? attr-dict `:` type($result)";
}

def Sdy_PropagationBarrierOp : Sdy_Op<"propagation_barrier",
    [Pure, SameOperandsAndResultType]> {
  let summary = "stops propagation in some directions (an identity)";
  let arguments = (ins AnyRankedTensor:$input,
                       Sdy_PropagationDirection:$allowed_direction);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$input `allowed_direction` `` `=` `` $allowed_direction attr-dict `:` type($input)";
  let hasVerifier = 1;
}

def Sdy_NamedComputationOp : Sdy_Op<"named_computation",
    [RecursiveMemoryEffects, SingleBlockImplicitTerminator<"ReturnOp">,
     IsolatedFromAbove]> {
  let summary = "a named block of ops (a call whose callee is inline)";
  let arguments = (ins StrAttr:$name, Variadic<AnyType>:$operands,
                       OptionalAttr<Sdy_TensorShardingPerValue>:$in_shardings,
                       OptionalAttr<Sdy_TensorShardingPerValue>:$out_shardings);
  let results = (outs Variadic<AnyType>);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    `<` $name `>` `` `(` $operands `)`
    (`in_shardings` `` `=` `` custom<StrippedShardingPerValue>($in_shardings)^)?
    (`out_shardings` `` `=` `` custom<StrippedShardingPerValue>($out_shardings)^)?
    custom<BodyWithArguments>($body)
    attr-dict `:` functional-type($operands, results)
  }];
  let hasVerifier = 1;
}

// The global-view collectives: each names the axes it acts on and the
// sharding its result has.
class Sdy_CollectiveOp<string mnemonic, dag axes, string axesFormat>
    : Sdy_Op<mnemonic, [SameOperandsAndResultType]> {
  let arguments = !con((ins AnyTensor:$tensor), axes,
                       (ins Sdy_TensorSharding:$out_sharding));
  let results = (outs AnyTensor:$result);
  let assemblyFormat = axesFormat # [{ $tensor `out_sharding` `` `=` `` $out_sharding
                                       attr-dict `:` type($result) }];
  let hasVerifier = 1;
}

def Sdy_AllGatherOp : Sdy_CollectiveOp<"all_gather",
    (ins Sdy_ListOfAxisRefLists:$gathering_axes), "$gathering_axes"> {
  let summary = "gathers the given axes of each dimension";
}
def Sdy_AllSliceOp : Sdy_CollectiveOp<"all_slice",
    (ins Sdy_ListOfAxisRefLists:$slicing_axes), "$slicing_axes"> {
  let summary = "slices each dimension further along the given axes";
}
def Sdy_AllToAllOp : Sdy_CollectiveOp<"all_to_all",
    (ins Sdy_AllToAllParamList:$params), "$params"> {
  let summary = "moves axes from one dimension to another";
}
def Sdy_CollectivePermuteOp : Sdy_CollectiveOp<"collective_permute", (ins), ""> {
  let summary = "replaces or reorders the axes of each dimension, same shard sizes";
}
def Sdy_AllReduceOp : Sdy_CollectiveOp<"all_reduce",
    (ins OptionalAttr<Sdy_ReductionKind>:$reduction,
         Sdy_AxisRefList:$reduction_axes),
    "custom<ReductionAndAxes>($reduction, $reduction_axes)"> {
  let summary = "combines the partial values along the given axes";
}
def Sdy_ReduceScatterOp : Sdy_CollectiveOp<"reduce_scatter",
    (ins OptionalAttr<Sdy_ReductionKind>:$reduction,
         Sdy_ListOfAxisRefLists:$reduce_scatter_axes),
    "custom<ReductionAndAxes>($reduction, $reduce_scatter_axes)"> {
  let summary = "combines partial values and slices along the given axes";
}

#endif // OXLA_SDY_OPS
