// Tensor shardings in every form Shardy prints; printing is a fixpoint.
// RUN: oxla-opt %s | FileCheck %s
// RUN: oxla-opt %s > %t.1.mlir && oxla-opt %t.1.mlir > %t.2.mlir && diff %t.1.mlir %t.2.mlir

sdy.mesh @mesh = <["a"=2, "b"=4, "c"=2]>
sdy.mesh @maximal = <[], device_ids=[0]>

// CHECK-LABEL: func @arguments
// CHECK-SAME{LITERAL}: %arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}p0, {"b", ?}p1]>}
// CHECK-SAME{LITERAL}: %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {}], replicated={"a", "c"}>}
// CHECK-SAME{LITERAL}: -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2, "a"}, {"b":(2)2}], unreduced={"c"}>})
func.func @arguments(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}p0, {"b", ?}p1]>},
                     %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{?}, {}], replicated={"a", "c"}>})
    -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2, "a"}, {"b":(2)2}], unreduced={"c"}>}) {
  return %arg0 : tensor<8x8xf32>
}

// CHECK-LABEL: func @per_value
func.func @per_value(%arg0: tensor<8x8xf32>, %arg1: tensor<f32>) -> (tensor<8x8xf32>, tensor<f32>) {
  // CHECK{LITERAL}: sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}, {}]>]>
  %0 = stablehlo.add %arg0, %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a", "b"}, {}]>]>} : tensor<8x8xf32>
  // Inline meshes, unreduced with a reduction, rank 0.
  // CHECK{LITERAL}: sdy.sharding = #sdy.sharding_per_value<[<mesh<["x"=2, "y"=2]>, [{"x"}, {}], unreduced=max{"y"}>]>
  %1 = stablehlo.multiply %0, %0 {sdy.sharding = #sdy.sharding_per_value<[<mesh<["x"=2, "y"=2]>, [{"x"}, {}], unreduced=max{"y"}>]>} : tensor<8x8xf32>
  // CHECK{LITERAL}: sdy.sharding = #sdy.sharding_per_value<[<@mesh, [], replicated={"b"}, unreduced=min{"a"}>]>
  %2 = stablehlo.negate %arg1 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [], unreduced=min{"a"}, replicated={"b"}>]>} : tensor<f32>
  // CHECK{LITERAL}: sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {?}]>, <@maximal, []>]>
  %3:2 = stablehlo.optimization_barrier {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}, {?}]>, <@maximal, []>]>} %1, %2 : tensor<8x8xf32>, tensor<f32>
  // Elements written in full print stripped.
  // CHECK{LITERAL}: sdy.sharding = #sdy.sharding_per_value<[<@maximal, []>]>
  %4 = stablehlo.negate %2 {sdy.sharding = #sdy.sharding_per_value<[#sdy.sharding<@maximal, []>]>} : tensor<f32>
  // CHECK{LITERAL}: return {sdy.sharding = #sdy.sharding_per_value<[]>}
  return {sdy.sharding = #sdy.sharding_per_value<[]>} %3#0, %3#1 : tensor<8x8xf32>, tensor<f32>
}

// A side-effecting op without results placed on a device.
// CHECK-LABEL: func @no_results
func.func @no_results(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // CHECK{LITERAL}: {has_side_effect = true, sdy.sharding = #sdy.sharding_per_value<[<@maximal, []>]>}
  stablehlo.custom_call @foo(%arg0) {has_side_effect = true, sdy.sharding = #sdy.sharding_per_value<[<@maximal, []>]>} : (tensor<8x8xf32>) -> ()
  return %arg0 : tensor<8x8xf32>
}

// Dynamic shapes keep their sharding.
// CHECK-LABEL: func @dynamic
// CHECK-SAME{LITERAL}: {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}
func.func @dynamic(%arg0: tensor<?x?xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"a"}]>}) -> tensor<?x?xf32> {
  return %arg0 : tensor<?x?xf32>
}
