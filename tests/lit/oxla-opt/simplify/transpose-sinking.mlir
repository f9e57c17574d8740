// RUN: oxla-opt %s --split-input-file --oxla-simplify | FileCheck %s

// A transpose moves past an elementwise op whose other operands are
// broadcasts (their dimensions go through the permutation) and splats.
// CHECK-LABEL: func.func @elementwise_with_broadcast
// CHECK-SAME: (%[[X:.*]]: tensor<1x4x5x3xf32>, %[[B:.*]]: tensor<3xf32>)
// CHECK: %[[BB:.*]] = stablehlo.broadcast_in_dim %[[B]], dims = [3] : (tensor<3xf32>) -> tensor<1x4x5x3xf32>
// CHECK: %[[A:.*]] = stablehlo.add %[[X]], %[[BB]] : tensor<1x4x5x3xf32>
// CHECK: %[[M:.*]] = stablehlo.maximum %[[A]], %{{.*}} : tensor<1x4x5x3xf32>
// CHECK: %[[T:.*]] = stablehlo.transpose %[[M]], dims = [0, 3, 1, 2]
// CHECK: return %[[T]]
func.func @elementwise_with_broadcast(%x: tensor<1x4x5x3xf32>, %b: tensor<3xf32>) -> tensor<1x3x4x5xf32> {
  %t = stablehlo.transpose %x, dims = [0, 3, 1, 2] : (tensor<1x4x5x3xf32>) -> tensor<1x3x4x5xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<3xf32>) -> tensor<1x3x4x5xf32>
  %a = stablehlo.add %t, %bb : tensor<1x3x4x5xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<1x3x4x5xf32>
  %m = stablehlo.maximum %a, %zero : tensor<1x3x4x5xf32>
  return %m : tensor<1x3x4x5xf32>
}

// -----

// Past a concatenate of transposes, a reduce_window (its window, strides
// and padding permuted) and a pad, until it meets the inverse transpose
// and both vanish.
// CHECK-LABEL: func.func @cancel
// CHECK-SAME: (%[[X:.*]]: tensor<1x6x6x2xf32>, %[[Y:.*]]: tensor<1x6x6x2xf32>)
// CHECK-NOT: stablehlo.transpose
// CHECK: %[[C:.*]] = stablehlo.concatenate %[[X]], %[[Y]], dim = 3 : (tensor<1x6x6x2xf32>, tensor<1x6x6x2xf32>) -> tensor<1x6x6x4xf32>
// CHECK: %[[R:.*]] = "stablehlo.reduce_window"(%[[C]], %{{.*}})
// CHECK-SAME{LITERAL}: padding = dense<[[0, 0], [0, 1], [0, 1], [0, 0]]> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>
// CHECK: -> tensor<1x3x3x4xf32>
// CHECK: %[[P:.*]] = stablehlo.pad %[[R]], %{{.*}}, low = [0, 1, 0, 0], high = [0, 0, 2, 0], interior = [0, 0, 0, 0]
// CHECK-NOT: stablehlo.transpose
// CHECK: return %[[P]] : tensor<1x4x5x4xf32>
func.func @cancel(%x: tensor<1x6x6x2xf32>, %y: tensor<1x6x6x2xf32>) -> tensor<1x4x5x4xf32> {
  %tx = stablehlo.transpose %x, dims = [0, 3, 1, 2] : (tensor<1x6x6x2xf32>) -> tensor<1x2x6x6xf32>
  %ty = stablehlo.transpose %y, dims = [0, 3, 1, 2] : (tensor<1x6x6x2xf32>) -> tensor<1x2x6x6xf32>
  %c = stablehlo.concatenate %tx, %ty, dim = 1 : (tensor<1x2x6x6xf32>, tensor<1x2x6x6xf32>) -> tensor<1x4x6x6xf32>
  %init = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %r = "stablehlo.reduce_window"(%c, %init) <{padding = dense<[[0, 0], [0, 0], [0, 1], [0, 1]]> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 1, 3, 3>, window_strides = array<i64: 1, 1, 2, 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<1x4x6x6xf32>, tensor<f32>) -> tensor<1x4x3x3xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %p = stablehlo.pad %r, %zero, low = [0, 0, 1, 0], high = [0, 0, 0, 2], interior = [0, 0, 0, 0] : (tensor<1x4x3x3xf32>, tensor<f32>) -> tensor<1x4x4x5xf32>
  %back = stablehlo.transpose %p, dims = [0, 2, 3, 1] : (tensor<1x4x4x5xf32>) -> tensor<1x4x5x4xf32>
  return %back : tensor<1x4x5x4xf32>
}

// -----

// A reduce of a transpose reduces the operand's dimensions; the kept ones
// are transposed when their order changes. A reshape of a transpose that
// only moves unit dimensions reads the operand.
// CHECK-LABEL: func.func @reduce_and_reshape
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>, %[[Y:.*]]: tensor<1x1x5xf32>)
// CHECK: %[[R:.*]] = stablehlo.reduce(%[[X]] init: %{{.*}}) applies stablehlo.add across dimensions = [1] : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<2x4xf32>
// CHECK: %[[T:.*]] = stablehlo.transpose %[[R]], dims = [1, 0] : (tensor<2x4xf32>) -> tensor<4x2xf32>
// CHECK: %[[S:.*]] = stablehlo.reshape %[[Y]] : (tensor<1x1x5xf32>) -> tensor<5xf32>
// CHECK: return %[[T]], %[[S]]
func.func @reduce_and_reshape(%x: tensor<2x3x4xf32>, %y: tensor<1x1x5xf32>) -> (tensor<4x2xf32>, tensor<5xf32>) {
  %t = stablehlo.transpose %x, dims = [2, 1, 0] : (tensor<2x3x4xf32>) -> tensor<4x3x2xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%t init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x3x2xf32>, tensor<f32>) -> tensor<4x2xf32>
  %u = stablehlo.transpose %y, dims = [0, 2, 1] : (tensor<1x1x5xf32>) -> tensor<1x5x1xf32>
  %s = stablehlo.reshape %u : (tensor<1x5x1xf32>) -> tensor<5xf32>
  return %r, %s : tensor<4x2xf32>, tensor<5xf32>
}

// -----

// A transpose whose rows differ is not a reshape; broadcasts and
// transposes merge into one broadcast.
// CHECK-LABEL: func.func @kept
// CHECK: %[[T:.*]] = stablehlo.transpose %arg0, dims = [1, 0]
// CHECK: %[[S:.*]] = stablehlo.reshape %[[T]]
// CHECK: %[[B:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [2, 0] : (tensor<2x3xf32>) -> tensor<3x4x2xf32>
// CHECK: return %[[S]], %[[B]]
func.func @kept(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> (tensor<6xf32>, tensor<3x4x2xf32>) {
  %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %s = stablehlo.reshape %t : (tensor<3x2xf32>) -> tensor<6xf32>
  %u = stablehlo.transpose %y, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %b = stablehlo.broadcast_in_dim %u, dims = [0, 2] : (tensor<3x2xf32>) -> tensor<3x4x2xf32>
  return %s, %b : tensor<6xf32>, tensor<3x4x2xf32>
}
