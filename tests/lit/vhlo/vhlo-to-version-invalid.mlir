// RUN: oxla-opt --stablehlo-legalize-to-vhlo --vhlo-to-version=target=1.4.0 --split-input-file --verify-diagnostics %s
// RUN: not oxla-opt --stablehlo-legalize-to-vhlo --vhlo-to-version=target=1.x %s 2>&1 | FileCheck %s --check-prefix=BAD-TARGET
// RUN: not oxla-opt --stablehlo-legalize-to-vhlo --vhlo-to-version=target=1.99.0 %s 2>&1 | FileCheck %s --check-prefix=TOO-NEW
// RUN: not oxla-opt --stablehlo-legalize-to-vhlo --vhlo-to-version=target=0.8.0 %s 2>&1 | FileCheck %s --check-prefix=TOO-OLD
// RUN: not oxla-opt --stablehlo-legalize-to-vhlo --vhlo-to-version %s 2>&1 | FileCheck %s --check-prefix=NO-TARGET

// BAD-TARGET: Invalid target version argument '1.x': expected #.#.# or current
// TOO-NEW: target version 1.99.0 is greater than current version 1.20.0
// TOO-OLD: target version 0.8.0 is less than minimum supported version 0.9.0
// NO-TARGET: No target version specified.
// NO-TARGET-NEXT: Target version must be of the form `#.#.#`.

// A non-default result_accuracy cannot be written for a release before it.
// expected-error @+1 {{failed to convert VHLO to v1.4.0}}
module {
func.func @accuracy(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{failed to legalize operation 'vhlo.exponential_v2' that was explicitly marked illegal}}
  %0 = "stablehlo.exponential"(%arg0) {
    result_accuracy = #stablehlo.result_accuracy<atol = 1.000000e-05, rtol = 0.000000e+00, ulps = 0, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>
  } : (tensor<f32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}
}

// -----

// Nor a variadic all_gather (one operand until 1.5.0).
// expected-error @+1 {{failed to convert VHLO to v1.4.0}}
module {
func.func @variadic(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // expected-error @+1 {{failed to legalize operation 'vhlo.all_gather_v2' that was explicitly marked illegal}}
  %0:2 = "stablehlo.all_gather"(%arg0, %arg1) {
    all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
  } : (tensor<2xf32>, tensor<2xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  func.return %0#0, %0#1 : tensor<4xf32>, tensor<4xf32>
}
}

// -----

// A type the release lacks fails the op that carries it: tf32 is 1.6.0's.
// expected-error @+1 {{failed to convert VHLO to v1.4.0}}
module {
func.func @new_type(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{failed to legalize operation 'vhlo.reduce_precision_v1' that was explicitly marked illegal}}
  %0 = "stablehlo.reduce_precision"(%arg0) {exponent_bits = 8 : i32, mantissa_bits = 10 : i32, test.kind = tf32} : (tensor<2xf32>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}
}
