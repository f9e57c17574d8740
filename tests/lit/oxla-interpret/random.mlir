// rng_bit_generator produces XLA's bits: the Random123 known-answer vectors
// for Threefry-2x32-20 and Philox-4x32-10, and a value from the JAX corpus.
// rng is deterministic; degenerate ranges pin its values.
// RUN: split-file %s %t
// RUN: oxla-interpret %t/checks.mlir
// RUN: oxla-interpret %t/print.mlir --print-results | FileCheck %s
// RUN: oxla-interpret %t/unsupported.mlir; test $? -eq 3
// RUN: not oxla-interpret %t/unsupported.mlir 2>&1 | FileCheck %s --check-prefix=UNSUP

// CHECK: EXEC @main
// CHECK-NEXT: 2x3xf32=
// CHECK-NEXT: 2x3xf32=
// UNSUP: unsupported.mlir:3:15: error: unsupported: 'stablehlo.rng_bit_generator' on element type ui4

//--- checks.mlir
func.func public @main() {
  // Threefry: counter 0, key 0 -> 0x6b200159 0x99ba4efe; the counter
  // advances by one block.
  %zero = stablehlo.constant dense<0> : tensor<2xui64>
  %s0, %tf32 = stablehlo.rng_bit_generator %zero, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2xui32>)
  check.expect_eq_const %tf32, dense<[1797259609, 2579123966]> : tensor<2xui32>
  check.expect_eq_const %s0, dense<[0, 1]> : tensor<2xui64>
  // Threefry: key 0x0370734413198a2e, counter 0x85a308d3243f6a88.
  %pi = stablehlo.constant dense<[247824715720788526, 9629550131187509896]> : tensor<2xui64>
  %s1, %tf64 = stablehlo.rng_bit_generator %pi, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<ui64>)
  check.expect_eq_const %tf64, dense<5205589014174907036> : tensor<ui64>
  check.expect_eq_const %s1, dense<[247824715720788526, 9629550131187509897]> : tensor<2xui64>
  // From the JAX corpus (rng_bit_generator_uint64_2).
  %three = stablehlo.constant dense<3> : tensor<2xui64>
  %s2, %jax = stablehlo.rng_bit_generator %three, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<ui64>)
  check.expect_eq_const %jax, dense<3349939604322698703> : tensor<ui64>
  check.expect_eq_const %s2, dense<[3, 4]> : tensor<2xui64>

  // Philox: counter 0, key 0 -> 0x6627e8d5 0xe169c58d 0xbc57ac4c 0x9b00dbd8,
  // with a three-element state and with a two-element one (whose key is
  // also the counter's high half); DEFAULT is PHILOX.
  %zero3 = stablehlo.constant dense<0> : tensor<3xui64>
  %s3, %ph32 = stablehlo.rng_bit_generator %zero3, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<2x2xui32>)
  check.expect_eq_const %ph32, dense<[[1713891541, 3781805453], [3159862348, 2600524760]]> : tensor<2x2xui32>
  check.expect_eq_const %s3, dense<[0, 1, 0]> : tensor<3xui64>
  %s4, %ph2 = stablehlo.rng_bit_generator %zero, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3xui32>)
  check.expect_eq_const %ph2, dense<[1713891541, 3781805453, 3159862348]> : tensor<3xui32>
  check.expect_eq_const %s4, dense<[0, 1]> : tensor<2xui64>
  // Narrow outputs keep the low bits of each 32-bit word.
  %s5, %ph16 = stablehlo.rng_bit_generator %zero3, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<2xui16>)
  check.expect_eq_const %ph16, dense<[59605, 50573]> : tensor<2xui16>
  // Philox, 64-bit: key 0x299f31d0a4093822, counter
  // 0x0370734413198a2e_85a308d3243f6a88 -> 0xd16cfe09 0x94fdcceb 0x5001e420
  // 0x24126ea1, as two 64-bit words.
  %piph = stablehlo.constant dense<[2999170649027065890, 9629550131187509896, 247824715720788526]> : tensor<3xui64>
  %s6, %ph64 = stablehlo.rng_bit_generator %piph, algorithm = PHILOX : (tensor<3xui64>) -> (tensor<3xui64>, tensor<2xui64>)
  check.expect_eq_const %ph64, dense<[10735962399924092425, 2599261574057288736]> : tensor<2xui64>
  check.expect_eq_const %s6, dense<[2999170649027065890, 9629550131187509897, 247824715720788526]> : tensor<3xui64>

  // rng: an empty integer range gives a; a zero standard deviation gives
  // the mean; uniform draws stay in [a, b).
  %shape = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %five = stablehlo.constant dense<5> : tensor<i32>
  %six = stablehlo.constant dense<6> : tensor<i32>
  %ints = stablehlo.rng %five, %six, %shape, distribution = UNIFORM : (tensor<i32>, tensor<i32>, tensor<2xi64>) -> tensor<2x3xi32>
  check.expect_eq_const %ints, dense<5> : tensor<2x3xi32>
  %mu = stablehlo.constant dense<1.5> : tensor<f32>
  %sigma = stablehlo.constant dense<0.0> : tensor<f32>
  %normal = stablehlo.rng %mu, %sigma, %shape, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<2x3xf32>
  check.expect_eq_const %normal, dense<1.5> : tensor<2x3xf32>
  %lo = stablehlo.constant dense<-1.0> : tensor<f32>
  %hi = stablehlo.constant dense<1.0> : tensor<f32>
  %uniform = stablehlo.rng %lo, %hi, %shape, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<2x3xf32>
  %his = stablehlo.broadcast_in_dim %hi, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
  %los = stablehlo.broadcast_in_dim %lo, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
  %below = stablehlo.compare LT, %uniform, %his : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %above = stablehlo.compare GE, %uniform, %los : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %inside = stablehlo.and %below, %above : tensor<2x3xi1>
  check.expect_eq_const %inside, dense<true> : tensor<2x3xi1>
  return
}
//--- print.mlir
// The same op gives the same values on every evaluation.
func.func public @main() -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %shape = stablehlo.constant dense<[2, 3]> : tensor<2xi64>
  %mu = stablehlo.constant dense<0.0> : tensor<f32>
  %sigma = stablehlo.constant dense<1.0> : tensor<f32>
  %a = stablehlo.rng %mu, %sigma, %shape, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<2x3xf32>
  %b = stablehlo.rng %mu, %sigma, %shape, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<2x3xf32>
  check.expect_eq %a, %b : tensor<2x3xf32>
  return %a, %b : tensor<2x3xf32>, tensor<2x3xf32>
}
//--- unsupported.mlir
func.func public @main() {
  %state = stablehlo.constant dense<0> : tensor<2xui64>
  %s, %bits = stablehlo.rng_bit_generator %state, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui4>)
  return
}
