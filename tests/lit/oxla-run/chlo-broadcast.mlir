// chlo's implicitly broadcasting ops, interpreted and compiled, against
// values worked out by hand.
// RUN: oxla-interpret %s
// RUN: oxla-run %s
// The interpreter's reference run of oxla-run decomposes them too.
// RUN: oxla-run %s --entry arguments --random-inputs --check-with-interpreter

func.func public @main() {
  %v = stablehlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %m = stablehlo.constant dense<[[10.0, 20.0, 30.0, 40.0], [50.0, 60.0, 70.0, 80.0], [90.0, 100.0, 110.0, 120.0]]> : tensor<3x4xf32>
  // numpy: the vector is added to every row.
  %add = chlo.broadcast_add %v, %m : (tensor<4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
  check.expect_eq_const %add, dense<[[11.0, 22.0, 33.0, 44.0], [51.0, 62.0, 73.0, 84.0], [91.0, 102.0, 113.0, 124.0]]> : tensor<3x4xf32>
  // broadcast_dimensions = [0]: one value per row.
  %c = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %sub = chlo.broadcast_subtract %m, %c {broadcast_dimensions = array<i64: 0>} : (tensor<3x4xf32>, tensor<3xf32>) -> tensor<3x4xf32>
  check.expect_eq_const %sub, dense<[[9.0, 19.0, 29.0, 39.0], [48.0, 58.0, 68.0, 78.0], [87.0, 97.0, 107.0, 117.0]]> : tensor<3x4xf32>
  // Both operands stretch their size-1 dimension: an outer "product".
  %a = stablehlo.constant dense<[[1], [2], [3]]> : tensor<3x1xi32>
  %b = stablehlo.constant dense<[[0, 1, 2, 3]]> : tensor<1x4xi32>
  %shl = chlo.broadcast_shift_left %a, %b : (tensor<3x1xi32>, tensor<1x4xi32>) -> tensor<3x4xi32>
  check.expect_eq_const %shl, dense<[[1, 2, 4, 8], [2, 4, 8, 16], [3, 6, 12, 24]]> : tensor<3x4xi32>
  // A scalar threshold: compare, then select against the scalar.
  %x = stablehlo.constant dense<[[1.0, 2.0, 3.0], [4.0, 0.0, 5.0]]> : tensor<2x3xf32>
  %t = stablehlo.constant dense<2.5> : tensor<f32>
  %gt = chlo.broadcast_compare %x, %t {comparison_direction = #chlo<comparison_direction GT>} : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xi1>
  check.expect_eq_const %gt, dense<[[false, false, true], [true, false, true]]> : tensor<2x3xi1>
  %sel = chlo.broadcast_select %gt, %x, %t : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  check.expect_eq_const %sel, dense<[[2.5, 2.5, 3.0], [4.0, 2.5, 5.0]]> : tensor<2x3xf32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %n = stablehlo.constant dense<[1, -2, 3]> : tensor<3xi32>
  %max = chlo.broadcast_maximum %n, %zero : (tensor<3xi32>, tensor<i32>) -> tensor<3xi32>
  check.expect_eq_const %max, dense<[1, 0, 3]> : tensor<3xi32>
  // Constants.
  %k = chlo.constant dense<[5, 6]> : tensor<2xi32>
  check.expect_eq_const %k, dense<[5, 6]> : tensor<2xi32>
  %like = "chlo.constant_like"(%x) <{value = -1.5 : f32}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
  check.expect_eq_const %like, dense<-1.5> : tensor<2x3xf32>
  return
}

func.func public @arguments(%m: tensor<3x4xf32>, %c: tensor<3xf32>, %s: tensor<f32>) -> (tensor<3x4xf32>, tensor<3x4xi1>) {
  %0 = chlo.broadcast_multiply %m, %c {broadcast_dimensions = array<i64: 0>} : (tensor<3x4xf32>, tensor<3xf32>) -> tensor<3x4xf32>
  %1 = chlo.broadcast_compare %0, %s {comparison_direction = #chlo<comparison_direction LT>} : (tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xi1>
  return %0, %1 : tensor<3x4xf32>, tensor<3x4xi1>
}
