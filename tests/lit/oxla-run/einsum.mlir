// einsum and unary_einsum compiled agree with the interpreter on random
// operands: contractions, batches, outer products, transposes, diagonals and
// traces (each split runs separately).
// RUN: oxla-run %s --split-input-file --random-inputs --check-with-interpreter --print-results | FileCheck %s
// CHECK: EXEC @main
// CHECK-NEXT: 3x4xf32=
// CHECK-NEXT: 2x3x5xf32=
// CHECK-NEXT: 3x6xf32=
// CHECK: EXEC @main
// CHECK-NEXT: 4x3xf32=
// CHECK-NEXT: 3xf32=
// CHECK-NEXT: f32=
// CHECK-NEXT: 2xi32=
// CHECK: EXEC @main
// CHECK-NEXT: 2x2xf64=

func.func @main(%a: tensor<3x5xf32>, %b: tensor<5x4xf32>, %x: tensor<2x3x7xf32>,
                %y: tensor<2x7x5xf32>, %u: tensor<3xf32>, %v: tensor<6xf32>)
    -> (tensor<3x4xf32>, tensor<2x3x5xf32>, tensor<3x6xf32>) {
  %0 = "stablehlo.einsum"(%a, %b) {einsum_config = "ik,kj->ij"} : (tensor<3x5xf32>, tensor<5x4xf32>) -> tensor<3x4xf32>
  %1 = "stablehlo.einsum"(%x, %y) {einsum_config = "bik,bkj->bij"} : (tensor<2x3x7xf32>, tensor<2x7x5xf32>) -> tensor<2x3x5xf32>
  %2 = "stablehlo.einsum"(%u, %v) {einsum_config = "i,j->ij"} : (tensor<3xf32>, tensor<6xf32>) -> tensor<3x6xf32>
  return %0, %1, %2 : tensor<3x4xf32>, tensor<2x3x5xf32>, tensor<3x6xf32>
}

// -----

func.func @main(%a: tensor<3x4xf32>, %s: tensor<3x3xf32>, %n: tensor<2x5xi32>)
    -> (tensor<4x3xf32>, tensor<3xf32>, tensor<f32>, tensor<2xi32>) {
  %0 = "stablehlo.unary_einsum"(%a) {einsum_config = "ij->ji"} : (tensor<3x4xf32>) -> tensor<4x3xf32>
  %1 = "stablehlo.unary_einsum"(%s) {einsum_config = "ii->i"} : (tensor<3x3xf32>) -> tensor<3xf32>
  %2 = "stablehlo.unary_einsum"(%s) {einsum_config = "ii->"} : (tensor<3x3xf32>) -> tensor<f32>
  %3 = "stablehlo.unary_einsum"(%n) {einsum_config = "ab->a"} : (tensor<2x5xi32>) -> tensor<2xi32>
  return %0, %1, %2, %3 : tensor<4x3xf32>, tensor<3xf32>, tensor<f32>, tensor<2xi32>
}

// -----

// A label summed across both operands and repeated within one.
func.func @main(%a: tensor<2x3x3xf64>, %b: tensor<3x2xf64>) -> tensor<2x2xf64> {
  %0 = "stablehlo.einsum"(%a, %b) {einsum_config = "ikk,kj->ij"} : (tensor<2x3x3xf64>, tensor<3x2xf64>) -> tensor<2x2xf64>
  return %0 : tensor<2x2xf64>
}
