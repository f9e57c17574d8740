// A tf.aliasing_output naming a result of another type is invalid input
// (exit 2), with the argument and the two types named.
// RUN: not oxla-compile %s -o %t.so 2>&1 | FileCheck %s
// RUN: oxla-compile %s -o %t.so 2>/dev/null; test $? -eq 2
// CHECK: donation-invalid.mlir:[[#@LINE+1]]:1: error: argument #0 has tf.aliasing_output = 0, but it is 'tensor<4xf32>' and result #0 is 'tensor<8xf32>'
func.func @main(%p: tensor<4xf32> {tf.aliasing_output = 0 : i32}) -> tensor<8xf32> {
  %c = stablehlo.concatenate %p, %p, dim = 0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
  return %c : tensor<8xf32>
}
