// RUN: oxla-opt %s --split-input-file --oxla-simplify | FileCheck %s

// A slice of a concatenate reads the inputs it covers; a slice of a slice
// is one slice; a slice of everything, a pad by nothing and a concatenate
// of one input are their operand.
// CHECK-LABEL: func.func @slices
// CHECK-DAG: %[[S0:.*]] = stablehlo.slice %arg1 [0:2, 1:3]
// CHECK-DAG: %[[S1:.*]] = stablehlo.slice %arg0 [0:2, 3:4]
// CHECK-DAG: %[[S2:.*]] = stablehlo.slice %arg1 [0:2, 0:1]
// CHECK-DAG: %[[C:.*]] = stablehlo.concatenate %[[S1]], %[[S2]], dim = 1
// CHECK-DAG: %[[SS:.*]] = stablehlo.slice %arg0 [1:2, 1:4:2]
// CHECK: return %[[S0]], %[[C]], %[[SS]], %arg0, %arg0, %arg0
func.func @slices(%a: tensor<2x4xf32>, %b: tensor<2x3xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<1x2xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
  %c = stablehlo.concatenate %a, %b, dim = 1 : (tensor<2x4xf32>, tensor<2x3xf32>) -> tensor<2x7xf32>
  %0 = stablehlo.slice %c [0:2, 5:7] : (tensor<2x7xf32>) -> tensor<2x2xf32>
  %1 = stablehlo.slice %c [0:2, 3:5] : (tensor<2x7xf32>) -> tensor<2x2xf32>
  %s = stablehlo.slice %a [0:2, 1:4] : (tensor<2x4xf32>) -> tensor<2x3xf32>
  %2 = stablehlo.slice %s [1:2, 0:3:2] : (tensor<2x3xf32>) -> tensor<1x2xf32>
  %3 = stablehlo.slice %a [0:2, 0:4] : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %4 = stablehlo.pad %a, %zero, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<2x4xf32>, tensor<f32>) -> tensor<2x4xf32>
  %5 = stablehlo.concatenate %a, dim = 0 : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<2x2xf32>, tensor<2x2xf32>, tensor<1x2xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// Nested concatenates along one dimension are one; dynamic_slice at
// constant indices is a slice, the indices clamped (5 -> 2, -1 -> 0).
// CHECK-LABEL: func.func @concat_and_dynamic_slice
// CHECK-DAG: %[[C:.*]] = stablehlo.concatenate %arg0, %arg1, %arg0, dim = 0
// CHECK-DAG: %[[S:.*]] = stablehlo.slice %arg0 [2:4, 0:2]
// CHECK: return %[[C]], %[[S]]
func.func @concat_and_dynamic_slice(%a: tensor<4x4xf32>, %b: tensor<1x4xf32>) -> (tensor<9x4xf32>, tensor<2x2xf32>) {
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<4x4xf32>, tensor<1x4xf32>) -> tensor<5x4xf32>
  %1 = stablehlo.concatenate %0, %a, dim = 0 : (tensor<5x4xf32>, tensor<4x4xf32>) -> tensor<9x4xf32>
  %i = stablehlo.constant dense<5> : tensor<i32>
  %j = stablehlo.constant dense<-1> : tensor<i32>
  %2 = stablehlo.dynamic_slice %a, %i, %j, sizes = [2, 2] : (tensor<4x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  return %1, %2 : tensor<9x4xf32>, tensor<2x2xf32>
}

// -----

// Left alone: a strided slice across inputs, a pad that pads, a
// dynamic_slice at a run-time index.
// CHECK-LABEL: func.func @unchanged
// CHECK: stablehlo.concatenate
// CHECK: stablehlo.slice %{{.*}} [0:2, 1:6:2]
// CHECK: stablehlo.pad
// CHECK: stablehlo.dynamic_slice
func.func @unchanged(%a: tensor<2x4xf32>, %b: tensor<2x3xf32>, %i: tensor<i32>) -> (tensor<2x3xf32>, tensor<2x5xf32>, tensor<1x4xf32>) {
  %c = stablehlo.concatenate %a, %b, dim = 1 : (tensor<2x4xf32>, tensor<2x3xf32>) -> tensor<2x7xf32>
  %0 = stablehlo.slice %c [0:2, 1:6:2] : (tensor<2x7xf32>) -> tensor<2x3xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = stablehlo.pad %a, %zero, low = [0, 1], high = [0, 0], interior = [0, 0] : (tensor<2x4xf32>, tensor<f32>) -> tensor<2x5xf32>
  %2 = stablehlo.dynamic_slice %a, %i, %i, sizes = [1, 4] : (tensor<2x4xf32>, tensor<i32>, tensor<i32>) -> tensor<1x4xf32>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<2x5xf32>, tensor<1x4xf32>
}
