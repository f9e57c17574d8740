// Elementwise numerics that match the interpreter: log1p/expm1 without
// cancellation near 0, complex sign, reduce_precision.
// RUN: oxla-run %s

func.func public @log1p_expm1() {
  %x = stablehlo.constant dense<[1.0e-4, -1.0e-7, 0.3, 5.0]> : tensor<4xf32>
  %l = stablehlo.log_plus_one %x : tensor<4xf32>
  %le = stablehlo.constant dense<[9.99950033e-05, -1.00000005e-07, 0.262364268, 1.79175949]> : tensor<4xf32>
  check.expect_close %l, %le, max_ulp_difference = 1 : tensor<4xf32>, tensor<4xf32>
  %e = stablehlo.exponential_minus_one %x : tensor<4xf32>
  %ee = stablehlo.constant dense<[1.00005001e-04, -9.99999951e-08, 0.349858814, 147.413162]> : tensor<4xf32>
  check.expect_close %e, %ee, max_ulp_difference = 1 : tensor<4xf32>, tensor<4xf32>
  %d = stablehlo.constant dense<[1.0e-10, 0.0596, -0.4]> : tensor<3xf64>
  %ed = stablehlo.exponential_minus_one %d : tensor<3xf64>
  %ede = stablehlo.constant dense<[1.00000000005e-10, 0.061411896862340075, -0.32967995396436073]> : tensor<3xf64>
  check.expect_close %ed, %ede, max_ulp_difference = 2 : tensor<3xf64>, tensor<3xf64>
  return
}

func.func public @sign_complex() {
  %z = stablehlo.constant dense<[(3.0, -4.0), (0.0, 0.0), (0x7FC00000, 1.0), (0.0, -2.0)]> : tensor<4xcomplex<f32>>
  %s = stablehlo.sign %z : tensor<4xcomplex<f32>>
  check.expect_eq_const %s, dense<[(0.6, -0.8), (0.0, 0.0), (0x7FC00000, 0x7FC00000), (0.0, -1.0)]> : tensor<4xcomplex<f32>>
  return
}

func.func public @reduce_precision() {
  // To bf16's format: 1 + 2^-9 ties to even (1), 1 + 3 * 2^-9 rounds up;
  // e5m2: 1e6 overflows to inf, 1e-6 underflows to 0.
  %x = stablehlo.constant dense<[1.001953125, 1.005859375, 1.0e6, 1.0e-6]> : tensor<4xf32>
  %b = stablehlo.reduce_precision %x, format = e8m7 : tensor<4xf32>
  check.expect_eq_const %b, dense<[1.0, 1.0078125, 999424.0, 9.98377799e-07]> : tensor<4xf32>
  %h = stablehlo.reduce_precision %x, format = e5m2 : tensor<4xf32>
  check.expect_eq_const %h, dense<[1.0, 1.0, 0x7F800000, 0.0]> : tensor<4xf32>
  return
}
