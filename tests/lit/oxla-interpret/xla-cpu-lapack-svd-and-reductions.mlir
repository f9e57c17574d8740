// XLA's CPU SVD (lapack_?gesdd_ffi, ?gesvd_ffi) and reductions to
// Hessenberg (?gehrd_ffi) and tridiagonal (?sytrd_ffi) form. Singular
// vectors are checked by u diag(s) vt = a; the reductions on a case
// derived by hand: the reflector of column [3, 4] is v = [1, 0.5],
// tau = 1.6, and it maps the column to [-5, 0].
// RUN: oxla-interpret %s

func.func public @main() {
  %a = stablehlo.constant dense<[[3.0, 0.0], [0.0, -2.0]]> : tensor<2x2xf32>
  %d:5 = stablehlo.custom_call @lapack_sgesdd_ffi(%a) {mhlo.backend_config = {mode = 65 : ui8}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]} : (tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<i32>)
  check.expect_almost_eq_const %d#1, dense<[3.0, 2.0]> : tensor<2xf32> {tolerance = 1.0e-6 : f64}
  %sb = stablehlo.broadcast_in_dim %d#1, dims = [1] : (tensor<2xf32>) -> tensor<2x2xf32>
  %us = stablehlo.multiply %d#2, %sb : tensor<2x2xf32>
  %usv = stablehlo.dot_general %us, %d#3, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  check.expect_almost_eq %usv, %a {tolerance = 1.0e-6 : f64} : tensor<2x2xf32>

  // gesvd, reduced ('S'), of a 3x2 matrix with orthonormal columns.
  %b = stablehlo.constant dense<[[1.0, 0.0], [0.0, 1.0], [0.0, 0.0]]> : tensor<3x2xf64>
  %v:5 = stablehlo.custom_call @lapack_dgesvd_ffi(%b) {mhlo.backend_config = {mode = 83 : ui8}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]} : (tensor<3x2xf64>) -> (tensor<3x2xf64>, tensor<2xf64>, tensor<3x2xf64>, tensor<2x2xf64>, tensor<i32>)
  check.expect_almost_eq_const %v#1, dense<[1.0, 1.0]> : tensor<2xf64> {tolerance = 1.0e-14 : f64}
  %uv = stablehlo.dot_general %v#2, %v#3, contracting_dims = [1] x [0] : (tensor<3x2xf64>, tensor<2x2xf64>) -> tensor<3x2xf64>
  check.expect_almost_eq %uv, %b {tolerance = 1.0e-14 : f64} : tensor<3x2xf64>

  // gehrd (ilo 1, ihi 3): H = Q^T a Q; the reflector stays below the
  // subdiagonal.
  %g = stablehlo.constant dense<[[2.0, 3.0, 4.0], [3.0, 1.0, 0.0], [4.0, 0.0, 1.0]]> : tensor<3x3xf64>
  %hs:3 = stablehlo.custom_call @lapack_dgehrd_ffi(%g) {mhlo.backend_config = {high = 3 : i32, low = 1 : i32}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>]} : (tensor<3x3xf64>) -> (tensor<3x3xf64>, tensor<2xf64>, tensor<i32>)
  check.expect_almost_eq_const %hs#0, dense<[[2.0, -5.0, 0.0], [-5.0, 1.0, 0.0], [0.5, 0.0, 1.0]]> : tensor<3x3xf64> {tolerance = 1.0e-14 : f64}
  check.expect_almost_eq_const %hs#1, dense<[1.6, 0.0]> : tensor<2xf64> {tolerance = 1.0e-14 : f64}

  // sytrd (lower) of the same symmetric matrix, in f32 and batched.
  %gs = stablehlo.constant dense<[[[2.0, 3.0, 4.0], [3.0, 1.0, 0.0], [4.0, 0.0, 1.0]]]> : tensor<1x3x3xf32>
  %tr:5 = stablehlo.custom_call @lapack_ssytrd_ffi(%gs) {mhlo.backend_config = {uplo = 76 : ui8}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<[1, 0]> : tensor<2xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>]} : (tensor<1x3x3xf32>) -> (tensor<1x3x3xf32>, tensor<1x3xf32>, tensor<1x2xf32>, tensor<1x2xf32>, tensor<1xi32>)
  check.expect_almost_eq_const %tr#1, dense<[[2.0, 1.0, 1.0]]> : tensor<1x3xf32> {tolerance = 1.0e-6 : f64}
  check.expect_almost_eq_const %tr#2, dense<[[-5.0, 0.0]]> : tensor<1x2xf32> {tolerance = 1.0e-6 : f64}
  check.expect_almost_eq_const %tr#3, dense<[[1.6, 0.0]]> : tensor<1x2xf32> {tolerance = 1.0e-6 : f64}
  return
}
