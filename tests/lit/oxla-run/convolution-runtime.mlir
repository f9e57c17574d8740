// Large f32 convolutions run in the runtime's convolution routine
// (oxla-convolution-to-runtime) and give exactly the interpreter's sums with the exact kernels
// (--max-ulp 0): same padding, strides and kernel dilation, NCHW layouts,
// a reversed window, negative and one-sided padding, 1-D and 3-D windows,
// output features that fill no whole tile, clipped border columns computed
// across neighbouring rows (the top and bottom ones clipped too), a bias
// and ReLU applied by the routine (NaN, infinite and signed-zero biases; 32
// features take the AVX-512 vector epilogue),
// and an infinite weight that
// padding positions must skip (0 * inf would be NaN).
// RUN: env OXLA_EXACT_PRODUCTS=1 oxla-run %s --split-input-file --random-inputs --check-with-interpreter --max-ulp 0 --print-results | FileCheck %s
// The narrower kernels, which other CPUs get, give the same sums:
// RUN: env OXLA_EXACT_PRODUCTS=1 OXLA_MATMUL_KERNEL=avx2 oxla-run %s --split-input-file --random-inputs --check-with-interpreter --max-ulp 0 --print-results | FileCheck %s
// RUN: env OXLA_EXACT_PRODUCTS=1 OXLA_MATMUL_KERNEL=portable oxla-run %s --split-input-file --random-inputs --check-with-interpreter --max-ulp 0 --print-results | FileCheck %s
// The default fused kernels (c = fma(a, b, c), k in order: tests/unit/runtime/GemmKernelsTest.cpp
// checks their arithmetic) on the same shapes:
// RUN: oxla-run %s --split-input-file --random-inputs --print-results | FileCheck %s
// RUN: oxla-run %s --split-input-file --random-inputs --emit linalg | FileCheck %s --check-prefix=IR
// CHECK: EXEC @main
// CHECK-NEXT: 2x9x11x20xf32=
// CHECK: EXEC @main
// CHECK-NEXT: 2x6x5x6xf32=
// CHECK: EXEC @main
// CHECK-NEXT: 3x8x12xf32=
// CHECK: EXEC @main
// CHECK-NEXT: 1x4x3x5x7xf32=
// CHECK: EXEC @main
// CHECK-NEXT: 1x6x6x33xf32=
// CHECK-NOT: nan
// CHECK: EXEC @main
// CHECK-NEXT: 4x7x10x40xf32=
// CHECK: EXEC @main
// CHECK-NEXT: 2x6x6x8xf32=
// CHECK: EXEC @main
// CHECK-NEXT: 2x6x6x32xf32=
// IR-COUNT-6: call @oxla_convolution_f32
// IR-COUNT-2: call @oxla_convolution_bias_relu_f32

// NHWC, 3x3 window, same padding, 20 output features.
func.func @main(%x: tensor<2x9x11x16xf32>, %w: tensor<3x3x16x20xf32>) -> tensor<2x9x11x20xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x9x11x16xf32>, tensor<3x3x16x20xf32>) -> tensor<2x9x11x20xf32>
  return %0 : tensor<2x9x11x20xf32>
}

// -----

// NCHW input, OIHW kernel, stride 2, kernel dilation 2, one-sided and
// negative padding, the first window dimension reversed.
func.func @main(%x: tensor<2x8x13x11xf32>, %w: tensor<6x8x3x2xf32>) -> tensor<2x6x5x6xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [2, 2], pad = [[2, 0], [-1, 1]], rhs_dilate = [2, 1], reverse = [true, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x13x11xf32>, tensor<6x8x3x2xf32>) -> tensor<2x6x6x5xf32>
  %1 = stablehlo.transpose %0, dims = [0, 2, 3, 1] : (tensor<2x6x6x5xf32>) -> tensor<2x6x5x6xf32>
  return %1 : tensor<2x6x5x6xf32>
}

// -----

// 1-D, window 5, padding 2 on both sides, features last in the kernel.
func.func @main(%x: tensor<3x12x24xf32>, %w: tensor<5x24x8xf32>) -> tensor<3x8x12xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, f, 0], window = {pad = [[2, 2]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<3x12x24xf32>, tensor<5x24x8xf32>) -> tensor<3x8x12xf32>
  return %0 : tensor<3x8x12xf32>
}

// -----

// 3-D window with padding in every dimension.
func.func @main(%x: tensor<1x4x3x5x9xf32>, %w: tensor<3x3x3x9x7xf32>) -> tensor<1x4x3x5x7xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, 2, f]x[0, 1, 2, i, o]->[b, 0, 1, 2, f], window = {pad = [[1, 1], [1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x3x5x9xf32>, tensor<3x3x3x9x7xf32>) -> tensor<1x4x3x5x7xf32>
  return %0 : tensor<1x4x3x5x7xf32>
}

// -----

// Every weight infinite: a sum that added the padding's zeros would be NaN
// at the borders.
func.func @main(%x: tensor<1x6x6x8xf32>) -> tensor<1x6x6x33xf32> {
  %inf = stablehlo.constant dense<0x7F800000> : tensor<3x3x8x33xf32>
  %a = stablehlo.abs %x : tensor<1x6x6x8xf32>
  %0 = stablehlo.convolution(%a, %inf) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x8xf32>, tensor<3x3x8x33xf32>) -> tensor<1x6x6x33xf32>
  return %0 : tensor<1x6x6x33xf32>
}

// -----

// Stride 2 along the rows: the border columns, whose window the padding
// clips, are computed for up to 6 neighbouring rows at once, rows 6 input
// rows apart; the first and last rows' windows are clipped too, so a group
// splits where the valid rows of the window change.
func.func @main(%x: tensor<4x13x10x8xf32>, %w: tensor<3x3x8x40xf32>) -> tensor<4x7x10x40xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<4x13x10x8xf32>, tensor<3x3x8x40xf32>) -> tensor<4x7x10x40xf32>
  return %0 : tensor<4x7x10x40xf32>
}

// -----

// Bias and ReLU go into the routine's call; a NaN bias stays NaN through
// the maximum, -inf becomes +0, -0 and negative sums become +0.
func.func @main(%x: tensor<2x6x6x8xf32>, %w: tensor<3x3x8x8xf32>) -> tensor<2x6x6x8xf32> {
  %bias = stablehlo.constant dense<[0x7FC00000, 0xFF800000, 0x7F800000, -1.0, 0.0, -0.0, 2.5, -3.0]> : tensor<8xf32>
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x6x6x8xf32>, tensor<3x3x8x8xf32>) -> tensor<2x6x6x8xf32>
  %1 = stablehlo.broadcast_in_dim %bias, dims = [3] : (tensor<8xf32>) -> tensor<2x6x6x8xf32>
  %2 = stablehlo.add %0, %1 : tensor<2x6x6x8xf32>
  %3 = stablehlo.constant dense<0.0> : tensor<2x6x6x8xf32>
  %4 = stablehlo.maximum %2, %3 : tensor<2x6x6x8xf32>
  return %4 : tensor<2x6x6x8xf32>
}

// -----

// The same with 32 output features: whole 16-lane vectors, which the
// routine's epilogue adds and clamps as vectors where the kernels are
// AVX-512 (a panel of 32 features); the special biases in both halves.
func.func @main(%x: tensor<2x6x6x8xf32>, %w: tensor<3x3x8x32xf32>) -> tensor<2x6x6x32xf32> {
  %bias = stablehlo.constant dense<[0x7FC00000, 0xFF800000, 0x7F800000, -1.0, 0.0, -0.0, 2.5, -3.0, 1.0, 2.0, -0.5, 0.25, -2.0, 3.0, 0.0, -1.5, -0.0, 0x7F800000, 0xFF800000, 0x7FC00000, 1.5, -4.0, 0.5, -0.25, 2.0, -2.5, 0.0, 1.0, -1.0, 3.5, -3.5, 0.75]> : tensor<32xf32>
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x6x6x8xf32>, tensor<3x3x8x32xf32>) -> tensor<2x6x6x32xf32>
  %1 = stablehlo.broadcast_in_dim %bias, dims = [3] : (tensor<32xf32>) -> tensor<2x6x6x32xf32>
  %2 = stablehlo.add %0, %1 : tensor<2x6x6x32xf32>
  %3 = stablehlo.constant dense<0.0> : tensor<2x6x6x32xf32>
  %4 = stablehlo.maximum %2, %3 : tensor<2x6x6x32xf32>
  return %4 : tensor<2x6x6x32xf32>
}
