// f32 exp and tanh expanded into vectorizable arithmetic (oxla-expand-math)
// stay within 1 ULP (exp) and 2 ULPs (tanh) of the interpreter's
// correctly rounded results: on a sweep with step 2^-14 over [-110, 110]
// (overflow, subnormal results, both tanh branches), and on 4M bit
// patterns spread over all of f32 (both signs, every exponent,
// subnormals, zeros, infinities, NaNs).
// RUN: oxla-run %s --entry exp_sweep --check-with-interpreter --max-ulp 1
// RUN: oxla-run %s --entry exp_bits --check-with-interpreter --max-ulp 1
// RUN: oxla-run %s --entry tanh_sweep --check-with-interpreter --max-ulp 2
// RUN: oxla-run %s --entry tanh_bits --check-with-interpreter --max-ulp 2
// RUN: oxla-run %s --entry specials --check-with-interpreter --max-ulp 1 --print-results | FileCheck %s
// RUN: oxla-run %s --emit fused | FileCheck %s --check-prefix=IR
// CHECK: EXEC @specials
// CHECK-NEXT: 8xf32=[0 1 1 1 inf nan inf 3.8e-44]
// CHECK-NEXT: 8xf32=[-1 -0 0 1e-45 1 nan 1 -1]
// CHECK-NEXT: 8xf32=[-1 -inf inf inf 1 nan 1 -1]
// IR-NOT: math.exp
// IR-NOT: math.tanh

func.func @exp_sweep() -> tensor<3604480xf32> {
  %i = stablehlo.iota dim = 0 : tensor<3604480xi32>
  %f = stablehlo.convert %i : (tensor<3604480xi32>) -> tensor<3604480xf32>
  %step = stablehlo.constant dense<6.103515625e-05> : tensor<3604480xf32>
  %low = stablehlo.constant dense<-110.0> : tensor<3604480xf32>
  %x0 = stablehlo.multiply %f, %step : tensor<3604480xf32>
  %x = stablehlo.add %x0, %low : tensor<3604480xf32>
  %e = stablehlo.exponential %x : tensor<3604480xf32>
  return %e : tensor<3604480xf32>
}

func.func @exp_bits() -> tensor<4194304xf32> {
  %i = stablehlo.iota dim = 0 : tensor<4194304xui32>
  %k = stablehlo.constant dense<1021> : tensor<4194304xui32>
  %b = stablehlo.multiply %i, %k : tensor<4194304xui32>
  %x = stablehlo.bitcast_convert %b : (tensor<4194304xui32>) -> tensor<4194304xf32>
  %e = stablehlo.exponential %x : tensor<4194304xf32>
  return %e : tensor<4194304xf32>
}

func.func @tanh_sweep() -> tensor<3604480xf32> {
  %i = stablehlo.iota dim = 0 : tensor<3604480xi32>
  %f = stablehlo.convert %i : (tensor<3604480xi32>) -> tensor<3604480xf32>
  %step = stablehlo.constant dense<6.103515625e-05> : tensor<3604480xf32>
  %low = stablehlo.constant dense<-110.0> : tensor<3604480xf32>
  %x0 = stablehlo.multiply %f, %step : tensor<3604480xf32>
  %x = stablehlo.add %x0, %low : tensor<3604480xf32>
  %t = stablehlo.tanh %x : tensor<3604480xf32>
  return %t : tensor<3604480xf32>
}

func.func @tanh_bits() -> tensor<4194304xf32> {
  %i = stablehlo.iota dim = 0 : tensor<4194304xui32>
  %k = stablehlo.constant dense<1021> : tensor<4194304xui32>
  %b = stablehlo.multiply %i, %k : tensor<4194304xui32>
  %x = stablehlo.bitcast_convert %b : (tensor<4194304xui32>) -> tensor<4194304xf32>
  %t = stablehlo.tanh %x : tensor<4194304xf32>
  return %t : tensor<4194304xf32>
}

// -inf, -0, +0, the smallest subnormal, +inf, NaN, the largest finite, -100;
// 1 / tanh shows the sign of tanh(-0).
func.func @specials() -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %x = stablehlo.constant dense<[0xFF800000, 0x80000000, 0x00000000, 0x00000001, 0x7F800000, 0x7FC00000, 0x7F7FFFFF, -100.0]> : tensor<8xf32>
  %e = stablehlo.exponential %x : tensor<8xf32>
  %t = stablehlo.tanh %x : tensor<8xf32>
  %one = stablehlo.constant dense<1.0> : tensor<8xf32>
  %r = stablehlo.divide %one, %t : tensor<8xf32>
  return %e, %t, %r : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}
