// RUN: oxla-opt %s | FileCheck %s
// RUN: oxla-opt %s | oxla-opt | FileCheck %s
// RUN: oxla-opt %s --canonicalize | FileCheck %s --check-prefix=CANON

// The upstream dialects oxla lowers through are registered, with their passes.
// CHECK-LABEL: func.func @upstream
// CHECK: arith.addf
// CHECK: math.tanh
// CHECK: tensor.empty
// CHECK: linalg.fill
// CANON-LABEL: func.func @upstream
// CANON-NOT: arith.addi
func.func @upstream(%a: f32, %i: index) -> (f32, tensor<4xf32>, index) {
  %s = arith.addf %a, %a : f32
  %t = math.tanh %s : f32
  %e = tensor.empty() : tensor<4xf32>
  %f = linalg.fill ins(%t : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %c0 = arith.constant 0 : index
  %j = arith.addi %i, %c0 : index
  return %t, %f, %j : f32, tensor<4xf32>, index
}
