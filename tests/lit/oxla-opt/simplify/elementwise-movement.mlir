// RUN: oxla-opt %s --split-input-file --oxla-simplify | FileCheck %s

// Elementwise ops on broadcasts of one shape compute before the
// broadcast (on 4 elements, not 12); a splat constant operand joins in.
// CHECK-LABEL: func.func @broadcasts
// CHECK-DAG: %[[C:.*]] = stablehlo.constant dense<2.000000e+00> : tensor<4xf32>
// CHECK: %[[A:.*]] = stablehlo.add %arg0, %arg1 : tensor<4xf32>
// CHECK: %[[M:.*]] = stablehlo.multiply %[[A]], %[[C]] : tensor<4xf32>
// CHECK: %[[E:.*]] = stablehlo.convert %[[M]] : (tensor<4xf32>) -> tensor<4xf16>
// CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %[[E]], dims = [1] : (tensor<4xf16>) -> tensor<3x4xf16>
// CHECK: return %[[B]]
func.func @broadcasts(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<3x4xf16> {
  %ba = stablehlo.broadcast_in_dim %a, dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>
  %two = stablehlo.constant dense<2.0> : tensor<3x4xf32>
  %0 = stablehlo.add %ba, %bb : tensor<3x4xf32>
  %1 = stablehlo.multiply %0, %two : tensor<3x4xf32>
  %2 = stablehlo.convert %1 : (tensor<3x4xf32>) -> tensor<3x4xf16>
  return %2 : tensor<3x4xf16>
}

// -----

// Transposes with one permutation: the op before one transpose.
// CHECK-LABEL: func.func @transposes
// CHECK: %[[S:.*]] = stablehlo.subtract %arg0, %arg1 : tensor<2x3xf32>
// CHECK: %[[T:.*]] = stablehlo.transpose %[[S]], dims = [1, 0]
// CHECK: return %[[T]]
func.func @transposes(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %ta = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %tb = stablehlo.transpose %b, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %0 = stablehlo.subtract %ta, %tb : tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// Left alone: broadcasts along different dimensions, a broadcast and a
// non-constant operand, transposes of different permutations.
// CHECK-LABEL: func.func @unchanged
// CHECK: %[[A:.*]] = stablehlo.add %{{.*}}, %{{.*}} : tensor<4x4xf32>
// CHECK: %[[M:.*]] = stablehlo.multiply %{{.*}}, %arg2 : tensor<4x4xf32>
// CHECK: %[[S:.*]] = stablehlo.subtract %{{.*}}, %{{.*}} : tensor<4x4xf32>
// CHECK: return %[[A]], %[[M]], %[[S]]
func.func @unchanged(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
  %ba = stablehlo.broadcast_in_dim %a, dims = [0] : (tensor<4xf32>) -> tensor<4x4xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<4xf32>) -> tensor<4x4xf32>
  %0 = stablehlo.add %ba, %bb : tensor<4x4xf32>
  %1 = stablehlo.multiply %ba, %c : tensor<4x4xf32>
  %t0 = stablehlo.transpose %c, dims = [1, 0] : (tensor<4x4xf32>) -> tensor<4x4xf32>
  %2 = stablehlo.subtract %t0, %c : tensor<4x4xf32>
  return %0, %1, %2 : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
}
