// Compiled fft, cholesky and triangular_solve: computed in f64 and rounded
// once, like the interpreter. Each function checks its own results.
// RUN: oxla-run %s --split-input-file
// RUN: oxla-interpret %s --split-input-file

func.func @fft_1d() {
  %x = stablehlo.constant dense<[(1.0, 0.0), (2.0, 0.0), (3.0, 0.0), (4.0, 0.0)]> : tensor<4xcomplex<f32>>
  %f = stablehlo.fft %x, type = FFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  check.expect_almost_eq_const %f, dense<[(10.0, 0.0), (-2.0, 2.0), (-2.0, 0.0), (-2.0, -2.0)]> : tensor<4xcomplex<f32>>
  %i = stablehlo.fft %f, type = IFFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  check.expect_almost_eq_const %i, dense<[(1.0, 0.0), (2.0, 0.0), (3.0, 0.0), (4.0, 0.0)]> : tensor<4xcomplex<f32>>
  func.return
}

// -----

func.func @fft_2d() {
  %x = stablehlo.constant dense<[[(1.0, 0.0), (2.0, 0.0)], [(3.0, 0.0), (4.0, 1.0)]]> : tensor<2x2xcomplex<f64>>
  %f = stablehlo.fft %x, type = FFT, length = [2, 2] : (tensor<2x2xcomplex<f64>>) -> tensor<2x2xcomplex<f64>>
  check.expect_almost_eq_const %f, dense<[[(10.0, 1.0), (-2.0, -1.0)], [(-4.0, -1.0), (0.0, 1.0)]]> : tensor<2x2xcomplex<f64>>
  %i = stablehlo.fft %f, type = IFFT, length = [2, 2] : (tensor<2x2xcomplex<f64>>) -> tensor<2x2xcomplex<f64>>
  check.expect_almost_eq_const %i, dense<[[(1.0, 0.0), (2.0, 0.0)], [(3.0, 0.0), (4.0, 1.0)]]> : tensor<2x2xcomplex<f64>>
  func.return
}

// -----

func.func @rfft_irfft() {
  %x = stablehlo.constant dense<[[1.0, 2.0, 3.0, 4.0], [1.0, 0.0, 0.0, 0.0]]> : tensor<2x4xf32>
  %f = stablehlo.fft %x, type = RFFT, length = [4] : (tensor<2x4xf32>) -> tensor<2x3xcomplex<f32>>
  check.expect_almost_eq_const %f, dense<[[(10.0, 0.0), (-2.0, 2.0), (-2.0, 0.0)], [(1.0, 0.0), (1.0, 0.0), (1.0, 0.0)]]> : tensor<2x3xcomplex<f32>>
  %i = stablehlo.fft %f, type = IRFFT, length = [4] : (tensor<2x3xcomplex<f32>>) -> tensor<2x4xf32>
  check.expect_almost_eq_const %i, dense<[[1.0, 2.0, 3.0, 4.0], [1.0, 0.0, 0.0, 0.0]]> : tensor<2x4xf32>
  // Two axes: rfft along the last, fft along the first.
  %g = stablehlo.fft %x, type = RFFT, length = [2, 4] : (tensor<2x4xf32>) -> tensor<2x3xcomplex<f32>>
  check.expect_almost_eq_const %g, dense<[[(11.0, 0.0), (-1.0, 2.0), (-1.0, 0.0)], [(9.0, 0.0), (-3.0, 2.0), (-3.0, 0.0)]]> : tensor<2x3xcomplex<f32>>
  %j = stablehlo.fft %g, type = IRFFT, length = [2, 4] : (tensor<2x3xcomplex<f32>>) -> tensor<2x4xf32>
  check.expect_almost_eq_const %j, dense<[[1.0, 2.0, 3.0, 4.0], [1.0, 0.0, 0.0, 0.0]]> : tensor<2x4xf32>
  // Odd length: no Nyquist term.
  %o = stablehlo.constant dense<[1.0, 1.0, 1.0]> : tensor<3xf64>
  %of = stablehlo.fft %o, type = RFFT, length = [3] : (tensor<3xf64>) -> tensor<2xcomplex<f64>>
  check.expect_almost_eq_const %of, dense<[(3.0, 0.0), (0.0, 0.0)]> : tensor<2xcomplex<f64>>
  func.return
}

// -----

func.func @fft_empty() {
  %x = stablehlo.constant dense<> : tensor<0x4xf32>
  %f = stablehlo.fft %x, type = RFFT, length = [4] : (tensor<0x4xf32>) -> tensor<0x3xcomplex<f32>>
  check.expect_eq_const %f, dense<> : tensor<0x3xcomplex<f32>>
  func.return
}

// -----

func.func @cholesky() {
  // Only the named triangle is read: the other holds garbage.
  %a = stablehlo.constant dense<[[[4.0, 99.0], [2.0, 5.0]], [[9.0, 0.0], [3.0, 2.0]]]> : tensor<2x2x2xf32>
  %l = "stablehlo.cholesky"(%a) {lower = true} : (tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
  check.expect_almost_eq_const %l, dense<[[[2.0, 0.0], [1.0, 2.0]], [[3.0, 0.0], [1.0, 1.0]]]> : tensor<2x2x2xf32>
  %b = stablehlo.constant dense<[[4.0, 2.0], [-7.0, 5.0]]> : tensor<2x2xbf16>
  %u = "stablehlo.cholesky"(%b) : (tensor<2x2xbf16>) -> tensor<2x2xbf16>
  check.expect_almost_eq_const %u, dense<[[2.0, 1.0], [0.0, 2.0]]> : tensor<2x2xbf16>
  func.return
}

// -----

func.func @cholesky_complex() {
  // [[4, 2i], [-2i, 5]] = L L^H with L = [[2, 0], [-i, 2]].
  %a = stablehlo.constant dense<[[(4.0, 0.0), (0.0, 2.0)], [(0.0, -2.0), (5.0, 0.0)]]> : tensor<2x2xcomplex<f64>>
  %l = "stablehlo.cholesky"(%a) {lower = true} : (tensor<2x2xcomplex<f64>>) -> tensor<2x2xcomplex<f64>>
  check.expect_almost_eq_const %l, dense<[[(2.0, 0.0), (0.0, 0.0)], [(0.0, -1.0), (2.0, 0.0)]]> : tensor<2x2xcomplex<f64>>
  %u = "stablehlo.cholesky"(%a) {lower = false} : (tensor<2x2xcomplex<f64>>) -> tensor<2x2xcomplex<f64>>
  check.expect_almost_eq_const %u, dense<[[(2.0, 0.0), (0.0, 1.0)], [(0.0, 0.0), (2.0, 0.0)]]> : tensor<2x2xcomplex<f64>>
  func.return
}

// -----

func.func @triangular_solve_left() {
  %a = stablehlo.constant dense<[[2.0, 7.0], [1.0, 1.0]]> : tensor<2x2xf32>
  %b = stablehlo.constant dense<[[2.0], [3.0]]> : tensor<2x1xf32>
  %x = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x2xf32>, tensor<2x1xf32>) -> tensor<2x1xf32>
  check.expect_almost_eq_const %x, dense<[[1.0], [2.0]]> : tensor<2x1xf32>
  // a^T = [[2, 1], [0, 1]].
  %t = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose TRANSPOSE>} : (tensor<2x2xf32>, tensor<2x1xf32>) -> tensor<2x1xf32>
  check.expect_almost_eq_const %t, dense<[[-0.5], [3.0]]> : tensor<2x1xf32>
  func.return
}

// -----

func.func @triangular_solve_right_unit() {
  %a = stablehlo.constant dense<[[9.0, 5.0], [8.0, 9.0]]> : tensor<2x2xf64>
  %b = stablehlo.constant dense<[[1.0, 7.0]]> : tensor<1x2xf64>
  %x = "stablehlo.triangular_solve"(%a, %b) {left_side = false, lower = false, unit_diagonal = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<2x2xf64>, tensor<1x2xf64>) -> tensor<1x2xf64>
  check.expect_almost_eq_const %x, dense<[[1.0, 2.0]]> : tensor<1x2xf64>
  func.return
}

// -----

func.func @triangular_solve_adjoint_batch() {
  // op(a) = a^H = [[1-i, 1], [0, 2]]: x1 = 2, x0 = 1 / (1-i) = (1+i)/2.
  %a = stablehlo.constant dense<[[[(1.0, 1.0), (5.0, 5.0)], [(1.0, 0.0), (2.0, 0.0)]], [[(2.0, 0.0), (0.0, 0.0)], [(0.0, 0.0), (4.0, 0.0)]]]> : tensor<2x2x2xcomplex<f32>>
  %b = stablehlo.constant dense<[[[(3.0, 0.0)], [(4.0, 0.0)]], [[(2.0, 2.0)], [(4.0, 0.0)]]]> : tensor<2x2x1xcomplex<f32>>
  %x = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose ADJOINT>} : (tensor<2x2x2xcomplex<f32>>, tensor<2x2x1xcomplex<f32>>) -> tensor<2x2x1xcomplex<f32>>
  check.expect_almost_eq_const %x, dense<[[[(0.5, 0.5)], [(2.0, 0.0)]], [[(1.0, 1.0)], [(1.0, 0.0)]]]> : tensor<2x2x1xcomplex<f32>>
  func.return
}

// -----

func.func @cholesky_not_positive_definite() {
  // The second batch has a negative pivot: all of it is NaN.
  %a = stablehlo.constant dense<[[[1.0, 0.0], [0.0, 1.0]], [[1.0, 0.0], [2.0, 1.0]]]> : tensor<2x2x2xf64>
  %l = "stablehlo.cholesky"(%a) {lower = true} : (tensor<2x2x2xf64>) -> tensor<2x2x2xf64>
  check.expect_almost_eq_const %l, dense<[[[1.0, 0.0], [0.0, 1.0]], [[0x7FF8000000000000, 0x7FF8000000000000], [0x7FF8000000000000, 0x7FF8000000000000]]]> : tensor<2x2x2xf64>
  func.return
}

// -----

// rng_bit_generator: XLA's bits (the values agree with the interpreter's).
// The counters wrap: 2^64-1 + 8 blocks is 7 for THREE_FRY, and PHILOX
// carries into state[2].
func.func @rng_bit_generator() {
  %s = stablehlo.constant dense<[1234567890123, 18446744073709551615]> : tensor<2xui64>
  %s3 = stablehlo.constant dense<[42, 18446744073709551614, 7]> : tensor<3xui64>
  %a0, %a = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x5xui32>)
  check.expect_eq_const %a0, dense<[1234567890123, 8]> : tensor<2xui64>
  check.expect_eq_const %a, dense<[[846208304, 2441630261, 3418927284, 745103865, 2017039577], [760352309, 3692784131, 833268594, 1238662119, 1413243532], [1528840426, 2017073421, 246617266, 970133659, 3595805356]]> : tensor<3x5xui32>
  %b0, %b = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x3xui8>)
  check.expect_eq_const %b0, dense<[1234567890123, 5]> : tensor<2xui64>
  check.expect_eq_const %b, dense<[[48, 180, 217], [53, 249, 58], [53, 114, 140], [3, 231, 39]]> : tensor<4x3xui8>
  %c0, %c = stablehlo.rng_bit_generator %s3, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<7xi32>)
  check.expect_eq_const %c0, dense<[42, 0, 8]> : tensor<3xui64>
  check.expect_eq_const %c, dense<[1814557439, -1698482416, 1195554806, 1198272517, -2001800444, -706593259, 71677722]> : tensor<7xi32>
  %d0, %d = stablehlo.rng_bit_generator %s, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<5xui64>)
  check.expect_eq_const %d0, dense<[1234567890123, 2]> : tensor<2xui64>
  check.expect_eq_const %d, dense<[12289368730780638489, 13033034068925347070, 13097798842736749200, 1982527126168154300, 11742947626536183595]> : tensor<5xui64>
  %e0, %e = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<ui32>)
  check.expect_eq_const %e0, dense<[1234567890123, 0]> : tensor<2xui64>
  check.expect_eq_const %e, dense<846208304> : tensor<ui32>
  func.return
}
