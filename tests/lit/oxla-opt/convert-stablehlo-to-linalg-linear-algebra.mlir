// RUN: oxla-opt --oxla-convert-stablehlo-to-linalg %s | FileCheck %s

// fft: scalar loops over f64 work tensors with constant roots of unity.
// CHECK-LABEL: func.func @fft
// CHECK: scf.for
// CHECK: arith.extf {{.*}} : f32 to f64
// CHECK: arith.constant dense<{{.*}}> : tensor<4xf64>
// CHECK: scf.for
// CHECK: scf.for
// CHECK: arith.mulf
// CHECK: arith.truncf {{.*}} : f64 to f32
// CHECK: complex.create
// CHECK-NOT: stablehlo.fft
func.func @fft(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  %0 = stablehlo.fft %x, type = FFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}

// CHECK-LABEL: func.func @cholesky
// CHECK: linalg.fill
// CHECK: scf.for
// CHECK: math.sqrt
// CHECK: arith.truncf {{.*}} : f32 to bf16
// CHECK-NOT: stablehlo.cholesky
func.func @cholesky(%a: tensor<3x2x2xbf16>) -> tensor<3x2x2xbf16> {
  %0 = "stablehlo.cholesky"(%a) {lower = true} : (tensor<3x2x2xbf16>) -> tensor<3x2x2xbf16>
  return %0 : tensor<3x2x2xbf16>
}

// CHECK-LABEL: func.func @triangular_solve
// CHECK: scf.for
// CHECK: arith.divf
// CHECK: tensor.expand_shape
// CHECK-NOT: stablehlo.triangular_solve
func.func @triangular_solve(%a: tensor<2x3x3xf32>, %b: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = "stablehlo.triangular_solve"(%a, %b) {left_side = true, lower = false, unit_diagonal = false, transpose_a = #stablehlo<transpose TRANSPOSE>} : (tensor<2x3x3xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// rng_bit_generator: one linalg.generic over the output; the state's
// counter is advanced with tensor.insert.
// CHECK-LABEL: func.func @rng_bit_generator
// CHECK: linalg.generic
// CHECK: linalg.index
// CHECK: arith.xori
// CHECK: arith.trunci {{.*}} : i64 to i32
// CHECK: tensor.insert
// CHECK-NOT: stablehlo.rng_bit_generator
func.func @rng_bit_generator(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<4x4xui32>) {
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x4xui32>)
  return %0, %1 : tensor<2xui64>, tensor<4x4xui32>
}
