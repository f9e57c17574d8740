// RUN: oxla-opt %s -split-input-file -verify-diagnostics

func.func @eq_types(%a: tensor<3xi64>, %b: tensor<3xi32>) {
  // expected-error @+1 {{(C1) requires operands of one type, but got 'tensor<3xi64>' and 'tensor<3xi32>'}}
  check.expect_eq %a, %b : tensor<3xi64>, tensor<3xi32>
  return
}

// -----

func.func @almost_eq_shapes(%a: tensor<3xf32>, %b: tensor<2xf32>) {
  // expected-error @+1 {{(C1) requires operands of one type, but got 'tensor<3xf32>' and 'tensor<2xf32>'}}
  check.expect_almost_eq %a, %b : tensor<3xf32>, tensor<2xf32>
  return
}

// -----

func.func @almost_eq_tolerance(%a: tensor<3xf32>) {
  // expected-error @+1 {{(C2) requires a non-negative tolerance, but got -1}}
  check.expect_almost_eq %a, %a, tolerance = -1.0 : tensor<3xf32>
  return
}

// -----

func.func @almost_eq_ints(%a: tensor<3xi32>) {
  // expected-error @+1 {{operand #0 must be ranked tensor of floating-point or complex-type values}}
  check.expect_almost_eq %a, %a : tensor<3xi32>
  return
}

// -----

func.func @eq_const_type(%a: tensor<3xi64>) {
  // expected-error @+1 {{(C1) requires a constant of the operand type 'tensor<3xi64>', but got 'tensor<3xi32>'}}
  "check.expect_eq_const"(%a) <{value = dense<[1, 2, 3]> : tensor<3xi32>}> : (tensor<3xi64>) -> ()
  return
}

// -----

func.func @almost_eq_const_shape(%a: tensor<3xf32>) {
  // expected-error @+1 {{(C1) requires a constant of the operand type 'tensor<3xf32>', but got 'tensor<2xf32>'}}
  "check.expect_almost_eq_const"(%a) <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : (tensor<3xf32>) -> ()
  return
}

// -----

func.func @almost_eq_const_tolerance(%a: tensor<f32>) {
  // expected-error @+1 {{(C2) requires a non-negative tolerance, but got -2}}
  check.expect_almost_eq_const %a, dense<1.0> : tensor<f32> {tolerance = -2.0 : f64}
  return
}

// -----

func.func @close_types(%a: tensor<f16>, %b: tensor<f32>) {
  // expected-error @+1 {{(C1) requires operands of one type, but got 'tensor<f16>' and 'tensor<f32>'}}
  check.expect_close %a, %b, max_ulp_difference = 3 : tensor<f16>, tensor<f32>
  return
}

// -----

func.func @close_negative(%a: tensor<f16>) {
  // expected-error @+1 {{(C2) requires a non-negative max_ulp_difference, but got -3}}
  check.expect_close %a, %a, max_ulp_difference = -3 : tensor<f16>, tensor<f16>
  return
}

// -----

func.func @close_order(%a: tensor<f16>) {
  // expected-error @+1 {{(C2) requires min_ulp_difference <= max_ulp_difference, but got 5 > 3}}
  check.expect_close %a, %a, max_ulp_difference = 3, min_ulp_difference = 5 : tensor<f16>, tensor<f16>
  return
}

// -----

func.func @close_unknown(%a: tensor<f16>) {
  // expected-error @+1 {{expected max_ulp_difference or min_ulp_difference (once each), but got 'ulp'}}
  check.expect_close %a, %a, ulp = 3 : tensor<f16>, tensor<f16>
  return
}

// -----

func.func @serialized_probe_id(%a: tensor<f16>) {
  // expected-error @+1 {{(C1) requires a non-empty probe_id}}
  check.expect_serialized_eq %a, probe_id = "" : tensor<f16>
  return
}

// -----

func.func @serialized_iter(%a: tensor<f16>) {
  // expected-error @+1 {{(C2) requires a non-negative iter, but got -1}}
  check.expect_serialized_eq %a, probe_id = "p", iter = -1 : tensor<f16>
  return
}
