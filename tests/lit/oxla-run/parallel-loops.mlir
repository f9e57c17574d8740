// Parallel loops of several dimensions split into tasks compute every
// element once (oxla-sequential-small-loops keeps one parallel dimension:
// MLIR 19's async-parallel-for computed the first rows of this
// reduce_window twice). Exact against the interpreter.
// RUN: oxla-run %s --split-input-file --random-inputs --check-with-interpreter --max-ulp 0 --print-results | FileCheck %s
// RUN: oxla-run %s --split-input-file --random-inputs --emit llvm-dialect | FileCheck %s --check-prefix=IR
// CHECK: EXEC @main
// CHECK-NEXT: 56x56xf32=
// CHECK: EXEC @main
// CHECK-NEXT: 3x300x301xf32=
// IR: llvm.func @parallel_compute_fn

func.func @main(%x: tensor<112x112xf32>) -> tensor<56x56xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%x, %zero) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) {window_dimensions = array<i64: 3, 3>, window_strides = array<i64: 2, 2>, padding = dense<[[0, 1], [0, 1]]> : tensor<2x2xi64>} : (tensor<112x112xf32>, tensor<f32>) -> tensor<56x56xf32>
  return %0 : tensor<56x56xf32>
}

// -----

func.func @main(%x: tensor<3x300x301xf32>, %y: tensor<3x300x301xf32>) -> tensor<3x300x301xf32> {
  %0 = stablehlo.multiply %x, %y : tensor<3x300x301xf32>
  %1 = stablehlo.add %0, %x : tensor<3x300x301xf32>
  return %1 : tensor<3x300x301xf32>
}
