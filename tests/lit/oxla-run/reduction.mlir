// RUN: oxla-run %s
// Each function checks its own results; exit 0 means every check passed.

func.func @reduce_sum_rows() {
  %x = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %rows = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32>
  %cols = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2x3xi32>, tensor<i32>) -> tensor<3xi32>
  %all = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<i32>
  check.expect_eq_const %rows, dense<[6, 15]> : tensor<2xi32>
  check.expect_eq_const %cols, dense<[5, 7, 9]> : tensor<3xi32>
  check.expect_eq_const %all, dense<21> : tensor<i32>
  func.return
}

// Unsigned maximum: 200 is larger than 100 as ui8.
func.func @reduce_max_unsigned() {
  %x = stablehlo.constant dense<[100, 200, 7]> : tensor<3xui8>
  %init = stablehlo.constant dense<0> : tensor<ui8>
  %0 = stablehlo.reduce(%x init: %init) applies stablehlo.maximum across dimensions = [0] : (tensor<3xui8>, tensor<ui8>) -> tensor<ui8>
  check.expect_eq_const %0, dense<200> : tensor<ui8>
  func.return
}

// bf16 folds left to right, rounding each step: 256 + 1 + 1 stays 256
// (a pairwise order would give 258).
func.func @reduce_bf16_order() {
  %x = stablehlo.constant dense<[256.0, 1.0, 1.0]> : tensor<3xbf16>
  %init = stablehlo.constant dense<0.0> : tensor<bf16>
  %0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [0] : (tensor<3xbf16>, tensor<bf16>) -> tensor<bf16>
  check.expect_eq_const %0, dense<256.0> : tensor<bf16>
  func.return
}

// Variadic reduce: argmax with ties going to the first index.
func.func @reduce_argmax() {
  %v = stablehlo.constant dense<[[1.0, 7.0, 7.0, 2.0], [9.0, 0.0, 9.0, 3.0]]> : tensor<2x4xf32>
  %i = stablehlo.constant dense<[[0, 1, 2, 3], [0, 1, 2, 3]]> : tensor<2x4xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.reduce(%v init: %ninf), (%i init: %zero) across dimensions = [1] : (tensor<2x4xf32>, tensor<2x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>)
    reducer(%a: tensor<f32>, %b: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>) {
      %gt = stablehlo.compare GT, %b, %a : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %m = stablehlo.select %gt, %b, %a : tensor<i1>, tensor<f32>
      %mi = stablehlo.select %gt, %bi, %ai : tensor<i1>, tensor<i32>
      stablehlo.return %m, %mi : tensor<f32>, tensor<i32>
    }
  check.expect_almost_eq_const %0#0, dense<[7.0, 9.0]> : tensor<2xf32>
  check.expect_eq_const %0#1, dense<[1, 0]> : tensor<2xi32>
  func.return
}

func.func @reduce_window_sum() {
  %x = stablehlo.constant dense<[1, 2, 3, 4, 5]> : tensor<5xi32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %0 = "stablehlo.reduce_window"(%x, %zero) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {window_dimensions = array<i64: 2>} : (tensor<5xi32>, tensor<i32>) -> tensor<4xi32>
  check.expect_eq_const %0, dense<[3, 5, 7, 9]> : tensor<4xi32>
  func.return
}

// Base dilation and padding fill with the init value: [10,1,10,2,10,3,10].
func.func @reduce_window_dilated_padded() {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %ten = stablehlo.constant dense<10> : tensor<i32>
  %0 = "stablehlo.reduce_window"(%x, %ten) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {window_dimensions = array<i64: 3>, window_strides = array<i64: 2>,
      base_dilations = array<i64: 2>, padding = dense<[[1, 1]]> : tensor<1x2xi64>}
     : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  check.expect_eq_const %0, dense<[31, 32, 33]> : tensor<3xi32>
  func.return
}

// Window dilation 2 and a negative low padding.
func.func @reduce_window_window_dilation() {
  %x = stablehlo.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %0 = "stablehlo.reduce_window"(%x, %zero) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {window_dimensions = array<i64: 2>, window_dilations = array<i64: 2>} : (tensor<6xi32>, tensor<i32>) -> tensor<4xi32>
  %1 = "stablehlo.reduce_window"(%x, %zero) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>,
      padding = dense<[[-1, 0]]> : tensor<1x2xi64>} : (tensor<6xi32>, tensor<i32>) -> tensor<2xi32>
  check.expect_eq_const %0, dense<[4, 6, 8, 10]> : tensor<4xi32>
  check.expect_eq_const %1, dense<[5, 9]> : tensor<2xi32>
  func.return
}

// 2-D max pool.
func.func @reduce_window_max_2d() {
  %x = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]> : tensor<3x3xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%x, %ninf) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) {window_dimensions = array<i64: 2, 2>} : (tensor<3x3xf32>, tensor<f32>) -> tensor<2x2xf32>
  check.expect_almost_eq_const %0, dense<[[5.0, 6.0], [8.0, 9.0]]> : tensor<2x2xf32>
  func.return
}

// The spec's example.
func.func @select_and_scatter_spec() {
  %operand = stablehlo.constant dense<[[1, 5], [2, 5], [3, 6], [4, 4]]> : tensor<4x2xi32>
  %source = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi32>
  %init = stablehlo.constant dense<0> : tensor<i32>
  %0 = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %c = stablehlo.compare GE, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {window_dimensions = array<i64: 3, 1>, window_strides = array<i64: 2, 1>,
      padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>}
     : (tensor<4x2xi32>, tensor<2x2xi32>, tensor<i32>) -> tensor<4x2xi32>
  check.expect_eq_const %0, dense<[[0, 0], [0, 0], [5, 14], [7, 0]]> : tensor<4x2xi32>
  func.return
}

// Stable two-operand sort on the keys only: equal keys keep their order.
func.func @sort_stable_pairs() {
  %k = stablehlo.constant dense<[3, 1, 2, 1, 3, 0]> : tensor<6xi32>
  %v = stablehlo.constant dense<[0, 1, 2, 3, 4, 5]> : tensor<6xi32>
  %0:2 = "stablehlo.sort"(%k, %v) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = stablehlo.compare LT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<6xi32>, tensor<6xi32>) -> (tensor<6xi32>, tensor<6xi32>)
  check.expect_eq_const %0#0, dense<[0, 1, 1, 2, 3, 3]> : tensor<6xi32>
  check.expect_eq_const %0#1, dense<[5, 1, 3, 2, 0, 4]> : tensor<6xi32>
  func.return
}

// Descending along dimension 0 (given as -2), unsigned keys.
func.func @sort_columns_descending() {
  %x = stablehlo.constant dense<[[1, 250], [200, 3], [7, 9]]> : tensor<3x2xui8>
  %0 = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
    %gt = stablehlo.compare GT, %a, %b : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
    stablehlo.return %gt : tensor<i1>
  }) {dimension = -2 : i64} : (tensor<3x2xui8>) -> tensor<3x2xui8>
  check.expect_eq_const %0, dense<[[200, 250], [7, 9], [1, 3]]> : tensor<3x2xui8>
  func.return
}

func.func @map_two_inputs() {
  %a = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %b = stablehlo.constant dense<[4.0, 5.0, 6.0]> : tensor<3xf32>
  %0 = "stablehlo.map"(%a, %b) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = stablehlo.multiply %x, %y : tensor<f32>
    %two = stablehlo.constant dense<2.0> : tensor<f32>
    %s = stablehlo.add %m, %two : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  check.expect_almost_eq_const %0, dense<[6.0, 12.0, 20.0]> : tensor<3xf32>
  func.return
}

// The spec's example.
func.func @scatter_spec() {
  %input = stablehlo.constant dense<[[[1, 2], [3, 4], [5, 6], [7, 8]],
                                     [[9, 10], [11, 12], [13, 14], [15, 16]],
                                     [[17, 18], [19, 20], [21, 22], [23, 24]]]> : tensor<3x4x2xi32>
  %indices = stablehlo.constant dense<[[[0, 2], [1, 0], [2, 1]], [[0, 1], [1, 0], [2, 0]]]> : tensor<2x3x2xi64>
  %update = stablehlo.constant dense<1> : tensor<2x3x2x2xi32>
  %0 = "stablehlo.scatter"(%input, %indices, %update) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2, 3],
        inserted_window_dims = [0], scatter_dims_to_operand_dims = [1, 0], index_vector_dim = 2>}
     : (tensor<3x4x2xi32>, tensor<2x3x2xi64>, tensor<2x3x2x2xi32>) -> tensor<3x4x2xi32>
  check.expect_eq_const %0, dense<[[[1, 2], [5, 6], [8, 9], [8, 9]],
                                   [[10, 11], [12, 13], [14, 15], [16, 17]],
                                   [[18, 19], [20, 21], [21, 22], [23, 24]]]> : tensor<3x4x2xi32>
  func.return
}

// Replacing scatter; indices -1 and 4 are out of bounds and skipped, the
// repeated index 1 takes the later update.
func.func @scatter_replace_out_of_bounds() {
  %input = stablehlo.constant dense<[0, 0, 0, 0]> : tensor<4xi32>
  %indices = stablehlo.constant dense<[[1], [-1], [4], [1], [3]]> : tensor<5x1xi32>
  %update = stablehlo.constant dense<[10, 20, 30, 40, 50]> : tensor<5xi32>
  %0 = "stablehlo.scatter"(%input, %indices, %update) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    stablehlo.return %b : tensor<i32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0],
        scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}
     : (tensor<4xi32>, tensor<5x1xi32>, tensor<5xi32>) -> tensor<4xi32>
  check.expect_eq_const %0, dense<[0, 40, 0, 50]> : tensor<4xi32>
  func.return
}

// A window that runs past the end is skipped as a whole element by element:
// only its in-bounds elements land (as the interpreter does).
func.func @scatter_window_partly_out() {
  %input = stablehlo.constant dense<[1, 1, 1, 1]> : tensor<4xi32>
  %indices = stablehlo.constant dense<[3]> : tensor<1xui32>
  %update = stablehlo.constant dense<[[5, 7]]> : tensor<1x2xi32>
  %0 = "stablehlo.scatter"(%input, %indices, %update) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.multiply %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1],
        scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}
     : (tensor<4xi32>, tensor<1xui32>, tensor<1x2xi32>) -> tensor<4xi32>
  check.expect_eq_const %0, dense<[1, 1, 1, 5]> : tensor<4xi32>
  func.return
}
