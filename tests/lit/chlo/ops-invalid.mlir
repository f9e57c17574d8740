// RUN: oxla-opt %s -split-input-file -verify-diagnostics

func.func @unary_shape(%a: tensor<4xf32>) {
  // expected-error @+1 {{requires operands and results of one shape}}
  %0 = chlo.lgamma %a : tensor<4xf32> -> tensor<3xf32>
  return
}

// -----

func.func @unary_element_type(%a: tensor<4xf32>) {
  // expected-error @+1 {{requires operands and results of one element type}}
  %0 = chlo.erf %a : tensor<4xf32> -> tensor<4xf64>
  return
}

// -----

func.func @unary_complex_not_allowed(%a: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of floating-point values}}
  %0 = chlo.erf_inv %a : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  return
}

// -----

func.func @predicate_result(%a: tensor<4xf32>) {
  // expected-error @+1 {{requires operands and results of one shape}}
  %0 = chlo.is_inf %a : tensor<4xf32> -> tensor<2xi1>
  return
}

// -----

func.func @binary_shape(%a: tensor<4xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{requires operands and results of one shape}}
  %0 = chlo.next_after %a, %b : tensor<4xf32>, tensor<3xf32> -> tensor<4xf32>
  return
}

// -----

func.func @mulhi_float(%a: tensor<4xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of integer values}}
  %0 = "chlo.mulhi"(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @top_k_rank(%a: tensor<f32>) {
  // expected-error @+1 {{(C1) requires an operand of rank at least 1, but got rank 0}}
  %0:2 = chlo.top_k(%a, k = 1) : tensor<f32> -> (tensor<f32>, tensor<i32>)
  return
}

// -----

func.func @top_k_k(%a: tensor<5xf32>) {
  // expected-error @+1 {{(C2) requires 0 <= k <= 5 (the last dimension of the operand), but got k = 6}}
  %0:2 = chlo.top_k(%a, k = 6) : tensor<5xf32> -> (tensor<6xf32>, tensor<6xi32>)
  return
}

// -----

func.func @top_k_values(%a: tensor<5x3xf32>) {
  // expected-error @+1 {{(C3) requires values of type 'tensor<5x2xf32>', but got 'tensor<5x3xf32>'}}
  %0:2 = chlo.top_k(%a, k = 2) : tensor<5x3xf32> -> (tensor<5x3xf32>, tensor<5x2xi32>)
  return
}

// -----

func.func @top_k_indices(%a: tensor<5x3xf32>) {
  // expected-error @+1 {{(C4) requires indices of type 'tensor<5x2xi32>', but got 'tensor<5x2xi64>'}}
  %0:2 = chlo.top_k(%a, k = 2) : tensor<5x3xf32> -> (tensor<5x2xf32>, tensor<5x2xi64>)
  return
}

// -----

func.func @ragged_dot_range(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<3xi64>) {
  // expected-error @+1 {{(C1) requires lhs_contracting_dimensions in [0, 2) (the rank of lhs), but got 2}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return
}

// -----

func.func @ragged_dot_unique(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<3xi64>) {
  // expected-error @+1 {{(C1) requires unique dimension numbers for rhs, but dimension 1 appears twice}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [1]>} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return
}

// -----

func.func @ragged_dot_ragged_range(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<3xi64>) {
  // expected-error @+1 {{(C1) requires lhs_ragged_dimensions in [0, 2) (the rank of lhs), but got -1}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [-1], rhs_group_dimensions = [0]>} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return
}

// -----

func.func @ragged_dot_counts(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<3xi64>) {
  // expected-error @+1 {{(C2) requires as many lhs as rhs contracting dimensions, but got 1 and 0}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x5x7xf32>
  return
}

// -----

func.func @ragged_dot_one_ragged(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<3xi64>) {
  // expected-error @+1 {{(C3) requires exactly one lhs ragged dimension, but got 0}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], rhs_group_dimensions = [0]>} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return
}

// -----

func.func @ragged_dot_contracting_size(%l: tensor<11x4xf32>, %r: tensor<3x5x7xf32>, %g: tensor<3xi64>) {
  // expected-error @+1 {{(C4) requires lhs contracting dimension 1 and rhs contracting dimension 1 of one size, but got 4 and 5}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<11x4xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return
}

// -----

func.func @ragged_dot_group_needed(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<3xi64>) {
  // expected-error @+1 {{(C5) requires exactly one rhs group dimension when the lhs ragged dimension is neither batching nor contracting, but got 0}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0]>} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x3x7xf32>
  return
}

// -----

func.func @ragged_dot_group_forbidden(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<3xi64>) {
  // expected-error @+1 {{(C5) requires no rhs group dimension when the lhs ragged dimension is batching or contracting, but got 1}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<3x11x7xf32>
  return
}

// -----

func.func @ragged_dot_group_sizes(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<4xi64>) {
  // expected-error @+1 {{(C6) requires the last dimension of group_sizes to be 3 (the size of the rhs group dimension), but got 4}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<4xi64>) -> tensor<11x7xf32>
  return
}

// -----

func.func @ragged_dot_group_sizes_rank(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<i64>) {
  // expected-error @+1 {{(C6) requires group_sizes of rank at least 1, but got rank 0}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<i64>) -> tensor<11x7xf32>
  return
}

// -----

func.func @ragged_dot_precision(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<3xi64>) {
  // expected-error @+1 {{(C7) requires 0 or 2 precision_config entries, but got 1}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>, precision_config = [#chlo<precision HIGH>]} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return
}

// -----

func.func @ragged_dot_result(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<3xi64>) {
  // expected-error @+1 {{(C8) requires a result of shape 'tensor<11x7xf32>', but got 'tensor<11x8xf32>'}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x8xf32>
  return
}

// -----

func.func @ragged_dot_bad_field(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<3xi64>) {
  // expected-error @+1 {{unknown ragged_dot field 'lhs_free_dimensions'}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) {ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_free_dimensions = [1]>} : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return
}

// -----

func.func @scan_dimension(%x: tensor<4xi32>, %i: tensor<i32>) {
  // expected-error @+1 {{(C1) requires dimension in [0, 1) (the rank of input 0), but got 1}}
  %0:2 = chlo.scan(%x) inits(%i) dimension=1 {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    stablehlo.return %a, %b : tensor<i32>, tensor<i32>
  } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
  return
}

// -----

func.func @scan_lengths(%x: tensor<4xi32>, %y: tensor<5xi32>, %i: tensor<i32>) {
  // expected-error @+1 {{(C2) requires inputs of one size along dimension 0, but input 1 has 5 instead of 4}}
  %0:3 = chlo.scan(%x, %y) inits(%i) dimension=0 {
  ^bb0(%a: tensor<i32>, %c: tensor<i32>, %b: tensor<i32>):
    stablehlo.return %a, %c, %b : tensor<i32>, tensor<i32>, tensor<i32>
  } : (tensor<4xi32>, tensor<5xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<5xi32>, tensor<i32>)
  return
}

// -----

func.func @scan_carry_type(%x: tensor<4xi32>, %i: tensor<i32>) {
  // expected-error @+1 {{(C3) requires carry result 0 of type 'tensor<i32>' (its init), but got 'tensor<i64>'}}
  %0:2 = chlo.scan(%x) inits(%i) dimension=0 {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    stablehlo.return %a, %b : tensor<i32>, tensor<i32>
  } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i64>)
  return
}

// -----

func.func @scan_too_few_results(%x: tensor<4xi32>, %i: tensor<i32>) {
  // expected-error @+1 {{(C3) requires at least 2 results (one carry per init), but got 1}}
  %0 = chlo.scan(%x) inits(%i, %i) dimension=0 {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>):
    stablehlo.return %a : tensor<i32>
  } : (tensor<4xi32>, tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return
}

// -----

func.func @scan_block_args(%x: tensor<4xi32>, %i: tensor<i32>) {
  // expected-error @+1 {{(C4) requires a body with 2 arguments (1 input slices, 1 carries), but got 1}}
  %0:2 = chlo.scan(%x) inits(%i) dimension=0 {
  ^bb0(%a: tensor<i32>):
    stablehlo.return %a, %a : tensor<i32>, tensor<i32>
  } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
  return
}

// -----

func.func @scan_slice_arg(%x: tensor<4x2xi32>, %i: tensor<i32>) {
  // expected-error @+1 {{(C4) requires body argument 0 of type 'tensor<2xi32>' (a slice of input 0), but got 'tensor<4xi32>'}}
  %0:2 = chlo.scan(%x) inits(%i) dimension=0 {
  ^bb0(%a: tensor<4xi32>, %b: tensor<i32>):
    stablehlo.return %a, %b : tensor<4xi32>, tensor<i32>
  } : (tensor<4x2xi32>, tensor<i32>) -> (tensor<4x4xi32>, tensor<i32>)
  return
}

// -----

func.func @scan_return_count(%x: tensor<4xi32>, %i: tensor<i32>) {
  // expected-error @+1 {{(C5) requires the body to return 2 values (1 output slices, 1 carries), but got 1}}
  %0:2 = chlo.scan(%x) inits(%i) dimension=0 {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    stablehlo.return %a : tensor<i32>
  } : (tensor<4xi32>, tensor<i32>) -> (tensor<4xi32>, tensor<i32>)
  return
}

// -----

func.func @scan_output_type(%x: tensor<4xi32>, %i: tensor<i32>) {
  // expected-error @+1 {{(C6) requires output 0 of type 'tensor<4xi32>', but got 'tensor<5xi32>'}}
  %0:2 = chlo.scan(%x) inits(%i) dimension=0 {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    stablehlo.return %a, %b : tensor<i32>, tensor<i32>
  } : (tensor<4xi32>, tensor<i32>) -> (tensor<5xi32>, tensor<i32>)
  return
}
