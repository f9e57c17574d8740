// The short forms upstream StableHLO prints for these ops (docs/syntax.md), in the
// module oxla-opt prints: each line parses and prints back character for character
// (--strict-whitespace, e.g. `compare  LT`), also after the generic form.
// RUN: oxla-opt %s | FileCheck %s --strict-whitespace
// RUN: oxla-opt %s | oxla-opt | FileCheck %s --strict-whitespace
// RUN: oxla-opt %s --mlir-print-op-generic | oxla-opt | FileCheck %s --strict-whitespace

// CHECK-LABEL: func.func @elementwise(
func.func @elementwise(%arg0: tensor<2xf32>, %arg1: tensor<2xi32>, %arg2: tensor<2xi1>, %arg3: tensor<2xcomplex<f32>>, %arg4: tensor<f32>) -> tensor<2xf32> {
// CHECK-NEXT: %cst = stablehlo.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
  %cst = stablehlo.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: %c = stablehlo.constant dense<1> : tensor<i64>
  %c = stablehlo.constant dense<1> : tensor<i64>
// CHECK-NEXT: %c_0 = stablehlo.constant dense<true> : tensor<2xi1>
  %c_0 = stablehlo.constant dense<true> : tensor<2xi1>
// CHECK-NEXT: %cst_1 = stablehlo.constant dense<(1.000000e+00,2.000000e+00)> : tensor<complex<f32>>
  %cst_1 = stablehlo.constant dense<(1.000000e+00,2.000000e+00)> : tensor<complex<f32>>
// CHECK-NEXT: %cst_2 = stablehlo.constant {foo = 1 : i64} dense<0.000000e+00> : tensor<f32>
  %cst_2 = stablehlo.constant {foo = 1 : i64} dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT: %c_3 = stablehlo.constant dense<[1, 2]> : tensor<2xui8>
  %c_3 = stablehlo.constant dense<[1, 2]> : tensor<2xui8>
// CHECK-NEXT: %0 = stablehlo.abs %arg0 : tensor<2xf32>
  %0 = stablehlo.abs %arg0 : tensor<2xf32>
// CHECK-NEXT: %1 = stablehlo.abs %arg3 : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %1 = stablehlo.abs %arg3 : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
// CHECK-NEXT: %2 = stablehlo.cbrt %arg0 : tensor<2xf32>
  %2 = stablehlo.cbrt %arg0 : tensor<2xf32>
// CHECK-NEXT: %3 = stablehlo.exponential %arg0 {result_accuracy = #stablehlo.result_accuracy<atol = 1.000000e-05, ulps = 5, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<2xf32>
  %3 = stablehlo.exponential %arg0 {result_accuracy = #stablehlo.result_accuracy<atol = 1.000000e-05, ulps = 5, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<2xf32>
// CHECK-NEXT: %4 = stablehlo.tan %arg0 {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<2xf32>
  %4 = stablehlo.tan %arg0 {result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<HIGHEST>>} : tensor<2xf32>
// CHECK-NEXT: %5 = stablehlo.is_finite %arg0 : (tensor<2xf32>) -> tensor<2xi1>
  %5 = stablehlo.is_finite %arg0 : (tensor<2xf32>) -> tensor<2xi1>
// CHECK-NEXT: %6 = stablehlo.real %arg3 : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %6 = stablehlo.real %arg3 : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
// CHECK-NEXT: %7 = stablehlo.imag %arg3 : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %7 = stablehlo.imag %arg3 : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
// CHECK-NEXT: %8 = stablehlo.complex %arg0, %arg0 : tensor<2xcomplex<f32>>
  %8 = stablehlo.complex %arg0, %arg0 : tensor<2xcomplex<f32>>
// CHECK-NEXT: %9 = stablehlo.compare  LT, %arg0, %arg0 : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  %9 = stablehlo.compare  LT, %arg0, %arg0 : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
// CHECK-NEXT: %10 = stablehlo.compare  GE, %arg1, %arg1,  SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  %10 = stablehlo.compare  GE, %arg1, %arg1,  SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
// CHECK-NEXT: %11 = stablehlo.compare  EQ, %arg0, %arg0,  TOTALORDER : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
  %11 = stablehlo.compare  EQ, %arg0, %arg0,  TOTALORDER : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
// CHECK-NEXT: %12 = stablehlo.select %arg2, %arg0, %arg0 : tensor<2xi1>, tensor<2xf32>
  %12 = stablehlo.select %arg2, %arg0, %arg0 : tensor<2xi1>, tensor<2xf32>
// CHECK-NEXT: %13 = stablehlo.select %5, %arg0, %arg0 : tensor<2xi1>, tensor<2xf32>
  %13 = stablehlo.select %5, %arg0, %arg0 : tensor<2xi1>, tensor<2xf32>
// CHECK-NEXT: %14 = stablehlo.clamp %arg4, %arg0, %arg4 : (tensor<f32>, tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  %14 = stablehlo.clamp %arg4, %arg0, %arg4 : (tensor<f32>, tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
// CHECK-NEXT: %15 = stablehlo.clamp %arg0, %arg0, %arg0 : tensor<2xf32>
  %15 = stablehlo.clamp %arg0, %arg0, %arg0 : tensor<2xf32>
// CHECK-NEXT: %16 = stablehlo.convert %arg1 : (tensor<2xi32>) -> tensor<2xf32>
  %16 = stablehlo.convert %arg1 : (tensor<2xi32>) -> tensor<2xf32>
// CHECK-NEXT: %17 = stablehlo.convert %arg0 : tensor<2xf32>
  %17 = stablehlo.convert %arg0 : tensor<2xf32>
// CHECK-NEXT: %18 = stablehlo.bitcast_convert %arg0 : (tensor<2xf32>) -> tensor<2xi32>
  %18 = stablehlo.bitcast_convert %arg0 : (tensor<2xf32>) -> tensor<2xi32>
// CHECK-NEXT: %19 = stablehlo.reduce_precision %arg0, format = e5m10 : tensor<2xf32>
  %19 = stablehlo.reduce_precision %arg0, format = e5m10 : tensor<2xf32>
// CHECK-NEXT: %20 = stablehlo.iota dim = 0 : tensor<2xf32>
  %20 = stablehlo.iota dim = 0 : tensor<2xf32>
// CHECK-NEXT: %21 = stablehlo.atan2 %arg0, %arg0 : tensor<2xf32>
  %21 = stablehlo.atan2 %arg0, %arg0 : tensor<2xf32>
// CHECK-NEXT: %22 = stablehlo.popcnt %arg1 : tensor<2xi32>
  %22 = stablehlo.popcnt %arg1 : tensor<2xi32>
// CHECK-NEXT: %23 = stablehlo.count_leading_zeros %arg1 : tensor<2xi32>
  %23 = stablehlo.count_leading_zeros %arg1 : tensor<2xi32>
// CHECK-NEXT: %24 = stablehlo.not %arg2 : tensor<2xi1>
  %24 = stablehlo.not %arg2 : tensor<2xi1>
// CHECK-NEXT: %25 = stablehlo.shift_right_logical %arg1, %arg1 : tensor<2xi32>
  %25 = stablehlo.shift_right_logical %arg1, %arg1 : tensor<2xi32>
// CHECK-NEXT: %26 = stablehlo.sign %arg0 : tensor<2xf32>
  %26 = stablehlo.sign %arg0 : tensor<2xf32>
// CHECK-NEXT: %27 = stablehlo.round_nearest_even %arg0 : tensor<2xf32>
  %27 = stablehlo.round_nearest_even %arg0 : tensor<2xf32>
// CHECK-NEXT: %28 = stablehlo.logistic %arg0 : tensor<2xf32>
  %28 = stablehlo.logistic %arg0 : tensor<2xf32>
// CHECK-NEXT: %29 = stablehlo.remainder %arg0, %arg0 : tensor<2xf32>
  %29 = stablehlo.remainder %arg0, %arg0 : tensor<2xf32>
// CHECK-NEXT: %30 = stablehlo.power %arg0, %arg0 : tensor<2xf32>
  %30 = stablehlo.power %arg0, %arg0 : tensor<2xf32>
// CHECK-NEXT: %31 = stablehlo.add %arg0, %arg0 : (tensor<2xf32>, tensor<2xf32>) -> tensor<?xf32>
  %31 = stablehlo.add %arg0, %arg0 : (tensor<2xf32>, tensor<2xf32>) -> tensor<?xf32>
// CHECK-NEXT: return %0 : tensor<2xf32>
  return %0 : tensor<2xf32>
// CHECK-NEXT: }
}

// CHECK-LABEL: func.func @constant_q(
func.func @constant_q() -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01>> {
// CHECK-NEXT: %cst = stablehlo.constant() <{value = dense<[1, 2]> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>
  %cst = stablehlo.constant() <{value = dense<[1, 2]> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>
// CHECK-NEXT: return %cst : tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>
  return %cst : tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>
// CHECK-NEXT: }
}
