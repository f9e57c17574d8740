// A temporary no machine can hold (2^49 bytes): compiled code's allocation
// fails in the runtime's _mlir_memref_to_llvm_alloc; the interpreter asks
// for a large result's bytes before it runs the op, and stops at the op.
// Both stop with exit code 1 and the bytes asked for, instead of writing
// through a null pointer.
// RUN: env ASAN_OPTIONS=allocator_may_return_null=1 oxla-run %s --input f32=1 > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=COMPILED < %t.out
// COMPILED: error: out of memory: compiled code could not allocate {{5629499534[0-9]+}} bytes
// RUN: env ASAN_OPTIONS=allocator_may_return_null=1 oxla-interpret %s --input f32=1 > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=INTERPRETED < %t.out
// INTERPRETED: out-of-memory.mlir:[[# @LINE + 2]]:8: error: out of memory: cannot allocate 562949953421312 bytes for a result of type tensor<70368744177664x2xf32>
func.func public @main(%x: tensor<f32>) -> tensor<f32> {
  %b = stablehlo.broadcast_in_dim %x, dims = [] : (tensor<f32>) -> tensor<70368744177664x2xf32>
  %c = stablehlo.exponential %b : tensor<70368744177664x2xf32>
  %d = stablehlo.transpose %c, dims = [1, 0] : (tensor<70368744177664x2xf32>) -> tensor<2x70368744177664xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%d init: %zero) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x70368744177664xf32>, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}
