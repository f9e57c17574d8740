// XLA's CPU triangular and tridiagonal solves: lapack_?trsm_ffi,
// blas_?trsm (the older ABI) and lapack_?gtsv_ffi.
// RUN: oxla-interpret %s

func.func public @main() {
  // Lower, no transpose: [[2, 0], [1, 1]] x = b.
  %a = stablehlo.constant dense<[[2.0, 0.0], [1.0, 1.0]]> : tensor<2x2xf32>
  %b = stablehlo.constant dense<[[2.0, 4.0], [3.0, 5.0]]> : tensor<2x2xf32>
  %alpha = stablehlo.constant dense<1.0> : tensor<f32>
  %x = stablehlo.custom_call @lapack_strsm_ffi(%a, %b, %alpha) {mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>]} : (tensor<2x2xf32>, tensor<2x2xf32>, tensor<f32>) -> tensor<2x2xf32>
  check.expect_almost_eq_const %x, dense<[[1.0, 2.0], [2.0, 3.0]]> : tensor<2x2xf32> {tolerance = 1.0e-6 : f64}
  // Without alpha (2025 exports), right side: x [[2, 0], [1, 1]] = b.
  %xr = stablehlo.custom_call @lapack_strsm_ffi(%a, %b) {mhlo.backend_config = {diag = 78 : ui8, side = 82 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>]} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  check.expect_almost_eq_const %xr, dense<[[-1.0, 4.0], [-1.0, 5.0]]> : tensor<2x2xf32> {tolerance = 1.0e-6 : f64}

  // blas_dtrsm(left_side, lower, trans_a, diag, m, n, batch, alpha, a, b):
  // the transpose of the upper [[2, 1], [0, 1]] is the matrix above; alpha 2.
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %c2 = stablehlo.constant dense<2> : tensor<i32>
  %alpha2 = stablehlo.constant dense<2.0> : tensor<f64>
  %u = stablehlo.constant dense<[[2.0, 1.0], [0.0, 1.0]]> : tensor<2x2xf64>
  %bd = stablehlo.constant dense<[[2.0, 4.0], [3.0, 5.0]]> : tensor<2x2xf64>
  %xd = stablehlo.custom_call @blas_dtrsm(%c1, %c0, %c1, %c0, %c2, %c2, %c1, %alpha2, %u, %bd) {api_version = 2 : i32, operand_layouts = [dense<> : tensor<0xindex>, dense<> : tensor<0xindex>, dense<> : tensor<0xindex>, dense<> : tensor<0xindex>, dense<> : tensor<0xindex>, dense<> : tensor<0xindex>, dense<> : tensor<0xindex>, dense<> : tensor<0xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 9, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>]} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<f64>, tensor<2x2xf64>, tensor<2x2xf64>) -> tensor<2x2xf64>
  check.expect_almost_eq_const %xd, dense<[[2.0, 4.0], [4.0, 6.0]]> : tensor<2x2xf64> {tolerance = 1.0e-14 : f64}

  // gtsv: dl[0] and du[n-1] are not used; the solution of this system is 1.
  %dl = stablehlo.constant dense<[0.0, 1.0, 1.0]> : tensor<3xf32>
  %d = stablehlo.constant dense<[4.0, 4.0, 4.0]> : tensor<3xf32>
  %du = stablehlo.constant dense<[1.0, 1.0, 0.0]> : tensor<3xf32>
  %rhs = stablehlo.constant dense<[[5.0, 10.0], [6.0, 12.0], [5.0, 10.0]]> : tensor<3x2xf32>
  %t:5 = stablehlo.custom_call @lapack_sgtsv_ffi(%dl, %d, %du, %rhs) {mhlo.backend_config = {}, operand_layouts = [dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]} : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3x2xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3x2xf32>, tensor<i32>)
  check.expect_almost_eq_const %t#3, dense<[[1.0, 2.0], [1.0, 2.0], [1.0, 2.0]]> : tensor<3x2xf32> {tolerance = 1.0e-6 : f64}
  check.expect_eq_const %t#4, dense<0> : tensor<i32>
  return
}
