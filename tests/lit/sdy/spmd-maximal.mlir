// A maximal sharding (a mesh of one device, `device_ids=[k]`) computes the
// value on device k: every device runs the op, and device k's value (here
// its partition_id) becomes everyone's, by a collective_broadcast from k.
// RUN: oxla-opt %s --split-input-file --oxla-spmd-partition | FileCheck %s --check-prefix=IR
// RUN: oxla-interpret %s --split-input-file --devices 2 --input 4xi32=1,2,3,4 --print-results | FileCheck %s
// RUN: oxla-run %s --split-input-file --devices 2 --input 4xi32=1,2,3,4 --print-results | FileCheck %s

// IR: stablehlo.add
// IR-NEXT: "stablehlo.collective_broadcast"({{.*}}) <{channel_handle = #stablehlo.channel_handle<handle = {{[0-9]+}}, type = 1>, replica_groups = dense<{{\[\[}}1, 0]]> : tensor<1x2xi64>}>
// CHECK-COUNT-2: 4xi32=[2 3 4 5]
sdy.mesh @mesh = <["x"=2]>
sdy.mesh @device_1 = <[], device_ids=[1]>
func.func @main(%arg0: tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>})
    -> (tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}]>}) {
  %id = stablehlo.partition_id : tensor<ui32>
  %id32 = stablehlo.convert %id : (tensor<ui32>) -> tensor<i32>
  %ids = stablehlo.broadcast_in_dim %id32, dims = [] : (tensor<i32>) -> tensor<4xi32>
  %0 = stablehlo.add %arg0, %ids {sdy.sharding = #sdy.sharding_per_value<[#sdy.sharding<@device_1, []>]>} : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// GSPMD's `{maximal device=1}` is the same sharding (an inline maximal mesh).
module @gspmd attributes {mhlo.num_partitions = 2 : i32} {
func.func @main(%arg0: tensor<4xi32> {mhlo.sharding = "{devices=[2]<=[2]}"}) -> (tensor<4xi32> {mhlo.sharding = "{replicated}"}) {
  %id = stablehlo.partition_id : tensor<ui32>
  %id32 = stablehlo.convert %id : (tensor<ui32>) -> tensor<i32>
  %ids = stablehlo.broadcast_in_dim %id32, dims = [] : (tensor<i32>) -> tensor<4xi32>
  %0 = stablehlo.add %arg0, %ids {mhlo.sharding = "{maximal device=1}"} : tensor<4xi32>
  return %0 : tensor<4xi32>
}
}
