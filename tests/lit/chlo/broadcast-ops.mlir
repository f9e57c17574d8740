// chlo's implicitly broadcasting ops in the syntax upstream prints: parsed,
// printed back the same, and through the generic form.
// RUN: oxla-opt %s | FileCheck %s
// RUN: oxla-opt %s | oxla-opt | FileCheck %s
// RUN: oxla-opt %s --mlir-print-op-generic | oxla-opt | FileCheck %s

// CHECK-LABEL: func.func @binary
func.func @binary(%v: tensor<4xf32>, %m: tensor<3x4xf32>, %c: tensor<3x1xf32>, %s: tensor<f32>,
                  %i: tensor<4xi32>, %j: tensor<3x4xi32>, %p: tensor<4xi1>) {
  // CHECK: chlo.broadcast_add %arg0, %arg1 : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %0 = chlo.broadcast_add %v, %m : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  // CHECK: chlo.broadcast_add %arg0, %arg1 {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %1 = chlo.broadcast_add %v, %m {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  // CHECK: chlo.broadcast_multiply %arg2, %arg0 : (tensor<3x1xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %2 = chlo.broadcast_multiply %c, %v : (tensor<3x1xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  // CHECK: chlo.broadcast_subtract %arg3, %arg1 : (tensor<f32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %3 = chlo.broadcast_subtract %s, %m : (tensor<f32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  // CHECK: chlo.broadcast_divide %arg1, %arg0 : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %4 = chlo.broadcast_divide %m, %v : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  // CHECK: chlo.broadcast_maximum %arg0, %arg0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %5 = chlo.broadcast_maximum %v, %v : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK: chlo.broadcast_minimum %arg0, %arg3 : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %6 = chlo.broadcast_minimum %v, %s : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  // CHECK: chlo.broadcast_power %arg0, %arg0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %7 = chlo.broadcast_power %v, %v : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK: chlo.broadcast_remainder %arg4, %arg5 : (tensor<4xi32>, tensor<3x4xi32>) -> tensor<3x4xi32>
  %8 = chlo.broadcast_remainder %i, %j : (tensor<4xi32>, tensor<3x4xi32>) -> tensor<3x4xi32>
  // CHECK: chlo.broadcast_atan2 %arg0, %arg0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %9 = chlo.broadcast_atan2 %v, %v : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK: chlo.broadcast_next_after %arg0, %arg3 : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %10 = chlo.broadcast_next_after %v, %s : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  // CHECK: chlo.broadcast_polygamma %arg0, %arg0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %11 = chlo.broadcast_polygamma %v, %v : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK: chlo.broadcast_zeta %arg0, %arg0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %12 = chlo.broadcast_zeta %v, %v : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  // CHECK: chlo.broadcast_shift_left %arg4, %arg5 : (tensor<4xi32>, tensor<3x4xi32>) -> tensor<3x4xi32>
  %13 = chlo.broadcast_shift_left %i, %j : (tensor<4xi32>, tensor<3x4xi32>) -> tensor<3x4xi32>
  // CHECK: chlo.broadcast_shift_right_arithmetic %arg4, %arg4 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %14 = chlo.broadcast_shift_right_arithmetic %i, %i : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  // CHECK: chlo.broadcast_shift_right_logical %arg4, %arg4 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %15 = chlo.broadcast_shift_right_logical %i, %i : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  // CHECK: chlo.broadcast_and %arg6, %arg6 : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %16 = chlo.broadcast_and %p, %p : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  // CHECK: chlo.broadcast_or %arg4, %arg5 : (tensor<4xi32>, tensor<3x4xi32>) -> tensor<3x4xi32>
  %17 = chlo.broadcast_or %i, %j : (tensor<4xi32>, tensor<3x4xi32>) -> tensor<3x4xi32>
  // CHECK: chlo.broadcast_xor %arg6, %arg6 : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %18 = chlo.broadcast_xor %p, %p : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  // CHECK: chlo.broadcast_complex %arg0, %arg1 : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xcomplex<f32>>
  %19 = chlo.broadcast_complex %v, %m : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xcomplex<f32>>
  return
}

// CHECK-LABEL: func.func @compare_select
func.func @compare_select(%v: tensor<4xf32>, %m: tensor<3x4xf32>, %d: tensor<?x4xf32>) {
  // CHECK: chlo.broadcast_compare %arg0, %arg1 {comparison_direction = #chlo<comparison_direction LT>} : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xi1>
  %0 = chlo.broadcast_compare %v, %m {comparison_direction = #chlo<comparison_direction LT>} : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xi1>
  // CHECK: chlo.broadcast_compare %arg1, %arg0 {broadcast_dimensions = array<i64: 1>, compare_type = #chlo<comparison_type TOTALORDER>, comparison_direction = #chlo<comparison_direction GE>} : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xi1>
  %1 = chlo.broadcast_compare %m, %v {broadcast_dimensions = array<i64: 1>, comparison_direction = #chlo<comparison_direction GE>, compare_type = #chlo<comparison_type TOTALORDER>} : (tensor<3x4xf32>, tensor<4xf32>) -> tensor<3x4xi1>
  // CHECK: chlo.broadcast_select %{{.*}}, %arg0, %arg1 : (tensor<3x4xi1>, tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  %2 = chlo.broadcast_select %0, %v, %m : (tensor<3x4xi1>, tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  // Dynamic dimensions pair with any size.
  // CHECK: chlo.broadcast_add %arg2, %arg0 : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %3 = chlo.broadcast_add %d, %v : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  return
}

// CHECK-LABEL: func.func @constants
func.func @constants(%v: tensor<4xf32>, %d: tensor<?x2xi32>) {
  // CHECK: chlo.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
  %0 = chlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  // upstream has no pretty form for constant_like.
  // CHECK: "chlo.constant_like"(%arg0) <{value = 1.000000e+00 : f32}> : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "chlo.constant_like"(%v) {value = 1.0 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: "chlo.constant_like"(%arg1) <{value = 7 : i32}> : (tensor<?x2xi32>) -> tensor<?x2xi32>
  %2 = "chlo.constant_like"(%d) <{value = 7 : i32}> : (tensor<?x2xi32>) -> tensor<?x2xi32>
  return
}
