// RUN: oxla-opt %s --split-input-file --oxla-simplify | FileCheck %s

// Transposed operands: the permutation goes into the dimension numbers
// (A^T B contracts A's first dimension).
// CHECK-LABEL: func.func @transposed_lhs_rhs
// CHECK-NOT: stablehlo.transpose
// CHECK: %[[P:.*]] = stablehlo.dot_general %arg0, %arg1, contracting_dims = [0] x [1] : (tensor<8x4xf32>, tensor<5x8xf32>) -> tensor<4x5xf32>
// CHECK: return %[[P]]
func.func @transposed_lhs_rhs(%a: tensor<8x4xf32>, %b: tensor<5x8xf32>) -> tensor<4x5xf32> {
  %ta = stablehlo.transpose %a, dims = [1, 0] : (tensor<8x4xf32>) -> tensor<4x8xf32>
  %tb = stablehlo.transpose %b, dims = [1, 0] : (tensor<5x8xf32>) -> tensor<8x5xf32>
  %0 = stablehlo.dot_general %ta, %tb, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// Batching dimensions move with the permutation.
// CHECK-LABEL: func.func @batched
// CHECK-NOT: stablehlo.transpose
// CHECK: stablehlo.dot_general %arg0, %arg1, batching_dims = [1] x [0], contracting_dims = [2] x [1] : (tensor<4x2x8xf32>, tensor<2x8x5xf32>) -> tensor<2x4x5xf32>
func.func @batched(%a: tensor<4x2x8xf32>, %b: tensor<2x8x5xf32>) -> tensor<2x4x5xf32> {
  %ta = stablehlo.transpose %a, dims = [1, 0, 2] : (tensor<4x2x8xf32>) -> tensor<2x4x8xf32>
  %0 = stablehlo.dot_general %ta, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x4x8xf32>, tensor<2x8x5xf32>) -> tensor<2x4x5xf32>
  return %0 : tensor<2x4x5xf32>
}

// -----

// Left alone: a transpose that reorders the free dimensions (it orders
// the result), and one that would split the batching dimensions apart in
// memory (the matrix product routine reads each group as one dimension).
// CHECK-LABEL: func.func @unchanged
// CHECK: %[[T0:.*]] = stablehlo.transpose %arg0, dims = [1, 0, 2]
// CHECK: stablehlo.dot_general %[[T0]], %arg1, contracting_dims = [2] x [0]
// CHECK: %[[T1:.*]] = stablehlo.transpose %arg2, dims = [0, 2, 1, 3]
// CHECK: stablehlo.dot_general %[[T1]], %arg3, batching_dims = [0, 1] x [0, 1]
func.func @unchanged(%a: tensor<3x4x8xf32>, %b: tensor<8x5xf32>, %q: tensor<2x16x4x8xf32>, %k: tensor<2x4x8x16xf32>) -> (tensor<4x3x5xf32>, tensor<2x4x16x16xf32>) {
  %ta = stablehlo.transpose %a, dims = [1, 0, 2] : (tensor<3x4x8xf32>) -> tensor<4x3x8xf32>
  %0 = stablehlo.dot_general %ta, %b, contracting_dims = [2] x [0] : (tensor<4x3x8xf32>, tensor<8x5xf32>) -> tensor<4x3x5xf32>
  %tq = stablehlo.transpose %q, dims = [0, 2, 1, 3] : (tensor<2x16x4x8xf32>) -> tensor<2x4x16x8xf32>
  %1 = stablehlo.dot_general %tq, %k, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : (tensor<2x4x16x8xf32>, tensor<2x4x8x16xf32>) -> tensor<2x4x16x16xf32>
  return %0, %1 : tensor<4x3x5xf32>, tensor<2x4x16x16xf32>
}
