// RUN: oxla-run %s --split-input-file
// RUN: oxla-interpret %s --split-input-file

// Broadcast (with a size-1 dimension expanding), reshape, transpose, reverse.
func.func @main() {
  %a = stablehlo.constant dense<[[1, 2, 3]]> : tensor<1x3xi32>
  %b = stablehlo.broadcast_in_dim %a, dims = [0, 2] : (tensor<1x3xi32>) -> tensor<2x2x3xi32>
  check.expect_eq_const %b, dense<[[[1, 2, 3], [1, 2, 3]], [[1, 2, 3], [1, 2, 3]]]> : tensor<2x2x3xi32>
  %r = stablehlo.reshape %b : (tensor<2x2x3xi32>) -> tensor<3x4xi32>
  check.expect_eq_const %r, dense<[[1, 2, 3, 1], [2, 3, 1, 2], [3, 1, 2, 3]]> : tensor<3x4xi32>
  %t = stablehlo.transpose %r, dims = [1, 0] : (tensor<3x4xi32>) -> tensor<4x3xi32>
  check.expect_eq_const %t, dense<[[1, 2, 3], [2, 3, 1], [3, 1, 2], [1, 2, 3]]> : tensor<4x3xi32>
  %v = stablehlo.reverse %t, dims = [0, 1] : tensor<4x3xi32>
  check.expect_eq_const %v, dense<[[3, 2, 1], [2, 1, 3], [1, 3, 2], [3, 2, 1]]> : tensor<4x3xi32>
  return
}

// -----

// Strided slice, concatenate, iota in three element types.
func.func @main() {
  %a = stablehlo.constant dense<[0, 1, 2, 3, 4, 5, 6, 7]> : tensor<8xui8>
  %s = stablehlo.slice %a [1:8:3] : (tensor<8xui8>) -> tensor<3xui8>
  check.expect_eq_const %s, dense<[1, 4, 7]> : tensor<3xui8>
  %c = stablehlo.concatenate %s, %s, dim = 0 : (tensor<3xui8>, tensor<3xui8>) -> tensor<6xui8>
  check.expect_eq_const %c, dense<[1, 4, 7, 1, 4, 7]> : tensor<6xui8>
  %i = stablehlo.iota dim = 1 : tensor<2x3xbf16>
  check.expect_eq_const %i, dense<[[0.0, 1.0, 2.0], [0.0, 1.0, 2.0]]> : tensor<2x3xbf16>
  %j = stablehlo.iota dim = 0 : tensor<3xcomplex<f32>>
  check.expect_eq_const %j, dense<[(0.0, 0.0), (1.0, 0.0), (2.0, 0.0)]> : tensor<3xcomplex<f32>>
  return
}

// -----

// pad: edge, interior and negative padding at once.
func.func @main() {
  %a = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi64>
  %z = stablehlo.constant dense<0> : tensor<i64>
  %p = stablehlo.pad %a, %z, low = [1, -1], high = [0, 1], interior = [1, 1] : (tensor<2x3xi64>, tensor<i64>) -> tensor<4x5xi64>
  check.expect_eq_const %p, dense<[[0, 0, 0, 0, 0], [0, 2, 0, 3, 0], [0, 0, 0, 0, 0], [0, 5, 0, 6, 0]]> : tensor<4x5xi64>
  return
}

// -----

// dynamic_slice / dynamic_update_slice clamp their start indices so that the
// slice fits; unsigned indices are not negative.
func.func @main() {
  %a = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]> : tensor<3x3xf32>
  %big = stablehlo.constant dense<5> : tensor<i32>
  %neg = stablehlo.constant dense<-2> : tensor<i32>
  %s = stablehlo.dynamic_slice %a, %big, %neg, sizes = [2, 2] : (tensor<3x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  check.expect_eq_const %s, dense<[[4.0, 5.0], [7.0, 8.0]]> : tensor<2x2xf32>
  %u = stablehlo.constant dense<[[0.5, 0.5]]> : tensor<1x2xf32>
  %one = stablehlo.constant dense<255> : tensor<ui8>
  %zero = stablehlo.constant dense<0> : tensor<ui8>
  %w = stablehlo.dynamic_update_slice %a, %u, %one, %zero : (tensor<3x3xf32>, tensor<1x2xf32>, tensor<ui8>, tensor<ui8>) -> tensor<3x3xf32>
  check.expect_eq_const %w, dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [0.5, 0.5, 9.0]]> : tensor<3x3xf32>
  %bits = stablehlo.bitcast_convert %u : (tensor<1x2xf32>) -> tensor<1x2xi32>
  check.expect_eq_const %bits, dense<[[1056964608, 1056964608]]> : tensor<1x2xi32>
  return
}

// -----

// gather: rows by index, clamped start indices, and a batching dimension.
func.func @main() {
  %a = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %i = stablehlo.constant dense<[[2], [0], [7]]> : tensor<3x1xi32>
  %rows = "stablehlo.gather"(%a, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>} : (tensor<3x2xi32>, tensor<3x1xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %rows, dense<[[5, 6], [1, 2], [5, 6]]> : tensor<3x2xi32>
  %j = stablehlo.constant dense<[1, 0, 1]> : tensor<3xi32>
  %picked = "stablehlo.gather"(%a, %j) {dimension_numbers = #stablehlo.gather<operand_batching_dims = [0], start_indices_batching_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>} : (tensor<3x2xi32>, tensor<3xi32>) -> tensor<3xi32>
  check.expect_eq_const %picked, dense<[2, 3, 6]> : tensor<3xi32>
  return
}
