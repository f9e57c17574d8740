// Sharding rules, as Shardy prints them; printing is a fixpoint.
// RUN: oxla-opt %s | FileCheck %s
// RUN: oxla-opt %s > %t.1.mlir && oxla-opt %t.1.mlir > %t.2.mlir && diff %t.1.mlir %t.2.mlir

// CHECK-LABEL: func @rules
func.func @rules(%arg0: tensor<8x4xf32>, %arg1: tensor<4x2xf32>, %arg2: tensor<f32>) -> tensor<8x2xf32> {
  // CHECK{LITERAL}: sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [j, k])->([i, k]) {i=8, j=4, k=2} reduction={j}>
  %0 = stablehlo.dot %arg0, %arg1 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [j, k])->([i, k]) {i=8, j=4, k=2} reduction={j}>} : (tensor<8x4xf32>, tensor<4x2xf32>) -> tensor<8x2xf32>
  // CHECK{LITERAL}: #sdy.op_sharding_rule<([], [])->([])>
  %1 = stablehlo.multiply %arg2, %arg2 {sdy.sharding_rule = #sdy.op_sharding_rule<([], [])->([])>} : tensor<f32>
  // CHECK{LITERAL}: #sdy.op_sharding_rule<([i, j])->([ij]) {i=8, j=4}>
  %2 = stablehlo.reshape %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([ij]) {i=8, j=4}>} : (tensor<8x4xf32>) -> tensor<32xf32>
  // CHECK{LITERAL}: #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=4} need_replication={i} permutation={j} blocked_propagation={i}, custom>
  %3 = stablehlo.custom_call @foo(%arg0) {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i, j]) {i=8, j=4} need_replication={i} permutation={j} blocked_propagation={i}, custom>} : (tensor<8x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x2xf32>
}

// Factors past z are z_1, z_2, ...; "zz_1" is z then z_1.
// CHECK-LABEL: func @many_factors
func.func @many_factors(%arg0: tensor<2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2xf32>) -> tensor<2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x4x2xf32> {
  // CHECK: ->([i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, zz_1, z_2]) {{.*}} z=2, z_1=2, z_2=2}>
  %0 = stablehlo.reshape %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, z, z_1, z_2])->([i, j, k, l, m, n, o, p, q, r, s, t, u, v, w, x, y, zz_1, z_2]) {i=2, j=2, k=2, l=2, m=2, n=2, o=2, p=2, q=2, r=2, s=2, t=2, u=2, v=2, w=2, x=2, y=2, z=2, z_1=2, z_2=2}>} : (tensor<2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2xf32>) -> tensor<2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x4x2xf32>
  return %0 : tensor<2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x4x2xf32>
}
