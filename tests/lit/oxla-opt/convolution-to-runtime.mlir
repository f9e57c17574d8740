// RUN: oxla-opt %s --split-input-file --oxla-convolution-to-runtime | FileCheck %s

// An NCHW/OIHW convolution: the operands are passed as views in the
// routine's [N, spatial..., C], [spatial..., Ci, Co] and [N, spatial..., Co]
// orders; the window (stride, kernel dilation, low padding, reversal per
// spatial dimension) is a constant global; a kernel that is no constant
// gets the empty cache.
// CHECK-LABEL: func.func private @oxla_convolution_f32(memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xi64>, memref<*xf32>) attributes {llvm.emit_c_interface}
// CHECK: memref.global "private" constant @__oxla_convolution_no_cache : memref<0xf32> = dense<>
// CHECK: memref.global "private" constant @__oxla_convolution_window : memref<8xi64> = dense<[2, 1, 1, 0, 1, 2, 0, 1]>
// CHECK-LABEL: func.func @nchw
// CHECK-DAG: %[[X:.*]] = bufferization.to_memref %arg0 read_only : memref<2x8x16x16xf32>
// CHECK-DAG: %[[XT:.*]] = memref.transpose %[[X]] (d0, d1, d2, d3) -> (d0, d2, d3, d1)
// CHECK-DAG: %[[W:.*]] = bufferization.to_memref %arg1 read_only : memref<4x8x3x3xf32>
// CHECK-DAG: %[[WT:.*]] = memref.transpose %[[W]] (d0, d1, d2, d3) -> (d2, d3, d1, d0)
// CHECK-DAG: %[[OUT:.*]] = memref.alloc() : memref<2x4x8x12xf32>
// CHECK-DAG: %[[OT:.*]] = memref.transpose %[[OUT]] (d0, d1, d2, d3) -> (d0, d2, d3, d1)
// CHECK-DAG: %[[WINDOW:.*]] = memref.get_global @__oxla_convolution_window : memref<8xi64>
// CHECK-DAG: %[[NONE:.*]] = memref.get_global @__oxla_convolution_no_cache : memref<0xf32>
// CHECK: call @oxla_convolution_f32(
// CHECK: %[[RESULT:.*]] = bufferization.to_tensor %[[OUT]] restrict writable
// CHECK: return %[[RESULT]]
// CHECK-NOT: stablehlo.convolution
func.func @nchw(%x: tensor<2x8x16x16xf32>, %w: tensor<4x8x3x3xf32>) -> tensor<2x4x8x12xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 1], pad = [[1, 0], [0, 0]], rhs_dilate = [1, 2], reverse = [false, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x16x16xf32>, tensor<4x8x3x3xf32>) -> tensor<2x4x8x12xf32>
  return %0 : tensor<2x4x8x12xf32>
}

// -----

// What the routines do not cover stays a convolution: feature groups of
// more than one input feature, input dilation, other element types, small
// products.
// CHECK-LABEL: func.func @groups
// CHECK: stablehlo.convolution
func.func @groups(%x: tensor<1x16x16x8xf32>, %w: tensor<3x3x4x8xf32>) -> tensor<1x14x14x8xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x16x16x8xf32>, tensor<3x3x4x8xf32>) -> tensor<1x14x14x8xf32>
  return %0 : tensor<1x14x14x8xf32>
}
// CHECK-LABEL: func.func @lhs_dilation
// CHECK: stablehlo.convolution
func.func @lhs_dilation(%x: tensor<1x16x16x8xf32>, %w: tensor<3x3x8x8xf32>) -> tensor<1x29x29x8xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {lhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x16x16x8xf32>, tensor<3x3x8x8xf32>) -> tensor<1x29x29x8xf32>
  return %0 : tensor<1x29x29x8xf32>
}
// CHECK-LABEL: func.func @bf16
// CHECK: stablehlo.convolution
func.func @bf16(%x: tensor<1x16x16x8xbf16>, %w: tensor<3x3x8x8xbf16>) -> tensor<1x14x14x8xbf16> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x16x16x8xbf16>, tensor<3x3x8x8xbf16>) -> tensor<1x14x14x8xbf16>
  return %0 : tensor<1x14x14x8xbf16>
}
// CHECK-LABEL: func.func @small
// CHECK: stablehlo.convolution
func.func @small(%x: tensor<1x4x4x2xf32>, %w: tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %0 : tensor<1x2x2x2xf32>
}

// -----

// A bias added along the output features, then a ReLU (maximum with a +0
// splat, either operand order), go into the call: the routine applies them
// to each tile.
// CHECK-LABEL: func.func private @oxla_convolution_bias_relu_f32(memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xi64>, memref<*xf32>, memref<*xf32>)
// CHECK-LABEL: func.func @bias_relu
// CHECK: %[[B:.*]] = bufferization.to_memref %arg2 read_only : memref<8xf32>
// CHECK: %[[BV:.*]] = memref.cast %[[B]] : memref<8xf32> to memref<*xf32>
// CHECK: call @oxla_convolution_bias_relu_f32({{.*}}, %[[BV]], %{{.*}})
// CHECK-NOT: stablehlo.add
// CHECK-NOT: stablehlo.maximum
func.func @bias_relu(%x: tensor<1x16x16x8xf32>, %w: tensor<3x3x8x8xf32>, %bias: tensor<8xf32>) -> tensor<1x14x14x8xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x16x16x8xf32>, tensor<3x3x8x8xf32>) -> tensor<1x14x14x8xf32>
  %1 = stablehlo.broadcast_in_dim %bias, dims = [3] : (tensor<8xf32>) -> tensor<1x14x14x8xf32>
  %2 = stablehlo.add %1, %0 : tensor<1x14x14x8xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<1x14x14x8xf32>
  %3 = stablehlo.maximum %zero, %2 : tensor<1x14x14x8xf32>
  return %3 : tensor<1x14x14x8xf32>
}

// -----

// NCHW: the bias broadcasts along dimension 1, the output features. A
// maximum with -0.0 is no ReLU (it keeps -0): only the bias goes in.
// CHECK-LABEL: func.func private @oxla_convolution_bias_f32(
// CHECK-LABEL: func.func @bias_nchw
// CHECK: call @oxla_convolution_bias_f32(
// CHECK-NOT: stablehlo.add
// CHECK: stablehlo.maximum
func.func @bias_nchw(%x: tensor<1x8x16x16xf32>, %w: tensor<8x8x3x3xf32>, %bias: tensor<8xf32>) -> tensor<1x8x14x14xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x16x16xf32>, tensor<8x8x3x3xf32>) -> tensor<1x8x14x14xf32>
  %1 = stablehlo.broadcast_in_dim %bias, dims = [1] : (tensor<8xf32>) -> tensor<1x8x14x14xf32>
  %2 = stablehlo.add %0, %1 : tensor<1x8x14x14xf32>
  %c = stablehlo.constant dense<-0.0> : tensor<f32>
  %zero = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<1x8x14x14xf32>
  %3 = stablehlo.maximum %2, %zero : tensor<1x8x14x14xf32>
  return %3 : tensor<1x8x14x14xf32>
}

// -----

// Not an epilogue: a bias along a spatial dimension, and a convolution
// whose result has another user.
// CHECK-LABEL: func.func @not_epilogues
// CHECK: call @oxla_convolution_f32(
// CHECK: stablehlo.add
// CHECK: call @oxla_convolution_f32(
// CHECK: stablehlo.add
func.func @not_epilogues(%x: tensor<1x16x16x8xf32>, %w: tensor<3x3x8x8xf32>, %row: tensor<14xf32>, %bias: tensor<8xf32>)
    -> (tensor<1x14x14x8xf32>, tensor<1x14x14x8xf32>, tensor<1x14x14x8xf32>) {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x16x16x8xf32>, tensor<3x3x8x8xf32>) -> tensor<1x14x14x8xf32>
  %1 = stablehlo.broadcast_in_dim %row, dims = [2] : (tensor<14xf32>) -> tensor<1x14x14x8xf32>
  %2 = stablehlo.add %0, %1 : tensor<1x14x14x8xf32>
  %3 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x16x16x8xf32>, tensor<3x3x8x8xf32>) -> tensor<1x14x14x8xf32>
  %4 = stablehlo.broadcast_in_dim %bias, dims = [3] : (tensor<8xf32>) -> tensor<1x14x14x8xf32>
  %5 = stablehlo.add %3, %4 : tensor<1x14x14x8xf32>
  return %2, %5, %3 : tensor<1x14x14x8xf32>, tensor<1x14x14x8xf32>, tensor<1x14x14x8xf32>
}

// -----

// The bias is a constant written after the convolution (as exports place
// constants): the call goes where the add stood, after the bias.
// CHECK-LABEL: func.func @late_bias
// CHECK: %[[BIAS:.*]] = stablehlo.constant dense<1.000000e+00> : tensor<8xf32>
// CHECK: bufferization.to_memref %[[BIAS]]
// CHECK: call @oxla_convolution_bias_f32(
// CHECK-NOT: stablehlo.add
func.func @late_bias(%x: tensor<1x16x16x8xf32>, %w: tensor<3x3x8x8xf32>) -> tensor<1x14x14x8xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x16x16x8xf32>, tensor<3x3x8x8xf32>) -> tensor<1x14x14x8xf32>
  %bias = stablehlo.constant dense<1.0> : tensor<8xf32>
  %1 = stablehlo.broadcast_in_dim %bias, dims = [3] : (tensor<8xf32>) -> tensor<1x14x14x8xf32>
  %2 = stablehlo.add %0, %1 : tensor<1x14x14x8xf32>
  return %2 : tensor<1x14x14x8xf32>
}

// -----

// Depthwise convolutions (one input feature per group, any multiplier)
// call the depthwise routine, with the same views, window and epilogues.
// CHECK-DAG: func.func private @oxla_depthwise_convolution_f32(memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xi64>)
// CHECK-DAG: func.func private @oxla_depthwise_convolution_bias_relu_f32(memref<*xf32>, memref<*xf32>, memref<*xf32>, memref<*xi64>, memref<*xf32>)
// CHECK-LABEL: func.func @depthwise_nchw
// CHECK: %[[W:.*]] = bufferization.to_memref %arg1 read_only : memref<16x1x3x3xf32>
// CHECK: memref.transpose %[[W]] (d0, d1, d2, d3) -> (d2, d3, d1, d0)
// CHECK: call @oxla_depthwise_convolution_f32(
// CHECK-NOT: stablehlo.convolution
func.func @depthwise_nchw(%x: tensor<1x8x16x16xf32>, %w: tensor<16x1x3x3xf32>) -> tensor<1x16x8x8xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 0], [1, 0]]} {batch_group_count = 1 : i64, feature_group_count = 8 : i64} : (tensor<1x8x16x16xf32>, tensor<16x1x3x3xf32>) -> tensor<1x16x8x8xf32>
  return %0 : tensor<1x16x8x8xf32>
}
// CHECK-LABEL: func.func @depthwise_bias_relu
// CHECK: call @oxla_depthwise_convolution_bias_relu_f32(
// CHECK-NOT: stablehlo.add
// CHECK-NOT: stablehlo.maximum
func.func @depthwise_bias_relu(%x: tensor<1x16x16x32xf32>, %w: tensor<3x3x1x32xf32>, %bias: tensor<32xf32>) -> tensor<1x14x14x32xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 32 : i64} : (tensor<1x16x16x32xf32>, tensor<3x3x1x32xf32>) -> tensor<1x14x14x32xf32>
  %1 = stablehlo.broadcast_in_dim %bias, dims = [3] : (tensor<32xf32>) -> tensor<1x14x14x32xf32>
  %2 = stablehlo.add %0, %1 : tensor<1x14x14x32xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<1x14x14x32xf32>
  %3 = stablehlo.maximum %2, %zero : tensor<1x14x14x32xf32>
  return %3 : tensor<1x14x14x32xf32>
}

// -----

// A constant kernel gets a cache of its own, zero-initialized and 64-byte
// aligned: 16 header floats, then its 3 * 3 * 8 terms times 8 output
// features rounded up to 64.
// CHECK: memref.global "private" @__oxla_convolution_packed : memref<4624xf32> = dense<0.000000e+00> {alignment = 64 : i64}
// CHECK-LABEL: func.func @constant_kernel
// CHECK: %[[C:.*]] = memref.get_global @__oxla_convolution_packed : memref<4624xf32>
// CHECK: %[[CV:.*]] = memref.cast %[[C]] : memref<4624xf32> to memref<*xf32>
// CHECK: call @oxla_convolution_f32({{.*}}, %[[CV]])
func.func @constant_kernel(%x: tensor<1x16x16x8xf32>) -> tensor<1x14x14x8xf32> {
  %w = stablehlo.constant dense<0.5> : tensor<3x3x8x8xf32>
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x16x16x8xf32>, tensor<3x3x8x8xf32>) -> tensor<1x14x14x8xf32>
  return %0 : tensor<1x14x14x8xf32>
}
