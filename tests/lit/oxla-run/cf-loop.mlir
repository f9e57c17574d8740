// A loop written with cf.br between the blocks of a function (as some
// exporters write it) is lifted to scf.while before bufferization.
// RUN: oxla-run %s --input i64=5 --print-results --check-with-interpreter | FileCheck %s
// CHECK: EXEC @main
// CHECK-NEXT: i64=32
// CHECK-NEXT: 3xf32=[32 32 32]

func.func @main(%n: tensor<i64>) -> (tensor<i64>, tensor<3xf32>) {
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %x = stablehlo.constant dense<1.0> : tensor<3xf32>
  %p = stablehlo.constant dense<1> : tensor<i64>
  cf.br ^loop(%zero, %p, %x : tensor<i64>, tensor<i64>, tensor<3xf32>)
^loop(%i: tensor<i64>, %acc: tensor<i64>, %v: tensor<3xf32>):
  %more = stablehlo.compare LT, %i, %n : (tensor<i64>, tensor<i64>) -> tensor<i1>
  %c = tensor.extract %more[] : tensor<i1>
  cf.cond_br %c, ^body(%i, %acc, %v : tensor<i64>, tensor<i64>, tensor<3xf32>), ^exit(%acc, %v : tensor<i64>, tensor<3xf32>)
^body(%j: tensor<i64>, %a: tensor<i64>, %w: tensor<3xf32>):
  %next = stablehlo.add %j, %one : tensor<i64>
  %doubled = stablehlo.add %a, %a : tensor<i64>
  %w2 = stablehlo.add %w, %w : tensor<3xf32>
  cf.br ^loop(%next, %doubled, %w2 : tensor<i64>, tensor<i64>, tensor<3xf32>)
^exit(%r: tensor<i64>, %rv: tensor<3xf32>):
  return %r, %rv : tensor<i64>, tensor<3xf32>
}
