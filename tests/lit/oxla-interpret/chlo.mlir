// chlo ops: special functions computed in double and rounded once, top_k,
// next_after, mulhi, ragged_dot and scan.
// RUN: split-file %s %t
// RUN: oxla-interpret %t/checks.mlir
// RUN: oxla-interpret %t/print.mlir --print-results | FileCheck %s
// RUN: oxla-interpret %t/bad-k.mlir; test $? -eq 2
// RUN: not oxla-interpret %t/bad-k.mlir 2>&1 | FileCheck %s --check-prefix=BADK
// RUN: oxla-interpret %t/unsupported.mlir; test $? -eq 3
// RUN: not oxla-interpret %t/unsupported.mlir 2>&1 | FileCheck %s --check-prefix=UNSUP

// CHECK: EXEC @main
// CHECK-NEXT: 2x3xf32=[3 2 2][nan 1 -inf]
// CHECK-NEXT: 2x3xi32=[3 1 2][2 0 3]
// CHECK-NEXT: 4xi1=[true true false false]
// CHECK-NEXT: 4xi1=[false true false false]
// UNSUP: unsupported.mlir:3:12: error: unsupported: 'chlo.top_k' on element type complex<f32>
// BADK: bad-k.mlir:2:12: error: 'chlo.top_k' op (C2) requires 0 <= k <= 3

//--- checks.mlir
func.func public @main() {
  %x = stablehlo.constant dense<[0.5, 1.0, 2.0, 10.0]> : tensor<4xf64>
  %lg = chlo.lgamma %x : tensor<4xf64> -> tensor<4xf64>
  %lg_expected = stablehlo.constant dense<[0.57236494292470008, 0.0, 0.0, 12.801827480081469]> : tensor<4xf64>
  check.expect_close %lg, %lg_expected : tensor<4xf64>, tensor<4xf64>
  %dg = chlo.digamma %x : tensor<4xf64> -> tensor<4xf64>
  %dg_expected = stablehlo.constant dense<[-1.9635100260214235, -0.57721566490153287, 0.42278433509846713, 2.2517525890667211]> : tensor<4xf64>
  check.expect_close %dg, %dg_expected : tensor<4xf64>, tensor<4xf64>
  %neg = stablehlo.constant dense<[-0.5, -1.0, 0.0, -2.5]> : tensor<4xf64>
  // psi(-0.5) = psi(1.5) + 2; poles give NaN.
  %dgn = chlo.digamma %neg : tensor<4xf64> -> tensor<4xf64>
  %dgn_expected = stablehlo.constant dense<[0.036489973978576520, 0x7FF8000000000000, 0x7FF8000000000000, 1.1031566406452432]> : tensor<4xf64>
  check.expect_close %dgn, %dgn_expected : tensor<4xf64>, tensor<4xf64>
  %p = stablehlo.constant dense<[0.0, 0.5, -0.9, 0.999]> : tensor<4xf64>
  %ei = chlo.erf_inv %p : tensor<4xf64> -> tensor<4xf64>
  %ei_expected = stablehlo.constant dense<[0.0, 0.47693627620446987, -1.1630871536766743, 2.3267537655135246]> : tensor<4xf64>
  check.expect_close %ei, %ei_expected : tensor<4xf64>, tensor<4xf64>
  %b = stablehlo.constant dense<[0.0, 1.0, -2.0, 50.0]> : tensor<4xf64>
  %i1e = chlo.bessel_i1e %b : tensor<4xf64> -> tensor<4xf64>
  %i1e_expected = stablehlo.constant dense<[0.0, 0.20791041534970844, -0.21526928924893765, 0.0559931238928954]> : tensor<4xf64>
  check.expect_close %i1e, %i1e_expected : tensor<4xf64>, tensor<4xf64>
  %s = stablehlo.constant dense<[2.0, 3.0, 2.0, 1.0]> : tensor<4xf64>
  %q = stablehlo.constant dense<[1.0, 1.0, 2.0, 1.0]> : tensor<4xf64>
  // zeta(2, 1) = pi^2/6, zeta(3, 1) = Apery's constant, zeta(1, q) = inf.
  %z = chlo.zeta %s, %q : tensor<4xf64>, tensor<4xf64> -> tensor<4xf64>
  %z_expected = stablehlo.constant dense<[1.6449340668482264, 1.2020569031595943, 0.64493406684822644, 0x7FF0000000000000]> : tensor<4xf64>
  check.expect_close %z, %z_expected : tensor<4xf64>, tensor<4xf64>
  %n = stablehlo.constant dense<[1.0, 2.0, 0.0, 0.5]> : tensor<4xf64>
  %pg = chlo.polygamma %n, %q : tensor<4xf64>, tensor<4xf64> -> tensor<4xf64>
  %pg_expected = stablehlo.constant dense<[1.6449340668482264, -2.4041138063191886, 0.42278433509846713, 0x7FF8000000000000]> : tensor<4xf64>
  check.expect_close %pg, %pg_expected : tensor<4xf64>, tensor<4xf64>
  %h = stablehlo.constant dense<[1.0, 0.5]> : tensor<2xbf16>
  %ah = chlo.asin %h : tensor<2xbf16> -> tensor<2xbf16>
  %ah_expected = stablehlo.constant dense<[1.5703125, 0.5234375]> : tensor<2xbf16>
  check.expect_close %ah, %ah_expected : tensor<2xbf16>, tensor<2xbf16>
  %c = stablehlo.constant dense<[(0.0, 1.0), (1.0, -2.0)]> : tensor<2xcomplex<f32>>
  %cj = chlo.conj %c : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  check.expect_eq_const %cj, dense<[(0.0, -1.0), (1.0, 2.0)]> : tensor<2xcomplex<f32>>
  %at = chlo.atanh %c : tensor<2xcomplex<f32>> -> tensor<2xcomplex<f32>>
  %at_expected = stablehlo.constant dense<[(0.0, 0.785398185), (0.173286796, -1.17809725)]> : tensor<2xcomplex<f32>>
  check.expect_close %at, %at_expected : tensor<2xcomplex<f32>>, tensor<2xcomplex<f32>>

  %one = stablehlo.constant dense<[1.0, 1.0, 0.0, 0x7FC0]> : tensor<4xbf16>
  %dir = stablehlo.constant dense<[2.0, 0.0, -1.0, 1.0]> : tensor<4xbf16>
  %na = chlo.next_after %one, %dir : tensor<4xbf16>, tensor<4xbf16> -> tensor<4xbf16>
  check.expect_eq_const %na, dense<[0x3F81, 0x3F7F, 0x8001, 0x7FC0]> : tensor<4xbf16>

  %ml = stablehlo.constant dense<[64, -64, -64, 7]> : tensor<4xi8>
  %mr = stablehlo.constant dense<[4, 4, -4, 7]> : tensor<4xi8>
  %mh = chlo.mulhi %ml, %mr : tensor<4xi8>, tensor<4xi8> -> tensor<4xi8>
  check.expect_eq_const %mh, dense<[1, -1, 1, 0]> : tensor<4xi8>
  %ul = stablehlo.constant dense<[18446744073709551615]> : tensor<1xui64>
  %uh = chlo.mulhi %ul, %ul : tensor<1xui64>, tensor<1xui64> -> tensor<1xui64>
  check.expect_eq_const %uh, dense<[18446744073709551614]> : tensor<1xui64>

  // Rows 0-1 use rhs group 0, row 2 group 1, row 3 is past the groups.
  %lhs = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tensor<4x2xf32>
  %rhs = stablehlo.constant dense<[[[1.0], [1.0]], [[1.0], [-1.0]]]> : tensor<2x2x1xf32>
  %gs = stablehlo.constant dense<[2, 1]> : tensor<2xi64>
  %rd = "chlo.ragged_dot"(%lhs, %rhs, %gs) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [], rhs_batching_dimensions = [],
      lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1],
      lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>
  } : (tensor<4x2xf32>, tensor<2x2x1xf32>, tensor<2xi64>) -> tensor<4x1xf32>
  check.expect_eq_const %rd, dense<[[3.0], [7.0], [-1.0], [0.0]]> : tensor<4x1xf32>
  // Ragged contracting dimension: group j contracts over its own columns.
  %cl = stablehlo.constant dense<[[1.0, 2.0, 3.0]]> : tensor<1x3xf32>
  %cr = stablehlo.constant dense<[[1.0], [10.0], [100.0]]> : tensor<3x1xf32>
  %cg = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %cd = "chlo.ragged_dot"(%cl, %cr, %cg) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [], rhs_batching_dimensions = [],
      lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0],
      lhs_ragged_dimensions = [1], rhs_group_dimensions = []>
  } : (tensor<1x3xf32>, tensor<3x1xf32>, tensor<2xi32>) -> tensor<2x1x1xf32>
  check.expect_eq_const %cd, dense<[[[1.0]], [[320.0]]]> : tensor<2x1x1xf32>

  %in = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %init = stablehlo.constant dense<0> : tensor<2xi32>
  %sc:2 = chlo.scan(%in) inits(%init) dimension=1 attributes {is_reverse = true} {
  ^bb0(%a: tensor<2xi32>, %acc: tensor<2xi32>):
    %sum = stablehlo.add %a, %acc : tensor<2xi32>
    stablehlo.return %sum, %sum : tensor<2xi32>, tensor<2xi32>
  } : (tensor<2x3xi32>, tensor<2xi32>) -> (tensor<2x3xi32>, tensor<2xi32>)
  check.expect_eq_const %sc#0, dense<[[6, 5, 3], [15, 11, 6]]> : tensor<2x3xi32>
  check.expect_eq_const %sc#1, dense<[6, 15]> : tensor<2xi32>
  return
}

//--- print.mlir
func.func public @main() -> (tensor<2x3xf32>, tensor<2x3xi32>, tensor<4xi1>, tensor<4xi1>) {
  // Ties keep the lower index first; NaN ranks above +inf, -NaN below all.
  %x = stablehlo.constant dense<[[1.0, 2.0, 2.0, 3.0], [1.0, 0xFFC00000, 0x7FC00000, 0xFF800000]]> : tensor<2x4xf32>
  %v, %i = chlo.top_k(%x, k = 3) : tensor<2x4xf32> -> (tensor<2x3xf32>, tensor<2x3xi32>)
  %y = stablehlo.constant dense<[0x7F800000, 0xFF800000, 0x7FC00000, 1.0]> : tensor<4xf32>
  %inf = chlo.is_inf %y : tensor<4xf32> -> tensor<4xi1>
  %ninf = chlo.is_neg_inf %y : tensor<4xf32> -> tensor<4xi1>
  return %v, %i, %inf, %ninf : tensor<2x3xf32>, tensor<2x3xi32>, tensor<4xi1>, tensor<4xi1>
}

//--- bad-k.mlir
func.func public @main(%x: tensor<3xf32>) -> tensor<4xf32> {
  %v, %i = chlo.top_k(%x, k = 4) : tensor<3xf32> -> (tensor<4xf32>, tensor<4xi32>)
  return %v : tensor<4xf32>
}

//--- unsupported.mlir
func.func public @main() -> tensor<2xcomplex<f32>> {
  %c = stablehlo.constant dense<[(0.0, 1.0), (1.0, -2.0)]> : tensor<2xcomplex<f32>>
  %v, %i = chlo.top_k(%c, k = 1) : tensor<2xcomplex<f32>> -> (tensor<1xcomplex<f32>>, tensor<1xi32>)
  return %c : tensor<2xcomplex<f32>>
}
