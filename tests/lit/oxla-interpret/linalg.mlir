// fft, cholesky, triangular_solve and the batch_norm ops, on small
// hand-checked cases.
// RUN: split-file %s %t
// RUN: oxla-interpret %t/checks.mlir
// RUN: oxla-interpret %t/invalid.mlir; test $? -eq 2
// RUN: not oxla-interpret %t/invalid.mlir 2>&1 | FileCheck %s --check-prefix=INVALID

// INVALID: invalid.mlir:3:8: error: transpose_a is TRANSPOSE_INVALID

//--- checks.mlir
func.func public @main() {
  // fft: the transform of an impulse is flat; ifft divides by n.
  %impulse = stablehlo.constant dense<[(1.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0)]> : tensor<4xcomplex<f32>>
  %flat = stablehlo.fft %impulse, type = FFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  check.expect_almost_eq_const %flat, dense<(1.0, 0.0)> : tensor<4xcomplex<f32>>
  %back = stablehlo.fft %flat, type = IFFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  check.expect_almost_eq_const %back, dense<[(1.0, 0.0), (0.0, 0.0), (0.0, 0.0), (0.0, 0.0)]> : tensor<4xcomplex<f32>>
  %m = stablehlo.constant dense<[[(1.0, 0.0), (2.0, 0.0)], [(3.0, 0.0), (4.0, 0.0)]]> : tensor<2x2xcomplex<f64>>
  %m2 = stablehlo.fft %m, type = FFT, length = [2, 2] : (tensor<2x2xcomplex<f64>>) -> tensor<2x2xcomplex<f64>>
  check.expect_almost_eq_const %m2, dense<[[(10.0, 0.0), (-2.0, 0.0)], [(-4.0, 0.0), (0.0, 0.0)]]> : tensor<2x2xcomplex<f64>>
  // rfft keeps n/2+1 outputs; irfft restores the signal.
  %real = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %half = stablehlo.fft %real, type = RFFT, length = [4] : (tensor<4xf32>) -> tensor<3xcomplex<f32>>
  check.expect_almost_eq_const %half, dense<[(10.0, 0.0), (-2.0, 2.0), (-2.0, 0.0)]> : tensor<3xcomplex<f32>>
  %restored = stablehlo.fft %half, type = IRFFT, length = [4] : (tensor<3xcomplex<f32>>) -> tensor<4xf32>
  check.expect_almost_eq_const %restored, dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %r2 = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf64>
  %h2 = stablehlo.fft %r2, type = RFFT, length = [2, 2] : (tensor<2x2xf64>) -> tensor<2x2xcomplex<f64>>
  check.expect_almost_eq_const %h2, dense<[[(10.0, 0.0), (-2.0, 0.0)], [(-4.0, 0.0), (0.0, 0.0)]]> : tensor<2x2xcomplex<f64>>
  %i2 = stablehlo.fft %h2, type = IRFFT, length = [2, 2] : (tensor<2x2xcomplex<f64>>) -> tensor<2x2xf64>
  check.expect_almost_eq_const %i2, dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf64>

  // cholesky: a = L L^T, reading one triangle; the other is zero.
  %spd = stablehlo.constant dense<[[4.0, 12.0, -16.0], [12.0, 37.0, -43.0], [-16.0, -43.0, 98.0]]> : tensor<3x3xf32>
  %l = "stablehlo.cholesky"(%spd) {lower = true} : (tensor<3x3xf32>) -> tensor<3x3xf32>
  check.expect_almost_eq_const %l, dense<[[2.0, 0.0, 0.0], [6.0, 1.0, 0.0], [-8.0, 5.0, 3.0]]> : tensor<3x3xf32>
  %u = "stablehlo.cholesky"(%spd) {lower = false} : (tensor<3x3xf32>) -> tensor<3x3xf32>
  check.expect_almost_eq_const %u, dense<[[2.0, 6.0, -8.0], [0.0, 1.0, 5.0], [0.0, 0.0, 3.0]]> : tensor<3x3xf32>
  // Complex: a = L L^H with L = [[2, 0], [1+i, 1]].
  %herm = stablehlo.constant dense<[[(4.0, 0.0), (2.0, -2.0)], [(2.0, 2.0), (3.0, 0.0)]]> : tensor<2x2xcomplex<f64>>
  %lc = "stablehlo.cholesky"(%herm) {lower = true} : (tensor<2x2xcomplex<f64>>) -> tensor<2x2xcomplex<f64>>
  check.expect_almost_eq_const %lc, dense<[[(2.0, 0.0), (0.0, 0.0)], [(1.0, 1.0), (1.0, 0.0)]]> : tensor<2x2xcomplex<f64>>
  // Not positive-definite: all NaN (implementation-defined).
  %indefinite = stablehlo.constant dense<[[[1.0, 2.0], [2.0, 1.0]], [[1.0, 0.0], [0.0, 1.0]]]> : tensor<2x2x2xf32>
  %nan = "stablehlo.cholesky"(%indefinite) {lower = true} : (tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
  check.expect_eq_const %nan, dense<[[[0x7FC00000, 0x7FC00000], [0x7FC00000, 0x7FC00000]], [[1.0, 0.0], [0.0, 1.0]]]> : tensor<2x2x2xf32>

  // triangular_solve, batched, left side: [[2, 0], [1, 1]] x = [4, 3] and
  // [[1, 0], [2, 4]] x = [1, 10]; the unused triangle is ignored.
  %a = stablehlo.constant dense<[[[2.0, 99.0], [1.0, 1.0]], [[1.0, 99.0], [2.0, 4.0]]]> : tensor<2x2x2xf32>
  %b = stablehlo.constant dense<[[[4.0], [3.0]], [[1.0], [10.0]]]> : tensor<2x2x1xf32>
  %x = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x2x2xf32>, tensor<2x2x1xf32>) -> tensor<2x2x1xf32>
  check.expect_almost_eq_const %x, dense<[[[2.0], [1.0]], [[1.0], [2.0]]]> : tensor<2x2x1xf32>
  // Unit diagonal, transposed: [[1, 3], [0, 1]] x = [7, 2].
  %au = stablehlo.constant dense<[[5.0, 0.0], [3.0, 7.0]]> : tensor<2x2xf64>
  %bu = stablehlo.constant dense<[[7.0], [2.0]]> : tensor<2x1xf64>
  %xu = "stablehlo.triangular_solve"(%au, %bu) {left_side = true, lower = true, unit_diagonal = true, transpose_a = #stablehlo<transpose TRANSPOSE>} : (tensor<2x2xf64>, tensor<2x1xf64>) -> tensor<2x1xf64>
  check.expect_almost_eq_const %xu, dense<[[1.0], [2.0]]> : tensor<2x1xf64>
  // Right side, adjoint: x [[1, -i], [0, 2]] = [1, 2-i].
  %ac = stablehlo.constant dense<[[(1.0, 0.0), (9.0, 9.0)], [(0.0, 1.0), (2.0, 0.0)]]> : tensor<2x2xcomplex<f32>>
  %bc = stablehlo.constant dense<[[(1.0, 0.0), (2.0, -1.0)]]> : tensor<1x2xcomplex<f32>>
  %xc = "stablehlo.triangular_solve"(%ac, %bc) {left_side = false, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose ADJOINT>} : (tensor<2x2xcomplex<f32>>, tensor<1x2xcomplex<f32>>) -> tensor<1x2xcomplex<f32>>
  check.expect_almost_eq_const %xc, dense<[[(1.0, 0.0), (1.0, 0.0)]]> : tensor<1x2xcomplex<f32>>

  // batch_norm_inference: (x - mean) / sqrt(variance + epsilon) * scale + offset
  // per feature (dimension 1).
  %operand = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %scale = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %offset = stablehlo.constant dense<[0.0, 1.0]> : tensor<2xf32>
  %mean = stablehlo.constant dense<[2.0, 3.0]> : tensor<2xf32>
  %variance = stablehlo.constant dense<[1.0, 4.0]> : tensor<2xf32>
  %inf = "stablehlo.batch_norm_inference"(%operand, %scale, %offset, %mean, %variance) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  check.expect_almost_eq_const %inf, dense<[[-1.0, 0.0], [1.0, 2.0]]> : tensor<2x2xf32>
  // batch_norm_training: the batch statistics are mean [2, 3], variance [1, 1].
  %out, %bmean, %bvar = "stablehlo.batch_norm_training"(%operand, %scale, %offset) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>)
  check.expect_almost_eq_const %out, dense<[[-1.0, -1.0], [1.0, 3.0]]> : tensor<2x2xf32>
  check.expect_almost_eq_const %bmean, dense<[2.0, 3.0]> : tensor<2xf32>
  check.expect_almost_eq_const %bvar, dense<[1.0, 1.0]> : tensor<2xf32>
  // batch_norm_grad with variance [4, 1] and grad_output [[1, 1], [2, 0]].
  %ones = stablehlo.constant dense<1.0> : tensor<2xf32>
  %var2 = stablehlo.constant dense<[4.0, 1.0]> : tensor<2xf32>
  %gout = stablehlo.constant dense<[[1.0, 1.0], [2.0, 0.0]]> : tensor<2x2xf32>
  %gop, %gscale, %goffset = "stablehlo.batch_norm_grad"(%operand, %ones, %mean, %var2, %gout) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>)
  check.expect_almost_eq_const %gop, dense<[[-0.1875, 0.0], [0.1875, 0.0]]> : tensor<2x2xf32>
  check.expect_almost_eq_const %gscale, dense<[0.5, -1.0]> : tensor<2xf32>
  check.expect_almost_eq_const %goffset, dense<[3.0, 1.0]> : tensor<2xf32>
  // bf16 rounds once at the end.
  %hb = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xbf16>
  %sb = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xbf16>
  %ob = stablehlo.constant dense<[0.0, 1.0]> : tensor<2xbf16>
  %mb = stablehlo.constant dense<[2.0, 3.0]> : tensor<2xbf16>
  %vb = stablehlo.constant dense<[1.0, 4.0]> : tensor<2xbf16>
  %infb = "stablehlo.batch_norm_inference"(%hb, %sb, %ob, %mb, %vb) {epsilon = 0.0 : f32, feature_index = 1 : i64} : (tensor<2x2xbf16>, tensor<2xbf16>, tensor<2xbf16>, tensor<2xbf16>, tensor<2xbf16>) -> tensor<2x2xbf16>
  check.expect_eq_const %infb, dense<[[-1.0, 0.0], [1.0, 2.0]]> : tensor<2x2xbf16>
  return
}
//--- invalid.mlir
func.func public @main() {
  %a = stablehlo.constant dense<[[1.0]]> : tensor<1x1xf32>
  %x = "stablehlo.triangular_solve"(%a, %a) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose TRANSPOSE_INVALID>} : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
  return
}
