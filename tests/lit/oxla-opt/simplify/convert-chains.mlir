// RUN: oxla-opt %s --split-input-file --oxla-simplify | FileCheck %s

// A convert after an exact widening reads the original value: f16 -> f32
// -> f16 is the identity, f16 -> f32 -> f64 one convert, i8 -> i32 -> f32
// one convert, a convert to the same type nothing.
// CHECK-LABEL: func.func @exact_chains
// CHECK-DAG: %[[D:.*]] = stablehlo.convert %arg0 : (tensor<4xf16>) -> tensor<4xf64>
// CHECK-DAG: %[[F:.*]] = stablehlo.convert %arg1 : (tensor<4xi8>) -> tensor<4xf32>
// CHECK: return %arg0, %[[D]], %[[F]], %arg2
func.func @exact_chains(%h: tensor<4xf16>, %i: tensor<4xi8>, %x: tensor<4xf32>) -> (tensor<4xf16>, tensor<4xf64>, tensor<4xf32>, tensor<4xf32>) {
  %0 = stablehlo.convert %h : (tensor<4xf16>) -> tensor<4xf32>
  %1 = stablehlo.convert %0 : (tensor<4xf32>) -> tensor<4xf16>
  %2 = stablehlo.convert %0 : (tensor<4xf32>) -> tensor<4xf64>
  %3 = stablehlo.convert %i : (tensor<4xi8>) -> tensor<4xi32>
  %4 = stablehlo.convert %3 : (tensor<4xi32>) -> tensor<4xf32>
  %5 = stablehlo.convert %x : tensor<4xf32>
  return %1, %2, %4, %5 : tensor<4xf16>, tensor<4xf64>, tensor<4xf32>, tensor<4xf32>
}

// -----

// Left alone: a narrowing first step (f32 -> f16 rounds, f32 -> i32
// truncates), f16 <-> bf16 (neither holds the other), i32 -> f32 (not
// exact above 2^24), and chains through booleans.
// CHECK-LABEL: func.func @inexact_chains
// CHECK-COUNT-10: stablehlo.convert
// CHECK-NOT: stablehlo.convert
func.func @inexact_chains(%x: tensor<4xf32>, %h: tensor<4xf16>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf64>, tensor<4xi32>) {
  %0 = stablehlo.convert %x : (tensor<4xf32>) -> tensor<4xf16>
  %1 = stablehlo.convert %0 : (tensor<4xf16>) -> tensor<4xf32>
  %2 = stablehlo.convert %x : (tensor<4xf32>) -> tensor<4xi32>
  %3 = stablehlo.convert %2 : (tensor<4xi32>) -> tensor<4xf32>
  %4 = stablehlo.convert %h : (tensor<4xf16>) -> tensor<4xbf16>
  %5 = stablehlo.convert %4 : (tensor<4xbf16>) -> tensor<4xf32>
  %6 = stablehlo.convert %i : (tensor<4xi32>) -> tensor<4xf32>
  %7 = stablehlo.convert %6 : (tensor<4xf32>) -> tensor<4xf64>
  %8 = stablehlo.convert %i : (tensor<4xi32>) -> tensor<4xi1>
  %9 = stablehlo.convert %8 : (tensor<4xi1>) -> tensor<4xi32>
  return %1, %3, %5, %7, %9 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf64>, tensor<4xi32>
}
