// RUN: oxla-opt %s --split-input-file --oxla-simplify | FileCheck %s

// Chains of one kind become one op; movement that moves nothing goes.
// CHECK-LABEL: func.func @chains
// CHECK-DAG: %[[R:.*]] = stablehlo.reshape %arg0 : (tensor<2x3x4xf32>) -> tensor<24xf32>
// CHECK-DAG: %[[T:.*]] = stablehlo.transpose %arg0, dims = [2, 1, 0] : (tensor<2x3x4xf32>) -> tensor<4x3x2xf32>
// CHECK-DAG: %[[B:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<4xf32>) -> tensor<5x6x4xf32>
// CHECK: return %[[R]], %[[T]], %[[B]], %arg0, %arg0, %arg0
func.func @chains(%x: tensor<2x3x4xf32>, %v: tensor<4xf32>) -> (tensor<24xf32>, tensor<4x3x2xf32>, tensor<5x6x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>) {
  %r0 = stablehlo.reshape %x : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %r1 = stablehlo.reshape %r0 : (tensor<6x4xf32>) -> tensor<24xf32>
  %t0 = stablehlo.transpose %x, dims = [1, 0, 2] : (tensor<2x3x4xf32>) -> tensor<3x2x4xf32>
  %t1 = stablehlo.transpose %t0, dims = [2, 0, 1] : (tensor<3x2x4xf32>) -> tensor<4x3x2xf32>
  %b0 = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<4xf32>) -> tensor<6x4xf32>
  %b1 = stablehlo.broadcast_in_dim %b0, dims = [1, 2] : (tensor<6x4xf32>) -> tensor<5x6x4xf32>
  %i0 = stablehlo.transpose %x, dims = [0, 1, 2] : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %i1 = stablehlo.broadcast_in_dim %x, dims = [0, 1, 2] : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %i2 = stablehlo.reverse %i1, dims = [] : tensor<2x3x4xf32>
  return %r1, %t1, %b1, %i0, %i1, %i2 : tensor<24xf32>, tensor<4x3x2xf32>, tensor<5x6x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>
}

// -----

// Canonical forms: a permuting broadcast is a transpose, broadcast is
// broadcast_in_dim, an iota of rank 2 a broadcast of a 1-D iota, an iota
// along a size-1 dimension zeros. A transpose of size-1 dimensions and a
// broadcast that adds size-1 dimensions stay (as reshapes they would be
// views, which bufferization cannot always give a loop a buffer for).
// CHECK-LABEL: func.func @canonical
// CHECK-DAG: %[[Z:.*]] = stablehlo.constant dense<0> : tensor<1x3xi32>
// CHECK-DAG: %[[R0:.*]] = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<1x4xf32>) -> tensor<4x1xf32>
// CHECK-DAG: %[[R1:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<4xf32>) -> tensor<1x4x1xf32>
// CHECK-DAG: %[[T:.*]] = stablehlo.transpose %arg2, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-DAG: %[[B:.*]] = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<4xf32>) -> tensor<5x4xf32>
// CHECK-DAG: %[[I:.*]] = stablehlo.iota dim = 0 : tensor<3xi32>
// CHECK-DAG: %[[IB:.*]] = stablehlo.broadcast_in_dim %[[I]], dims = [1] : (tensor<3xi32>) -> tensor<2x3xi32>
// CHECK: return %[[R0]], %[[R1]], %[[T]], %[[B]], %[[IB]], %[[Z]]
func.func @canonical(%x: tensor<1x4xf32>, %v: tensor<4xf32>, %m: tensor<2x3xf32>) -> (tensor<4x1xf32>, tensor<1x4x1xf32>, tensor<3x2xf32>, tensor<5x4xf32>, tensor<2x3xi32>, tensor<1x3xi32>) {
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<1x4xf32>) -> tensor<4x1xf32>
  %1 = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<4xf32>) -> tensor<1x4x1xf32>
  %2 = stablehlo.broadcast_in_dim %m, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %3 = stablehlo.broadcast %v, sizes = [5] : (tensor<4xf32>) -> tensor<5x4xf32>
  %4 = stablehlo.iota dim = 1 : tensor<2x3xi32>
  %5 = stablehlo.iota dim = 0 : tensor<1x3xi32>
  return %0, %1, %2, %3, %4, %5 : tensor<4x1xf32>, tensor<1x4x1xf32>, tensor<3x2xf32>, tensor<5x4xf32>, tensor<2x3xi32>, tensor<1x3xi32>
}

// -----

// Left alone: a transpose that moves non-unit dimensions, a broadcast
// that repeats elements, a reverse of a dimension of size 2, a 1-D iota.
// CHECK-LABEL: func.func @unchanged
// CHECK: stablehlo.transpose %arg0, dims = [1, 0]
// CHECK: stablehlo.broadcast_in_dim %arg1, dims = [0]
// CHECK: stablehlo.reverse %arg0, dims = [0]
// CHECK: stablehlo.iota dim = 0 : tensor<5xi32>
func.func @unchanged(%x: tensor<2x3xf32>, %v: tensor<2xf32>) -> (tensor<3x2xf32>, tensor<2x7xf32>, tensor<2x3xf32>, tensor<5xi32>) {
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = stablehlo.broadcast_in_dim %v, dims = [0] : (tensor<2xf32>) -> tensor<2x7xf32>
  %2 = stablehlo.reverse %x, dims = [0] : tensor<2x3xf32>
  %3 = stablehlo.iota dim = 0 : tensor<5xi32>
  return %0, %1, %2, %3 : tensor<3x2xf32>, tensor<2x7xf32>, tensor<2x3xf32>, tensor<5xi32>
}
