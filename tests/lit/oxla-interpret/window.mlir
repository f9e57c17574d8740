// reduce_window and select_and_scatter on small hand-checked cases.
// RUN: split-file %s %t
// RUN: oxla-interpret %t/checks.mlir
// RUN: oxla-interpret %t/unsupported.mlir; test $? -eq 3
// RUN: not oxla-interpret %t/unsupported.mlir 2>&1 | FileCheck %s --check-prefix=UNSUP

// UNSUP: unsupported.mlir:7:12: error: unsupported: custom_call target 'my.kernel'
// UNSUP-NOT: error

//--- checks.mlir
func.func public @main() {
  // The spec's example: base and window dilation with padding.
  %x = stablehlo.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi64>
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %r0 = "stablehlo.reduce_window"(%x, %zero) ({
    ^bb0(%a: tensor<i64>, %b: tensor<i64>):
      %s = stablehlo.add %a, %b : tensor<i64>
      stablehlo.return %s : tensor<i64>
  }) {
    base_dilations = array<i64: 2, 1>,
    padding = dense<[[2, 1], [0, 0]]> : tensor<2x2xi64>,
    window_dilations = array<i64: 3, 1>,
    window_dimensions = array<i64: 2, 1>,
    window_strides = array<i64: 4, 1>
  } : (tensor<3x2xi64>, tensor<i64>) -> tensor<2x2xi64>
  check.expect_eq_const %r0, dense<[[0, 0], [3, 4]]> : tensor<2x2xi64>

  // Padding holds the init value, and each window starts from it too:
  // padded [10, 1, 2, 3] gives 10+10+1, 10+1+2, 10+2+3.
  %v = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %ten = stablehlo.constant dense<10> : tensor<i32>
  %r1 = "stablehlo.reduce_window"(%v, %ten) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %s = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %s : tensor<i32>
  }) {
    padding = dense<[[1, 0]]> : tensor<1x2xi64>,
    window_dimensions = array<i64: 2>
  } : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  check.expect_eq_const %r1, dense<[21, 13, 15]> : tensor<3xi32>

  // Negative padding crops: [2, 3, 4] in windows of 2.
  %w = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %i0 = stablehlo.constant dense<0> : tensor<i32>
  %r2 = "stablehlo.reduce_window"(%w, %i0) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %s = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %s : tensor<i32>
  }) {
    padding = dense<[[-1, 0]]> : tensor<1x2xi64>,
    window_dimensions = array<i64: 2>,
    window_strides = array<i64: 1>
  } : (tensor<4xi32>, tensor<i32>) -> tensor<2xi32>
  check.expect_eq_const %r2, dense<[5, 7]> : tensor<2xi32>

  // The fold visits the window in row-major order: acc * 10 + element.
  %m = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %r3 = "stablehlo.reduce_window"(%m, %i0) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %c10 = stablehlo.constant dense<10> : tensor<i32>
      %p = stablehlo.multiply %a, %c10 : tensor<i32>
      %s = stablehlo.add %p, %b : tensor<i32>
      stablehlo.return %s : tensor<i32>
  }) {
    window_dimensions = array<i64: 2, 2>
  } : (tensor<2x2xi32>, tensor<i32>) -> tensor<1x1xi32>
  check.expect_eq_const %r3, dense<1234> : tensor<1x1xi32>

  // Two inputs: a windowed argmax (the first maximum wins).
  %vals = stablehlo.constant dense<[3, 1, 4, 4, 5]> : tensor<5xi32>
  %idx = stablehlo.constant dense<[0, 1, 2, 3, 4]> : tensor<5xi32>
  %lowest = stablehlo.constant dense<-100> : tensor<i32>
  %none = stablehlo.constant dense<-1> : tensor<i32>
  %mv, %mi = "stablehlo.reduce_window"(%vals, %idx, %lowest, %none) ({
    ^bb0(%av: tensor<i32>, %ai: tensor<i32>, %bv: tensor<i32>, %bi: tensor<i32>):
      %gt = stablehlo.compare GT, %bv, %av : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %nv = stablehlo.select %gt, %bv, %av : tensor<i1>, tensor<i32>
      %ni = stablehlo.select %gt, %bi, %ai : tensor<i1>, tensor<i32>
      stablehlo.return %nv, %ni : tensor<i32>, tensor<i32>
  }) {
    window_dimensions = array<i64: 3>
  } : (tensor<5xi32>, tensor<5xi32>, tensor<i32>, tensor<i32>) -> (tensor<3xi32>, tensor<3xi32>)
  check.expect_eq_const %mv, dense<[4, 4, 5]> : tensor<3xi32>
  check.expect_eq_const %mi, dense<[2, 2, 4]> : tensor<3xi32>

  // A window larger than the input gives an empty result.
  %r4 = "stablehlo.reduce_window"(%v, %i0) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %s = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %s : tensor<i32>
  }) {
    window_dimensions = array<i64: 4>
  } : (tensor<3xi32>, tensor<i32>) -> tensor<0xi32>
  check.expect_eq_const %r4, dense<> : tensor<0xi32>

  // f32 max pooling with -inf padding.
  %f = stablehlo.constant dense<[[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]]> : tensor<2x3xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %r5 = "stablehlo.reduce_window"(%f, %ninf) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.maximum %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {
    padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>,
    window_dimensions = array<i64: 2, 2>,
    window_strides = array<i64: 1, 2>
  } : (tensor<2x3xf32>, tensor<f32>) -> tensor<1x2xf32>
  check.expect_eq_const %r5, dense<[[4.0, 5.0]]> : tensor<1x2xf32>

  // The spec's select_and_scatter example.
  %op = stablehlo.constant dense<[[1, 5], [2, 5], [3, 6], [4, 4]]> : tensor<4x2xi32>
  %src = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi32>
  %s0 = "stablehlo.select_and_scatter"(%op, %src, %i0) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %ge = stablehlo.compare GE, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %ge : tensor<i1>
  }, {
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %s = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %s : tensor<i32>
  }) {
    window_dimensions = array<i64: 3, 1>,
    window_strides = array<i64: 2, 1>,
    padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>
  } : (tensor<4x2xi32>, tensor<2x2xi32>, tensor<i32>) -> tensor<4x2xi32>
  check.expect_eq_const %s0, dense<[[0, 0], [0, 0], [5, 14], [7, 0]]> : tensor<4x2xi32>

  // Ties: GE keeps the first candidate, GT moves to the later one.
  %tie = stablehlo.constant dense<[3, 3, 1, 1]> : tensor<4xi32>
  %ts = stablehlo.constant dense<[1, 2, 4]> : tensor<3xi32>
  %s1 = "stablehlo.select_and_scatter"(%tie, %ts, %i0) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %ge = stablehlo.compare GE, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %ge : tensor<i1>
  }, {
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %s = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %s : tensor<i32>
  }) {
    window_dimensions = array<i64: 2>
  } : (tensor<4xi32>, tensor<3xi32>, tensor<i32>) -> tensor<4xi32>
  check.expect_eq_const %s1, dense<[1, 2, 4, 0]> : tensor<4xi32>
  %s2 = "stablehlo.select_and_scatter"(%tie, %ts, %i0) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %gt = stablehlo.compare GT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %gt : tensor<i1>
  }, {
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %s = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %s : tensor<i32>
  }) {
    window_dimensions = array<i64: 2>
  } : (tensor<4xi32>, tensor<3xi32>, tensor<i32>) -> tensor<4xi32>
  check.expect_eq_const %s2, dense<[0, 3, 0, 4]> : tensor<4xi32>

  // Padding is never selected; a window of padding only scatters nothing.
  %one = stablehlo.constant dense<[5]> : tensor<1xi32>
  %ps = stablehlo.constant dense<[7, 9]> : tensor<2xi32>
  %s3 = "stablehlo.select_and_scatter"(%one, %ps, %i0) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %ge = stablehlo.compare GE, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %ge : tensor<i1>
  }, {
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %s = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %s : tensor<i32>
  }) {
    window_dimensions = array<i64: 2>,
    padding = dense<[[2, 0]]> : tensor<1x2xi64>
  } : (tensor<1xi32>, tensor<2xi32>, tensor<i32>) -> tensor<1xi32>
  check.expect_eq_const %s3, dense<[9]> : tensor<1xi32>
  return
}
//--- unsupported.mlir
func.func public @main() {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %r = "stablehlo.reduce_window"(%x, %zero) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      // A failure inside the body stops the op.
      %s = stablehlo.custom_call @my.kernel(%a, %b) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      stablehlo.return %s : tensor<i32>
  }) {
    window_dimensions = array<i64: 2>
  } : (tensor<3xi32>, tensor<i32>) -> tensor<2xi32>
  return
}
