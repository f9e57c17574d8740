// sdy.manual_computation runs its body per device: each device gets its
// shard of every operand (as in_shardings places it), runs the body as
// written (its collectives included), and its values along the free axes
// are partitioned like any others; out_shardings say how the devices'
// values make the result. Interpreted and compiled, 4 devices.
// RUN: oxla-interpret %s --split-input-file --devices 4 --input 4x4xi32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --print-results | FileCheck %s
// RUN: oxla-run %s --split-input-file --devices 4 --input 4x4xi32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --print-results | FileCheck %s
// The local view: no manual computation is left.
// RUN: oxla-opt %s --split-input-file --oxla-spmd-partition | FileCheck %s --check-prefix=LOCAL

// Manual along the only axis: each device doubles its row; the body's own
// all_reduce (global device ids) sums the rows; every device holds the sum.
// CHECK: EXEC @main
// CHECK-NEXT: 1x4xi32=[48 56 64 72]
// LOCAL-LABEL: func.func public @main
// LOCAL-SAME: tensor<1x4xi32>
// LOCAL-NOT: sdy.manual_computation
// LOCAL: stablehlo.add
// LOCAL: "stablehlo.all_reduce"
// LOCAL-SAME: replica_groups = dense<{{\[\[}}0, 1, 2, 3]]>
sdy.mesh @mesh = <["x"=4]>
func.func public @main(%arg0: tensor<4x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
    -> (tensor<1x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{}, {}]>] manual_axes={"x"} (%arg1: tensor<1x4xi32>) {
    %1 = stablehlo.add %arg1, %arg1 : tensor<1x4xi32>
    %2 = "stablehlo.all_reduce"(%1) ({
      ^bb0(%a: tensor<i32>, %b: tensor<i32>):
        %s = stablehlo.add %a, %b : tensor<i32>
        stablehlo.return %s : tensor<i32>
    }) {
      replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>,
      use_global_device_ids
    } : (tensor<1x4xi32>) -> tensor<1x4xi32>
    sdy.return %2 : tensor<1x4xi32>
  } : (tensor<4x4xi32>) -> tensor<1x4xi32>
  return %0 : tensor<1x4xi32>
}

// -----

// Manual along "x" only: the body sees two rows split over the free "y"; its
// reduction over the split columns is combined over "y" by the partitioner.
// CHECK: EXEC @main
// CHECK-NEXT: 4xi32=[12 44 76 108]
// LOCAL-LABEL: func.func public @main
// LOCAL-SAME: tensor<2x2xi32>
// LOCAL-NOT: sdy.manual_computation
// LOCAL: stablehlo.reduce
// LOCAL: "stablehlo.all_reduce"
// LOCAL-SAME: replica_groups = dense<{{\[\[}}0, 1], [2, 3]]>
sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func public @main(%arg0: tensor<4x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>})
    -> (tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%arg1: tensor<2x4xi32>) {
    %1 = stablehlo.add %arg1, %arg1 : tensor<2x4xi32>
    %zero = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.reduce(%1 init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x4xi32>, tensor<i32>) -> tensor<2xi32>
    sdy.return %2 : tensor<2xi32>
  } : (tensor<4x4xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
