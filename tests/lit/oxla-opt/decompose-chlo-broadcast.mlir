// RUN: oxla-opt %s --oxla-decompose-chlo-broadcast | FileCheck %s

// numpy: the vector lines up with the trailing dimension; the matrix,
// already of the result's shape, is used as it is.
// CHECK-LABEL: func.func @numpy
// CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>
// CHECK: %[[R:.*]] = stablehlo.add %[[B]], %arg1 : tensor<3x4xf32>
// CHECK: return %[[R]]
func.func @numpy(%v: tensor<4xf32>, %m: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %0 = chlo.broadcast_add %v, %m : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// broadcast_dimensions map the smaller operand's dimensions.
// CHECK-LABEL: func.func @explicit
// CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<3xf32>) -> tensor<3x4xf32>
// CHECK: stablehlo.subtract %arg0, %[[B]] : tensor<3x4xf32>
func.func @explicit(%m: tensor<3x4xf32>, %c: tensor<3xf32>) -> tensor<3x4xf32> {
  %0 = chlo.broadcast_subtract %m, %c {broadcast_dimensions = array<i64: 0>} : (tensor<3x4xf32>, tensor<3xf32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// Size-1 dimensions of both operands stretch.
// CHECK-LABEL: func.func @degenerate
// CHECK-DAG: %[[A:.*]] = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<3x1xi32>) -> tensor<3x4xi32>
// CHECK-DAG: %[[B:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<1x4xi32>) -> tensor<3x4xi32>
// CHECK: stablehlo.shift_left %[[A]], %[[B]] : tensor<3x4xi32>
func.func @degenerate(%a: tensor<3x1xi32>, %b: tensor<1x4xi32>) -> tensor<3x4xi32> {
  %0 = chlo.broadcast_shift_left %a, %b : (tensor<3x1xi32>, tensor<1x4xi32>) -> tensor<3x4xi32>
  return %0 : tensor<3x4xi32>
}

// compare keeps its direction and type; select broadcasts all three.
// CHECK-LABEL: func.func @compare_select
// CHECK: %[[S:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
// CHECK: %[[C:.*]] = stablehlo.compare  GT, %arg0, %[[S]],  TOTALORDER : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
// CHECK: %[[Z:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
// CHECK: stablehlo.select %[[C]], %arg0, %[[Z]] : tensor<2x3xi1>, tensor<2x3xf32>
func.func @compare_select(%x: tensor<2x3xf32>, %t: tensor<f32>) -> tensor<2x3xf32> {
  %0 = chlo.broadcast_compare %x, %t {comparison_direction = #chlo<comparison_direction GT>, compare_type = #chlo<comparison_type TOTALORDER>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xi1>
  %1 = chlo.broadcast_select %0, %x, %t : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

// The special functions stay chlo ops, on operands of one shape.
// CHECK-LABEL: func.func @special
// CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f64>) -> tensor<4xf64>
// CHECK: chlo.zeta %arg0, %[[B]] : tensor<4xf64>, tensor<4xf64> -> tensor<4xf64>
// CHECK: stablehlo.complex
func.func @special(%x: tensor<4xf64>, %q: tensor<f64>) -> (tensor<4xf64>, tensor<4xcomplex<f64>>) {
  %0 = chlo.broadcast_zeta %x, %q : (tensor<4xf64>, tensor<f64>) -> tensor<4xf64>
  %1 = chlo.broadcast_complex %x, %q : (tensor<4xf64>, tensor<f64>) -> tensor<4xcomplex<f64>>
  return %0, %1 : tensor<4xf64>, tensor<4xcomplex<f64>>
}

// Constants become stablehlo.constant.
// CHECK-LABEL: func.func @constants
// CHECK-DAG: stablehlo.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-DAG: stablehlo.constant dense<7> : tensor<2x3xi32>
// CHECK-NOT: chlo.
func.func @constants(%x: tensor<2x3xi32>) -> (tensor<2xf32>, tensor<2x3xi32>) {
  %0 = chlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = "chlo.constant_like"(%x) <{value = 7 : i32}> : (tensor<2x3xi32>) -> tensor<2x3xi32>
  return %0, %1 : tensor<2xf32>, tensor<2x3xi32>
}

// Dynamic shapes are left as they are.
// CHECK-LABEL: func.func @dynamic
// CHECK: chlo.broadcast_add
func.func @dynamic(%x: tensor<?xf32>, %y: tensor<f32>) -> tensor<?xf32> {
  %0 = chlo.broadcast_add %x, %y : (tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
