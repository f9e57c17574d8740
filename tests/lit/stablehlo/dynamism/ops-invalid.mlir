// RUN: oxla-opt %s -split-input-file -verify-diagnostics

func.func @dynamic_broadcast_in_dim_c2(%x: tensor<?xf32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{(C2) requires 1 broadcast_dimensions (the operand rank), but got 2}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @dynamic_broadcast_in_dim_c5(%x: tensor<3xf32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{(C5) requires operand dimension 0 of size 1 or 4 (result dimension 1), but got 3}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<3xf32>, tensor<2xi64>) -> tensor<?x4xf32>
  return
}

// -----

func.func @dynamic_broadcast_in_dim_c7(%x: tensor<?xf32>, %s: tensor<3xi64>) {
  // expected-error @+1 {{(C7) requires output_dimensions of 2 elements (the result rank), but got 3}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [1] : (tensor<?xf32>, tensor<3xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @dynamic_broadcast_in_dim_c8(%x: tensor<?x?xf32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{(C8) requires unique known_expanding_dimensions and known_nonexpanding_dimensions, but got [0, 0]}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] {known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 0>} : (tensor<?x?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @dynamic_broadcast_in_dim_c9(%x: tensor<?x?xf32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{(C9) requires every entry of known_expanding_dimensions in [0, 2) (the operand rank), but got [2]}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] {known_expanding_dimensions = array<i64: 2>} : (tensor<?x?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @dynamic_broadcast_in_dim_c10(%x: tensor<?x?xf32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{(C10) requires every entry of known_nonexpanding_dimensions in [0, 2) (the operand rank), but got [-1]}}
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s, dims = [0, 1] {known_nonexpanding_dimensions = array<i64: -1>} : (tensor<?x?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @dynamic_gather_c20(%x: tensor<2x4x9xf32>, %i: tensor<1x5x2xi32>, %sizes: tensor<2xi32>) {
  // expected-error @+1 {{(C20) requires 3 slice_sizes (the operand rank), but got 2}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %sizes) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 2>} : (tensor<2x4x9xf32>, tensor<1x5x2xi32>, tensor<2xi32>) -> tensor<1x5x8xf32>
  return
}

// -----

func.func @dynamic_gather_c22(%x: tensor<2x4x9xf32>, %i: tensor<1x5x2xi32>) {
  %sizes = stablehlo.constant dense<[1, 1, 8]> : tensor<3xi32>
  // expected-error @+1 {{(C22) requires result shape [1, 5, 8], but got [1, 5, 7]}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %sizes) {dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 2>} : (tensor<2x4x9xf32>, tensor<1x5x2xi32>, tensor<3xi32>) -> tensor<1x5x7xf32>
  return
}

// -----

func.func @dynamic_gather_c3(%x: tensor<2x4x9xf32>, %i: tensor<1x5x2xi32>, %sizes: tensor<3xi32>) {
  // expected-error @+1 {{(C3) requires size(start_index_map) to equal the index vector size 2, but got 1}}
  %0 = "stablehlo.dynamic_gather"(%x, %i, %sizes) {dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>} : (tensor<2x4x9xf32>, tensor<1x5x2xi32>, tensor<3xi32>) -> tensor<1x5x8xf32>
  return
}

// -----

func.func @dynamic_iota_c1(%s: tensor<2xi64>) {
  // expected-error @+1 {{(C1) requires iota_dimension in [0, 2), but got 2}}
  %0 = stablehlo.dynamic_iota %s, dim = 2 : (tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @dynamic_iota_c2(%s: tensor<3xi64>) {
  // expected-error @+1 {{(C2) requires output_shape of 2 elements (the result rank), but got 3}}
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<3xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @dynamic_pad_c1(%x: tensor<?xf32>, %p: tensor<f16>, %s: tensor<1xi64>) {
  // expected-error @+1 {{(C1) requires padding_value element type 'f32', but got 'f16'}}
  %0 = stablehlo.dynamic_pad %x, %p, %s, %s, %s : (tensor<?xf32>, tensor<f16>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  return
}

// -----

func.func @dynamic_pad_c2(%x: tensor<?xf32>, %p: tensor<f32>, %s: tensor<1xi64>, %t: tensor<2xi64>) {
  // expected-error @+1 {{(C2) requires edge_padding_high of 1 elements (the operand rank), but got 2}}
  %0 = stablehlo.dynamic_pad %x, %p, %s, %t, %s : (tensor<?xf32>, tensor<f32>, tensor<1xi64>, tensor<2xi64>, tensor<1xi64>) -> tensor<?xf32>
  return
}

// -----

func.func @dynamic_pad_c3(%x: tensor<?xf32>, %p: tensor<f32>, %s: tensor<1xi64>) {
  %i = stablehlo.constant dense<-1> : tensor<1xi64>
  // expected-error @+1 {{(C3) requires non-negative interior_padding, but got [-1]}}
  %0 = stablehlo.dynamic_pad %x, %p, %s, %s, %i : (tensor<?xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  return
}

// -----

func.func @dynamic_pad_c4(%x: tensor<4xf32>, %p: tensor<f32>) {
  %z = stablehlo.constant dense<1> : tensor<1xi64>
  // expected-error @+1 {{(C4) requires result shape [9], but got [8]}}
  %0 = stablehlo.dynamic_pad %x, %p, %z, %z, %z : (tensor<4xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<8xf32>
  return
}

// -----

func.func @dynamic_reshape_c1(%x: tensor<?xf32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{(C1) requires result element type 'f32', but got 'i32'}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xi32>
  return
}

// -----

func.func @dynamic_reshape_c2(%x: tensor<6xf32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{(C2) requires a result of 6 elements (as many as the operand), but got 8}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<6xf32>, tensor<2xi64>) -> tensor<2x4xf32>
  return
}

// -----

func.func @dynamic_reshape_c4(%x: tensor<?xf32>, %s: tensor<3xi64>) {
  // expected-error @+1 {{(C4) requires output_shape of 2 elements (the result rank), but got 3}}
  %0 = stablehlo.dynamic_reshape %x, %s : (tensor<?xf32>, tensor<3xi64>) -> tensor<?x?xf32>
  return
}

// -----

func.func @get_dimension_size_c1(%x: tensor<?xf32>) {
  // expected-error @+1 {{(C1) requires dimension in [0, 1), but got 1}}
  %0 = stablehlo.get_dimension_size %x, dim = 1 : (tensor<?xf32>) -> tensor<i32>
  return
}

// -----

func.func @set_dimension_size_c1(%x: tensor<?xf32>, %n: tensor<i32>) {
  // expected-error @+1 {{(C1) requires dimension in [0, 1), but got 1}}
  %0 = stablehlo.set_dimension_size %x, %n, dim = 1 : (tensor<?xf32>, tensor<i32>) -> tensor<?xf32>
  return
}

// -----

func.func @set_dimension_size_c2(%x: tensor<?x3xf32>, %n: tensor<i32>) {
  // expected-error @+1 {{(C2) requires result dimension 1 of size 3, but got 4}}
  %0 = stablehlo.set_dimension_size %x, %n, dim = 0 : (tensor<?x3xf32>, tensor<i32>) -> tensor<?x4xf32>
  return
}

// -----

func.func @set_dimension_size_constant(%x: tensor<?xf32>) {
  %n = stablehlo.constant dense<5> : tensor<i32>
  // expected-error @+1 {{(C2) requires result dimension 0 of size 5 (the constant size), but got 4}}
  %0 = stablehlo.set_dimension_size %x, %n, dim = 0 : (tensor<?xf32>, tensor<i32>) -> tensor<4xf32>
  return
}

// -----

func.func @real_dynamic_slice_c1(%x: tensor<?xf32>, %s: tensor<1xi64>) {
  // expected-error @+1 {{(C1) requires result element type 'f32', but got 'i8'}}
  %0 = stablehlo.real_dynamic_slice %x, %s, %s, %s : (tensor<?xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xi8>
  return
}

// -----

func.func @real_dynamic_slice_c2(%x: tensor<?xf32>, %s: tensor<1xi64>, %t: tensor<2xi64>) {
  // expected-error @+1 {{(C2) requires limit_indices of 1 elements (the operand rank), but got 2}}
  %0 = stablehlo.real_dynamic_slice %x, %s, %t, %s : (tensor<?xf32>, tensor<1xi64>, tensor<2xi64>, tensor<1xi64>) -> tensor<?xf32>
  return
}

// -----

func.func @real_dynamic_slice_c3(%x: tensor<4xf32>) {
  %start = stablehlo.constant dense<3> : tensor<1xi64>
  %limit = stablehlo.constant dense<2> : tensor<1xi64>
  %one = stablehlo.constant dense<1> : tensor<1xi64>
  // expected-error @+1 {{(C3) requires 0 <= start_indices <= limit_indices <= operand shape in dimension 0, but got start 3 and limit 2}}
  %0 = stablehlo.real_dynamic_slice %x, %start, %limit, %one : (tensor<4xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  return
}

// -----

func.func @real_dynamic_slice_c4(%x: tensor<?xf32>, %s: tensor<1xi64>) {
  %zero = stablehlo.constant dense<0> : tensor<1xi64>
  // expected-error @+1 {{(C4) requires positive strides, but got [0]}}
  %0 = stablehlo.real_dynamic_slice %x, %s, %s, %zero : (tensor<?xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
  return
}

// -----

func.func @real_dynamic_slice_c5(%x: tensor<5xf32>) {
  %start = stablehlo.constant dense<0> : tensor<1xi64>
  %limit = stablehlo.constant dense<5> : tensor<1xi64>
  %two = stablehlo.constant dense<2> : tensor<1xi64>
  // expected-error @+1 {{(C5) requires result shape [3], but got [2]}}
  %0 = stablehlo.real_dynamic_slice %x, %start, %limit, %two : (tensor<5xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<2xf32>
  return
}

// -----

// expected-error @+1 {{expected integer value}}
func.func @bad_bounds(%x: tensor<?xf32, #stablehlo.bounds<x>>) {
  return
}
