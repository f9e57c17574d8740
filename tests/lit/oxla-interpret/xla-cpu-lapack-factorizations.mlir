// XLA's CPU LAPACK targets for LU, QR and Cholesky (typed FFI and the older
// ABI), on hand-derived cases: matrices are column-major to the kernel
// (operand_layouts [0, 1]), the tensors hold them in their logical shape.
// oxla-run runs the same file (../oxla-run/xla-cpu-custom-calls.test).
// RUN: oxla-interpret %s

func.func public @main() {
  // getrf: P a = L U; row 2 is the first pivot. Pivots are 1-based.
  %a = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %lu:3 = stablehlo.custom_call @lapack_sgetrf_ffi(%a) {mhlo.backend_config = {}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>]} : (tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2xi32>, tensor<i32>)
  check.expect_almost_eq_const %lu#0, dense<[[3.0, 4.0], [0.333333343, 0.666666627]]> : tensor<2x2xf32> {tolerance = 1.0e-6 : f64}
  check.expect_eq_const %lu#1, dense<[2, 2]> : tensor<2xi32>
  check.expect_eq_const %lu#2, dense<0> : tensor<i32>

  // The older ABI, batched: (batch, m, n, a), batch as JAX wrote it (i64).
  %b = stablehlo.constant dense<2> : tensor<i64>
  %m = stablehlo.constant dense<2> : tensor<i32>
  %ab = stablehlo.constant dense<[[[1.0, 2.0], [3.0, 4.0]], [[2.0, 0.0], [0.0, 1.0]]]> : tensor<2x2x2xf64>
  %lub:3 = stablehlo.custom_call @lapack_dgetrf(%b, %m, %m, %ab) {api_version = 2 : i32, operand_layouts = [dense<> : tensor<0xindex>, dense<> : tensor<0xindex>, dense<> : tensor<0xindex>, dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 3, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]} : (tensor<i64>, tensor<i32>, tensor<i32>, tensor<2x2x2xf64>) -> (tensor<2x2x2xf64>, tensor<2x2xi32>, tensor<2xi32>)
  check.expect_almost_eq_const %lub#0, dense<[[[3.0, 4.0], [0.33333333333333331, 0.66666666666666674]], [[2.0, 0.0], [0.0, 1.0]]]> : tensor<2x2x2xf64> {tolerance = 1.0e-14 : f64}
  check.expect_eq_const %lub#1, dense<[[2, 2], [1, 2]]> : tensor<2x2xi32>
  check.expect_eq_const %lub#2, dense<0> : tensor<2xi32>

  // geqrf: the Householder vector of column [3, 4] is [1, 0.5] with tau 1.6,
  // and R = [[-5, -2.2], [0, 0.4]]; orgqr forms Q = I - 1.6 v v^T.
  %q0 = stablehlo.constant dense<[[3.0, 1.0], [4.0, 2.0]]> : tensor<2x2xf64>
  %qr:2 = stablehlo.custom_call @lapack_dgeqrf_ffi(%q0) {mhlo.backend_config = {}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>]} : (tensor<2x2xf64>) -> (tensor<2x2xf64>, tensor<2xf64>)
  check.expect_almost_eq_const %qr#0, dense<[[-5.0, -2.2], [0.5, 0.4]]> : tensor<2x2xf64> {tolerance = 1.0e-14 : f64}
  check.expect_almost_eq_const %qr#1, dense<[1.6, 0.0]> : tensor<2xf64> {tolerance = 1.0e-14 : f64}
  %q = stablehlo.custom_call @lapack_dorgqr_ffi(%qr#0, %qr#1) {mhlo.backend_config = {}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>]} : (tensor<2x2xf64>, tensor<2xf64>) -> tensor<2x2xf64>
  check.expect_almost_eq_const %q, dense<[[-0.6, -0.8], [-0.8, 0.6]]> : tensor<2x2xf64> {tolerance = 1.0e-14 : f64}

  // potrf reads and writes the lower triangle; the upper one is left as is.
  %spd = stablehlo.constant dense<[[4.0, 12.0, -16.0], [12.0, 37.0, -43.0], [-16.0, -43.0, 98.0]]> : tensor<3x3xf32>
  %chol:2 = stablehlo.custom_call @lapack_spotrf_ffi(%spd) {mhlo.backend_config = {uplo = 76 : ui8}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]} : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<i32>)
  check.expect_almost_eq_const %chol#0, dense<[[2.0, 12.0, -16.0], [6.0, 1.0, -43.0], [-8.0, 5.0, 3.0]]> : tensor<3x3xf32> {tolerance = 1.0e-5 : f64}
  check.expect_eq_const %chol#1, dense<0> : tensor<i32>
  // Not positive definite: info is the order of the failing minor.
  %bad = stablehlo.constant dense<[[1.0, 2.0], [2.0, 1.0]]> : tensor<2x2xf32>
  %fail:2 = stablehlo.custom_call @lapack_spotrf_ffi(%bad) {mhlo.backend_config = {uplo = 76 : ui8}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]} : (tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<i32>)
  check.expect_eq_const %fail#1, dense<2> : tensor<i32>

  // The older ABI: (lower, batch, n, a); a = L L^H with L = [[2, 0], [1+i, 1]].
  %one = stablehlo.constant dense<1> : tensor<i32>
  %two = stablehlo.constant dense<2> : tensor<i32>
  %herm = stablehlo.constant dense<[[(4.0, 0.0), (2.0, -2.0)], [(2.0, 2.0), (3.0, 0.0)]]> : tensor<2x2xcomplex<f64>>
  %zchol:2 = stablehlo.custom_call @lapack_zpotrf(%one, %one, %two, %herm) {api_version = 2 : i32, operand_layouts = [dense<> : tensor<0xindex>, dense<> : tensor<0xindex>, dense<> : tensor<0xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 3, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<2x2xcomplex<f64>>) -> (tensor<2x2xcomplex<f64>>, tensor<i32>)
  check.expect_almost_eq_const %zchol#0, dense<[[(2.0, 0.0), (2.0, -2.0)], [(1.0, 1.0), (1.0, 0.0)]]> : tensor<2x2xcomplex<f64>> {tolerance = 1.0e-14 : f64}
  return
}
