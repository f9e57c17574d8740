// Depthwise f32 convolutions (one input feature per group) run in the
// runtime's depthwise routine (oxla-convolution-to-runtime,
// runtime/DepthwiseConvolution.cpp) and give exactly the interpreter's sums
// with exact products (--max-ulp 0): NHWC (vectors along the features, a
// block of 64 and a remainder), NCHW (vectors along the positions, stride 1
// and 2), a multiplier of 2 (one input feature for two outputs), kernel
// dilation, a reversed window, asymmetric and one-sided padding, 1-D and
// 3-D windows, a bias and ReLU applied by the routine, and infinite weights
// that padding positions must skip.
// RUN: env OXLA_EXACT_PRODUCTS=1 oxla-run %s --split-input-file --random-inputs --check-with-interpreter --max-ulp 0 --print-results | FileCheck %s
// Without AVX2 (the portable kernels) the same sums:
// RUN: env OXLA_EXACT_PRODUCTS=1 OXLA_MATMUL_KERNEL=portable oxla-run %s --split-input-file --random-inputs --check-with-interpreter --max-ulp 0 --print-results | FileCheck %s
// The default fused multiply-adds (the products unrounded), within the
// default tolerance:
// RUN: oxla-run %s --split-input-file --random-inputs --check-with-interpreter --print-results | FileCheck %s
// RUN: oxla-run %s --split-input-file --random-inputs --emit linalg | FileCheck %s --check-prefix=IR
// CHECK: EXEC @main
// CHECK-NEXT: 2x17x19x24xf32=
// CHECK: EXEC @main
// CHECK-NEXT: 1x12x10x72xf32=
// CHECK: EXEC @main
// CHECK-NEXT: 1x16x11x9xf32=
// CHECK: EXEC @main
// CHECK-NEXT: 1x16x16x30xf32=
// CHECK: EXEC @main
// CHECK-NEXT: 2x50x32xf32=
// CHECK: EXEC @main
// CHECK-NEXT: 1x10x10x16xf32=
// CHECK: EXEC @main
// CHECK-NEXT: 1x5x6x7x8xf32=
// CHECK: EXEC @main
// CHECK-NEXT: 1x6x6x80xf32=
// CHECK-NOT: nan
// CHECK: EXEC @main
// CHECK-NEXT: 1x8x12x12xf32=
// CHECK-NOT: nan
// IR-COUNT-1: call @oxla_depthwise_convolution_bias_relu_f32
// IR-COUNT-1: call @oxla_depthwise_convolution_f32
// IR-COUNT-1: call @oxla_depthwise_convolution_bias_f32
// IR-COUNT-6: call @oxla_depthwise_convolution_f32
// IR-NOT: linalg.generic {{.*}}reduction

// NHWC, 3x3, same padding, bias and ReLU.
func.func @main(%x: tensor<2x17x19x24xf32>, %k: tensor<3x3x1x24xf32>, %b: tensor<24xf32>) -> tensor<2x17x19x24xf32> {
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 24 : i64} : (tensor<2x17x19x24xf32>, tensor<3x3x1x24xf32>) -> tensor<2x17x19x24xf32>
  %1 = stablehlo.broadcast_in_dim %b, dims = [3] : (tensor<24xf32>) -> tensor<2x17x19x24xf32>
  %2 = stablehlo.add %0, %1 : tensor<2x17x19x24xf32>
  %z = stablehlo.constant dense<0.0> : tensor<2x17x19x24xf32>
  %3 = stablehlo.maximum %2, %z : tensor<2x17x19x24xf32>
  return %3 : tensor<2x17x19x24xf32>
}

// -----

// NHWC, 5x5, stride 2, asymmetric padding; 72 features: a block of 64 and
// one of 8.
func.func @main(%x: tensor<1x23x20x72xf32>, %k: tensor<5x5x1x72xf32>) -> tensor<1x12x10x72xf32> {
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[2, 2], [2, 1]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 72 : i64} : (tensor<1x23x20x72xf32>, tensor<5x5x1x72xf32>) -> tensor<1x12x10x72xf32>
  return %0 : tensor<1x12x10x72xf32>
}

// -----

// NCHW, stride 2, one-sided padding, a bias.
func.func @main(%x: tensor<1x16x21x18xf32>, %k: tensor<16x1x3x3xf32>, %b: tensor<16xf32>) -> tensor<1x16x11x9xf32> {
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[1, 1], [1, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 16 : i64} : (tensor<1x16x21x18xf32>, tensor<16x1x3x3xf32>) -> tensor<1x16x11x9xf32>
  %1 = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<16xf32>) -> tensor<1x16x11x9xf32>
  %2 = stablehlo.add %0, %1 : tensor<1x16x11x9xf32>
  return %2 : tensor<1x16x11x9xf32>
}

// -----

// NCHW, multiplier 2, kernel dilation 2, the window reversed along the
// columns.
func.func @main(%x: tensor<1x8x20x30xf32>, %k: tensor<16x1x3x3xf32>) -> tensor<1x16x16x30xf32> {
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[0, 0], [2, 2]], rhs_dilate = [2, 2], reverse = [0, 1]} {batch_group_count = 1 : i64, feature_group_count = 8 : i64} : (tensor<1x8x20x30xf32>, tensor<16x1x3x3xf32>) -> tensor<1x16x16x30xf32>
  return %0 : tensor<1x16x16x30xf32>
}

// -----

// 1-D (as whisper's and Mamba's convolutions), batch 2.
func.func @main(%x: tensor<2x50x32xf32>, %k: tensor<7x1x32xf32>) -> tensor<2x50x32xf32> {
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[3, 3]], rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 32 : i64} : (tensor<2x50x32xf32>, tensor<7x1x32xf32>) -> tensor<2x50x32xf32>
  return %0 : tensor<2x50x32xf32>
}

// -----

// NHWC with a multiplier of 2: output feature o reads input feature o / 2.
func.func @main(%x: tensor<1x12x12x8xf32>, %k: tensor<3x3x1x16xf32>) -> tensor<1x10x10x16xf32> {
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 8 : i64} : (tensor<1x12x12x8xf32>, tensor<3x3x1x16xf32>) -> tensor<1x10x10x16xf32>
  return %0 : tensor<1x10x10x16xf32>
}

// -----

// 3-D, NDHWC, stride 2 along the depth.
func.func @main(%x: tensor<1x9x6x7x8xf32>, %k: tensor<3x3x3x1x8xf32>) -> tensor<1x5x6x7x8xf32> {
  %0 = stablehlo.convolution(%x, %k) dim_numbers = [b, 0, 1, 2, f]x[0, 1, 2, i, o]->[b, 0, 1, 2, f], window = {stride = [2, 1, 1], pad = [[1, 1], [1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 8 : i64} : (tensor<1x9x6x7x8xf32>, tensor<3x3x3x1x8xf32>) -> tensor<1x5x6x7x8xf32>
  return %0 : tensor<1x5x6x7x8xf32>
}

// -----

// Every weight infinite, NHWC: a sum that added the padding's zeros would
// be NaN at the borders.
func.func @main(%x: tensor<1x6x6x80xf32>) -> tensor<1x6x6x80xf32> {
  %inf = stablehlo.constant dense<0x7F800000> : tensor<3x3x1x80xf32>
  %a = stablehlo.abs %x : tensor<1x6x6x80xf32>
  %0 = stablehlo.convolution(%a, %inf) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 80 : i64} : (tensor<1x6x6x80xf32>, tensor<3x3x1x80xf32>) -> tensor<1x6x6x80xf32>
  return %0 : tensor<1x6x6x80xf32>
}

// -----

// The same along the positions (NCHW).
func.func @main(%x: tensor<1x8x12x12xf32>) -> tensor<1x8x12x12xf32> {
  %inf = stablehlo.constant dense<0x7F800000> : tensor<8x1x3x3xf32>
  %a = stablehlo.abs %x : tensor<1x8x12x12xf32>
  %0 = stablehlo.convolution(%a, %inf) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 8 : i64} : (tensor<1x8x12x12xf32>, tensor<8x1x3x3xf32>) -> tensor<1x8x12x12xf32>
  return %0 : tensor<1x8x12x12xf32>
}
