// RUN: split-file %s %t
// RUN: oxla-interpret %t/pass.mlir
// RUN: oxla-interpret %t/close-fails.mlir; test $? -eq 1
// RUN: not oxla-interpret %t/close-fails.mlir 2>&1 | FileCheck %s --check-prefix=CLOSE
// RUN: not oxla-interpret %t/eq-fails.mlir 2>&1 | FileCheck %s --check-prefix=EQ
// RUN: not oxla-interpret %t/check-eq.mlir 2>&1 | FileCheck %s --check-prefix=CHECKEQ
// RUN: oxla-interpret %t/unsupported.mlir; test $? -eq 3
// RUN: not oxla-interpret %t/unsupported.mlir 2>&1 | FileCheck %s --check-prefix=UNSUP

// CLOSE: close-fails.mlir:5:3: error: check.expect_close failed at index [1]: expected 1.00000048, got 1 (4 ULPs apart, at most 3 allowed)
// EQ: eq-fails.mlir:4:3: error: check.expect_eq failed at index [1, 0]: expected -7, got 7
// CHECKEQ: check-eq.mlir:5:8: error: check.expect_almost_eq failed at index [0]: expected 1, got 1.00100005
// UNSUP: unsupported.mlir:3:8: error: unsupported: custom_call target 'my.kernel'

//--- pass.mlir
func.func public @main() {
  %a = stablehlo.constant dense<[1.0, 0x7FC00000, 0x3F800003]> : tensor<3xf32>
  %e = stablehlo.constant dense<[1.0, 0x7FC00000, 1.0]> : tensor<3xf32>
  // NaN matches NaN; 3 ULPs are close enough.
  stablehlo.custom_call @check.expect_close(%a, %e) {has_side_effect = true} : (tensor<3xf32>, tensor<3xf32>) -> ()
  %n = stablehlo.constant dense<[-0.0, 2.0]> : tensor<2xf32>
  %p = stablehlo.constant dense<[0.0, 2.0005]> : tensor<2xf32>
  stablehlo.custom_call @check.expect_almost_eq(%n, %p) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  return
}
//--- close-fails.mlir
func.func public @main() {
  %a = stablehlo.constant dense<[1.0, 1.0]> : tensor<2xf32>
  // 1.0 plus 4 ULPs.
  %e = stablehlo.constant dense<[1.0, 0x3F800004]> : tensor<2xf32>
  stablehlo.custom_call @check.expect_close(%a, %e) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  return
}
//--- eq-fails.mlir
func.func public @main() {
  %a = stablehlo.constant dense<[[1, 2], [7, 8]]> : tensor<2x2xi32>
  %e = stablehlo.constant dense<[[1, 2], [-7, 8]]> : tensor<2x2xi32>
  stablehlo.custom_call @check.expect_eq(%a, %e) {has_side_effect = true} : (tensor<2x2xi32>, tensor<2x2xi32>) -> ()
  return
}
//--- check-eq.mlir
func.func public @main() -> tensor<i1> {
  %e = stablehlo.constant dense<[1.0]> : tensor<1xf32>
  %a = stablehlo.constant dense<[1.001]> : tensor<1xf32>
  // check.eq allows an absolute difference of 1e-4 for floats.
  %r = stablehlo.custom_call @check.eq(%e, %a) : (tensor<1xf32>, tensor<1xf32>) -> tensor<i1>
  return %r : tensor<i1>
}
//--- unsupported.mlir
func.func public @main() -> tensor<f32> {
  %a = stablehlo.constant dense<1.0> : tensor<f32>
  %r = stablehlo.custom_call @my.kernel(%a) : (tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}
