// The sizes a shape operand gives are checked like every size from outside
// the program (docs/errors.md, "Sizes"): a negative one, or a shape whose
// bytes do not fit in 64 bits, is invalid input at the op (exit 2), not an
// out-of-memory stop without a location.
// RUN: oxla-interpret %s --input f32=1 --input 2xi64=4294967296,4294967296 > %t.out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=BROADCAST < %t.out
// BROADCAST: shape-operand-sizes.mlir:[[# @LINE + 10]]:8: error: the shape operand [4294967296, 4294967296] gives a result with more bytes than a 64-bit size holds
// RUN: oxla-interpret %s --input f32=1 --input 2xi64=-1,3 > %t.out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=NEGATIVE < %t.out
// NEGATIVE: shape-operand-sizes.mlir:[[# @LINE + 7]]:8: error: negative dimension size -1 in a shape operand
// A size that fits but cannot be had is a runtime error (exit 1).
// RUN: oxla-interpret %s --input f32=1 --input 2xi64=1099511627776,1024 > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=MEMORY < %t.out
// MEMORY: error: out of memory: cannot allocate 4503599627370496 bytes

func.func @main(%a: tensor<f32>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %0 = stablehlo.dynamic_broadcast_in_dim %a, %s, dims = [] : (tensor<f32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
