// Compiled sort is a bottom-up merge sort, the interpreter's algorithm step
// for step: O(n log n), stable, and the interpreter's result for every
// comparator, including ones that are no strict weak order (LT with NaN,
// where any order is allowed and each algorithm picks its own).
// RUN: oxla-run %s --entry nan_lt --print-results --check-with-interpreter | FileCheck %s --check-prefix=NAN
// RUN: oxla-interpret %s --entry nan_lt --print-results | FileCheck %s --check-prefix=NAN
// NAN: EXEC @nan_lt
// NAN-NEXT: 9xf32=[-2 -1 1 3 nan nan 5 nan 0.5]
func.func public @nan_lt() -> tensor<9xf32> {
  %x = stablehlo.constant dense<[3.0, 0x7FC00000, 1.0, 0x7FC00000, -2.0, 5.0, 0x7FC00000, 0.5, -1.0]> : tensor<9xf32>
  %s = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<9xf32>) -> tensor<9xf32>
  return %s : tensor<9xf32>
}

// -0.0 and 0.0 are equal keys under LT: they keep their order, and the
// second operand follows its key.
// RUN: oxla-run %s --entry zeros --print-results --check-with-interpreter | FileCheck %s --check-prefix=ZEROS
// ZEROS: EXEC @zeros
// ZEROS-NEXT: 6xf32=[-1 0 -0 -0 0 1]
// ZEROS-NEXT: 6xi32=[5 0 1 3 4 2]
func.func public @zeros() -> (tensor<6xf32>, tensor<6xi32>) {
  %k = stablehlo.constant dense<[0.0, -0.0, 1.0, -0.0, 0.0, -1.0]> : tensor<6xf32>
  %v = stablehlo.iota dim = 0 : tensor<6xi32>
  %s:2 = "stablehlo.sort"(%k, %v) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<6xf32>, tensor<6xi32>) -> (tensor<6xf32>, tensor<6xi32>)
  return %s#0, %s#1 : tensor<6xf32>, tensor<6xi32>
}

// Large inputs against the interpreter: 200k floats (insertion sort took
// seconds for this), and the columns of a 256x64 matrix of small integers
// (many equal keys) carrying their row numbers, compared as a pair
// (descending keys, then ascending second operand).
// RUN: oxla-run %s --entry big --random-inputs --check-with-interpreter
// RUN: oxla-run %s --entry columns --random-inputs --check-with-interpreter
func.func public @big(%x: tensor<200000xf32>) -> tensor<200000xf32> {
  %s = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<200000xf32>) -> tensor<200000xf32>
  return %s : tensor<200000xf32>
}
func.func public @columns(%k: tensor<256x64xi32>, %v: tensor<256x64xi32>) -> (tensor<256x64xi32>, tensor<256x64xi32>) {
  %s:2 = "stablehlo.sort"(%k, %v) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>, %d: tensor<i32>):
    %gt = stablehlo.compare GT, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %eq = stablehlo.compare EQ, %a, %b : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %lt = stablehlo.compare LT, %c, %d : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %tie = stablehlo.and %eq, %lt : tensor<i1>
    %r = stablehlo.or %gt, %tie : tensor<i1>
    stablehlo.return %r : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<256x64xi32>, tensor<256x64xi32>) -> (tensor<256x64xi32>, tensor<256x64xi32>)
  return %s#0, %s#1 : tensor<256x64xi32>, tensor<256x64xi32>
}
