// RUN: oxla-run %s
// dot_general, dot, convolution, dynamic_conv: each function checks its
// own results (hand-computed); exit 0 means every check passed.

// Batched matmul against identities.
func.func @dot_general_batch() {
  %lhs = stablehlo.constant dense<[[[1, 2], [3, 4]], [[5, 6], [7, 8]]]> : tensor<2x2x2xi64>
  %rhs = stablehlo.constant dense<[[[1, 0], [0, 1]], [[0, 1], [1, 0]]]> : tensor<2x2x2xi64>
  %0 = stablehlo.dot_general %lhs, %rhs, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x2x2xi64>, tensor<2x2x2xi64>) -> tensor<2x2x2xi64>
  check.expect_eq_const %0, dense<[[[1, 2], [3, 4]], [[6, 5], [8, 7]]]> : tensor<2x2x2xi64>
  func.return
}

// Contracting dimensions first on lhs, last on rhs: r[i, j] = sum_k l[k, i] * r[j, k].
func.func @dot_general_transposed() {
  %lhs = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %rhs = stablehlo.constant dense<[[1, 0, 1], [0, 1, 0]]> : tensor<2x3xi32>
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [0] x [1] : (tensor<3x2xi32>, tensor<2x3xi32>) -> tensor<2x2xi32>
  check.expect_eq_const %0, dense<[[6, 3], [8, 4]]> : tensor<2x2xi32>
  func.return
}

// Two contracting dimensions, and a batch dimension that is not leading.
func.func @dot_general_two_contracting() {
  %lhs = stablehlo.constant dense<[[[1, 2], [3, 4]], [[5, 6], [7, 8]]]> : tensor<2x2x2xi32>
  %rhs = stablehlo.constant dense<[[1, 1], [1, 0]]> : tensor<2x2xi32>
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [1, 2] x [0, 1] : (tensor<2x2x2xi32>, tensor<2x2xi32>) -> tensor<2xi32>
  check.expect_eq_const %0, dense<[6, 18]> : tensor<2xi32>
  %b = stablehlo.constant dense<[[1, 10], [100, 1000]]> : tensor<2x2xi32>
  // batch lhs dim 2 with rhs dim 1, contract lhs dim 1 with rhs dim 0.
  %1 = stablehlo.dot_general %lhs, %b, batching_dims = [2] x [1], contracting_dims = [1] x [0] : (tensor<2x2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
  // r[j, i] = sum_k l[i, k, j] * b[k, j]
  check.expect_eq_const %1, dense<[[301, 705], [4020, 8060]]> : tensor<2x2xi32>
  func.return
}

// No batching or contracting dimensions: an outer product.
func.func @dot_general_outer() {
  %lhs = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %rhs = stablehlo.constant dense<[1.0, -1.0, 0.5]> : tensor<3xf32>
  %0 = stablehlo.dot_general %lhs, %rhs, contracting_dims = [] x [] : (tensor<2xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  check.expect_eq_const %0, dense<[[1.0, -1.0, 0.5], [2.0, -2.0, 1.0]]> : tensor<2x3xf32>
  func.return
}

// Integers: operands convert to the result type by their own signedness;
// sums wrap at the result width.
func.func @dot_general_integers() {
  %a = stablehlo.constant dense<[100, -100]> : tensor<2xi8>
  %0 = stablehlo.dot_general %a, %a, contracting_dims = [0] x [0] : (tensor<2xi8>, tensor<2xi8>) -> tensor<i32>
  check.expect_eq_const %0, dense<20000> : tensor<i32>
  %u = stablehlo.constant dense<[200, 255]> : tensor<2xui8>
  %v = stablehlo.constant dense<[2, 1]> : tensor<2xui8>
  %1 = stablehlo.dot_general %u, %v, contracting_dims = [0] x [0] : (tensor<2xui8>, tensor<2xui8>) -> tensor<ui32>
  check.expect_eq_const %1, dense<655> : tensor<ui32>
  %w = stablehlo.constant dense<[100, 100]> : tensor<2xi8>
  %x = stablehlo.constant dense<[2, 1]> : tensor<2xi8>
  %2 = stablehlo.dot_general %w, %x, contracting_dims = [0] x [0] : (tensor<2xi8>, tensor<2xi8>) -> tensor<i8>
  check.expect_eq_const %2, dense<44> : tensor<i8>
  func.return
}

// i1: or of ands.
func.func @dot_general_bool() {
  %a = stablehlo.constant dense<[[true, false], [true, true]]> : tensor<2x2xi1>
  %b = stablehlo.constant dense<[false, true]> : tensor<2xi1>
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x2xi1>, tensor<2xi1>) -> tensor<2xi1>
  check.expect_eq_const %0, dense<[false, true]> : tensor<2xi1>
  func.return
}

// f32 operands of an f64 result convert first (0.1f is not 0.1).
func.func @dot_general_f32_to_f64() {
  %a = stablehlo.constant dense<[0.1, 2.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<[1.0, 0.0]> : tensor<2xf32>
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<2xf32>, tensor<2xf32>) -> tensor<f64>
  check.expect_eq_const %0, dense<0.10000000149011612> : tensor<f64>
  func.return
}

// bf16 accumulates in f32 and rounds once: 256 + 1 + 1 is 258 (a bf16
// accumulator would stay at 256).
func.func @dot_general_bf16() {
  %a = stablehlo.constant dense<[256.0, 1.0, 1.0]> : tensor<3xbf16>
  %b = stablehlo.constant dense<[1.0, 1.0, 1.0]> : tensor<3xbf16>
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<3xbf16>, tensor<3xbf16>) -> tensor<bf16>
  check.expect_eq_const %0, dense<258.0> : tensor<bf16>
  func.return
}

// One sequential sum in row-major order: ((1e8 + 1) - 1e8) + 1 is 1 in f32
// (column-major order would give 2).
func.func @dot_general_sum_order() {
  %a = stablehlo.constant dense<[[1.0e8, 1.0], [-1.0e8, 1.0]]> : tensor<2x2xf32>
  %b = stablehlo.constant dense<[[1.0, 1.0], [1.0, 1.0]]> : tensor<2x2xf32>
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [0, 1] x [0, 1] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<f32>
  check.expect_eq_const %0, dense<1.0> : tensor<f32>
  func.return
}

// Complex products, no conjugation.
func.func @dot_general_complex() {
  %a = stablehlo.constant dense<[(1.0, 2.0), (0.0, 1.0)]> : tensor<2xcomplex<f32>>
  %b = stablehlo.constant dense<[(3.0, 4.0), (0.0, 1.0)]> : tensor<2xcomplex<f32>>
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>) -> tensor<complex<f32>>
  check.expect_eq_const %0, dense<(-6.0, 10.0)> : tensor<complex<f32>>
  func.return
}

// dot: matrix x vector and vector x vector.
func.func @dot() {
  %m = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf64>
  %v = stablehlo.constant dense<[1.0, -1.0]> : tensor<2xf64>
  %0 = stablehlo.dot %m, %v : (tensor<2x2xf64>, tensor<2xf64>) -> tensor<2xf64>
  check.expect_eq_const %0, dense<[-1.0, -1.0]> : tensor<2xf64>
  %1 = stablehlo.dot %v, %m : (tensor<2xf64>, tensor<2x2xf64>) -> tensor<2xf64>
  check.expect_eq_const %1, dense<[-2.0, -2.0]> : tensor<2xf64>
  %2 = stablehlo.dot %v, %v : (tensor<2xf64>, tensor<2xf64>) -> tensor<f64>
  check.expect_eq_const %2, dense<2.0> : tensor<f64>
  func.return
}

// Base dilation and a stride (the spec's example), i8 operands, i32 result.
func.func @convolution_lhs_dilation() {
  %lhs = stablehlo.constant dense<[[[[1], [2], [5], [6]], [[3], [4], [7], [8]], [[10], [11], [14], [15]], [[12], [13], [16], [17]]]]> : tensor<1x4x4x1xi8>
  %rhs = stablehlo.constant dense<10> : tensor<3x3x1x1xi8>
  %0 = stablehlo.convolution(%lhs, %rhs) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], lhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xi8>, tensor<3x3x1x1xi8>) -> tensor<1x2x2x1xi32>
  check.expect_eq_const %0, dense<[[[[100], [260]], [[460], [620]]]]> : tensor<1x2x2x1xi32>
  func.return
}

// Padding with base dilation; batch and feature groups.
func.func @convolution_groups() {
  %lhs = stablehlo.constant dense<[[[[1], [2], [5], [6]], [[3], [4], [7], [8]], [[10], [11], [14], [15]], [[12], [13], [16], [17]]]]> : tensor<1x4x4x1xi64>
  %k3 = stablehlo.constant dense<1> : tensor<3x3x1x1xi64>
  %0 = stablehlo.convolution(%lhs, %k3) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], pad = [[1, 1], [1, 1]], lhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>) -> tensor<1x2x2x1xi64>
  check.expect_eq_const %0, dense<[[[[1], [5]], [[10], [14]]]]> : tensor<1x2x2x1xi64>
  %k = stablehlo.constant dense<1> : tensor<1x2x1x4xi64>
  %1 = stablehlo.convolution(%lhs, %k) dim_numbers = [0, b, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [4, 4], lhs_dilate = [2, 2]} {batch_group_count = 4 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xi64>, tensor<1x2x1x4xi64>) -> tensor<1x1x2x4xi64>
  check.expect_eq_const %1, dense<[[[[1, 3, 10, 12], [5, 7, 14, 16]]]]> : tensor<1x1x2x4xi64>
  %2 = stablehlo.convolution(%lhs, %k) dim_numbers = [b, 0, f, 1]x[0, i, 1, o]->[b, 0, 1, f], window = {stride = [4, 4], lhs_dilate = [2, 2]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x4x1xi64>, tensor<1x2x1x4xi64>) -> tensor<1x2x1x4xi64>
  check.expect_eq_const %2, dense<[[[[3, 3, 11, 11]], [[21, 21, 29, 29]]]]> : tensor<1x2x1x4xi64>
  func.return
}

// Window reversal, negative padding, stride with kernel dilation.
func.func @convolution_window() {
  %lhs = stablehlo.constant dense<[[[1.0], [2.0], [3.0], [4.0]]]> : tensor<1x4x1xf32>
  %k = stablehlo.constant dense<[[[1.0]], [[10.0]]]> : tensor<2x1x1xf32>
  %0 = stablehlo.convolution(%lhs, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {reverse = [true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<2x1x1xf32>) -> tensor<1x3x1xf32>
  check.expect_eq_const %0, dense<[[[12.0], [23.0], [34.0]]]> : tensor<1x3x1xf32>
  %1 = stablehlo.convolution(%lhs, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {pad = [[-1, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<2x1x1xf32>) -> tensor<1x2x1xf32>
  check.expect_eq_const %1, dense<[[[32.0], [43.0]]]> : tensor<1x2x1xf32>
  %seven = stablehlo.constant dense<[[[1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [7.0]]]> : tensor<1x7x1xf32>
  %2 = stablehlo.convolution(%seven, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [2], rhs_dilate = [2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x7x1xf32>, tensor<2x1x1xf32>) -> tensor<1x3x1xf32>
  check.expect_eq_const %2, dense<[[[31.0], [53.0], [75.0]]]> : tensor<1x3x1xf32>
  func.return
}

// Window positions on padding are skipped, as in the interpreter: an
// infinite kernel element over padding does not make NaN.
func.func @convolution_padding_skipped() {
  %lhs = stablehlo.constant dense<[[[1.0], [2.0], [3.0]]]> : tensor<1x3x1xf32>
  %k = stablehlo.constant dense<[[[0x7F800000]], [[1.0]]]> : tensor<2x1x1xf32>
  %0 = stablehlo.convolution(%lhs, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {pad = [[1, 0]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x3x1xf32>, tensor<2x1x1xf32>) -> tensor<1x3x1xf32>
  check.expect_eq_const %0, dense<[[[1.0], [0x7F800000], [0x7F800000]]]> : tensor<1x3x1xf32>
  func.return
}

// Two input features, two output features, NCW/OIW layouts.
func.func @convolution_features() {
  %lhs = stablehlo.constant dense<[[[1.0, 2.0, 3.0], [10.0, 20.0, 30.0]]]> : tensor<1x2x3xf32>
  %k = stablehlo.constant dense<[[[1.0, 0.0], [1.0, 0.0]], [[0.0, 1.0], [0.0, -1.0]]]> : tensor<2x2x2xf32>
  %0 = stablehlo.convolution(%lhs, %k) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x3xf32>, tensor<2x2x2xf32>) -> tensor<1x2x2xf32>
  check.expect_eq_const %0, dense<[[[11.0, 22.0], [-18.0, -27.0]]]> : tensor<1x2x2xf32>
  func.return
}

// dynamic_conv with a constant padding operand.
func.func @dynamic_conv() {
  %lhs = stablehlo.constant dense<[[[[1], [2], [5], [6]], [[3], [4], [7], [8]], [[10], [11], [14], [15]], [[12], [13], [16], [17]]]]> : tensor<1x4x4x1xi64>
  %rhs = stablehlo.constant dense<1> : tensor<3x3x1x1xi64>
  %padding = stablehlo.constant dense<1> : tensor<2x2xi64>
  %0 = "stablehlo.dynamic_conv"(%lhs, %rhs, %padding) {window_strides = array<i64: 4, 4>, lhs_dilation = array<i64: 2, 2>, rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x4x1xi64>, tensor<3x3x1x1xi64>, tensor<2x2xi64>) -> tensor<1x2x2x1xi64>
  check.expect_eq_const %0, dense<[[[[1], [5]], [[10], [14]]]]> : tensor<1x2x2x1xi64>
  func.return
}
