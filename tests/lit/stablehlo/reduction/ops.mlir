// RUN: oxla-opt %s | FileCheck %s
// RUN: oxla-opt %s | oxla-opt | FileCheck %s
// RUN: oxla-opt %s --mlir-print-op-generic | oxla-opt | FileCheck %s

// CHECK-LABEL: func.func @reduce_compact
func.func @reduce_compact(%x: tensor<4x8xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // CHECK: stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @reduce_region
func.func @reduce_region(%x: tensor<?x4xf32>, %i: tensor<?x4xi32>, %c: tensor<f32>, %ci: tensor<i32>) -> tensor<?xi32> {
  // CHECK: %[[R:.*]]:2 = stablehlo.reduce(%arg0 init: %arg2), (%arg1 init: %arg3) across dimensions = [1] : (tensor<?x4xf32>, tensor<?x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<?xf32>, tensor<?xi32>)
  // CHECK-NEXT: reducer(%[[A0:.*]]: tensor<f32>, %[[B0:.*]]: tensor<f32>) (%[[A1:.*]]: tensor<i32>, %[[B1:.*]]: tensor<i32>) {
  // CHECK-NEXT: stablehlo.maximum %[[A0]], %[[B0]] : tensor<f32>
  // CHECK-NEXT: stablehlo.minimum %[[A1]], %[[B1]] : tensor<i32>
  %0:2 = stablehlo.reduce(%x init: %c), (%i init: %ci) across dimensions = [1] : (tensor<?x4xf32>, tensor<?x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<?xf32>, tensor<?xi32>)
   reducer(%a1: tensor<f32>, %a3: tensor<f32>) (%a2: tensor<i32>, %a4: tensor<i32>)  {
    %1 = stablehlo.maximum %a1, %a3 : tensor<f32>
    %2 = stablehlo.minimum %a2, %a4 : tensor<i32>
    stablehlo.return %1, %2 : tensor<f32>, tensor<i32>
  }
  return %0#1 : tensor<?xi32>
}

// A body that is not a single binary op prints in the region form.
// CHECK-LABEL: func.func @reduce_not_compact
func.func @reduce_not_compact(%x: tensor<5xf32>, %c: tensor<f32>) -> tensor<f32> {
  // CHECK: across dimensions = [0] : (tensor<5xf32>, tensor<f32>) -> tensor<f32>
  // CHECK-NEXT: reducer(
  %0 = "stablehlo.reduce"(%x, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = "stablehlo.add"(%b, %a) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%1) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<5xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// CHECK-LABEL: func.func @reduce_window
func.func @reduce_window(%x: tensor<2x17x31x7xf32>, %c: tensor<f32>) -> tensor<2x9x16x7xf32> {
  // CHECK: "stablehlo.reduce_window"(%arg0, %arg1)
  // CHECK: padding = dense<{{\[\[}}0, 0], [2, 0], [0, 2], [0, 0]]> : tensor<4x2xi64>
  // CHECK-SAME: window_dimensions = array<i64: 1, 2, 2, 1>
  %0 = "stablehlo.reduce_window"(%x, %c) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = "stablehlo.maximum"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%1) : (tensor<f32>) -> ()
  }) {
    window_dimensions = array<i64: 1, 2, 2, 1>,
    window_strides = array<i64: 1, 4, 4, 1>,
    base_dilations = array<i64: 1, 2, 2, 1>,
    window_dilations = array<i64: 1, 2, 2, 1>,
    padding = dense<[[0, 0], [2, 0], [0, 2], [0, 0]]> : tensor<4x2xi64>
  } : (tensor<2x17x31x7xf32>, tensor<f32>) -> tensor<2x9x16x7xf32>
  return %0 : tensor<2x9x16x7xf32>
}

// CHECK-LABEL: func.func @select_and_scatter
func.func @select_and_scatter(%op: tensor<10x24x24x64xf32>, %src: tensor<10x12x12x64xf32>, %init: tensor<f32>) -> tensor<10x24x24x64xf32> {
  // CHECK: "stablehlo.select_and_scatter"(%arg0, %arg1, %arg2)
  // CHECK: stablehlo.compare GE
  // CHECK: stablehlo.add
  %0 = "stablehlo.select_and_scatter"(%op, %src, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %1 = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) {window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}
    : (tensor<10x24x24x64xf32>, tensor<10x12x12x64xf32>, tensor<f32>) -> tensor<10x24x24x64xf32>
  return %0 : tensor<10x24x24x64xf32>
}

// CHECK-LABEL: func.func @sort
func.func @sort(%x: tensor<16xf32>, %i: tensor<16xi32>) -> tensor<16xi32> {
  // CHECK: "stablehlo.sort"(%arg0, %arg1)
  // CHECK: dimension = 0 : i64, is_stable = true
  %0:2 = "stablehlo.sort"(%x, %i) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %1 = stablehlo.compare GT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<16xf32>, tensor<16xi32>) -> (tensor<16xf32>, tensor<16xi32>)
  return %0#1 : tensor<16xi32>
}

// CHECK-LABEL: func.func @map
func.func @map(%x: tensor<4x5xf32>) -> tensor<4x5xf32> {
  // CHECK: "stablehlo.map"(%arg0)
  // CHECK: dimensions = array<i64: 0, 1>
  %0 = "stablehlo.map"(%x) ({
  ^bb0(%a: tensor<f32>):
    %1 = stablehlo.abs %a : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }) {dimensions = array<i64: 0, 1>} : (tensor<4x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}
