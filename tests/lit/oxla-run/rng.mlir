// Compiled rng draws the interpreter's numbers (its implementation-defined
// stream): uniform floats and integers, normal floats, narrow floats, an
// empty integer range (each split runs separately).
// RUN: oxla-run %s --split-input-file --check-with-interpreter --print-results | FileCheck %s
// CHECK: EXEC @main
// CHECK-NEXT: 3x4xf32=
// CHECK-NEXT: 5xf64=
// CHECK-NEXT: 6xbf16=
// CHECK: EXEC @main
// CHECK-NEXT: 8xi32=
// CHECK-NEXT: 8xui8=
// CHECK-NEXT: 3xi16=[7 7 7]
// CHECK-NEXT: 4xi1=

func.func @main() -> (tensor<3x4xf32>, tensor<5xf64>, tensor<6xbf16>) {
  %lo = stablehlo.constant dense<-2.0> : tensor<f32>
  %hi = stablehlo.constant dense<3.0> : tensor<f32>
  %s0 = stablehlo.constant dense<[3, 4]> : tensor<2xi64>
  %0 = stablehlo.rng %lo, %hi, %s0, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x4xf32>
  %mean = stablehlo.constant dense<1.0> : tensor<f64>
  %sd = stablehlo.constant dense<0.5> : tensor<f64>
  %s1 = stablehlo.constant dense<5> : tensor<1xi64>
  %1 = stablehlo.rng %mean, %sd, %s1, distribution = NORMAL : (tensor<f64>, tensor<f64>, tensor<1xi64>) -> tensor<5xf64>
  %blo = stablehlo.constant dense<0.0> : tensor<bf16>
  %bhi = stablehlo.constant dense<1.0> : tensor<bf16>
  %s2 = stablehlo.constant dense<6> : tensor<1xi64>
  %2 = stablehlo.rng %blo, %bhi, %s2, distribution = UNIFORM : (tensor<bf16>, tensor<bf16>, tensor<1xi64>) -> tensor<6xbf16>
  return %0, %1, %2 : tensor<3x4xf32>, tensor<5xf64>, tensor<6xbf16>
}

// -----

func.func @main() -> (tensor<8xi32>, tensor<8xui8>, tensor<3xi16>, tensor<4xi1>) {
  %lo = stablehlo.constant dense<-100> : tensor<i32>
  %hi = stablehlo.constant dense<100> : tensor<i32>
  %s = stablehlo.constant dense<8> : tensor<1xi64>
  %0 = stablehlo.rng %lo, %hi, %s, distribution = UNIFORM : (tensor<i32>, tensor<i32>, tensor<1xi64>) -> tensor<8xi32>
  %ulo = stablehlo.constant dense<200> : tensor<ui8>
  %uhi = stablehlo.constant dense<250> : tensor<ui8>
  %1 = stablehlo.rng %ulo, %uhi, %s, distribution = UNIFORM : (tensor<ui8>, tensor<ui8>, tensor<1xi64>) -> tensor<8xui8>
  %seven = stablehlo.constant dense<7> : tensor<i16>
  %s3 = stablehlo.constant dense<3> : tensor<1xi64>
  %2 = stablehlo.rng %seven, %seven, %s3, distribution = UNIFORM : (tensor<i16>, tensor<i16>, tensor<1xi64>) -> tensor<3xi16>
  %f = stablehlo.constant dense<false> : tensor<i1>
  %t = stablehlo.constant dense<true> : tensor<i1>
  %s4 = stablehlo.constant dense<4> : tensor<1xi64>
  %3 = stablehlo.rng %f, %t, %s4, distribution = UNIFORM : (tensor<i1>, tensor<i1>, tensor<1xi64>) -> tensor<4xi1>
  return %0, %1, %2, %3 : tensor<8xi32>, tensor<8xui8>, tensor<3xi16>, tensor<4xi1>
}
