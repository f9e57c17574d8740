// RUN: oxla-opt %s --split-input-file --oxla-convolution-layout | FileCheck %s

// NCHW (ONNX): the input is transposed to NHWC, the constant kernel is
// transposed now to HWIO, and the NHWC result is transposed back.
// CHECK-LABEL: func.func @nchw
// CHECK-SAME: (%[[X:.*]]: tensor<1x2x4x5xf32>)
// CHECK: %[[T:.*]] = stablehlo.transpose %[[X]], dims = [0, 2, 3, 1] : (tensor<1x2x4x5xf32>) -> tensor<1x4x5x2xf32>
// CHECK: %[[W:.*]] = stablehlo.constant dense<{{\[\[\[\[}}1.000000e+00, 3.000000e+00, 5.000000e+00], [2.000000e+00, 4.000000e+00, 6.000000e+00]]]]> : tensor<1x1x2x3xf32>
// CHECK: %[[C:.*]] = stablehlo.convolution(%[[T]], %[[W]]) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 1], pad = {{\[\[}}1, 0], [0, 1]]}
// CHECK-SAME: -> tensor<1x3x6x3xf32>
// CHECK: %[[R:.*]] = stablehlo.transpose %[[C]], dims = [0, 3, 1, 2] : (tensor<1x3x6x3xf32>) -> tensor<1x3x3x6xf32>
// CHECK: return %[[R]]
func.func @nchw(%x: tensor<1x2x4x5xf32>) -> tensor<1x3x3x6xf32> {
  %w = stablehlo.constant dense<[[[[1.0]], [[2.0]]], [[[3.0]], [[4.0]]], [[[5.0]], [[6.0]]]]> : tensor<3x2x1x1xf32>
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 1], pad = [[1, 0], [0, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x4x5xf32>, tensor<3x2x1x1xf32>) -> tensor<1x3x3x6xf32>
  return %0 : tensor<1x3x3x6xf32>
}

// -----

// A kernel that is an argument keeps its layout; the feature groups stay.
// CHECK-LABEL: func.func @argument_kernel
// CHECK-SAME: (%[[X:.*]]: tensor<2x4x7xf32>, %[[W:.*]]: tensor<4x2x3xf32>)
// CHECK: %[[T:.*]] = stablehlo.transpose %[[X]], dims = [0, 2, 1]
// CHECK: %[[C:.*]] = stablehlo.convolution(%[[T]], %[[W]]) dim_numbers = [b, 0, f]x[o, i, 0]->[b, 0, f]
// CHECK-SAME: feature_group_count = 2
// CHECK-SAME: -> tensor<2x5x4xf32>
// CHECK: stablehlo.transpose %[[C]], dims = [0, 2, 1] : (tensor<2x5x4xf32>) -> tensor<2x4x5xf32>
func.func @argument_kernel(%x: tensor<2x4x7xf32>, %w: tensor<4x2x3xf32>) -> tensor<2x4x5xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<2x4x7xf32>, tensor<4x2x3xf32>) -> tensor<2x4x5xf32>
  return %0 : tensor<2x4x5xf32>
}

// -----

// Features last already (JAX's NHWC): unchanged, whatever the kernel.
// CHECK-LABEL: func.func @nhwc
// CHECK-NOT: stablehlo.transpose
// CHECK: stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[o, 0, 1, i]->[b, 0, 1, f]
func.func @nhwc(%x: tensor<1x4x4x2xf32>, %w: tensor<3x1x1x2xf32>) -> tensor<1x4x4x3xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[o, 0, 1, i]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x1x1x2xf32>) -> tensor<1x4x4x3xf32>
  return %0 : tensor<1x4x4x3xf32>
}
