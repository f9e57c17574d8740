// RUN: oxla-opt %s | FileCheck %s
// RUN: oxla-opt %s | oxla-opt | FileCheck %s
// RUN: oxla-opt %s --mlir-print-op-generic | oxla-opt | FileCheck %s

// CHECK-LABEL: func.func @dot_general
func.func @dot_general(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %m: tensor<8x16xf32>, %n: tensor<16x?xf32>) -> tensor<2x3x5xf32> {
  // CHECK: stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, HIGHEST] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, HIGHEST] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  // CHECK: stablehlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x?xf32>) -> tensor<8x?xf32>
  %1 = stablehlo.dot_general %m, %n, contracting_dims = [1] x [0] : (tensor<8x16xf32>, tensor<16x?xf32>) -> tensor<8x?xf32>
  // CHECK: stablehlo.dot_general %arg2, %arg2, contracting_dims = [] x [] : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16x8x16xf64>
  %2 = stablehlo.dot_general %m, %m, batching_dims = [] x [], contracting_dims = [] x [] : (tensor<8x16xf32>, tensor<8x16xf32>) -> tensor<8x16x8x16xf64>
  // CHECK: algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>
  %3 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT],
    algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1,
                 rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>
    : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return %0 : tensor<2x3x5xf32>
}

// CHECK-LABEL: func.func @dot_general_quantized
func.func @dot_general_quantized(%a: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %b: tensor<4x6x!quant.uniform<i8:f32:1, {0.1, 0.2, 0.3, 0.4, 0.5, 0.6}>>, %f: tensor<2x4xf32>) -> tensor<2x6x!quant.uniform<i32:f32:1, {0.1, 0.2, 0.3, 0.4, 0.5, 0.6}>> {
  // CHECK: stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0]
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, tensor<4x6x!quant.uniform<i8:f32:1, {0.1, 0.2, 0.3, 0.4, 0.5, 0.6}>>) -> tensor<2x6x!quant.uniform<i32:f32:1, {0.1, 0.2, 0.3, 0.4, 0.5, 0.6}>>
  // Hybrid: float lhs, quantized rhs, float result.
  // CHECK: stablehlo.dot_general %arg2, %arg1, contracting_dims = [1] x [0]
  %1 = stablehlo.dot_general %f, %b, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x6x!quant.uniform<i8:f32:1, {0.1, 0.2, 0.3, 0.4, 0.5, 0.6}>>) -> tensor<2x6xf32>
  return %0 : tensor<2x6x!quant.uniform<i32:f32:1, {0.1, 0.2, 0.3, 0.4, 0.5, 0.6}>>
}

// CHECK-LABEL: func.func @dot
func.func @dot(%a: tensor<8x16xf32>, %b: tensor<16x8xf32>, %v: tensor<16xf32>) -> tensor<8x8xf32> {
  // CHECK: stablehlo.dot %arg0, %arg1 : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  %0 = stablehlo.dot %a, %b : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  // CHECK: stablehlo.dot %arg0, %arg2, precision = [DEFAULT, DEFAULT] {name = "dot.1"} : (tensor<8x16xf32>, tensor<16xf32>) -> tensor<8xf32>
  %1 = stablehlo.dot %a, %v, precision = [DEFAULT, DEFAULT] {name = "dot.1"} : (tensor<8x16xf32>, tensor<16xf32>) -> tensor<8xf32>
  return %0 : tensor<8x8xf32>
}

// CHECK-LABEL: func.func @convolution
func.func @convolution(%x: tensor<1x8x8x207xf32>, %w: tensor<3x3x207x16xf32>, %y: tensor<1x3x9xf32>, %k: tensor<3x1x2xf32>) -> tensor<1x7x7x16xf32> {
  // CHECK: stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = {{\[\[}}1, 1], [1, 1]], lhs_dilate = [2, 2], rhs_dilate = [2, 2], reverse = [true, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<1x8x8x207xf32>, tensor<3x3x207x16xf32>) -> tensor<1x7x7x16xf32>
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 1], [1, 1]], lhs_dilate = [2, 2], rhs_dilate = [2, 2], reverse = [true, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision HIGHEST>]} : (tensor<1x8x8x207xf32>, tensor<3x3x207x16xf32>) -> tensor<1x7x7x16xf32>
  // CHECK: stablehlo.convolution(%arg2, %arg3) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {} {batch_group_count = 1 : i64, feature_group_count = 3 : i64} : (tensor<1x3x9xf32>, tensor<3x1x2xf32>) -> tensor<1x3x8xf32>
  %1 = stablehlo.convolution(%y, %k) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {} {batch_group_count = 1 : i64, feature_group_count = 3 : i64} : (tensor<1x3x9xf32>, tensor<3x1x2xf32>) -> tensor<1x3x8xf32>
  return %0 : tensor<1x7x7x16xf32>
}

// CHECK-LABEL: func.func @dynamic_conv
func.func @dynamic_conv(%x: tensor<1x8x8x207xf32>, %w: tensor<3x3x207x16xf32>, %p: tensor<2x2xi64>) -> tensor<1x?x?x16xf32> {
  // CHECK: "stablehlo.dynamic_conv"(%arg0, %arg1, %arg2)
  %0 = "stablehlo.dynamic_conv"(%x, %w, %p) {
    dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>,
    window_strides = array<i64: 2, 2>, feature_group_count = 1 : i64, batch_group_count = 1 : i64
  } : (tensor<1x8x8x207xf32>, tensor<3x3x207x16xf32>, tensor<2x2xi64>) -> tensor<1x?x?x16xf32>
  return %0 : tensor<1x?x?x16xf32>
}

// CHECK-LABEL: func.func @einsum
func.func @einsum(%a: tensor<8x16xf32>, %b: tensor<16x8xf32>) -> tensor<8xf32> {
  // CHECK: stablehlo.einsum %arg0, %arg1, config = "ab,bc->ac" : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  %0 = "stablehlo.einsum"(%a, %b) {einsum_config = "ab,bc->ac"} : (tensor<8x16xf32>, tensor<16x8xf32>) -> tensor<8x8xf32>
  // CHECK: stablehlo.unary_einsum %arg0, config = "ab->a" : (tensor<8x16xf32>) -> tensor<8xf32>
  %1 = "stablehlo.unary_einsum"(%a) {einsum_config = "ab->a"} : (tensor<8x16xf32>) -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

// CHECK-LABEL: func.func @batch_norm
func.func @batch_norm(%x: tensor<4x16x5xf32>, %s: tensor<16xf32>) -> tensor<4x16x5xf32> {
  // CHECK: "stablehlo.batch_norm_grad"(%arg0, %arg1, %arg1, %arg1, %arg0) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}>
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %x) {epsilon = 0.001 : f32, feature_index = 1 : i64}
    : (tensor<4x16x5xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<4x16x5xf32>) -> (tensor<4x16x5xf32>, tensor<16xf32>, tensor<16xf32>)
  // CHECK: "stablehlo.batch_norm_inference"
  %1 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) {epsilon = 0.001 : f32, feature_index = 1 : i64}
    : (tensor<4x16x5xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<4x16x5xf32>
  // CHECK: "stablehlo.batch_norm_training"
  %2:3 = "stablehlo.batch_norm_training"(%x, %s, %s) {epsilon = 0.001 : f32, feature_index = 1 : i64}
    : (tensor<4x16x5xf32>, tensor<16xf32>, tensor<16xf32>) -> (tensor<4x16x5xf32>, tensor<16xf32>, tensor<16xf32>)
  return %1 : tensor<4x16x5xf32>
}

// CHECK-LABEL: func.func @linalg
func.func @linalg(%a: tensor<2x16x16xf32>, %b: tensor<2x16x4xf32>) -> tensor<2x16x4xf32> {
  // CHECK: stablehlo.cholesky %arg0, lower = true : tensor<2x16x16xf32>
  %0 = "stablehlo.cholesky"(%a) {lower = true} : (tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  // CHECK: "stablehlo.triangular_solve"(%arg0, %arg1) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose ADJOINT>, unit_diagonal = false}>
  %1 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose ADJOINT>}
    : (tensor<2x16x16xf32>, tensor<2x16x4xf32>) -> tensor<2x16x4xf32>
  return %1 : tensor<2x16x4xf32>
}

// CHECK-LABEL: func.func @fft
func.func @fft(%x: tensor<3x9xf32>, %c: tensor<3x5xcomplex<f32>>) -> tensor<3x5xcomplex<f32>> {
  // CHECK: stablehlo.fft %arg0, type = RFFT, length = [9] : (tensor<3x9xf32>) -> tensor<3x5xcomplex<f32>>
  %0 = stablehlo.fft %x, type =  RFFT, length = [9] : (tensor<3x9xf32>) -> tensor<3x5xcomplex<f32>>
  // CHECK: stablehlo.fft %arg1, type = IRFFT, length = [9] : (tensor<3x5xcomplex<f32>>) -> tensor<3x9xf32>
  %1 = stablehlo.fft %c, type = IRFFT, length = [9] : (tensor<3x5xcomplex<f32>>) -> tensor<3x9xf32>
  // CHECK: stablehlo.fft %arg1, type = FFT, length = [3, 5] : (tensor<3x5xcomplex<f32>>) -> tensor<3x5xcomplex<f32>>
  %2 = stablehlo.fft %c, type = FFT, length = [3, 5] : (tensor<3x5xcomplex<f32>>) -> tensor<3x5xcomplex<f32>>
  return %0 : tensor<3x5xcomplex<f32>>
}
