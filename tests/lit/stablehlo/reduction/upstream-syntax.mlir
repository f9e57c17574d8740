// The short forms upstream StableHLO prints for these ops (docs/syntax.md), in the
// module oxla-opt prints: each line parses and prints back character for character
// (--strict-whitespace, e.g. `compare  LT`), also after the generic form.
// RUN: oxla-opt %s | FileCheck %s --strict-whitespace
// RUN: oxla-opt %s | oxla-opt | FileCheck %s --strict-whitespace
// RUN: oxla-opt %s --mlir-print-op-generic | oxla-opt | FileCheck %s --strict-whitespace

// CHECK-LABEL: func.func @reduction(
func.func @reduction(%arg0: tensor<2x64x13xf32>, %arg1: tensor<4x4xf32>, %arg2: tensor<4xf32>, %arg3: tensor<4x4xi32>) -> tensor<2x13xf32> {
// CHECK-NEXT: %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: %c = stablehlo.constant dense<0> : tensor<i32>
  %c = stablehlo.constant dense<0> : tensor<i32>
// CHECK-NEXT: %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<2x64x13xf32>, tensor<f32>) -> tensor<2x13xf32>
  %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<2x64x13xf32>, tensor<f32>) -> tensor<2x13xf32>
// CHECK-NEXT: %1 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [0, 2] {foo = 1 : i64} : (tensor<2x64x13xf32>, tensor<f32>) -> tensor<64xf32>
  %1 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [0, 2] {foo = 1 : i64} : (tensor<2x64x13xf32>, tensor<f32>) -> tensor<64xf32>
// CHECK-NEXT: %2 = stablehlo.reduce(%arg1 init: %cst) across dimensions = [0] : (tensor<4x4xf32>, tensor<f32>) -> tensor<4xf32>
  %2 = stablehlo.reduce(%arg1 init: %cst) across dimensions = [0] : (tensor<4x4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: reducer(%arg4: tensor<f32>, %arg5: tensor<f32>)  {
   reducer(%arg4: tensor<f32>, %arg5: tensor<f32>)  {
// CHECK-NEXT: %8 = stablehlo.add %arg4, %arg5 : tensor<f32>
    %8 = stablehlo.add %arg4, %arg5 : tensor<f32>
// CHECK-NEXT: %9 = stablehlo.multiply %8, %8 : tensor<f32>
    %9 = stablehlo.multiply %8, %8 : tensor<f32>
// CHECK-NEXT: stablehlo.return %9 : tensor<f32>
    stablehlo.return %9 : tensor<f32>
// CHECK-NEXT: }
  }
// CHECK-NEXT: %3:2 = stablehlo.reduce(%arg1 init: %cst), (%arg3 init: %c) across dimensions = [1] : (tensor<4x4xf32>, tensor<4x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
  %3:2 = stablehlo.reduce(%arg1 init: %cst), (%arg3 init: %c) across dimensions = [1] : (tensor<4x4xf32>, tensor<4x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
// CHECK-NEXT: reducer(%arg4: tensor<f32>, %arg6: tensor<f32>) (%arg5: tensor<i32>, %arg7: tensor<i32>)  {
   reducer(%arg4: tensor<f32>, %arg6: tensor<f32>) (%arg5: tensor<i32>, %arg7: tensor<i32>)  {
// CHECK-NEXT: %8 = stablehlo.maximum %arg4, %arg6 : tensor<f32>
    %8 = stablehlo.maximum %arg4, %arg6 : tensor<f32>
// CHECK-NEXT: %9 = stablehlo.minimum %arg5, %arg7 : tensor<i32>
    %9 = stablehlo.minimum %arg5, %arg7 : tensor<i32>
// CHECK-NEXT: stablehlo.return %8, %9 : tensor<f32>, tensor<i32>
    stablehlo.return %8, %9 : tensor<f32>, tensor<i32>
// CHECK-NEXT: }
  }
// CHECK-NEXT: %4 = "stablehlo.reduce_window"(%arg1, %cst) <{padding = dense<{{\[\[}}0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 1, 1>}> ({
  %4 = "stablehlo.reduce_window"(%arg1, %cst) <{padding = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 1, 1>}> ({
// CHECK-NEXT: ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
  ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
// CHECK-NEXT: %8 = stablehlo.add %arg4, %arg5 : tensor<f32>
    %8 = stablehlo.add %arg4, %arg5 : tensor<f32>
// CHECK-NEXT: stablehlo.return %8 : tensor<f32>
    stablehlo.return %8 : tensor<f32>
// CHECK-NEXT: }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<4x4xf32>
  }) : (tensor<4x4xf32>, tensor<f32>) -> tensor<4x4xf32>
// CHECK-NEXT: %5 = "stablehlo.sort"(%arg1) <{dimension = 0 : i64, is_stable = true}> ({
  %5 = "stablehlo.sort"(%arg1) <{dimension = 0 : i64, is_stable = true}> ({
// CHECK-NEXT: ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
  ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
// CHECK-NEXT: %8 = stablehlo.compare  GT, %arg4, %arg5,  TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %8 = stablehlo.compare  GT, %arg4, %arg5,  TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT: stablehlo.return %8 : tensor<i1>
    stablehlo.return %8 : tensor<i1>
// CHECK-NEXT: }) : (tensor<4x4xf32>) -> tensor<4x4xf32>
  }) : (tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT: %6 = "stablehlo.map"(%arg1, %arg1) <{dimensions = array<i64: 0, 1>}> ({
  %6 = "stablehlo.map"(%arg1, %arg1) <{dimensions = array<i64: 0, 1>}> ({
// CHECK-NEXT: ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
  ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
// CHECK-NEXT: %8 = stablehlo.multiply %arg4, %arg5 : tensor<f32>
    %8 = stablehlo.multiply %arg4, %arg5 : tensor<f32>
// CHECK-NEXT: stablehlo.return %8 : tensor<f32>
    stablehlo.return %8 : tensor<f32>
// CHECK-NEXT: }) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  }) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT: %7 = "stablehlo.select_and_scatter"(%arg1, %arg1, %cst) <{padding = dense<0> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 1>, window_strides = array<i64: 1, 1>}> ({
  %7 = "stablehlo.select_and_scatter"(%arg1, %arg1, %cst) <{padding = dense<0> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 1>, window_strides = array<i64: 1, 1>}> ({
// CHECK-NEXT: ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
  ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
// CHECK-NEXT: %8 = stablehlo.compare  GE, %arg4, %arg5,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %8 = stablehlo.compare  GE, %arg4, %arg5,  FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
// CHECK-NEXT: stablehlo.return %8 : tensor<i1>
    stablehlo.return %8 : tensor<i1>
// CHECK-NEXT: }, {
  }, {
// CHECK-NEXT: ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
  ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
// CHECK-NEXT: %8 = stablehlo.add %arg4, %arg5 : tensor<f32>
    %8 = stablehlo.add %arg4, %arg5 : tensor<f32>
// CHECK-NEXT: stablehlo.return %8 : tensor<f32>
    stablehlo.return %8 : tensor<f32>
// CHECK-NEXT: }) : (tensor<4x4xf32>, tensor<4x4xf32>, tensor<f32>) -> tensor<4x4xf32>
  }) : (tensor<4x4xf32>, tensor<4x4xf32>, tensor<f32>) -> tensor<4x4xf32>
// CHECK-NEXT: return %0 : tensor<2x13xf32>
  return %0 : tensor<2x13xf32>
// CHECK-NEXT: }
}
