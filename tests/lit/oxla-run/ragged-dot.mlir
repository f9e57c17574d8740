// chlo.ragged_dot in its three modes agrees with the interpreter on random
// operands (each split runs separately).
// RUN: oxla-run %s --split-input-file --random-inputs --check-with-interpreter --print-results | FileCheck %s
// CHECK: EXEC @main
// CHECK-NEXT: 7x3xf32=
// CHECK: EXEC @main
// CHECK-NEXT: 3x4x2xf32=
// CHECK: EXEC @main
// CHECK-NEXT: 2x4x3xf32=

// Ragged non-contracting dimension: rows 0-2 use rhs group 0, rows 3-5
// group 1, row 6 is past the groups (zeros).
func.func @main(%lhs: tensor<7x5xf32>, %rhs: tensor<2x5x3xf32>) -> tensor<7x3xf32> {
  %sizes = stablehlo.constant dense<[3, 3]> : tensor<2xi64>
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [], rhs_batching_dimensions = [],
      lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1],
      lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>
  } : (tensor<7x5xf32>, tensor<2x5x3xf32>, tensor<2xi64>) -> tensor<7x3xf32>
  return %0 : tensor<7x3xf32>
}

// -----

// Ragged contracting dimension: one result slice per group.
func.func @main(%lhs: tensor<4x6xf32>, %rhs: tensor<6x2xf32>) -> tensor<3x4x2xf32> {
  %sizes = stablehlo.constant dense<[2, 1, 3]> : tensor<3xi32>
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [], rhs_batching_dimensions = [],
      lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0],
      lhs_ragged_dimensions = [1], rhs_group_dimensions = []>
  } : (tensor<4x6xf32>, tensor<6x2xf32>, tensor<3xi32>) -> tensor<3x4x2xf32>
  return %0 : tensor<3x4x2xf32>
}

// -----

// Ragged batch dimension: an ordinary batched dot.
func.func @main(%lhs: tensor<2x4x5xf32>, %rhs: tensor<2x5x3xf32>) -> tensor<2x4x3xf32> {
  %sizes = stablehlo.constant dense<[1, 1]> : tensor<2xi64>
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %sizes) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [0], rhs_batching_dimensions = [0],
      lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1],
      lhs_ragged_dimensions = [0], rhs_group_dimensions = []>
  } : (tensor<2x4x5xf32>, tensor<2x5x3xf32>, tensor<2xi64>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}
