// RUN: oxla-opt %s -split-input-file -verify-diagnostics

func.func @shape_mismatch(%a: tensor<4xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{(C1) requires operands and results of one shape}}
  %0 = stablehlo.add %a, %b : (tensor<4xf32>, tensor<3xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @element_type_mismatch(%a: tensor<4xf32>, %b: tensor<4xf64>) {
  // expected-error @+1 {{requires operands and results of one element type}}
  %0 = stablehlo.multiply %a, %b : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return
}

// -----

func.func @shift_on_floats(%a: tensor<4xf32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of integer values}}
  %0 = stablehlo.shift_left %a, %a : tensor<4xf32>
  return
}

// -----

func.func @abs_complex_result(%c: tensor<4xcomplex<f32>>) {
  // expected-error @+1 {{(C2) requires result element type 'f32'}}
  %0 = stablehlo.abs %c : (tensor<4xcomplex<f32>>) -> tensor<4xf64>
  return
}

// -----

func.func @real_result(%c: tensor<4xcomplex<f64>>) {
  // expected-error @+1 {{(C2) requires result element type 'f64', but got 'f32'}}
  %0 = stablehlo.real %c : (tensor<4xcomplex<f64>>) -> tensor<4xf32>
  return
}

// -----

func.func @complex_parts(%a: tensor<4xf32>, %b: tensor<4xf64>) {
  // expected-error @+1 {{(C1) requires lhs and rhs of one element type}}
  %0 = stablehlo.complex %a, %b : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xcomplex<f32>>
  return
}

// -----

func.func @compare_operands(%a: tensor<4xf32>, %b: tensor<4xi32>) {
  // expected-error @+1 {{(C1) requires lhs and rhs of one element type}}
  %0 = stablehlo.compare LT, %a, %b : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xi1>
  return
}

// -----

func.func @select_pred_shape(%p: tensor<3xi1>, %a: tensor<4xf32>) {
  // expected-error @+1 {{(C1) requires pred to be a scalar or of shape}}
  %0 = stablehlo.select %p, %a, %a : tensor<3xi1>, tensor<4xf32>
  return
}

// -----

func.func @select_branches(%p: tensor<i1>, %a: tensor<4xf32>, %b: tensor<4xi32>) {
  // expected-error @+1 {{(C2) requires on_true, on_false and result of one type}}
  %0 = stablehlo.select %p, %a, %b : (tensor<i1>, tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  return
}

// -----

func.func @clamp_bound_shape(%min: tensor<3xf32>, %a: tensor<4xf32>) {
  // expected-error @+1 {{(C1) requires min to be a scalar or of shape}}
  %0 = stablehlo.clamp %min, %a, %a : (tensor<3xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @bitcast_widths(%a: tensor<4xf32>) {
  // expected-error @+1 {{(C1) cannot bitcast 'tensor<4xf32>' to 'tensor<4x2xi8>'}}
  %0 = stablehlo.bitcast_convert %a : (tensor<4xf32>) -> tensor<4x2xi8>
  return
}

// -----

func.func @iota_dimension() {
  // expected-error @+1 {{(C1) requires iota_dimension in [0, 2), but got 2}}
  %0 = stablehlo.iota dim = 2 : tensor<2x3xf32>
  return
}

// -----

func.func @constant_type() {
  // expected-error @+1 {{(C1) requires the value's type 'tensor<2xi32>' to match the result type 'tensor<2xi64>'}}
  %0 = "stablehlo.constant"() <{value = dense<1> : tensor<2xi32>}> : () -> tensor<2xi64>
  return
}

// -----

func.func @reduce_precision_bits(%a: tensor<4xf32>) {
  // expected-error @+1 {{expected a format like e8m23}}
  %0 = stablehlo.reduce_precision %a, format = m23 : tensor<4xf32>
  return
}
