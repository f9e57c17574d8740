// Dynamic ops take their shapes from operand values; composite runs its
// decomposition.
// RUN: split-file %s %t
// RUN: oxla-interpret %t/ops.mlir --input=3xi64=1,2,3 --print-results | FileCheck %s
// RUN: not oxla-interpret %t/bad-reshape.mlir 2>&1 | FileCheck %s --check-prefix=RESHAPE
// RUN: oxla-interpret %t/bad-reshape.mlir; test $? -eq 2

// CHECK: EXEC @main
// CHECK-NEXT: 2x3xi64=[1 2 3][1 2 3]
// CHECK-NEXT: 3x1xi64=[1][2][3]
// CHECK-NEXT: 2x2xf32=[0 0][1 1]
// CHECK-NEXT: 5xi64=[0 0 1 2 0]
// CHECK-NEXT: 2xi64=[2 3]
// CHECK-NEXT: i32=3
// CHECK-NEXT: 3xi64=[3 4 5]
// A function with `?` in its signature is checked before it runs (its
// shapes refined for the arguments): the constant shape operand makes the
// reshape's result 4 elements, which the verifier rejects at the op.
// RESHAPE: bad-reshape.mlir:4:8: error: 'stablehlo.dynamic_reshape' op (C2) requires a result of 3 elements (as many as the operand), but got 4

//--- ops.mlir
func.func private @add_two(%x: tensor<?xi64>) -> tensor<3xi64> {
  %two = stablehlo.constant dense<2> : tensor<3xi64>
  %c = tensor.cast %x : tensor<?xi64> to tensor<3xi64>
  %y = stablehlo.add %c, %two : tensor<3xi64>
  func.return %y : tensor<3xi64>
}
func.func public @main(%x: tensor<3xi64>) -> (tensor<?x?xi64>, tensor<?x?xi64>, tensor<?x?xf32>, tensor<?xi64>, tensor<?xi64>, tensor<i32>, tensor<3xi64>) {
  %s23 = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %b = stablehlo.dynamic_broadcast_in_dim %x, %s23, dims = [1] : (tensor<3xi64>, tensor<2xi64>) -> tensor<?x?xi64>
  %s31 = stablehlo.constant dense<[3, 1]> : tensor<2xi64>
  %r = stablehlo.dynamic_reshape %x, %s31 : (tensor<3xi64>, tensor<2xi64>) -> tensor<?x?xi64>
  %s22 = stablehlo.constant dense<[2, 2]> : tensor<2xi64>
  %i = stablehlo.dynamic_iota %s22, dim = 0 : (tensor<2xi64>) -> tensor<?x?xf32>
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %lo = stablehlo.constant dense<[1]> : tensor<1xi64>
  %hi = stablehlo.constant dense<[1]> : tensor<1xi64>
  %in = stablehlo.constant dense<[0]> : tensor<1xi64>
  %iota = stablehlo.iota dim = 0 : tensor<3xi64>
  %p = stablehlo.dynamic_pad %iota, %zero, %lo, %hi, %in : (tensor<3xi64>, tensor<i64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xi64>
  %start = stablehlo.constant dense<[1]> : tensor<1xi64>
  %limit = stablehlo.constant dense<[3]> : tensor<1xi64>
  %stride = stablehlo.constant dense<[1]> : tensor<1xi64>
  %sl = stablehlo.real_dynamic_slice %x, %start, %limit, %stride : (tensor<3xi64>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xi64>
  %n = stablehlo.get_dimension_size %x, dim = 0 : (tensor<3xi64>) -> tensor<i32>
  %xd = tensor.cast %x : tensor<3xi64> to tensor<?xi64>
  %c = stablehlo.composite "my.add_two" %xd {decomposition = @add_two} : (tensor<?xi64>) -> tensor<3xi64>
  func.return %b, %r, %i, %p, %sl, %n, %c : tensor<?x?xi64>, tensor<?x?xi64>, tensor<?x?xf32>, tensor<?xi64>, tensor<?xi64>, tensor<i32>, tensor<3xi64>
}
//--- bad-reshape.mlir
func.func public @main() -> tensor<?xi64> {
  %x = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi64>
  %s = stablehlo.constant dense<[4]> : tensor<1xi64>
  %r = stablehlo.dynamic_reshape %x, %s : (tensor<3xi64>, tensor<1xi64>) -> tensor<?xi64>
  func.return %r : tensor<?xi64>
}
