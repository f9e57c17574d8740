// An op whose result the memory cannot hold stops the run at the op, with
// the bytes asked for: a runtime error, exit 1 (docs/errors.md "Memory").
// RUN: oxla-interpret %s --input f32=1 > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s < %t.out
// CHECK: out-of-memory.mlir:[[# @LINE + 3]]:8: error: out of memory: cannot allocate 562949953421312 bytes for a result of type tensor<70368744177664x2xf32>

func.func @main(%a: tensor<f32>) -> tensor<f32> {
  %b = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<70368744177664x2xf32>
  %c = stablehlo.exponential %b : tensor<70368744177664x2xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%c init: %zero) applies stablehlo.add across dimensions = [0, 1] : (tensor<70368744177664x2xf32>, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}
