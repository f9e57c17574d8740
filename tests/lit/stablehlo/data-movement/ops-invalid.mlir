// RUN: oxla-opt %s -split-input-file -verify-diagnostics

func.func @broadcast_in_dim_c1(%x: tensor<2xf32>) {
  // expected-error @+1 {{(C1) requires result element type 'f32', but got 'i32'}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [0] : (tensor<2xf32>) -> tensor<2x3xi32>
  return
}

// -----

func.func @broadcast_in_dim_c2(%x: tensor<2xf32>) {
  // expected-error @+1 {{(C2) requires 1 broadcast_dimensions (the operand rank), but got 2}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<2xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @broadcast_in_dim_c3(%x: tensor<2xf32>) {
  // expected-error @+1 {{(C3) requires every entry of broadcast_dimensions in [0, 2) (the result rank), but got [2]}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [2] : (tensor<2xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @broadcast_in_dim_c4(%x: tensor<2x2xf32>) {
  // expected-error @+1 {{(C4) requires unique broadcast_dimensions, but got [0, 0]}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [0, 0] : (tensor<2x2xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @broadcast_in_dim_c5(%x: tensor<2xf32>) {
  // expected-error @+1 {{(C5) requires operand dimension 0 of size 1 or 3 (result dimension 1), but got 2}}
  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<2xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @broadcast_c2(%x: tensor<2xf32>) {
  // expected-error @+1 {{(C2) requires a result of shape [4, 2], but got [4, 3]}}
  %0 = stablehlo.broadcast %x, sizes = [4] : (tensor<2xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @concatenate_c1(%a: tensor<2xf32>, %b: tensor<2xi32>) {
  // expected-error @+1 {{(C1) requires input element type 'f32', but got 'i32'}}
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2xf32>, tensor<2xi32>) -> tensor<4xf32>
  return
}

// -----

func.func @concatenate_c2(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) {
  // expected-error @+1 {{(C2) requires inputs of shape [2, 3] except in dimension 0, but input 1 has shape [2, 4]}}
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @concatenate_c3() {
  // expected-error @+1 {{(C3) requires at least one input}}
  %0 = "stablehlo.concatenate"() {dimension = 0 : i64} : () -> tensor<4xf32>
  return
}

// -----

func.func @concatenate_c4(%a: tensor<2xf32>) {
  // expected-error @+1 {{(C4) requires dimension in [0, 1), but got 1}}
  %0 = stablehlo.concatenate %a, %a, dim = 1 : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @concatenate_c6(%a: tensor<2xf32>) {
  // expected-error @+1 {{(C6) requires a result of shape [4], but got [5]}}
  %0 = stablehlo.concatenate %a, %a, dim = 0 : (tensor<2xf32>, tensor<2xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @dynamic_slice_c2(%x: tensor<2x3xf32>, %i: tensor<i64>) {
  // expected-error @+1 {{(C2) requires 2 start indices and slice_sizes (the operand rank), but got 1 and 2}}
  %0 = stablehlo.dynamic_slice %x, %i, sizes = [1, 1] : (tensor<2x3xf32>, tensor<i64>) -> tensor<1x1xf32>
  return
}

// -----

func.func @dynamic_slice_c3(%x: tensor<2x3xf32>, %i: tensor<i64>, %j: tensor<i32>) {
  // expected-error @+1 {{(C3) requires start indices of one type, but got 'tensor<i64>' and 'tensor<i32>'}}
  %0 = stablehlo.dynamic_slice %x, %i, %j, sizes = [1, 1] : (tensor<2x3xf32>, tensor<i64>, tensor<i32>) -> tensor<1x1xf32>
  return
}

// -----

func.func @dynamic_slice_c4(%x: tensor<2x3xf32>, %i: tensor<i64>) {
  // expected-error @+1 {{(C4) requires slice_sizes[1] in [0, 3], but got 4}}
  %0 = stablehlo.dynamic_slice %x, %i, %i, sizes = [1, 4] : (tensor<2x3xf32>, tensor<i64>, tensor<i64>) -> tensor<1x4xf32>
  return
}

// -----

func.func @dynamic_slice_c5(%x: tensor<2x3xf32>, %i: tensor<i64>) {
  // expected-error @+1 {{(C5) requires a result of shape [1, 2], but got [2, 1]}}
  %0 = stablehlo.dynamic_slice %x, %i, %i, sizes = [1, 2] : (tensor<2x3xf32>, tensor<i64>, tensor<i64>) -> tensor<2x1xf32>
  return
}

// -----

func.func @dynamic_update_slice_c1(%x: tensor<2x3xf32>, %u: tensor<1x1xf32>, %i: tensor<i64>) {
  // expected-error @+1 {{(C1) requires a result of shape [2, 3], but got [3, 2]}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %i : (tensor<2x3xf32>, tensor<1x1xf32>, tensor<i64>, tensor<i64>) -> tensor<3x2xf32>
  return
}

// -----

func.func @dynamic_update_slice_c2(%x: tensor<2x3xf32>, %u: tensor<1x1xf16>, %i: tensor<i64>) {
  // expected-error @+1 {{(C2) requires update element type 'f32', but got 'f16'}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %i : (tensor<2x3xf32>, tensor<1x1xf16>, tensor<i64>, tensor<i64>) -> tensor<2x3xf32>
  return
}

// -----

func.func @dynamic_update_slice_c3(%x: tensor<2x3xf32>, %u: tensor<1xf32>, %i: tensor<i64>) {
  // expected-error @+1 {{(C3) requires an update of rank 2, but got 1}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %i : (tensor<2x3xf32>, tensor<1xf32>, tensor<i64>, tensor<i64>) -> tensor<2x3xf32>
  return
}

// -----

func.func @dynamic_update_slice_c4(%x: tensor<2x3xf32>, %u: tensor<1x1xf32>, %i: tensor<i64>) {
  // expected-error @+1 {{(C4) requires 2 start indices (the operand rank), but got 1}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i : (tensor<2x3xf32>, tensor<1x1xf32>, tensor<i64>) -> tensor<2x3xf32>
  return
}

// -----

func.func @dynamic_update_slice_c5(%x: tensor<2x3xf32>, %u: tensor<1x1xf32>, %i: tensor<i64>, %j: tensor<i32>) {
  // expected-error @+1 {{(C5) requires start indices of one type}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %j : (tensor<2x3xf32>, tensor<1x1xf32>, tensor<i64>, tensor<i32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @dynamic_update_slice_c6(%x: tensor<2x3xf32>, %u: tensor<1x4xf32>, %i: tensor<i64>) {
  // expected-error @+1 {{(C6) requires update dimension 1 of size at most 3, but got 4}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i, %i : (tensor<2x3xf32>, tensor<1x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x3xf32>
  return
}

// -----

func.func @pad_c1(%x: tensor<2xf32>, %p: tensor<i32>) {
  // expected-error @+1 {{(C1) requires padding_value element type 'f32', but got 'i32'}}
  %0 = stablehlo.pad %x, %p, low = [0], high = [0], interior = [0] : (tensor<2xf32>, tensor<i32>) -> tensor<2xf32>
  return
}

// -----

func.func @pad_c2(%x: tensor<2xf32>, %p: tensor<f32>) {
  // expected-error @+1 {{(C2) requires 1 entries (the operand rank) in each of edge_padding_low, edge_padding_high and interior_padding, but got 2, 1 and 1}}
  %0 = stablehlo.pad %x, %p, low = [0, 0], high = [0], interior = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  return
}

// -----

func.func @pad_c3(%x: tensor<2xf32>, %p: tensor<f32>) {
  // expected-error @+1 {{(C3) requires non-negative interior_padding, but got [-1]}}
  %0 = stablehlo.pad %x, %p, low = [0], high = [0], interior = [-1] : (tensor<2xf32>, tensor<f32>) -> tensor<1xf32>
  return
}

// -----

func.func @pad_c4(%x: tensor<2xf32>, %p: tensor<f32>) {
  // expected-error @+1 {{(C4) requires a result of shape [6], but got [5]}}
  %0 = stablehlo.pad %x, %p, low = [1], high = [2], interior = [1] : (tensor<2xf32>, tensor<f32>) -> tensor<5xf32>
  return
}

// -----

func.func @reshape_c1(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{(C1) requires result element type 'f32', but got 'f64'}}
  %0 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf64>
  return
}

// -----

func.func @reshape_c2(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{(C2) requires a result of 6 elements (as many as the operand), but got 7}}
  %0 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<7xf32>
  return
}

// -----

func.func @reverse_c1(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{(C1) requires a result of shape [2, 3], but got [3, 2]}}
  %0 = stablehlo.reverse %x, dims = [0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @reverse_c2(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{(C2) requires unique dimensions, but got [1, 1]}}
  %0 = stablehlo.reverse %x, dims = [1, 1] : tensor<2x3xf32>
  return
}

// -----

func.func @reverse_c3(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{(C3) requires every entry of dimensions in [0, 2) (the result rank), but got [2]}}
  %0 = stablehlo.reverse %x, dims = [2] : tensor<2x3xf32>
  return
}

// -----

func.func @slice_c1(%x: tensor<4xf32>) {
  // expected-error @+1 {{(C1) requires result element type 'f32', but got 'i32'}}
  %0 = stablehlo.slice %x [0:2] : (tensor<4xf32>) -> tensor<2xi32>
  return
}

// -----

func.func @slice_c2(%x: tensor<4xf32>) {
  // expected-error @+1 {{(C2) requires 1 entries (the operand rank) in each of start_indices, limit_indices and strides, but got 2, 2 and 2}}
  %0 = stablehlo.slice %x [0:2, 0:1] : (tensor<4xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @slice_c3(%x: tensor<4xf32>) {
  // expected-error @+1 {{(C3) requires 0 <= start_indices <= limit_indices <= operand shape in dimension 0, but got start 3, limit 2 and size 4}}
  %0 = stablehlo.slice %x [3:2] : (tensor<4xf32>) -> tensor<0xf32>
  return
}

// -----

func.func @slice_c3_limit(%x: tensor<4xf32>) {
  // expected-error @+1 {{(C3) requires 0 <= start_indices <= limit_indices <= operand shape in dimension 0, but got start 0, limit 5 and size 4}}
  %0 = stablehlo.slice %x [0:5] : (tensor<4xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @slice_c4(%x: tensor<4xf32>) {
  // expected-error @+1 {{(C4) requires positive strides, but got [0]}}
  %0 = stablehlo.slice %x [0:2:0] : (tensor<4xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @slice_c5(%x: tensor<5xf32>) {
  // expected-error @+1 {{(C5) requires a result of shape [3], but got [2]}}
  %0 = stablehlo.slice %x [0:5:2] : (tensor<5xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @transpose_c1(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{(C1) requires result element type 'f32', but got 'i8'}}
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xi8>
  return
}

// -----

func.func @transpose_c2(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{(C2) requires permutation to be a permutation of [0, 2), but got [1, 1]}}
  %0 = stablehlo.transpose %x, dims = [1, 1] : (tensor<2x3xf32>) -> tensor<3x3xf32>
  return
}

// -----

func.func @transpose_c3(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{(C3) requires a result of shape [3, 2], but got [2, 3]}}
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @torch_index_select_dim(%x: tensor<2x3xf32>, %i: tensor<4xi32>) {
  // expected-error @+1 {{requires dim in [0, 2), but got 2}}
  %0 = "stablehlo.torch_index_select"(%x, %i) {dim = 2 : i64, batch_dims = 0 : i64} : (tensor<2x3xf32>, tensor<4xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @torch_index_select_shape(%x: tensor<2x3xf32>, %i: tensor<4xi32>) {
  // expected-error @+1 {{requires a result of shape [2, 4], but got [2, 3]}}
  %0 = "stablehlo.torch_index_select"(%x, %i) {dim = 1 : i64, batch_dims = 0 : i64} : (tensor<2x3xf32>, tensor<4xi32>) -> tensor<2x3xf32>
  return
}

// -----

// The padded size is computed with overflow checks.
func.func @pad_overflow(%x: tensor<3xf32>, %z: tensor<f32>) -> tensor<?xf32> {
  // expected-error @+1 {{(C4) requires a padded size of dimension 0 that fits in a 64-bit integer}}
  %0 = stablehlo.pad %x, %z, low = [0], high = [0], interior = [4611686018427387904] : (tensor<3xf32>, tensor<f32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
