// RUN: oxla-opt %s | FileCheck %s
// RUN: oxla-opt %s | oxla-opt | FileCheck %s
// RUN: oxla-opt %s --mlir-print-op-generic | oxla-opt | FileCheck %s

// CHECK-LABEL: func.func @unary
func.func @unary(%f: tensor<2x?xf32>, %c: tensor<2x?xcomplex<f64>>, %i: tensor<2x?xi8>, %u: tensor<2x?xui16>) {
  // CHECK: stablehlo.abs %{{.*}} : tensor<2x?xf32>
  %0 = stablehlo.abs %f : tensor<2x?xf32>
  // CHECK: stablehlo.abs %{{.*}} : (tensor<2x?xcomplex<f64>>) -> tensor<2x?xf64>
  %1 = stablehlo.abs %c : (tensor<2x?xcomplex<f64>>) -> tensor<2x?xf64>
  // CHECK: stablehlo.count_leading_zeros %{{.*}} : tensor<2x?xi8>
  %2 = stablehlo.count_leading_zeros %i : tensor<2x?xi8>
  // CHECK: stablehlo.popcnt %{{.*}} : tensor<2x?xui16>
  %3 = stablehlo.popcnt %u : tensor<2x?xui16>
  // CHECK: stablehlo.real %{{.*}} : (tensor<2x?xcomplex<f64>>) -> tensor<2x?xf64>
  %4 = stablehlo.real %c : (tensor<2x?xcomplex<f64>>) -> tensor<2x?xf64>
  // CHECK: stablehlo.imag %{{.*}} : (tensor<2x?xcomplex<f64>>) -> tensor<2x?xf64>
  %5 = stablehlo.imag %c : (tensor<2x?xcomplex<f64>>) -> tensor<2x?xf64>
  // CHECK: stablehlo.is_finite %{{.*}} : (tensor<2x?xf32>) -> tensor<2x?xi1>
  %6 = stablehlo.is_finite %f : (tensor<2x?xf32>) -> tensor<2x?xi1>
  // CHECK: stablehlo.not %{{.*}} : tensor<2x?xi8>
  %7 = stablehlo.not %i : tensor<2x?xi8>
  // CHECK: stablehlo.sign %{{.*}} : tensor<2x?xcomplex<f64>>
  %8 = stablehlo.sign %c : tensor<2x?xcomplex<f64>>
  // CHECK: stablehlo.tanh %{{.*}} {result_accuracy = #stablehlo.result_accuracy<atol = 1.000000e-05, ulps = 1, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<2x?xf32>
  %9 = stablehlo.tanh %f {result_accuracy = #stablehlo.result_accuracy<atol = 1.0e-05, rtol = 0.0, ulps = 1, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<2x?xf32>
  // The default accuracy is not printed.
  // CHECK: stablehlo.tanh %{{.*}} : tensor<2x?xf32>
  %tanh_default = stablehlo.tanh %f {result_accuracy = #stablehlo.result_accuracy<atol = 0.0, rtol = 0.0, ulps = 0, mode = #stablehlo.result_accuracy_mode<DEFAULT>>} : tensor<2x?xf32>
  // CHECK: stablehlo.reduce_precision %{{.*}}, format = e5m10 : tensor<2x?xf32>
  %10 = stablehlo.reduce_precision %f, format = e5m10 : tensor<2x?xf32>
  // CHECK: stablehlo.convert %{{.*}} : (tensor<2x?xi8>) -> tensor<2x?xf32>
  %11 = stablehlo.convert %i : (tensor<2x?xi8>) -> tensor<2x?xf32>
  // A dynamic dimension is compatible with a static one.
  // CHECK: stablehlo.exponential %{{.*}} : (tensor<2x?xf32>) -> tensor<2x3xf32>
  %12 = stablehlo.exponential %f : (tensor<2x?xf32>) -> tensor<2x3xf32>
  return
}

// CHECK-LABEL: func.func @binary
func.func @binary(%a: tensor<4xf32>, %b: tensor<4xf32>, %i: tensor<4xi32>, %p: tensor<4xi1>) {
  // CHECK: stablehlo.add %{{.*}}, %{{.*}} : tensor<4xf32>
  %0 = stablehlo.add %a, %b : tensor<4xf32>
  // CHECK: stablehlo.atan2 %{{.*}}, %{{.*}} : tensor<4xf32>
  %1 = stablehlo.atan2 %a, %b : tensor<4xf32>
  // CHECK: stablehlo.shift_right_logical %{{.*}}, %{{.*}} : tensor<4xi32>
  %2 = stablehlo.shift_right_logical %i, %i : tensor<4xi32>
  // CHECK: stablehlo.and %{{.*}}, %{{.*}} : tensor<4xi1>
  %3 = stablehlo.and %p, %p : tensor<4xi1>
  // CHECK: stablehlo.complex %{{.*}}, %{{.*}} : tensor<4xcomplex<f32>>
  %4 = stablehlo.complex %a, %b : tensor<4xcomplex<f32>>
  // CHECK: stablehlo.compare LT, %{{.*}}, %{{.*}}, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %5 = stablehlo.compare LT, %a, %b, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  // CHECK: stablehlo.compare EQ, %{{.*}}, %{{.*}} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %6 = stablehlo.compare EQ, %i, %i : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  // CHECK: stablehlo.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<4xi1>, tensor<4xf32>
  %7 = stablehlo.select %p, %a, %b : tensor<4xi1>, tensor<4xf32>
  // CHECK: stablehlo.clamp %{{.*}}, %{{.*}}, %{{.*}} : tensor<4xf32>
  %8 = stablehlo.clamp %a, %b, %a : tensor<4xf32>
  // CHECK: stablehlo.bitcast_convert %{{.*}} : (tensor<4xf32>) -> tensor<4x4xi8>
  %9 = stablehlo.bitcast_convert %a : (tensor<4xf32>) -> tensor<4x4xi8>
  return
}

// CHECK-LABEL: func.func @constants
func.func @constants() {
  // CHECK: stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %0 = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  // CHECK: stablehlo.constant() <{value = dense<3> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>
  %1 = stablehlo.constant() <{value = dense<3> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32, 0.5>>
  // CHECK: stablehlo.iota dim = 1 : tensor<2x3xui8>
  %2 = stablehlo.iota dim = 1 : tensor<2x3xui8>
  return
}

// Quantized operands may differ in their quantization parameters.
// CHECK-LABEL: func.func @quantized
func.func @quantized(%a: tensor<4x!quant.uniform<i8:f32, 0.5>>, %b: tensor<4x!quant.uniform<i8:f32, 0.25:3>>) {
  // CHECK: stablehlo.add %{{.*}}, %{{.*}} : (tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>, tensor<4x!quant.uniform<i8:f32, 2.500000e-01:3>>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>
  %0 = stablehlo.add %a, %b : (tensor<4x!quant.uniform<i8:f32, 0.5>>, tensor<4x!quant.uniform<i8:f32, 0.25:3>>) -> tensor<4x!quant.uniform<i8:f32, 0.5>>
  return
}
