// RUN: oxla-opt %s -split-input-file --oxla-spmd-partition -verify-diagnostics | FileCheck %s

// A data + model (Megatron) parallel MLP on 2x2 devices: the arguments get
// their shard types, the first dot needs no data movement, the second
// contracts a dimension split on "model" and sums its partial results over
// the "model" groups {0,1} and {2,3} once they are read; the broadcasts
// fill each device's own shard.
// CHECK: module attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32}
// CHECK-LABEL: func.func public @mlp
// CHECK-SAME: %arg0: tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}
// CHECK-SAME: %arg1: tensor<32x32xf32>
// CHECK-SAME: %arg2: tensor<32xf32>
// CHECK-SAME: %arg3: tensor<32x32xf32>
// CHECK-SAME: -> (tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>})
// CHECK-SAME: attributes {oxla.spmd_devices = 4 : i64}
// CHECK-NOT: all_gather
// CHECK-NOT: dynamic_slice
// CHECK: %[[H:.*]] = stablehlo.dot_general %arg0, %arg1, {{.*}} -> tensor<8x32xf32>
// CHECK: stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<32xf32>) -> tensor<8x32xf32>
// CHECK: %[[P:.*]] = stablehlo.dot_general %{{.*}}, %arg3, {{.*}} -> tensor<8x32xf32>
// CHECK: "stablehlo.all_reduce"(%[[P]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<{{\[\[}}0, 1], [2, 3]]> : tensor<2x2xi64>, use_global_device_ids}>
// CHECK: stablehlo.add
// CHECK-NOT: all_
// CHECK: return
sdy.mesh @mesh = <["data"=2, "model"=2]>
func.func public @mlp(%x: tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>},
                      %w1: tensor<32x64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"model"}]>},
                      %b1: tensor<64xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}]>},
                      %w2: tensor<64x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"model"}, {}]>})
    -> (tensor<16x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
  %0 = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x64xf32>) -> tensor<16x64xf32>
  %1 = stablehlo.broadcast_in_dim %b1, dims = [1] : (tensor<64xf32>) -> tensor<16x64xf32>
  %2 = stablehlo.add %0, %1 : tensor<16x64xf32>
  %3 = stablehlo.dot_general %2, %w2, contracting_dims = [1] x [0] : (tensor<16x64xf32>, tensor<64x32xf32>) -> tensor<16x32xf32>
  %4 = stablehlo.tanh %3 : tensor<16x32xf32>
  return %4 : tensor<16x32xf32>
}

// -----

// 7 rows over 4 devices: shards of 2 rows, the last one half padding; the
// replicated result is gathered and the padding dropped.
// CHECK-LABEL: func.func public @uneven
// CHECK-SAME: (%arg0: tensor<2x3xf32> {{.*}}) -> (tensor<7x3xf32>
// CHECK: %[[N:.*]] = stablehlo.negate %arg0 : tensor<2x3xf32>
// CHECK: %[[G:.*]] = "stablehlo.all_gather"(%[[N]]) <{all_gather_dim = 0 : i64, {{.*}}replica_groups = dense<{{\[\[}}0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<2x3xf32>) -> tensor<8x3xf32>
// CHECK: %[[S:.*]] = stablehlo.slice %[[G]] [0:7, 0:3]
// CHECK: return %[[S]] : tensor<7x3xf32>
sdy.mesh @mesh = <["x"=4]>
func.func public @uneven(%arg0: tensor<7x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
    -> (tensor<7x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %0 = stablehlo.negate %arg0 : tensor<7x3xf32>
  return %0 : tensor<7x3xf32>
}

// -----

// Moving the split from rows to columns: gather the rows, then each device
// slices its columns at an offset looked up by its device index
// (the spec's flattened id replica_id * num_partitions + partition_id, 4
// partitions) in a table, here for a custom device order.
// CHECK-LABEL: func.func public @move
// CHECK-SAME: (%arg0: tensor<2x8xf32> {{.*}}) -> (tensor<8x2xf32>
// CHECK-DAG: %[[P:.*]] = stablehlo.partition_id : tensor<ui32>
// CHECK-DAG: %[[PI:.*]] = stablehlo.convert %[[P]]
// CHECK-DAG: %[[R:.*]] = stablehlo.replica_id : tensor<ui32>
// CHECK-DAG: %[[RI:.*]] = stablehlo.convert %[[R]]
// CHECK-DAG: %[[N:.*]] = stablehlo.constant dense<4> : tensor<i32>
// CHECK: %[[RN:.*]] = stablehlo.multiply %[[RI]], %[[N]]
// CHECK: %[[D:.*]] = stablehlo.add %[[RN]], %[[PI]]
// CHECK: %[[G:.*]] = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 0 : i64, {{.*}}replica_groups = dense<{{\[\[}}3, 2, 1, 0]]>
// CHECK: %[[T:.*]] = stablehlo.constant dense<[6, 4, 2, 0]> : tensor<4xi32>
// CHECK: %[[O:.*]] = stablehlo.dynamic_slice %[[T]], %[[D]], sizes = [1]
// CHECK: %[[OS:.*]] = stablehlo.reshape %[[O]]
// CHECK: stablehlo.dynamic_slice %[[G]], %{{.*}}, %[[OS]], sizes = [8, 2]
sdy.mesh @mesh = <["x"=4], device_ids=[3, 2, 1, 0]>
func.func public @move(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
    -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) {
  return %arg0 : tensor<8x8xf32>
}

// -----

// A reduction over a split dimension that does not divide: the padding is
// filled with the init value, the local reduce runs, and an all_reduce with
// the reduce body combines the devices' partial results.
// CHECK-LABEL: func.func public @reduce_max
// CHECK: stablehlo.iota dim = 0 : tensor<3x4xi32>
// CHECK: stablehlo.compare  LT
// CHECK: %[[M:.*]] = stablehlo.select
// CHECK: %[[L:.*]] = stablehlo.reduce(%[[M]] init: %arg1)
// CHECK: "stablehlo.all_reduce"(%[[L]])
// CHECK: stablehlo.maximum
// CHECK: return {{.*}} : tensor<4xf32>
sdy.mesh @mesh = <["x"=2]>
func.func public @reduce_max(%arg0: tensor<5x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<f32>) -> tensor<4xf32> {
  %0 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.maximum across dimensions = [0] : (tensor<5x4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// An op without a partitioning rule runs replicated, and says which
// operand it had to gather whole.
// CHECK-LABEL: func.func public @no_rule
// CHECK: "stablehlo.all_gather"(%arg0)
// CHECK: stablehlo.sort
sdy.mesh @mesh = <["x"=2]>
func.func public @no_rule(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<8xf32> {
  // expected-remark @below {{involuntary replication: operand #0 (tensor<8xf32>, sharding <@mesh, [{"x"}]>) is gathered whole: 'stablehlo.sort' has no partitioning rule for these operand shardings}}
  %0 = "stablehlo.sort"(%arg0) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// concatenate, pad and reverse keep the split of the dimensions they do not
// touch; one they touch is gathered, and reported.
// CHECK-LABEL: func.func public @per_dimension
// CHECK-SAME: (%arg0: tensor<4x3xf32> {{.*}}, %arg1: tensor<4x5xf32> {{.*}}) -> (tensor<4x10xf32>
// CHECK-NOT: all_gather
// CHECK: stablehlo.concatenate %arg0, %arg1, dim = 1 : (tensor<4x3xf32>, tensor<4x5xf32>) -> tensor<4x8xf32>
// CHECK: stablehlo.pad %{{.*}}, %{{.*}}, low = [0, 1], high = [0, 1], interior = [0, 0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x10xf32>
// CHECK: "stablehlo.all_gather"
// CHECK: stablehlo.reverse %{{.*}}, dims = [0] : tensor<8x10xf32>
sdy.mesh @mesh = <["x"=2]>
func.func public @per_dimension(%arg0: tensor<8x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>},
                                %arg1: tensor<8x5xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
    -> (tensor<8x10xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<8x10xf32>) {
  %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 : (tensor<8x3xf32>, tensor<8x5xf32>) -> tensor<8x8xf32>
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = stablehlo.pad %0, %c, low = [0, 1], high = [0, 1], interior = [0, 0] : (tensor<8x8xf32>, tensor<f32>) -> tensor<8x10xf32>
  // expected-remark @below {{involuntary replication: operand #0 (tensor<8x10xf32>, sharding <@mesh, [{"x"}, {}]>) is gathered along dimension 0: 'stablehlo.reverse' needs it whole}}
  %2 = stablehlo.reverse %1, dims = [0] : tensor<8x10xf32>
  return %1, %2 : tensor<8x10xf32>, tensor<8x10xf32>
}

// -----

// A function without shardings, or private, is left alone.
// CHECK-LABEL: func.func public @plain
// CHECK-SAME: (%arg0: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: stablehlo.negate %arg0 : tensor<8xf32>
func.func public @plain(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// GSPMD strings become sdy shardings over inline meshes (the tile
// assignment's axes and device order), @Sharding a constraint: here rows on
// 2 of 4 devices, replicated on the other 2 (device order 0,2,1,3).
// CHECK-LABEL: func.func public @gspmd
// CHECK-SAME: (%arg0: tensor<4x8xf32> {sdy.sharding = #sdy.sharding<mesh<["_axis_0"=2, "_axis_2"=2], device_ids=[0, 2, 1, 3]>, [{"_axis_0"}, {}], replicated={"_axis_2"}>})
// CHECK-SAME: -> tensor<8x8xf32>
// CHECK: %[[N:.*]] = stablehlo.negate %arg0 : tensor<4x8xf32>
// CHECK: "stablehlo.all_gather"(%[[N]]) <{all_gather_dim = 0 : i64, {{.*}}replica_groups = dense<{{\[\[}}0, 1], [2, 3]]>
// CHECK-NOT: custom_call
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func public @gspmd(%arg0: tensor<8x8xf32> {mhlo.sharding = "{devices=[2,1,2]<=[2,2]T(1,0) last_tile_dim_replicate}"})
      -> (tensor<8x8xf32> {mhlo.sharding = "{replicated}"}) {
    %0 = stablehlo.custom_call @Sharding(%arg0) {mhlo.sharding = "{devices=[2,1,2]<=[2,2]T(1,0) last_tile_dim_replicate}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %1 = stablehlo.negate %0 : tensor<8x8xf32>
    return %1 : tensor<8x8xf32>
  }
}
