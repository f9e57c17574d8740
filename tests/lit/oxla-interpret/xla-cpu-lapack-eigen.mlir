// XLA's CPU eigensolvers: lapack_?syevd/heevd (symmetric), ?geev
// (general), ?gees (Schur). Eigenvectors are unique only up to sign or
// phase, so they are checked by A v = v diag(w).
// RUN: oxla-interpret %s

func.func public @main() {
  // syevd: [[2, 1], [1, 2]] has eigenvalues 1 and 3, ascending.
  %a = stablehlo.constant dense<[[2.0, 1.0], [1.0, 2.0]]> : tensor<2x2xf64>
  %e:3 = stablehlo.custom_call @lapack_dsyevd_ffi(%a) {mhlo.backend_config = {mode = 86 : ui8, uplo = 76 : ui8}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>]} : (tensor<2x2xf64>) -> (tensor<2x2xf64>, tensor<2xf64>, tensor<i32>)
  check.expect_almost_eq_const %e#1, dense<[1.0, 3.0]> : tensor<2xf64> {tolerance = 1.0e-14 : f64}
  check.expect_eq_const %e#2, dense<0> : tensor<i32>
  %av = stablehlo.dot_general %a, %e#0, contracting_dims = [1] x [0] : (tensor<2x2xf64>, tensor<2x2xf64>) -> tensor<2x2xf64>
  %w = stablehlo.broadcast_in_dim %e#1, dims = [1] : (tensor<2xf64>) -> tensor<2x2xf64>
  %vw = stablehlo.multiply %e#0, %w : tensor<2x2xf64>
  check.expect_almost_eq %av, %vw {tolerance = 1.0e-14 : f64} : tensor<2x2xf64>
  %vtv = stablehlo.dot_general %e#0, %e#0, contracting_dims = [0] x [0] : (tensor<2x2xf64>, tensor<2x2xf64>) -> tensor<2x2xf64>
  check.expect_almost_eq_const %vtv, dense<[[1.0, 0.0], [0.0, 1.0]]> : tensor<2x2xf64> {tolerance = 1.0e-14 : f64}

  // The older ABI returns a tuple with workspaces: (lower, batch, n, a).
  %one = stablehlo.constant dense<1> : tensor<i32>
  %two = stablehlo.constant dense<2> : tensor<i32>
  %h = stablehlo.constant dense<[[(2.0, 0.0), (0.0, -1.0)], [(0.0, 1.0), (2.0, 0.0)]]> : tensor<2x2xcomplex<f32>>
  %t = stablehlo.custom_call @lapack_cheevd(%one, %one, %two, %h) {api_version = 2 : i32, operand_layouts = [dense<> : tensor<0xindex>, dense<> : tensor<0xindex>, dense<> : tensor<0xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 3, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>]} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<2x2xcomplex<f32>>) -> tuple<tensor<2x2xcomplex<f32>>, tensor<2xf32>, tensor<i32>, tensor<12xcomplex<f32>>, tensor<20xf32>, tensor<13xi32>>
  %hw = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2x2xcomplex<f32>>, tensor<2xf32>, tensor<i32>, tensor<12xcomplex<f32>>, tensor<20xf32>, tensor<13xi32>>) -> tensor<2xf32>
  check.expect_almost_eq_const %hw, dense<[1.0, 3.0]> : tensor<2xf32> {tolerance = 1.0e-6 : f64}

  // geev of a rotation: eigenvalues +-i, as (wr, wi); complex eigenvectors.
  %r = stablehlo.constant dense<[[0.0, -1.0], [1.0, 0.0]]> : tensor<2x2xf32>
  %g:5 = stablehlo.custom_call @lapack_sgeev_ffi(%r) {mhlo.backend_config = {compute_left = 78 : ui8, compute_right = 86 : ui8}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]} : (tensor<2x2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2x2xcomplex<f32>>, tensor<2x2xcomplex<f32>>, tensor<i32>)
  check.expect_almost_eq_const %g#0, dense<[0.0, 0.0]> : tensor<2xf32> {tolerance = 1.0e-6 : f64}
  check.expect_almost_eq_const %g#1, dense<[1.0, -1.0]> : tensor<2xf32> {tolerance = 1.0e-6 : f64}
  %rc = stablehlo.convert %r : (tensor<2x2xf32>) -> tensor<2x2xcomplex<f32>>
  %rv = stablehlo.dot_general %rc, %g#3, contracting_dims = [1] x [0] : (tensor<2x2xcomplex<f32>>, tensor<2x2xcomplex<f32>>) -> tensor<2x2xcomplex<f32>>
  %lambda = stablehlo.complex %g#0, %g#1 : tensor<2xcomplex<f32>>
  %lb = stablehlo.broadcast_in_dim %lambda, dims = [1] : (tensor<2xcomplex<f32>>) -> tensor<2x2xcomplex<f32>>
  %vl = stablehlo.multiply %g#3, %lb : tensor<2x2xcomplex<f32>>
  check.expect_almost_eq %rv, %vl {tolerance = 1.0e-6 : f64} : tensor<2x2xcomplex<f32>>
  // Left eigenvectors were not asked for: zero.
  check.expect_eq_const %g#2, dense<(0.0, 0.0)> : tensor<2x2xcomplex<f32>>

  // gees of an upper triangular matrix: T is the matrix, the vectors I.
  %u = stablehlo.constant dense<[[1.0, 2.0], [0.0, 3.0]]> : tensor<2x2xf64>
  %s:6 = stablehlo.custom_call @lapack_dgees_ffi(%u) {mhlo.backend_config = {mode = 86 : ui8, sort = 78 : ui8}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>, dense<> : tensor<0xindex>]} : (tensor<2x2xf64>) -> (tensor<2x2xf64>, tensor<2x2xf64>, tensor<2xf64>, tensor<2xf64>, tensor<i32>, tensor<i32>)
  check.expect_almost_eq_const %s#0, dense<[[1.0, 2.0], [0.0, 3.0]]> : tensor<2x2xf64> {tolerance = 1.0e-14 : f64}
  check.expect_almost_eq_const %s#1, dense<[[1.0, 0.0], [0.0, 1.0]]> : tensor<2x2xf64> {tolerance = 1.0e-14 : f64}
  check.expect_almost_eq_const %s#2, dense<[1.0, 3.0]> : tensor<2xf64> {tolerance = 1.0e-14 : f64}
  check.expect_eq_const %s#5, dense<0> : tensor<i32>
  return
}
