// RUN: split-file %s %t
// RUN: oxla-interpret %t/ops.mlir
// RUN: oxla-interpret %t/out-of-range.mlir; test $? -eq 2
// RUN: not oxla-interpret %t/out-of-range.mlir 2>&1 | FileCheck %s
// CHECK: out-of-range.mlir:4:8: error: an index is out of range of dimension 0

// Ops that the spec no longer has but exports still carry, and async_start/done.
//--- ops.mlir
func.func @main() {
  %operand = stablehlo.constant dense<[[1, 2, 3], [4, 5, 6], [7, 8, 9]]> : tensor<3x3xi32>
  %index = stablehlo.constant dense<[2, 0]> : tensor<2xi32>
  %rows = "stablehlo.torch_index_select"(%operand, %index) {dim = 0 : i64, batch_dims = 0 : i64} : (tensor<3x3xi32>, tensor<2xi32>) -> tensor<2x3xi32>
  check.expect_eq_const %rows, dense<[[7, 8, 9], [1, 2, 3]]> : tensor<2x3xi32>
  %cols = "stablehlo.torch_index_select"(%operand, %index) {dim = 1 : i64, batch_dims = 0 : i64} : (tensor<3x3xi32>, tensor<2xi32>) -> tensor<3x2xi32>
  check.expect_eq_const %cols, dense<[[3, 1], [6, 4], [9, 7]]> : tensor<3x2xi32>
  %bindex = stablehlo.constant dense<[[1], [2], [0]]> : tensor<3x1xi32>
  %batched = "stablehlo.torch_index_select"(%operand, %bindex) {dim = 1 : i64, batch_dims = 1 : i64} : (tensor<3x3xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
  check.expect_eq_const %batched, dense<[[2], [6], [7]]> : tensor<3x1xi32>
  %t = "stablehlo.create_token"() : () -> !stablehlo.token
  %f = "stablehlo.async_start"(%operand) ({
  ^bb0(%x: tensor<3x3xi32>):
    %y = stablehlo.add %x, %x : tensor<3x3xi32>
    stablehlo.return %y : tensor<3x3xi32>
  }) : (tensor<3x3xi32>) -> !stablehlo.future<tensor<3x3xi32>>
  %r = "stablehlo.async_done"(%f) : (!stablehlo.future<tensor<3x3xi32>>) -> tensor<3x3xi32>
  check.expect_eq_const %r, dense<[[2, 4, 6], [8, 10, 12], [14, 16, 18]]> : tensor<3x3xi32>
  return
}
//--- out-of-range.mlir
func.func @main() -> tensor<1x2xi32> {
  %operand = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %index = stablehlo.constant dense<[2]> : tensor<1xi32>
  %0 = "stablehlo.torch_index_select"(%operand, %index) {dim = 0 : i64, batch_dims = 0 : i64} : (tensor<2x2xi32>, tensor<1xi32>) -> tensor<1x2xi32>
  return %0 : tensor<1x2xi32>
}
