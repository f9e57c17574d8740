// Compiled composite (a call of its decomposition), dead tokens, integer
// power, complex maximum/minimum/logistic/atan2/cbrt; the interpreter must
// agree.
// RUN: oxla-run %s --split-input-file
// RUN: oxla-interpret %s --split-input-file

func.func private @scale_add(%x: tensor<2xi32>, %y: tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>) {
  %c = stablehlo.constant dense<3> : tensor<2xi32>
  %m = stablehlo.multiply %x, %c : tensor<2xi32>
  %s = stablehlo.add %m, %y : tensor<2xi32>
  func.return %s, %m : tensor<2xi32>, tensor<2xi32>
}

func.func @composite() {
  %x = stablehlo.constant dense<[1, -2]> : tensor<2xi32>
  %y = stablehlo.constant dense<[10, 20]> : tensor<2xi32>
  %r:2 = stablehlo.composite "oxla.scale_add" %x, %y {
    composite_attributes = {k = 3 : i64}, decomposition = @scale_add
  } : (tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>)
  check.expect_eq_const %r#0, dense<[13, 14]> : tensor<2xi32>
  check.expect_eq_const %r#1, dense<[3, -6]> : tensor<2xi32>
  func.return
}

// -----

func.func @tokens() {
  %t0 = stablehlo.create_token : !stablehlo.token
  %t1 = stablehlo.after_all : !stablehlo.token
  %t2 = stablehlo.after_all %t0, %t1 : !stablehlo.token
  %t3 = stablehlo.after_all %t2 : !stablehlo.token
  %x = stablehlo.constant dense<1> : tensor<i32>
  check.expect_eq_const %x, dense<1> : tensor<i32>
  func.return
}

// -----

func.func @integer_power() {
  // Wrapping products; a negative exponent gives 0 except for bases 1, -1.
  %b = stablehlo.constant dense<[2, 3, -1, -1, 1, 5, 2, -2, 0, -7]> : tensor<10xi8>
  %e = stablehlo.constant dense<[3, 5, -3, -2, -7, -1, 7, 7, 0, 0]> : tensor<10xi8>
  %r = stablehlo.power %b, %e : tensor<10xi8>
  check.expect_eq_const %r, dense<[8, -13, -1, 1, 1, 0, -128, -128, 1, 1]> : tensor<10xi8>
  %ub = stablehlo.constant dense<[2, 3, 255, 0, 0]> : tensor<5xui8>
  %ue = stablehlo.constant dense<[8, 0, 2, 0, 200]> : tensor<5xui8>
  %ur = stablehlo.power %ub, %ue : tensor<5xui8>
  check.expect_eq_const %ur, dense<[0, 1, 1, 1, 0]> : tensor<5xui8>
  %lb = stablehlo.constant dense<[3, -3]> : tensor<2xi64>
  %le = stablehlo.constant dense<[40, 3]> : tensor<2xi64>
  %lr = stablehlo.power %lb, %le : tensor<2xi64>
  check.expect_eq_const %lr, dense<[-6289078614652622815, -27]> : tensor<2xi64>
  func.return
}

// -----

func.func @complex_max_min() {
  // Lexicographic: the real parts first, then the imaginary parts.
  %a = stablehlo.constant dense<[(1.0, 2.0), (2.0, 0.0), (1.0, 2.0), (-1.0, 9.0)]> : tensor<4xcomplex<f64>>
  %b = stablehlo.constant dense<[(1.0, 3.0), (1.0, 5.0), (1.0, 2.0), (0.0, -9.0)]> : tensor<4xcomplex<f64>>
  %max = stablehlo.maximum %a, %b : tensor<4xcomplex<f64>>
  %min = stablehlo.minimum %a, %b : tensor<4xcomplex<f64>>
  check.expect_eq_const %max, dense<[(1.0, 3.0), (2.0, 0.0), (1.0, 2.0), (0.0, -9.0)]> : tensor<4xcomplex<f64>>
  check.expect_eq_const %min, dense<[(1.0, 2.0), (1.0, 5.0), (1.0, 2.0), (-1.0, 9.0)]> : tensor<4xcomplex<f64>>
  %fa = stablehlo.constant dense<[(1.0, 2.0), (3.0, -1.0)]> : tensor<2xcomplex<f32>>
  %fb = stablehlo.constant dense<[(1.0, -2.0), (-3.0, 1.0)]> : tensor<2xcomplex<f32>>
  %fmax = stablehlo.maximum %fa, %fb : tensor<2xcomplex<f32>>
  check.expect_eq_const %fmax, dense<[(1.0, 2.0), (3.0, -1.0)]> : tensor<2xcomplex<f32>>
  func.return
}

// -----

func.func @complex_functions() {
  %x = stablehlo.constant dense<(1.0, 2.0)> : tensor<complex<f64>>
  %l = stablehlo.logistic %x : tensor<complex<f64>>
  check.expect_almost_eq_const %l, dense<(1.02141536417218054, 0.40343870608154248)> : tensor<complex<f64>>
  %y = stablehlo.constant dense<[(1.0, 0.0), (-1.0, 0.0)]> : tensor<2xcomplex<f64>>
  %z = stablehlo.constant dense<[(0.0, 0.0), (0.0, 0.0)]> : tensor<2xcomplex<f64>>
  %t = stablehlo.atan2 %y, %z : tensor<2xcomplex<f64>>
  check.expect_almost_eq_const %t, dense<[(1.5707963267948966, -0.0), (-1.5707963267948966, 0.0)]> : tensor<2xcomplex<f64>>
  %c = stablehlo.constant dense<[(3.0, 4.0), (8.0, 0.0)]> : tensor<2xcomplex<f64>>
  %r = stablehlo.cbrt %c : tensor<2xcomplex<f64>>
  check.expect_almost_eq_const %r, dense<[(1.6289371459221759, 0.5201745023045458), (2.0, 0.0)]> : tensor<2xcomplex<f64>>
  %cf = stablehlo.constant dense<(3.0, 4.0)> : tensor<complex<f32>>
  %rf = stablehlo.cbrt %cf : tensor<complex<f32>>
  check.expect_almost_eq_const %rf, dense<(1.62893715, 0.520174502)> : tensor<complex<f32>>
  func.return
}
