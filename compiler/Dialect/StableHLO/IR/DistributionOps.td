//===- DistributionOps.td - Spec "Distribution ops" -----------------------===//
//
// Collectives, host transfers, feeds, process ids, tokens and async
// collectives. Like upstream, only after_all, replica_id and partition_id
// have a pretty syntax; the others print in the generic form.
//
// `replica_groups` is a dense `tensor<NxMxi64>` (groups padded with -1) or,
// in newer exports, `#stablehlo.replica_group_mesh_axes<...>`.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_STABLEHLO_DISTRIBUTION_OPS
#define OXLA_STABLEHLO_DISTRIBUTION_OPS

include "compiler/Dialect/StableHLO/IR/StableHLOAttrs.td"
include "compiler/Dialect/StableHLO/IR/StableHLOTypes.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def HLO_ReplicaGroupsAttr : AnyAttrOf<[I64ElementsAttr, HLO_ReplicaGroupMeshAxes]>;
defvar HLO_PairsAttr = I64ElementsAttr;
defvar HLO_AnyTensor = HLO_TensorOrQuantized;

// Ops whose verifier checks replica_groups / channel_handle share helpers in
// DistributionOps.cpp.
class HLO_CollectiveOp<string mnemonic, list<Trait> traits = []>
    : StableHLO_Op<mnemonic, traits> {
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Tokens and process ids.
//===----------------------------------------------------------------------===//

def StableHLO_AfterAllOp : StableHLO_Op<"after_all", [Pure]> {
  let summary = "joins tokens";
  let arguments = (ins Variadic<HLO_Token>:$inputs);
  let results = (outs HLO_Token:$result);
  let assemblyFormat = "$inputs attr-dict `:` type($result)";
}

def StableHLO_ReplicaIdOp : StableHLO_Op<"replica_id", [Pure]> {
  let summary = "replica id";
  let results = (outs 0DTensorOf<[UI32]>:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

def StableHLO_PartitionIdOp : StableHLO_Op<"partition_id", [Pure]> {
  let summary = "partition id";
  let results = (outs 0DTensorOf<[UI32]>:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// Collectives.
//===----------------------------------------------------------------------===//

def StableHLO_AllGatherOp : HLO_CollectiveOp<"all_gather"> {
  let summary = "all-gather";
  let arguments = (ins Variadic<HLO_AnyTensor>:$operands,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$all_gather_dim,
                       HLO_ReplicaGroupsAttr:$replica_groups,
                       OptionalAttr<HLO_ChannelHandle>:$channel_handle,
                       UnitAttr:$use_global_device_ids);
  let results = (outs Variadic<HLO_AnyTensor>:$results);
}

// all_reduce applies `computation` to each operand separately.
def StableHLO_AllReduceOp : HLO_CollectiveOp<"all_reduce"> {
  let summary = "all-reduce";
  let arguments = (ins Variadic<HLO_AnyTensor>:$operands,
                       HLO_ReplicaGroupsAttr:$replica_groups,
                       OptionalAttr<HLO_ChannelHandle>:$channel_handle,
                       UnitAttr:$use_global_device_ids);
  let results = (outs Variadic<HLO_AnyTensor>:$results);
  let regions = (region SizedRegion<1>:$computation);
}

def StableHLO_AllToAllOp : HLO_CollectiveOp<"all_to_all"> {
  let summary = "all-to-all";
  let arguments = (ins Variadic<HLO_AnyTensor>:$operands,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$split_dimension,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$concat_dimension,
                       ConfinedAttr<I64Attr, [IntPositive]>:$split_count,
                       HLO_ReplicaGroupsAttr:$replica_groups,
                       OptionalAttr<HLO_ChannelHandle>:$channel_handle);
  let results = (outs Variadic<HLO_AnyTensor>:$results);
}

// With `has_dynamic_root`, the last operand is a 1-D integer tensor naming
// the root process of each group.
def StableHLO_CollectiveBroadcastOp : HLO_CollectiveOp<"collective_broadcast"> {
  let summary = "collective broadcast";
  let arguments = (ins Variadic<HLO_AnyTensor>:$operands,
                       HLO_ReplicaGroupsAttr:$replica_groups,
                       OptionalAttr<HLO_ChannelHandle>:$channel_handle,
                       UnitAttr:$has_dynamic_root);
  let results = (outs Variadic<HLO_AnyTensor>:$results);
}

def StableHLO_CollectivePermuteOp : HLO_CollectiveOp<"collective_permute"> {
  let summary = "collective permute";
  let arguments = (ins Variadic<HLO_AnyTensor>:$operands,
                       HLO_PairsAttr:$source_target_pairs,
                       OptionalAttr<HLO_ChannelHandle>:$channel_handle);
  let results = (outs Variadic<HLO_AnyTensor>:$results);
}

// A reduction to a root process; `has_dynamic_root` as for
// collective_broadcast.
def StableHLO_CollectiveReduceOp : HLO_CollectiveOp<"collective_reduce"> {
  let summary = "collective reduce";
  let arguments = (ins Variadic<HLO_AnyTensor>:$operands,
                       HLO_ReplicaGroupsAttr:$replica_groups,
                       OptionalAttr<HLO_ChannelHandle>:$channel_handle,
                       UnitAttr:$use_global_device_ids,
                       UnitAttr:$has_dynamic_root);
  let results = (outs Variadic<HLO_AnyTensor>:$results);
  let regions = (region SizedRegion<1>:$computation);
}

def StableHLO_ReduceScatterOp : HLO_CollectiveOp<"reduce_scatter"> {
  let summary = "reduce-scatter";
  let arguments = (ins Variadic<HLO_AnyTensor>:$operands,
                       ConfinedAttr<I64Attr, [IntNonNegative]>:$scatter_dimension,
                       HLO_ReplicaGroupsAttr:$replica_groups,
                       OptionalAttr<HLO_ChannelHandle>:$channel_handle,
                       UnitAttr:$use_global_device_ids);
  let results = (outs Variadic<HLO_AnyTensor>:$results);
  let regions = (region SizedRegion<1>:$computation);
}

// Deprecated: an all_reduce with addition.
def StableHLO_CrossReplicaSumOp : HLO_CollectiveOp<"cross-replica-sum"> {
  let summary = "cross-replica sum";
  let arguments = (ins HLO_AnyTensor:$operand,
                       HLO_ReplicaGroupsAttr:$replica_groups);
  let results = (outs HLO_AnyTensor:$result);
}

//===----------------------------------------------------------------------===//
// Feeds and host/device transfers.
//===----------------------------------------------------------------------===//

// Keeps the results unnamed (`%0:2 = "stablehlo.infeed"(...)`), as upstream
// prints them; ODS would name them after $results and $result_token.
defvar HLO_UnnamedResults = DeclareOpInterfaceMethods<OpAsmOpInterface,
                                                      ["getAsmResultNames"]>;

// Results are the values read and then a token.
def StableHLO_InfeedOp : StableHLO_Op<"infeed", [HLO_UnnamedResults]> {
  let summary = "infeed";
  let arguments = (ins HLO_Token:$token,
                       DefaultValuedStrAttr<StrAttr, "">:$infeed_config,
                       OptionalAttr<ArrayAttr>:$layout);
  let results = (outs Variadic<HLO_AnyTensor>:$results, HLO_Token:$result_token);
}

def StableHLO_OutfeedOp : StableHLO_Op<"outfeed"> {
  let summary = "outfeed";
  let arguments = (ins Variadic<HLO_AnyTensor>:$inputs, HLO_Token:$token,
                       DefaultValuedStrAttr<StrAttr, "">:$outfeed_config);
  let results = (outs HLO_Token:$result);
}

// Operands are the values sent and then a token.
def StableHLO_SendOp : HLO_CollectiveOp<"send"> {
  let summary = "send";
  let arguments = (ins Variadic<HLO_AnyTensor>:$inputs, HLO_Token:$token,
                       HLO_ChannelHandle:$channel_handle,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$is_host_transfer,
                       OptionalAttr<HLO_PairsAttr>:$source_target_pairs);
  let results = (outs HLO_Token:$result);
}

// Results are the values received and then a token.
def StableHLO_RecvOp : HLO_CollectiveOp<"recv", [HLO_UnnamedResults]> {
  let summary = "recv";
  let arguments = (ins HLO_Token:$token,
                       HLO_ChannelHandle:$channel_handle,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$is_host_transfer,
                       OptionalAttr<HLO_PairsAttr>:$source_target_pairs);
  let results = (outs Variadic<HLO_AnyTensor>:$results, HLO_Token:$result_token);
}

//===----------------------------------------------------------------------===//
// Async collectives (newer exports): `async_start` runs its region
// asynchronously and yields a !stablehlo.future; `async_done` waits for it.
//===----------------------------------------------------------------------===//

def HLO_Future : Type<CPred<"::llvm::isa<::oxla::stablehlo::FutureType>($_self)">,
                      "future">;

def StableHLO_AsyncStartOp : HLO_CollectiveOp<"async_start",
                                              [RecursiveMemoryEffects]> {
  let summary = "async start";
  let arguments = (ins Variadic<HLO_TensorOrTokenOrTuple>:$operands);
  let results = (outs HLO_Future:$result);
  let regions = (region SizedRegion<1>:$body);
}

def StableHLO_AsyncDoneOp : HLO_CollectiveOp<"async_done"> {
  let summary = "async done";
  let arguments = (ins HLO_Future:$future);
  let results = (outs Variadic<HLO_TensorOrTokenOrTuple>:$results);
}

#endif // OXLA_STABLEHLO_DISTRIBUTION_OPS
