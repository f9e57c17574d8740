// RUN: oxla-opt %s --split-input-file --oxla-convert-stablehlo-to-linalg | FileCheck %s

// Real chlo functions are computed in f64 and rounded once.
// CHECK-LABEL: func.func @acosh_f32
// CHECK: linalg.generic
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK: math.acosh %{{.*}} : f64
// CHECK: arith.truncf %{{.*}} : f64 to f32
// CHECK: linalg.yield
func.func @acosh_f32(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.acosh %x : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Narrow floats go through f32 on both ends.
// CHECK-LABEL: func.func @erf_bf16
// CHECK: arith.extf %{{.*}} : bf16 to f32
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK: math.erf %{{.*}} : f64
// CHECK: arith.truncf %{{.*}} : f64 to f32
// CHECK: arith.truncf %{{.*}} : f32 to bf16
func.func @erf_bf16(%x: tensor<2x3xbf16>) -> tensor<2x3xbf16> {
  %0 = chlo.erf %x : tensor<2x3xbf16> -> tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}

// -----

// complex<f32> functions work on f64 parts.
// CHECK-LABEL: func.func @asin_c64
// CHECK: complex.re
// CHECK: complex.im
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK: math.asin %{{.*}} : f64
// CHECK: arith.truncf %{{.*}} : f64 to f32
// CHECK: complex.create
func.func @asin_c64(%z: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  %0 = chlo.asin %z : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// -----

// Special functions without a libm counterpart are IR formulas with loops.
// CHECK-LABEL: func.func @digamma
// CHECK: linalg.generic
// CHECK: scf.for
// CHECK: math.log
func.func @digamma(%x: tensor<4xf64>) -> tensor<4xf64> {
  %0 = chlo.digamma %x : tensor<4xf64> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

// top_k: floats ranked as their bits, rows in scf loops.
// CHECK-LABEL: func.func @top_k
// CHECK: linalg.generic
// CHECK: arith.bitcast %{{.*}} : bf16 to i16
// CHECK: scf.for {{.*}} -> (tensor<2x3xi16>, tensor<2x3xi32>)
// CHECK: scf.for
// CHECK: scf.if
// CHECK: tensor.insert
// CHECK: arith.bitcast %{{.*}} : i16 to bf16
func.func @top_k(%t: tensor<2x5xbf16>) -> (tensor<2x3xbf16>, tensor<2x3xi32>) {
  %v, %i = chlo.top_k(%t, k = 3) : tensor<2x5xbf16> -> (tensor<2x3xbf16>, tensor<2x3xi32>)
  return %v, %i : tensor<2x3xbf16>, tensor<2x3xi32>
}

// -----

// CHECK-LABEL: func.func @top_k_rank3
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2]] : tensor<2x2x4xi32> into tensor<4x4xi32>
// CHECK: tensor.expand_shape
func.func @top_k_rank3(%t: tensor<2x2x4xi32>) -> (tensor<2x2x2xi32>, tensor<2x2x2xi32>) {
  %v, %i = chlo.top_k(%t, k = 2) : tensor<2x2x4xi32> -> (tensor<2x2x2xi32>, tensor<2x2x2xi32>)
  return %v, %i : tensor<2x2x2xi32>, tensor<2x2x2xi32>
}
