// RUN: oxla-opt %s | FileCheck %s
// RUN: oxla-opt %s | oxla-opt | FileCheck %s
// RUN: oxla-opt %s --mlir-print-op-generic | oxla-opt | FileCheck %s

// CHECK-LABEL: func.func @while_pretty
func.func @while_pretty(%a: tensor<i64>, %b: tensor<f32>) -> tensor<f32> {
  // CHECK: %[[W:.*]]:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1) : tensor<i64>, tensor<f32>
  // CHECK-NEXT: cond {
  // CHECK: stablehlo.return %{{.*}} : tensor<i1>
  // CHECK-NEXT: } do {
  // CHECK-NEXT: stablehlo.return %iterArg, %iterArg_0 : tensor<i64>, tensor<f32>
  %0:2 = stablehlo.while(%iterArg = %a, %iterArg_0 = %b) : tensor<i64>, tensor<f32>
   cond {
    %c = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    stablehlo.return %iterArg, %iterArg_0 : tensor<i64>, tensor<f32>
  }
  return %0#1 : tensor<f32>
}

// CHECK-LABEL: func.func @while_generic
func.func @while_generic(%arg0: tensor<i1>) -> tensor<i1> {
  // CHECK: stablehlo.while(%iterArg = %arg0) : tensor<i1>
  %0 = "stablehlo.while"(%arg0) ({
    ^bb0(%arg1: tensor<i1>):
      "stablehlo.return"(%arg1) : (tensor<i1>) -> ()
    }, {
    ^bb0(%arg1: tensor<i1>):
      "stablehlo.return"(%arg1) : (tensor<i1>) -> ()
  }) : (tensor<i1>) -> tensor<i1>
  func.return %0: tensor<i1>
}

// CHECK-LABEL: func.func @if_case
func.func @if_case(%p: tensor<i1>, %i: tensor<i32>, %x: tensor<f32>, %y: tensor<f32>) -> tensor<f32> {
  // CHECK: "stablehlo.if"(%arg0) ({
  // CHECK-NEXT: stablehlo.return %arg2 : tensor<f32>
  // CHECK-NEXT: }, {
  // CHECK-NEXT: stablehlo.return %arg3 : tensor<f32>
  // CHECK-NEXT: }) : (tensor<i1>) -> tensor<f32>
  %0 = "stablehlo.if"(%p) ({
    "stablehlo.return"(%x) : (tensor<f32>) -> ()
  }, {
    "stablehlo.return"(%y) : (tensor<f32>) -> ()
  }) : (tensor<i1>) -> tensor<f32>
  // CHECK: "stablehlo.case"(%arg1) ({
  // CHECK: }, {
  // CHECK: }) : (tensor<i32>) -> tensor<f32>
  %1 = "stablehlo.case"(%i) ({
    "stablehlo.return"(%x) : (tensor<f32>) -> ()
  }, {
    "stablehlo.return"(%0) : (tensor<f32>) -> ()
  }) : (tensor<i32>) -> tensor<f32>
  return %1 : tensor<f32>
}
