// RUN: oxla-opt %s --split-input-file --oxla-simplify | FileCheck %s
// RUN: oxla-opt %s --split-input-file --oxla-simplify=report 2>&1 >/dev/null | FileCheck %s --check-prefix=REPORT
// RUN: oxla-opt %s --split-input-file --oxla-simplify="max-iterations=1 max-rewrites=1" | FileCheck %s --check-prefix=BUDGET

// Common subexpressions merge, also an op in a branch or loop body with
// the same op around it; but a reduce body sees no value from outside
// (the compiler lowers it on its own): its constant stays its own.
// CHECK-LABEL: func.func @cse
// CHECK: %[[C:.*]] = stablehlo.constant dense<2.000000e+00>
// CHECK: %[[E:.*]] = stablehlo.exponential %arg0
// CHECK: stablehlo.if
// CHECK-NOT: stablehlo.exponential
// CHECK: stablehlo.add %[[E]], %[[E]]
// CHECK: stablehlo.reduce
// CHECK: %[[C2:.*]] = stablehlo.constant dense<2.000000e+00>
// CHECK: stablehlo.multiply %{{.*}}, %[[C2]]
// REPORT: remark: oxla-simplify: {{[0-9]+}} StableHLO ops before, {{[0-9]+}} after
func.func @cse(%x: tensor<f32>, %v: tensor<4xf32>, %p: tensor<i1>) -> (tensor<f32>, tensor<f32>, tensor<f32>) {
  %two = stablehlo.constant dense<2.0> : tensor<f32>
  %e0 = stablehlo.exponential %x : tensor<f32>
  %m0 = stablehlo.multiply %x, %two : tensor<f32>
  %i = "stablehlo.if"(%p) ({
      %e1 = stablehlo.exponential %x : tensor<f32>
      %s = stablehlo.add %e1, %e0 : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }, {
      stablehlo.return %x : tensor<f32>
    }) : (tensor<i1>) -> tensor<f32>
  %r = stablehlo.reduce(%v init: %x) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    reducer(%a: tensor<f32>, %b: tensor<f32>) {
      %c = stablehlo.constant dense<2.0> : tensor<f32>
      %m = stablehlo.multiply %b, %c : tensor<f32>
      %t = stablehlo.add %a, %m : tensor<f32>
      stablehlo.return %t : tensor<f32>
    }
  return %i, %r, %m0 : tensor<f32>, tensor<f32>, tensor<f32>
}

// -----

// CHECK-LABEL: func.func @merged_then_simplified
// CHECK: %[[Z:.*]] = stablehlo.constant dense<0> : tensor<4xi32>
// CHECK: return %[[Z]]
func.func @merged_then_simplified(%i: tensor<4xi32>) -> tensor<4xi32> {
  %a = stablehlo.negate %i : tensor<4xi32>
  %b = stablehlo.negate %i : tensor<4xi32>
  %0 = stablehlo.subtract %a, %b : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// The budget: with one rewrite allowed, a chain of three reshapes keeps
// some of them (and the program stays valid).
// BUDGET-LABEL: func.func @budget
// BUDGET: stablehlo.reshape
// BUDGET: stablehlo.reshape
func.func @budget(%x: tensor<24xf32>) -> tensor<2x12xf32> {
  %0 = stablehlo.reshape %x : (tensor<24xf32>) -> tensor<4x6xf32>
  %1 = stablehlo.reshape %0 : (tensor<4x6xf32>) -> tensor<3x8xf32>
  %2 = stablehlo.reshape %1 : (tensor<3x8xf32>) -> tensor<6x4xf32>
  %3 = stablehlo.reshape %2 : (tensor<6x4xf32>) -> tensor<2x12xf32>
  return %3 : tensor<2x12xf32>
}
