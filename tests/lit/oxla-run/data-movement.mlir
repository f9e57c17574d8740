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

// -----

// bitcast_convert that changes the width: little-endian splitting into a new
// minor dimension and joining it back, sub-byte and complex elements.
func.func @main() {
  %a = stablehlo.constant dense<[16909060, -1]> : tensor<2xi32>
  %bytes = stablehlo.bitcast_convert %a : (tensor<2xi32>) -> tensor<2x4xui8>
  check.expect_eq_const %bytes, dense<[[4, 3, 2, 1], [255, 255, 255, 255]]> : tensor<2x4xui8>
  %halves = stablehlo.bitcast_convert %a : (tensor<2xi32>) -> tensor<2x2xi16>
  check.expect_eq_const %halves, dense<[[772, 258], [-1, -1]]> : tensor<2x2xi16>
  %back = stablehlo.bitcast_convert %halves : (tensor<2x2xi16>) -> tensor<2xi32>
  check.expect_eq_const %back, dense<[16909060, -1]> : tensor<2xi32>
  %b = stablehlo.constant dense<[true, false, true, false, false, false, false, true]> : tensor<8xi1>
  %byte = stablehlo.bitcast_convert %b : (tensor<8xi1>) -> tensor<i8>
  check.expect_eq_const %byte, dense<-123> : tensor<i8>
  %nibbles = stablehlo.bitcast_convert %byte : (tensor<i8>) -> tensor<2xui4>
  check.expect_eq_const %nibbles, dense<[5, 8]> : tensor<2xui4>
  %f = stablehlo.constant dense<[1.0, -2.0]> : tensor<2xf32>
  %d = stablehlo.bitcast_convert %f : (tensor<2xf32>) -> tensor<f64>
  check.expect_eq_const %d, dense<0xC00000003F800000> : tensor<f64>
  %c = stablehlo.bitcast_convert %d : (tensor<f64>) -> tensor<complex<f32>>
  check.expect_eq_const %c, dense<(1.0, -2.0)> : tensor<complex<f32>>
  %w = stablehlo.constant dense<(0x0123456789ABCDEF, 0x0000000011111111)> : tensor<complex<f64>>
  %two = stablehlo.bitcast_convert %w : (tensor<complex<f64>>) -> tensor<2xcomplex<f32>>
  check.expect_eq_const %two, dense<[(0x89ABCDEF, 0x01234567), (0x11111111, 0x00000000)]> : tensor<2xcomplex<f32>>
  %same = stablehlo.bitcast_convert %two : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>>
  check.expect_eq_const %same, dense<[(0x89ABCDEF, 0x01234567), (0x11111111, 0x00000000)]> : tensor<2xcomplex<f32>>
  %bf = stablehlo.constant dense<[1.0, -0.0]> : tensor<2xbf16>
  %bfbits = stablehlo.bitcast_convert %bf : (tensor<2xbf16>) -> tensor<2xui16>
  check.expect_eq_const %bfbits, dense<[16256, 32768]> : tensor<2xui16>
  return
}

// -----

// The deprecated broadcast, get_dimension_size, torch_index_select (with a
// batch dimension) and real_dynamic_slice.
func.func @main() {
  %a = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %b = stablehlo.broadcast %a, sizes = [2] : (tensor<3xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %b, dense<[[1, 2, 3], [1, 2, 3]]> : tensor<2x3xi32>
  %n = stablehlo.get_dimension_size %b, dim = 1 : (tensor<2x3xi32>) -> tensor<i32>
  check.expect_eq_const %n, dense<3> : tensor<i32>
  %m = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %idx = stablehlo.constant dense<[2, 0, 2, 1]> : tensor<4xui32>
  %cols = "stablehlo.torch_index_select"(%m, %idx) {dim = 1 : i64, batch_dims = 0 : i64} : (tensor<2x3xi32>, tensor<4xui32>) -> tensor<2x4xi32>
  check.expect_eq_const %cols, dense<[[3, 1, 3, 2], [6, 4, 6, 5]]> : tensor<2x4xi32>
  %bidx = stablehlo.constant dense<[[1], [2]]> : tensor<2x1xi64>
  %per = "stablehlo.torch_index_select"(%m, %bidx) {dim = 1 : i64, batch_dims = 1 : i64} : (tensor<2x3xi32>, tensor<2x1xi64>) -> tensor<2x1xi32>
  check.expect_eq_const %per, dense<[[2], [6]]> : tensor<2x1xi32>
  %start = stablehlo.constant dense<[0, 0]> : tensor<2xi64>
  %limit = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %strides = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %s = stablehlo.real_dynamic_slice %m, %start, %limit, %strides : (tensor<2x3xi32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x2xi32>
  check.expect_eq_const %s, dense<[[1, 3], [4, 6]]> : tensor<2x2xi32>
  return
}

// -----

// The dynamism ops with static result types.
func.func @main() {
  %shape = stablehlo.constant dense<[2, 3]> : tensor<2xi32>
  %i = stablehlo.dynamic_iota %shape, dim = 1 : (tensor<2xi32>) -> tensor<2x3xf32>
  check.expect_eq_const %i, dense<[[0.0, 1.0, 2.0], [0.0, 1.0, 2.0]]> : tensor<2x3xf32>
  %flat = stablehlo.constant dense<[6]> : tensor<1xi64>
  %r = stablehlo.dynamic_reshape %i, %flat : (tensor<2x3xf32>, tensor<1xi64>) -> tensor<6xf32>
  check.expect_eq_const %r, dense<[0.0, 1.0, 2.0, 0.0, 1.0, 2.0]> : tensor<6xf32>
  %col = stablehlo.constant dense<[[1], [2]]> : tensor<2x1xi64>
  %dims = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %bc = stablehlo.dynamic_broadcast_in_dim %col, %dims, dims = [0, 1] : (tensor<2x1xi64>, tensor<2xi64>) -> tensor<2x3xi64>
  check.expect_eq_const %bc, dense<[[1, 1, 1], [2, 2, 2]]> : tensor<2x3xi64>
  %pv = stablehlo.constant dense<0> : tensor<i64>
  %low = stablehlo.constant dense<[1, -1]> : tensor<2xi64>
  %high = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %interior = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %p = stablehlo.dynamic_pad %bc, %pv, %low, %high, %interior : (tensor<2x3xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<3x5xi64>
  check.expect_eq_const %p, dense<[[0, 0, 0, 0, 0], [0, 1, 0, 1, 0], [0, 2, 0, 2, 0]]> : tensor<3x5xi64>
  %operand = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xi32>
  %starts = stablehlo.constant dense<[[0, 1], [2, 2]]> : tensor<2x2xi32>
  %sizes = stablehlo.constant dense<[2, 2]> : tensor<2xi64>
  %g = "stablehlo.dynamic_gather"(%operand, %starts, %sizes) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], start_index_map = [0, 1], index_vector_dim = 1>} : (tensor<3x3xi32>, tensor<2x2xi32>, tensor<2xi64>) -> tensor<2x2x2xi32>
  check.expect_eq_const %g, dense<[[[2, 3], [5, 6]], [[5, 6], [8, 9]]]> : tensor<2x2x2xi32>
  return
}
