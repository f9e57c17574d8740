// A module split into parts, each optimized and compiled on a thread of its
// own (--llvm-parts), links into one library that computes what the JIT
// computes: kernels in different parts call each other's symbols, and the
// math functions and constants each part uses are its own copies.
// RUN: rm -rf %t && mkdir -p %t
// RUN: oxla-compile %s --llvm-parts 3 -o %t/parts.so
// RUN: oxla-compile %s --llvm-parts 1 -o %t/whole.so
// Fewer threads than parts: each thread takes the largest part left.
// RUN: oxla-compile %s --llvm-parts 3 --llvm-threads 2 --time-phases -o %t/queued.so 2> %t/queued.txt
// RUN: FileCheck %s --check-prefix=QUEUED < %t/queued.txt
// RUN: oxla-run %t/queued.so --input=2x8xf32=-1.5,0.5,-0.786,1.214,-0.071,-1.357,0.643,-0.643,1.357,0.071,-1.214,0.786,-0.5,1.5,0.214,-1.071 --print-results > %t/queued-results.txt
// RUN: oxla-run %t/parts.so --input=2x8xf32=-1.5,0.5,-0.786,1.214,-0.071,-1.357,0.643,-0.643,1.357,0.071,-1.214,0.786,-0.5,1.5,0.214,-1.071 --print-results > %t/parts.txt
// RUN: oxla-run %t/whole.so --input=2x8xf32=-1.5,0.5,-0.786,1.214,-0.071,-1.357,0.643,-0.643,1.357,0.071,-1.214,0.786,-0.5,1.5,0.214,-1.071 --print-results > %t/whole.txt
// RUN: oxla-run %s --input=2x8xf32=-1.5,0.5,-0.786,1.214,-0.071,-1.357,0.643,-0.643,1.357,0.071,-1.214,0.786,-0.5,1.5,0.214,-1.071 --print-results > %t/jit.txt
// RUN: diff %t/parts.txt %t/jit.txt
// RUN: diff %t/whole.txt %t/jit.txt
// RUN: diff %t/queued-results.txt %t/jit.txt
// RUN: FileCheck %s < %t/parts.txt
// RUN: nm %t/parts.so | FileCheck %s --check-prefix=SYMBOLS

// A softmax of exp(x) * 3 + 1 over rows of mixed values.
// CHECK: 2x8xf32
// The library exports its entry; the parts' local symbols stay hidden.
// SYMBOLS: T oxla_entry_main
// SYMBOLS-NOT: {{ [TDR] }}__oxla_local.
// QUEUED: llvm: split into 3 parts
// QUEUED-NEXT: llvm: optimize and generate code (3 parts on 2 threads)
// QUEUED-DAG: part 0: generate code
// QUEUED-DAG: part 1: generate code
// QUEUED-DAG: part 2: generate code
func.func public @main(%x: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %w = stablehlo.constant dense<3.0> : tensor<2x8xf32>
  %one = stablehlo.constant dense<1.0> : tensor<2x8xf32>
  %e = stablehlo.exponential %x : tensor<2x8xf32>
  %s = stablehlo.multiply %e, %w : tensor<2x8xf32>
  %a = stablehlo.add %s, %one : tensor<2x8xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %m = stablehlo.reduce(%a init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<2xf32>) -> tensor<2x8xf32>
  %d = stablehlo.subtract %a, %mb : tensor<2x8xf32>
  %p = stablehlo.exponential %d : tensor<2x8xf32>
  %t = stablehlo.reduce(%p init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x8xf32>, tensor<f32>) -> tensor<2xf32>
  %tb = stablehlo.broadcast_in_dim %t, dims = [0] : (tensor<2xf32>) -> tensor<2x8xf32>
  %r = stablehlo.divide %p, %tb : tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}
