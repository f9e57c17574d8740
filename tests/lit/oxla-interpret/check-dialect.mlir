// The check dialect's assertions, their defaults and their messages, and the
// probe that expect_serialized_eq reads.
// RUN: split-file %s %t
// RUN: oxla-interpret --split-input-file %t/pass.mlir
// RUN: not oxla-interpret %t/eq-const.mlir 2>&1 | FileCheck %s --check-prefix=EQCONST
// RUN: not oxla-interpret %t/almost-eq-default.mlir 2>&1 | FileCheck %s --check-prefix=ALMOST
// RUN: not oxla-interpret %t/close-default.mlir 2>&1 | FileCheck %s --check-prefix=CLOSE
// RUN: not oxla-interpret %t/close-min.mlir 2>&1 | FileCheck %s --check-prefix=MIN
// RUN: not oxla-interpret %t/probe-missing.mlir 2>&1 | FileCheck %s --check-prefix=PROBE
// RUN: oxla-interpret %t/probe-missing.mlir; test $? -eq 2
// RUN: oxla-interpret %t/print.mlir | FileCheck %s --check-prefix=PRINT

// EQCONST: eq-const.mlir:3:3: error: check.expect_eq failed at index [1]: expected 3, got 2
// ALMOST: almost-eq-default.mlir:3:3: error: check.expect_almost_eq failed at index [0]: expected 1.00199997, got 1
// CLOSE: close-default.mlir:4:3: error: check.expect_close failed at index [0]: expected 1.00000024, got 1 (2 ULPs apart, at most 1 allowed)
// MIN: close-min.mlir:3:3: error: check.expect_close failed at index [0]: expected 1, got 1 (0 ULPs apart, at least 1 required)
// PROBE: probe-missing.mlir:3:3: error: no value was probed as 'x' (iteration 0)
// PRINT: dense<[1, 2]> : tensor<2xi32>

//--- pass.mlir
func.func @all_pass() {
  %i = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  check.expect_eq %i, %i : tensor<2xi64>
  check.expect_eq_const %i, dense<[1, 2]> : tensor<2xi64>
  %f = stablehlo.constant dense<[1.0, 0x7FC00000]> : tensor<2xf32>
  %g = stablehlo.constant dense<[1.0009, 0x7FC00000]> : tensor<2xf32>
  // Default tolerance 1e-3; NaN matches NaN.
  check.expect_almost_eq %f, %g : tensor<2xf32>
  check.expect_almost_eq_const %f, dense<[1.5, 0x7FC00000]> : tensor<2xf32> {tolerance = 0.5 : f64}
  %h = stablehlo.constant dense<[0x3F800001, 0x7FC00000]> : tensor<2xf32>
  check.expect_close %f, %h : tensor<2xf32>, tensor<2xf32>
  check.expect_close %f, %h, max_ulp_difference = 2, min_ulp_difference = 0 : tensor<2xf32>, tensor<2xf32>
  func.return
}

// -----

func.func @probe_twice() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %b = interpreter.probe %a, probe_id = "p" : tensor<2xi32>
  %c = stablehlo.add %b, %b : tensor<2xi32>
  %d = interpreter.probe %c, probe_id = "p" : tensor<2xi32>
  check.expect_serialized_eq %a, probe_id = "p" : tensor<2xi32>
  check.expect_serialized_eq %d, probe_id = "p", iter = 1 : tensor<2xi32>
  func.return
}

// -----

// An empty split has nothing to run.

//--- eq-const.mlir
func.func @main() {
  %i = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  check.expect_eq_const %i, dense<[1, 3]> : tensor<2xi64>
  func.return
}
//--- almost-eq-default.mlir
func.func @main() {
  %f = stablehlo.constant dense<1.0> : tensor<1xf32>
  check.expect_almost_eq_const %f, dense<1.002> : tensor<1xf32>
  func.return
}
//--- close-default.mlir
func.func @main() {
  %f = stablehlo.constant dense<1.0> : tensor<1xf32>
  %g = stablehlo.constant dense<0x3F800002> : tensor<1xf32>
  check.expect_close %f, %g : tensor<1xf32>, tensor<1xf32>
  func.return
}
//--- close-min.mlir
func.func @main() {
  %f = stablehlo.constant dense<1.0> : tensor<1xf32>
  check.expect_close %f, %f, min_ulp_difference = 1 : tensor<1xf32>, tensor<1xf32>
  func.return
}
//--- probe-missing.mlir
func.func @main() {
  %a = stablehlo.constant dense<1> : tensor<i32>
  check.expect_serialized_eq %a, probe_id = "x" : tensor<i32>
  func.return
}
//--- print.mlir
func.func @main() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  interpreter.print %a : tensor<2xi32>
  func.return
}
