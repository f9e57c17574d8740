// RUN: oxla-opt %s --split-input-file --verify-diagnostics --oxla-convert-stablehlo-to-linalg | FileCheck %s

// dot_general is one linalg.generic, the contracting dimension a reduction
// loop innermost, accumulating into a zero-filled init.
// CHECK-DAG: #[[LHS:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[RHS:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @matmul
// CHECK: %[[FILL:.*]] = linalg.fill
// CHECK: linalg.generic {indexing_maps = [#[[LHS]], #[[RHS]], #[[OUT]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME: outs(%[[FILL]] : tensor<4x5xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @matmul(%a: tensor<4x3xf32>, %b: tensor<3x5xf32>) -> tensor<4x5xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x3xf32>, tensor<3x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// Dynamic batch and free sizes come from the operands; unsigned operands
// zero-extend to the result width.
// CHECK-LABEL: func.func @dynamic_batch
// CHECK: tensor.dim %{{.*}}, %c0 : tensor<?x4x3xi8>
// CHECK: tensor.dim %{{.*}}, %c2 : tensor<?x3x?xi8>
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction"]
// CHECK: arith.extui %{{.*}} : i8 to i32
// CHECK: arith.extui %{{.*}} : i8 to i32
// CHECK: arith.muli
// CHECK: arith.addi
func.func @dynamic_batch(%a: tensor<?x4x3xui8>, %b: tensor<?x3x?xui8>) -> tensor<?x4x?xi32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<?x4x3xui8>, tensor<?x3x?xui8>) -> tensor<?x4x?xi32>
  return %0 : tensor<?x4x?xi32>
}

// -----

// bf16 accumulates in f32 and is rounded once at the end.
// CHECK-LABEL: func.func @dot_bf16
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<f32>)
// CHECK: linalg.generic
// CHECK: arith.extf %{{.*}} : bf16 to f32
// CHECK: arith.addf %{{.*}} : f32
// CHECK: linalg.generic
// CHECK: arith.truncf %{{.*}} : f32 to bf16
func.func @dot_bf16(%a: tensor<3xbf16>, %b: tensor<3xbf16>) -> tensor<bf16> {
  %0 = stablehlo.dot %a, %b : (tensor<3xbf16>, tensor<3xbf16>) -> tensor<bf16>
  return %0 : tensor<bf16>
}

// -----

// i1 contractions use and/or.
// CHECK-LABEL: func.func @dot_bool
// CHECK: linalg.generic
// CHECK: arith.andi
// CHECK: arith.ori
func.func @dot_bool(%a: tensor<2x3xi1>, %b: tensor<3xi1>) -> tensor<2xi1> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xi1>, tensor<3xi1>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

// Complex contractions use complex ops.
// CHECK-LABEL: func.func @dot_complex
// CHECK: complex.mul
// CHECK: complex.add
func.func @dot_complex(%a: tensor<2xcomplex<f64>>, %b: tensor<2xcomplex<f64>>) -> tensor<complex<f64>> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<2xcomplex<f64>>, tensor<2xcomplex<f64>>) -> tensor<complex<f64>>
  return %0 : tensor<complex<f64>>
}

// -----

// convolution: the padded lhs is made explicit, feature groups split the
// feature dimensions, and one generic runs over [batch, out spatial...,
// group, feature, kernel spatial..., input feature]; window positions on
// padding are skipped (select).
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1 * 2 + d5, d2 * 2 + d6, d3, d7)>
// CHECK-DAG: #[[KERNEL:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d5, d6, d7, d3, d4)>
// CHECK-DAG: #[[RESULT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d3, d4)>
// CHECK-LABEL: func.func @conv
// CHECK: %[[PADDED:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<1x5x5x2xf32>)
// CHECK: tensor.extract
// CHECK: tensor.expand_shape %[[PADDED]] {{\[}}[0], [1], [2], [3, 4]] {{.*}} into tensor<1x5x5x2x1xf32>
// CHECK: tensor.expand_shape {{.*}} into tensor<3x3x1x2x2xf32>
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[KERNEL]], #[[RESULT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
// CHECK: arith.select
// CHECK: tensor.collapse_shape {{.*}} into tensor<1x2x2x4xf32>
func.func @conv(%l: tensor<1x4x4x2xf32>, %k: tensor<3x3x1x4xf32>) -> tensor<1x2x2x4xf32> {
  %0 = stablehlo.convolution(%l, %k) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[1, 0], [1, 0]]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x4x4x2xf32>, tensor<3x3x1x4xf32>) -> tensor<1x2x2x4xf32>
  return %0 : tensor<1x2x2x4xf32>
}

// -----

// Window reversal reads the lhs at (size - 1 - k); no padding, no copy.
// CHECK-DAG: #[[REV:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 + -d4 + 2, d2, d5)>
// CHECK-LABEL: func.func @conv_reversed
// CHECK-NOT: tensor.extract
// CHECK: linalg.generic {indexing_maps = [#[[REV]]
func.func @conv_reversed(%l: tensor<2x5x3xi32>, %k: tensor<3x3x4xi32>) -> tensor<2x3x4xi32> {
  %0 = stablehlo.convolution(%l, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {reverse = [true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x5x3xi32>, tensor<3x3x4xi32>) -> tensor<2x3x4xi32>
  return %0 : tensor<2x3x4xi32>
}

// -----

// dynamic_conv needs a constant d_padding.
func.func @dynamic_conv_runtime_padding(%l: tensor<1x4x1xf32>, %k: tensor<2x1x1xf32>, %p: tensor<1x2xi64>) -> tensor<1x?x1xf32> {
  // expected-error @+1 {{unsupported: no compiler lowering for 'stablehlo.dynamic_conv'}}
  %0 = "stablehlo.dynamic_conv"(%l, %k, %p) {dimension_numbers = #stablehlo.conv<[b, 0, f]x[0, i, o]->[b, 0, f]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x1xf32>, tensor<2x1x1xf32>, tensor<1x2xi64>) -> tensor<1x?x1xf32>
  return %0 : tensor<1x?x1xf32>
}

// -----

// einsum: output labels are the parallel loops, summed labels the reduction
// loops in order of first appearance; a repeated label is a diagonal.
// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2) -> (d0, d2, d2)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[R:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @einsum_diagonal
// CHECK: linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[R]]], iterator_types = ["parallel", "parallel", "reduction"]}
func.func @einsum_diagonal(%a: tensor<2x3x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %0 = "stablehlo.einsum"(%a, %b) {einsum_config = "ikk,kj->ij"} : (tensor<2x3x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// unary_einsum sums its one operand over the labels the output drops.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @unary_einsum_columns
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "reduction"]}
// CHECK: arith.addi
func.func @unary_einsum_columns(%a: tensor<2x5xi32>) -> tensor<5xi32> {
  %0 = "stablehlo.unary_einsum"(%a) {einsum_config = "ab->b"} : (tensor<2x5xi32>) -> tensor<5xi32>
  return %0 : tensor<5xi32>
}

// -----

// An ellipsis is not lowered (nor interpreted).
func.func @einsum_ellipsis(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{unsupported: no compiler lowering for 'stablehlo.einsum'}}
  %0 = "stablehlo.einsum"(%a, %b) {einsum_config = "...k,kj->...j"} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
