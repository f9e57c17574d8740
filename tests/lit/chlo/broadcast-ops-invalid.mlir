// RUN: oxla-opt %s -split-input-file -verify-diagnostics

func.func @incompatible(%a: tensor<3xf32>, %b: tensor<2x4xf32>) {
  // expected-error @+1 {{(C2) requires dimensions of size 1 or of one size, but dimension 0 of the smaller operand (3) meets result dimension 1 (4)}}
  %0 = chlo.broadcast_add %a, %b : (tensor<3xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @dims_count(%a: tensor<4xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{(C1) requires 1 broadcast_dimensions (the rank of the smaller operand), but got 2}}
  %0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 0, 1>} : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @dims_range(%a: tensor<4xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{(C1) requires broadcast_dimensions to be distinct dimensions of the result (rank 2), but got [2]}}
  %0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 2>} : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @dims_same_rank(%a: tensor<3x4xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{(C1) requires broadcast_dimensions to be distinct dimensions of the result (rank 2), in order for operands of one rank, but got [1, 0]}}
  %0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 1, 0>} : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @explicit_dims(%a: tensor<3xf32>, %b: tensor<3x4xf32>) {
  // The explicit mapping pairs the 3 with dimension 0, where numpy would fail.
  %0 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 0>} : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  // expected-error @+1 {{(C3) requires a result of the broadcast shape [3x4], but got 'tensor<4x3xf32>'}}
  %1 = chlo.broadcast_add %a, %b {broadcast_dimensions = array<i64: 0>} : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @element_types(%a: tensor<4xf32>, %b: tensor<4xf64>) {
  // expected-error @+1 {{requires operands and results of one element type}}
  %0 = chlo.broadcast_add %a, %b : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return
}

// -----

func.func @compare_result(%a: tensor<4xf32>) {
  // expected-error @+1 {{result #0 must be ranked tensor of boolean values}}
  %0 = chlo.broadcast_compare %a, %a {comparison_direction = #chlo<comparison_direction EQ>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @complex_result(%a: tensor<4xf32>) {
  // expected-error @+1 {{(C4) requires a result of element type 'complex<f32>', but got 'tensor<4xcomplex<f64>>'}}
  %0 = chlo.broadcast_complex %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xcomplex<f64>>
  return
}

// -----

func.func @select_types(%p: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf64>) {
  // expected-error @+1 {{(C4) requires on_true, on_false and the result to share their element type}}
  %0 = chlo.broadcast_select %p, %a, %b : (tensor<4xi1>, tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return
}

// -----

func.func @select_shapes(%p: tensor<2xi1>, %a: tensor<4xf32>) {
  // expected-error @+1 {{(C2) requires dimensions of size 1 or of one size}}
  %0 = chlo.broadcast_select %p, %a, %a : (tensor<2xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @constant_like_type(%a: tensor<4xf32>) {
  // expected-error @+1 {{(C1) requires a value of the result's element type 'f32', but got 'f64'}}
  %0 = "chlo.constant_like"(%a) <{value = 1.0 : f64}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @constant_like_shape(%a: tensor<4xf32>) {
  // expected-error @+1 {{(C2) requires a result of the operand's shape}}
  %0 = "chlo.constant_like"(%a) <{value = 1.0 : f32}> : (tensor<4xf32>) -> tensor<3xf32>
  return
}
