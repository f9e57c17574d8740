// A .npy bool array whose bytes are other than 0 and 1 (NumPy reads any
// nonzero byte as True) reads as true where nonzero: `not` gives false for
// it, and compiled code agrees with the interpreter.
// RUN: %python -c "import numpy; numpy.save('%t.npy', numpy.frombuffer(bytes([0, 10, 1, 128]), dtype=numpy.bool_))"
// RUN: oxla-interpret %s --input @%t.npy --print-results | FileCheck %s
// RUN: oxla-run %s --input @%t.npy --print-results --check-with-interpreter | FileCheck %s
// CHECK: 4xi1=[true false false false]
// CHECK-NEXT: 4xi1=[false true true true]

func.func @main(%a: tensor<4xi1>) -> (tensor<4xi1>, tensor<4xi1>) {
  %0 = stablehlo.not %a : tensor<4xi1>
  return %0, %a : tensor<4xi1>, tensor<4xi1>
}
