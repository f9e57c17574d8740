// RUN: oxla-opt %s -split-input-file --oxla-sharding-propagation | FileCheck %s

// Forward through elementwise ops, broadcast_in_dim, transpose, dot_general
// (a split contracting dimension leaves the result unreduced) and reduce;
// then a broadcast takes the sharding of the elementwise op reading it.
// CHECK-LABEL: func.func @forward
// CHECK: stablehlo.dot_general {{.*}} {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}], unreduced={"y"}>]>}
// CHECK: stablehlo.broadcast_in_dim {{.*}} {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>}
// CHECK: stablehlo.add {{.*}} {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>}
// CHECK: stablehlo.transpose {{.*}} {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"x"}]>]>}
// CHECK: stablehlo.reduce{{.*}} {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>}
// A constraint keeps its sharding, and what follows it takes that one.
// CHECK: sdy.sharding_constraint {{.*}} <@mesh, [{}, {"y"}]>
// CHECK: stablehlo.negate {{.*}} {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}, {"y"}]>]>}
sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @forward(%a: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>},
                   %b: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>},
                   %c: tensor<f32>) -> (tensor<8xf32>, tensor<8x6xf32>) {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<8x4xf32>, tensor<4x6xf32>) -> tensor<8x6xf32>
  %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<8x6xf32>
  %2 = stablehlo.add %0, %1 : tensor<8x6xf32>
  %3 = stablehlo.transpose %2, dims = [1, 0] : (tensor<8x6xf32>) -> tensor<6x8xf32>
  %4 = stablehlo.reduce(%2 init: %c) applies stablehlo.add across dimensions = [1] : (tensor<8x6xf32>, tensor<f32>) -> tensor<8xf32>
  %5 = sdy.sharding_constraint %2 <@mesh, [{}, {"y"}]> : tensor<8x6xf32>
  %6 = stablehlo.negate %5 : tensor<8x6xf32>
  return %4, %6 : tensor<8xf32>, tensor<8x6xf32>
}

// -----

// Shardings written on ops are kept; a function without shardings is left
// alone.
// CHECK-LABEL: func.func @kept
// CHECK: stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>}
// CHECK: stablehlo.abs {{.*}} {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}]>]>}
// CHECK-LABEL: func.func @plain
// CHECK-NOT: sdy.sharding
sdy.mesh @mesh = <["x"=2]>
func.func @kept(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<8xf32> {
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>]>} : tensor<8xf32>
  %1 = stablehlo.abs %arg0 : tensor<8xf32>
  %2 = stablehlo.add %0, %1 : tensor<8xf32>
  return %2 : tensor<8xf32>
}
func.func @plain(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.negate %arg0 : tensor<8xf32>
  return %0 : tensor<8xf32>
}
