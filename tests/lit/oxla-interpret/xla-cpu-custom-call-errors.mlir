// Diagnostics for XLA's CPU custom-call targets: a known target called with
// the wrong operands, results or attributes is invalid (exit 2) at the op;
// a GPU-only target is unsupported (exit 3) and names the CPU target JAX
// uses; any other target stays unsupported. oxla-run gives the same
// (../oxla-run/xla-cpu-custom-calls.test).
// RUN: split-file %s %t
// RUN: oxla-interpret %t/arity.mlir; test $? -eq 2
// RUN: not oxla-interpret %t/arity.mlir 2>&1 | FileCheck %s --check-prefix=ARITY
// RUN: oxla-interpret %t/type.mlir; test $? -eq 2
// RUN: not oxla-interpret %t/type.mlir 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: oxla-interpret %t/flag.mlir; test $? -eq 2
// RUN: not oxla-interpret %t/flag.mlir 2>&1 | FileCheck %s --check-prefix=FLAG
// RUN: oxla-interpret %t/gpu.mlir; test $? -eq 3
// RUN: not oxla-interpret %t/gpu.mlir 2>&1 | FileCheck %s --check-prefix=GPU
// RUN: oxla-interpret %t/unknown.mlir; test $? -eq 3
// RUN: not oxla-interpret %t/unknown.mlir 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// ARITY: arity.mlir:3:8: error: custom_call @lapack_spotrf_ffi: returns 2 result(s), got 1
// TYPE: type.mlir:3:10: error: custom_call @lapack_dgetrf_ffi: operand #0 must be a batch of matrices of f64, got 2x2xf32
// FLAG: flag.mlir:3:10: error: custom_call @lapack_spotrf_ffi: attribute 'uplo' is 88; expected the character code of one of 'LU'
// GPU: gpu.mlir:3:10: error: unsupported: custom_call target 'cusolver_getrf_ffi' is a kernel of XLA's GPU backend, which oxla does not run; for the CPU, JAX lowers the same function to lapack_?getrf_ffi
// UNKNOWN: unknown.mlir:3:8: error: unsupported: custom_call target 'lapack_sfoo_ffi'

//--- arity.mlir
func.func public @main() -> tensor<2x2xf32> {
  %a = stablehlo.constant dense<1.0> : tensor<2x2xf32>
  %0 = stablehlo.custom_call @lapack_spotrf_ffi(%a) {mhlo.backend_config = {uplo = 76 : ui8}} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
//--- type.mlir
func.func public @main() -> tensor<2x2xf32> {
  %a = stablehlo.constant dense<1.0> : tensor<2x2xf32>
  %0:3 = stablehlo.custom_call @lapack_dgetrf_ffi(%a) {mhlo.backend_config = {}} : (tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2xi32>, tensor<i32>)
  return %0#0 : tensor<2x2xf32>
}
//--- flag.mlir
func.func public @main() -> tensor<2x2xf32> {
  %a = stablehlo.constant dense<1.0> : tensor<2x2xf32>
  %0:2 = stablehlo.custom_call @lapack_spotrf_ffi(%a) {mhlo.backend_config = {uplo = 88 : ui8}} : (tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<i32>)
  return %0#0 : tensor<2x2xf32>
}
//--- gpu.mlir
func.func public @main() -> tensor<2x2xf32> {
  %a = stablehlo.constant dense<1.0> : tensor<2x2xf32>
  %0:3 = stablehlo.custom_call @cusolver_getrf_ffi(%a) {mhlo.backend_config = {}} : (tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2xi32>, tensor<i32>)
  return %0#0 : tensor<2x2xf32>
}
//--- unknown.mlir
func.func public @main() -> tensor<2x2xf32> {
  %a = stablehlo.constant dense<1.0> : tensor<2x2xf32>
  %0 = stablehlo.custom_call @lapack_sfoo_ffi(%a) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}
