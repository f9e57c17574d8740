// RUN: oxla-opt %s -split-input-file -verify-diagnostics

func.func @case0(%x: tensor<4x8xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{(C3) requires as many inputs, init_values and results}}
  %0:2 = "stablehlo.reduce"(%x, %c) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      "stablehlo.return"(%a) : (tensor<f32>) -> ()
    }) {dimensions = array<i64: 1>} : (tensor<4x8xf32>, tensor<f32>) -> (tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

func.func @case1(%x: tensor<4x8xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{(C2) requires init value element type to be the input's}}
  %0 = stablehlo.reduce(%x init: %ci) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<i32>) -> tensor<4xi32>
  return
}

// -----

func.func @case2(%x: tensor<4x8xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{(C4) requires dimensions in [0, 2), but got 2}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [2] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return
}

// -----

func.func @case3(%x: tensor<4x8xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{(C5) requires unique dimensions, but 1 appears twice}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return
}

// -----

func.func @case4(%x: tensor<4x8xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{(C6) requires body result 0 of type}}
  %0 = "stablehlo.reduce"(%x, %c) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %1 = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
      "stablehlo.return"(%1) : (tensor<i1>) -> ()
    }) {dimensions = array<i64: 1>} : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return
}

// -----

func.func @case5(%x: tensor<4x8xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{(C7) requires result 0 of shape [4], but got 'tensor<8xf32>'}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
  return
}

// -----

func.func @case6(%x: tensor<4x8xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{(C8) requires result 0 element type 'f32'}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf64>
  return
}

// -----

func.func @case7(%x: tensor<4x8xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{(C4) requires window_dimensions of size 2, but got 1}}
  %0 = "stablehlo.reduce_window"(%x, %c) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      "stablehlo.return"(%a) : (tensor<f32>) -> ()
    }) {window_dimensions = array<i64: 2>} : (tensor<4x8xf32>, tensor<f32>) -> tensor<3x8xf32>
  return
}

// -----

func.func @case8(%x: tensor<4x8xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{(C7) requires positive window_strides, but got 0}}
  %0 = "stablehlo.reduce_window"(%x, %c) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      "stablehlo.return"(%a) : (tensor<f32>) -> ()
    }) {window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 0, 1>} : (tensor<4x8xf32>, tensor<f32>) -> tensor<3x8xf32>
  return
}

// -----

func.func @case9(%x: tensor<4x8xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{(C12) requires padding of shape [2, 2]}}
  %0 = "stablehlo.reduce_window"(%x, %c) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      "stablehlo.return"(%a) : (tensor<f32>) -> ()
    }) {window_dimensions = array<i64: 2, 1>, padding = dense<0> : tensor<1x2xi64>} : (tensor<4x8xf32>, tensor<f32>) -> tensor<3x8xf32>
  return
}

// -----

func.func @case10(%x: tensor<4x8xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{(C15) requires result 0 of shape [3, 8] (the number of windows)}}
  %0 = "stablehlo.reduce_window"(%x, %c) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      "stablehlo.return"(%a) : (tensor<f32>) -> ()
    }) {window_dimensions = array<i64: 2, 1>} : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @case11(%x: tensor<4x8xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{(C2) requires source of shape [2, 4] (the number of windows)}}
  %0 = "stablehlo.select_and_scatter"(%x, %x, %c) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %1 = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
      "stablehlo.return"(%1) : (tensor<i1>) -> ()
    }, {
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      "stablehlo.return"(%a) : (tensor<f32>) -> ()
    }) {window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 2, 2>} : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @case12(%x: tensor<4x8xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{(C9) requires select of type}}
  %0 = "stablehlo.select_and_scatter"(%x, %x, %c) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      "stablehlo.return"(%a) : (tensor<f32>) -> ()
    }, {
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      "stablehlo.return"(%a) : (tensor<f32>) -> ()
    }) {window_dimensions = array<i64: 1, 1>} : (tensor<4x8xf32>, tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @case13(%x: tensor<4x8xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{(C4) requires dimension in [-2, 2), but got 2}}
  %0 = "stablehlo.sort"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %1 = stablehlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
      "stablehlo.return"(%1) : (tensor<i1>) -> ()
    }) {dimension = 2 : i64} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @case14(%x: tensor<4x8xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{(C5) requires the comparator to return one tensor<i1>}}
  %0 = "stablehlo.sort"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      "stablehlo.return"(%a) : (tensor<f32>) -> ()
    }) {dimension = 0 : i64} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @case15(%x: tensor<4x8xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{(C3) requires dimensions = [0, ..., 1], but got [1, 0]}}
  %0 = "stablehlo.map"(%x) ({
    ^bb0(%a: tensor<f32>):
      "stablehlo.return"(%a) : (tensor<f32>) -> ()
    }) {dimensions = array<i64: 1, 0>} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

// -----

func.func @case16(%x: tensor<4x8xf32>, %c: tensor<f32>, %ci: tensor<i32>) {
  // expected-error @+1 {{(C4) requires computation argument 0 of type 'tensor<f32>'}}
  %0 = "stablehlo.map"(%x) ({
    ^bb0(%a: tensor<i32>):
      %1 = stablehlo.convert %a : (tensor<i32>) -> tensor<f32>
      "stablehlo.return"(%1) : (tensor<f32>) -> ()
    }) {dimensions = array<i64: 0, 1>} : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return
}

// -----

// Window sizes are computed with overflow checks: a padding or dilation so
// large that the padded size does not fit in 64 bits is an error, not a
// wrapped (and accepted) number of windows.
func.func @reduce_window_overflow(%x: tensor<5xf32>, %c: tensor<f32>) -> tensor<?xf32> {
  // expected-error @+1 {{(C15) the windows of dimension 0 (size 5, window 2, padding [9223372036854775807, 9223372036854775807], dilations 1 and 1) have sizes that overflow a 64-bit integer}}
  %0 = "stablehlo.reduce_window"(%x, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) {window_dimensions = array<i64: 2>, padding = dense<[[9223372036854775807, 9223372036854775807]]> : tensor<1x2xi64>} : (tensor<5xf32>, tensor<f32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @select_and_scatter_overflow(%x: tensor<5xf32>, %s: tensor<?xf32>, %c: tensor<f32>) -> tensor<5xf32> {
  // expected-error @+1 {{(C2) the windows of dimension 0 (size 5, window 2, padding [9223372036854775807, 1], dilations 1 and 1) have sizes that overflow a 64-bit integer}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %sum = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %sum : tensor<f32>
  }) {window_dimensions = array<i64: 2>, padding = dense<[[9223372036854775807, 1]]> : tensor<1x2xi64>} : (tensor<5xf32>, tensor<?xf32>, tensor<f32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}
