//===- Passes.td - Passes over sharding annotations ------------*- tablegen -*-===//

#ifndef OXLA_COMPILER_SHARDING_PASSES
#define OXLA_COMPILER_SHARDING_PASSES

include "mlir/Pass/PassBase.td"

def ImportSdyRoundTrip : Pass<"oxla-import-sdy-round-trip", "mlir::ModuleOp"> {
  let summary = "Read Shardy's string round-trip form into the sdy dialect";
  let description = [{
    XLA and older JAX exporters keep Shardy's annotations as strings in
    `mhlo.frontend_attributes` (each string is the attribute's text):
    - `xla.sdy.meshes = "{mesh = #sdy.mesh<[...]>}"` on the module becomes
      `sdy.mesh` ops;
    - `xla.sdy.sharding` on a function argument or result becomes its
      `sdy.sharding`, on an op its `sdy.sharding` (a sharding per result);
      `xla.sdy.sharding_rule` becomes `sdy.sharding_rule`;
    - `stablehlo.custom_call @xla.sdy.FuncResultSharding(%v)` gives the
      function result it feeds its sharding and is replaced by `%v`;
    - `stablehlo.custom_call @Sharding` with an `xla.sdy.sharding` becomes
      `sdy.sharding_constraint`;
    - `@xla.sdy.GlobalToLocalShape`, `call @xla.sdy.manual_computation_body*`,
      `@xla.sdy.LocalToGlobalShape` (with `xla.sdy.in_shardings`,
      `out_shardings`, `manual_axes` on the custom calls or the call) become
      one `sdy.manual_computation` whose body is the called function's.
    Every tool runs it on the way in. A string that does not parse is
    reported at the op that carries it.
  }];
  let dependentDialects = ["oxla::sdy::SdyDialect"];
}

def ShardingToOneDevice : Pass<"oxla-sharding-to-one-device", "mlir::ModuleOp"> {
  let summary = "Give every sharding construct its one-device meaning";
  let description = [{
    For a program that runs on one device (its meshes have one device, see
    docs/sharding.md): `sdy.sharding_constraint`, `sdy.reshard`,
    `sdy.propagation_barrier`, `sdy.data_flow_edge` and the global-view
    collectives become their operand; `sdy.constant` a `stablehlo.constant`;
    `sdy.named_computation` and `sdy.manual_computation` are inlined (their
    body's shapes are the global ones on one device); `sdy.sharding_group`
    and `sdy.mesh` are erased, and so are `sdy.*` and `mhlo.sharding`
    attributes. The custom calls `@Sharding`, `@SPMDFullToShardShape`,
    `@SPMDShardToFullShape` and `@xla.sdy.*` become their operand.
    Fails, naming the mesh, when the program needs more than one device,
    unless `ignore-device-count` is set: then the program's meshes are read
    as one device's (the unpartitioned meaning, `oxla-interpret --devices 1`,
    the oracle SPMD runs are checked against).
  }];
  let options = [
    Option<"ignoreDeviceCount", "ignore-device-count", "bool", /*default=*/"false",
           "Give a program over several devices its one-device meaning">,
  ];
  let dependentDialects = ["oxla::stablehlo::StableHLODialect"];
}

def ShardingPropagation : Pass<"oxla-sharding-propagation", "mlir::ModuleOp"> {
  let summary = "Give every op result in a sharded function a sharding";
  let description = [{
    In every function with shardings, in program order, each single-result
    op without `sdy.sharding` gets the sharding its op's rule computes from
    its operands' shardings (compiler/Sharding/ShardingRules.h:
    elementwise ops, broadcast_in_dim, transpose, dot_general, reduce);
    shardings on arguments, on ops and `sdy.sharding_constraint` are kept.
    Ops without a rule, and results the rule leaves unsplit, stay without
    one (replicated).
  }];
  let dependentDialects = ["oxla::sdy::SdyDialect"];
}

def SpmdPartition : Pass<"oxla-spmd-partition", "mlir::ModuleOp"> {
  let summary = "Partition sharded functions into per-device (local-view) programs";
  let description = [{
    GSPMD `mhlo.sharding` strings of public functions are first read as sdy
    shardings over inline meshes (and `@Sharding` as
    `sdy.sharding_constraint`). Every public function with shardings over
    a mesh of more than one device is then propagated (--oxla-sharding-propagation) and rewritten into
    the program each device runs: arguments and results take the shard
    types (dimensions that do not divide are padded up) and keep their
    sharding attributes; ops run on shards by their sharding rule;
    explicit StableHLO collectives (all_gather with global device ids and
    channel handles, all_reduce for partial sums) and partition_id-indexed
    slices move data where shardings differ. Ops without a rule run
    replicated, with a remark for every operand gathered whole. A device's
    id is the spec's flattened id, replica_id * num_partitions +
    partition_id. Sets `mhlo.num_partitions` = N and `mhlo.num_replicas` = 1
    (with `as-replicas`, the other way round); the function gets
    `oxla.spmd_devices`.
  }];
  let options = [
    Option<"numDevices", "num-devices", "int64_t", /*default=*/"0",
           "Devices to partition for (0: the meshes' device count)">,
    Option<"asReplicas", "as-replicas", "bool", /*default=*/"false",
           "Run the devices as replicas of one partition (mhlo.num_replicas = N) "
           "rather than as partitions of one replica">,
  ];
  let dependentDialects = ["oxla::sdy::SdyDialect", "oxla::stablehlo::StableHLODialect"];
}

def LowerCollectives : Pass<"oxla-lower-collectives", "mlir::ModuleOp"> {
  let summary = "Collectives and run_parallel as runtime primitives and local StableHLO";
  let description = [{
    For compiled code. Each function runs on a grid of replicas x partitions:
    the one of the `interpreter.run_parallel` that runs it (and the functions
    it calls), else the module's `mhlo.num_replicas` x `mhlo.num_partitions`.
    The spec's process groups of every collective become lists of device
    ids (replica * num_partitions + partition); the collective becomes a
    runtime primitive plus StableHLO on the local values:
    `@oxla.collective.exchange` stacks every member's operand in group order
    (all_gather: transpose + reshape; all_reduce, collective_reduce: the
    op's body applied with `stablehlo.map` in group order; reduce_scatter,
    all_to_all: each member's part at this device's position; 
    collective_broadcast: member 0), `@oxla.collective.permute` passes a
    value from source to target (zeros where no source), and
    `@oxla.collective.device_id` gives replica_id and partition_id.
    `interpreter.run_parallel` becomes `@oxla.run_parallel`, whose
    backend_config names the grid's functions (runtime/collectives/).
    Refused (unsupported): dynamic roots, dynamic shapes, process groups of
    different sizes, a function run on grids of different shapes.
  }];
  let dependentDialects = ["oxla::stablehlo::StableHLODialect"];
}

#endif // OXLA_COMPILER_SHARDING_PASSES
