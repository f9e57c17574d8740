// RUN: oxla-interpret %s --split-input-file
// RUN: oxla-interpret %s --split-input-file --print-results | FileCheck %s

// Uniform quantized types: values are held as their storage integers;
// uniform_quantize/uniform_dequantize follow the spec's quantize/dequantize,
// and other ops run as dequantize, float op, quantize.

// Per-tensor: round_nearest_even(x / 0.1 + (-30)); 0.25 / 0.5 = 0.5 and
// 1.25 / 0.5 = 2.5 round to even.
// CHECK-LABEL: EXEC @per_tensor
// CHECK-NEXT: 3xi8=[10 120 -80]
// CHECK-NEXT: 4xi8=[0 2 2 -2]
func.func @per_tensor() -> (tensor<3xi8>, tensor<4xi8>) {
  %x = stablehlo.constant dense<[4.0, 15.0, -5.0]> : tensor<3xf32>
  %q = stablehlo.uniform_quantize %x : (tensor<3xf32>) -> tensor<3x!quant.uniform<i8:f32, 0.1:-30>>
  %s = stablehlo.bitcast_convert %q : (tensor<3x!quant.uniform<i8:f32, 0.1:-30>>) -> tensor<3xi8>
  check.expect_eq_const %s, dense<[10, 120, -80]> : tensor<3xi8>
  %y = stablehlo.constant dense<[0.25, 0.75, 1.25, -0.75]> : tensor<4xf32>
  %r = stablehlo.uniform_quantize %y : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5>>
  %t = stablehlo.bitcast_convert %r : (tensor<4x!quant.uniform<i8:f32, 0.5>>) -> tensor<4xi8>
  check.expect_eq_const %t, dense<[0, 2, 2, -2]> : tensor<4xi8>
  return %s, %t : tensor<3xi8>, tensor<4xi8>
}

// -----

// Per-axis along dimension 1: column 0 uses 0.1:-30, column 1 uses 0.5:-20.
func.func @per_axis() {
  %x = stablehlo.constant dense<[[4.0, 15.0], [1.0, 1.0]]> : tensor<2x2xf32>
  %q = stablehlo.uniform_quantize %x : (tensor<2x2xf32>) -> tensor<2x2x!quant.uniform<i8:f32:1, {0.1:-30,0.5:-20}>>
  %s = stablehlo.bitcast_convert %q : (tensor<2x2x!quant.uniform<i8:f32:1, {0.1:-30,0.5:-20}>>) -> tensor<2x2xi8>
  check.expect_eq_const %s, dense<[[10, 10], [-20, -18]]> : tensor<2x2xi8>
  // dequantize: (10 + 30) * 0.1, (10 + 20) * 0.5, (-20 + 30) * 0.1, (-18 + 20) * 0.5
  %d = stablehlo.uniform_dequantize %q : (tensor<2x2x!quant.uniform<i8:f32:1, {0.1:-30,0.5:-20}>>) -> tensor<2x2xf32>
  check.expect_almost_eq_const %d, dense<[[4.0, 15.0], [1.0, 1.0]]> : tensor<2x2xf32>
  // transpose moves stored values and the quantization dimension.
  %t = stablehlo.transpose %q, dims = [1, 0] : (tensor<2x2x!quant.uniform<i8:f32:1, {0.1:-30,0.5:-20}>>) -> tensor<2x2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>
  %u = stablehlo.bitcast_convert %t : (tensor<2x2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) -> tensor<2x2xi8>
  check.expect_eq_const %u, dense<[[10, -20], [10, -18]]> : tensor<2x2xi8>
  return
}

// -----

// Requantize: dequantize with the operand's parameters (4.0, 15.0), then
// quantize with the result's: 4 / 0.1 - 20 = 20, 15 / 0.2 - 30 = 45.
func.func @requantize() {
  %s = stablehlo.constant dense<[10, 10]> : tensor<2xi8>
  %q = stablehlo.bitcast_convert %s : (tensor<2xi8>) -> tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>
  %r = stablehlo.uniform_quantize %q : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) -> tensor<2x!quant.uniform<i8:f32:0, {0.1:-20,0.2:-30}>>
  %t = stablehlo.bitcast_convert %r : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-20,0.2:-30}>>) -> tensor<2xi8>
  check.expect_eq_const %t, dense<[20, 45]> : tensor<2xi8>
  // i8 -> i32 storage: (10 + 30) * 0.1 / 0.001 = 4000 (up to f32 rounding).
  %w = stablehlo.uniform_quantize %q : (tensor<2x!quant.uniform<i8:f32:0, {0.1:-30,0.5:-20}>>) -> tensor<2x!quant.uniform<i32:f32, 0.001>>
  %v = stablehlo.bitcast_convert %w : (tensor<2x!quant.uniform<i32:f32, 0.001>>) -> tensor<2xi32>
  check.expect_eq_const %v, dense<[4000, 15000]> : tensor<2xi32>
  return
}

// -----

// Clamping to the storage type's range, or to an explicit storage range;
// NaN converts to 0.
func.func @clamp() {
  %x = stablehlo.constant dense<[100.0, -100.0, 0x7FC00000]> : tensor<3xf32>
  %q = stablehlo.uniform_quantize %x : (tensor<3xf32>) -> tensor<3x!quant.uniform<i8:f32, 0.1:-30>>
  %s = stablehlo.bitcast_convert %q : (tensor<3x!quant.uniform<i8:f32, 0.1:-30>>) -> tensor<3xi8>
  check.expect_eq_const %s, dense<[127, -128, 0]> : tensor<3xi8>
  %r = stablehlo.uniform_quantize %x : (tensor<3xf32>) -> tensor<3x!quant.uniform<i8<-100:100>:f32, 0.1:-30>>
  %t = stablehlo.bitcast_convert %r : (tensor<3x!quant.uniform<i8<-100:100>:f32, 0.1:-30>>) -> tensor<3xi8>
  check.expect_eq_const %t, dense<[100, -100, 0]> : tensor<3xi8>
  return
}

// -----

// Narrow and unsigned storage types, narrow expressed types (bf16:
// 1.25 / 0.5 + 1 = 3.5 rounds to 4, which dequantizes to 1.5).
func.func @storage_and_expressed_types() {
  %x = stablehlo.constant dense<[7.6, -9.0, 2.5]> : tensor<3xf32>
  %q4 = stablehlo.uniform_quantize %x : (tensor<3xf32>) -> tensor<3x!quant.uniform<i4:f32, 1.0>>
  %s4 = stablehlo.bitcast_convert %q4 : (tensor<3x!quant.uniform<i4:f32, 1.0>>) -> tensor<3xi4>
  check.expect_eq_const %s4, dense<[7, -8, 2]> : tensor<3xi4>
  %q2 = stablehlo.uniform_quantize %x : (tensor<3xf32>) -> tensor<3x!quant.uniform<i2:f32, 4.0>>
  %s2 = stablehlo.bitcast_convert %q2 : (tensor<3x!quant.uniform<i2:f32, 4.0>>) -> tensor<3xi2>
  check.expect_eq_const %s2, dense<[1, -2, 1]> : tensor<3xi2>
  %u = stablehlo.constant dense<[-1.0, 200.0, 3.0]> : tensor<3xf32>
  %qu = stablehlo.uniform_quantize %u : (tensor<3xf32>) -> tensor<3x!quant.uniform<u8:f32, 0.5:128>>
  %su = stablehlo.bitcast_convert %qu : (tensor<3x!quant.uniform<u8:f32, 0.5:128>>) -> tensor<3xui8>
  check.expect_eq_const %su, dense<[126, 255, 134]> : tensor<3xui8>
  %b = stablehlo.constant dense<[1.25, -3.0]> : tensor<2xbf16>
  %qb = stablehlo.uniform_quantize %b : (tensor<2xbf16>) -> tensor<2x!quant.uniform<i8:bf16, 0.5:1>>
  %sb = stablehlo.bitcast_convert %qb : (tensor<2x!quant.uniform<i8:bf16, 0.5:1>>) -> tensor<2xi8>
  check.expect_eq_const %sb, dense<[4, -5]> : tensor<2xi8>
  %db = stablehlo.uniform_dequantize %qb : (tensor<2x!quant.uniform<i8:bf16, 0.5:1>>) -> tensor<2xbf16>
  check.expect_eq_const %db, dense<[1.5, -3.0]> : tensor<2xbf16>
  %h = stablehlo.constant dense<[1000.0]> : tensor<1xf16>
  %qh = stablehlo.uniform_quantize %h : (tensor<1xf16>) -> tensor<1x!quant.uniform<i16:f16, 0.25:-100>>
  %sh = stablehlo.bitcast_convert %qh : (tensor<1x!quant.uniform<i16:f16, 0.25:-100>>) -> tensor<1xi16>
  check.expect_eq_const %sh, dense<[3900]> : tensor<1xi16>
  %d = stablehlo.constant dense<[0.3]> : tensor<1xf64>
  %qd = stablehlo.uniform_quantize %d : (tensor<1xf64>) -> tensor<1x!quant.uniform<i32:f64, 0.1>>
  %sd = stablehlo.bitcast_convert %qd : (tensor<1x!quant.uniform<i32:f64, 0.1>>) -> tensor<1xi32>
  check.expect_eq_const %sd, dense<[3]> : tensor<1xi32>
  return
}

// -----

// Quantized add: dequantize ([1, 2] and [3, 4]), add, quantize with the
// result's parameters: [4, 6] / 0.5 - 20 = [-12, -8].
// CHECK-LABEL: EXEC @quantized_add
// CHECK-NEXT: 2xi8=[-12 -8]
func.func @quantized_add() -> tensor<2x!quant.uniform<i8:f32, 0.5:-20>> {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<[3.0, 4.0]> : tensor<2xf32>
  %qa = stablehlo.uniform_quantize %a : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.1:-30>>
  %qb = stablehlo.uniform_quantize %b : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.5:-20>>
  %r = stablehlo.add %qa, %qb : (tensor<2x!quant.uniform<i8:f32, 0.1:-30>>, tensor<2x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:-20>>
  %s = stablehlo.bitcast_convert %r : (tensor<2x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<2xi8>
  check.expect_eq_const %s, dense<[-12, -8]> : tensor<2xi8>
  return %r : tensor<2x!quant.uniform<i8:f32, 0.5:-20>>
}

// -----

// Hybrid dot_general (float lhs, quantized rhs, float result): only the
// rhs is dequantized, [[1, 2]] x [[5], [10]] = [[25]].
func.func @hybrid_dot_general() {
  %l = stablehlo.constant dense<[[1.0, 2.0]]> : tensor<1x2xf32>
  %r = stablehlo.constant dense<[[10], [20]]> : tensor<2x1xi8>
  %rq = stablehlo.bitcast_convert %r : (tensor<2x1xi8>) -> tensor<2x1x!quant.uniform<i8:f32, 0.5>>
  %d = stablehlo.dot_general %l, %rq, contracting_dims = [1] x [0] : (tensor<1x2xf32>, tensor<2x1x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x1xf32>
  check.expect_almost_eq_const %d, dense<[[25.0]]> : tensor<1x1xf32>
  return
}

// -----

// Region ops keep quantized block arguments; the body's add is decomposed:
// 1 + 2 + 3 with every partial sum requantized.
func.func @quantized_reduce() {
  %c = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %q = stablehlo.uniform_quantize %c : (tensor<3xf32>) -> tensor<3x!quant.uniform<i8:f32, 0.5:-10>>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %zq = stablehlo.uniform_quantize %z : (tensor<f32>) -> tensor<!quant.uniform<i8:f32, 0.5:-10>>
  %s = stablehlo.reduce(%q init: %zq) applies stablehlo.add across dimensions = [0] : (tensor<3x!quant.uniform<i8:f32, 0.5:-10>>, tensor<!quant.uniform<i8:f32, 0.5:-10>>) -> tensor<!quant.uniform<i8:f32, 0.5:-10>>
  %f = stablehlo.uniform_dequantize %s : (tensor<!quant.uniform<i8:f32, 0.5:-10>>) -> tensor<f32>
  check.expect_almost_eq_const %f, dense<6.0> : tensor<f32>
  // Comparisons compare the dequantized values: 1 < 2 and 2 > 1.
  %d = stablehlo.constant dense<[2.0, 1.0]> : tensor<2xf32>
  %qd = stablehlo.uniform_quantize %d : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.25:20>>
  %qs = stablehlo.slice %q [0:2] : (tensor<3x!quant.uniform<i8:f32, 0.5:-10>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:-10>>
  %lt = stablehlo.compare LT, %qs, %qd : (tensor<2x!quant.uniform<i8:f32, 0.5:-10>>, tensor<2x!quant.uniform<i8:f32, 0.25:20>>) -> tensor<2xi1>
  check.expect_eq_const %lt, dense<[true, false]> : tensor<2xi1>
  return
}
