// chlo.scan compiled (as a stablehlo.while) agrees with the interpreter on
// random inputs: several inputs and carries, a non-zero dimension, reversed,
// floats (each split runs separately).
// RUN: oxla-run %s --split-input-file --random-inputs --check-with-interpreter --print-results | FileCheck %s
// CHECK: EXEC @main
// CHECK-NEXT: 3x5xf32=
// CHECK-NEXT: 3x5xi32=
// CHECK-NEXT: 3xf32=
// CHECK: EXEC @main
// CHECK-NEXT: 4x2xf64=
// CHECK-NEXT: 2xf64=

// Running maximum along dimension 1 with the position where it was reached.
func.func @main(%x: tensor<3x5xf32>) -> (tensor<3x5xf32>, tensor<3x5xi32>, tensor<3xf32>) {
  %iota = stablehlo.iota dim = 1 : tensor<3x5xi32>
  %lowest = stablehlo.constant dense<0xFF800000> : tensor<3xf32>
  %first = stablehlo.constant dense<0> : tensor<3xi32>
  %0:4 = chlo.scan(%x, %iota) inits(%lowest, %first) dimension=1 {
  ^bb0(%v: tensor<3xf32>, %i: tensor<3xi32>, %best: tensor<3xf32>, %at: tensor<3xi32>):
    %gt = stablehlo.compare GT, %v, %best : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
    %nb = stablehlo.select %gt, %v, %best : tensor<3xi1>, tensor<3xf32>
    %na = stablehlo.select %gt, %i, %at : tensor<3xi1>, tensor<3xi32>
    stablehlo.return %nb, %na, %nb, %na : tensor<3xf32>, tensor<3xi32>, tensor<3xf32>, tensor<3xi32>
  } : (tensor<3x5xf32>, tensor<3x5xi32>, tensor<3xf32>, tensor<3xi32>)
      -> (tensor<3x5xf32>, tensor<3x5xi32>, tensor<3xf32>, tensor<3xi32>)
  return %0#0, %0#1, %0#2 : tensor<3x5xf32>, tensor<3x5xi32>, tensor<3xf32>
}

// -----

// Suffix products, from the last row up.
func.func @main(%x: tensor<4x2xf64>) -> (tensor<4x2xf64>, tensor<2xf64>) {
  %one = stablehlo.constant dense<1.0> : tensor<2xf64>
  %0:2 = chlo.scan(%x) inits(%one) dimension=0 attributes {is_reverse = true} {
  ^bb0(%row: tensor<2xf64>, %acc: tensor<2xf64>):
    %p = stablehlo.multiply %row, %acc : tensor<2xf64>
    stablehlo.return %p, %p : tensor<2xf64>, tensor<2xf64>
  } : (tensor<4x2xf64>, tensor<2xf64>) -> (tensor<4x2xf64>, tensor<2xf64>)
  return %0#0, %0#1 : tensor<4x2xf64>, tensor<2xf64>
}
