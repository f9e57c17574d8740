// Large f32 products run in the runtime's packed matmul
// (oxla-matmul-to-runtime) and give exactly the interpreter's sums with the exact kernels
// (--max-ulp 0): edge tiles, transposed operands, batches, a few rows, a
// K longer than one block, two M dimensions collapsed into one, a B whose
// rows hold whole panels (read in place, not packed, unless A has 512 rows or
// more) (each split runs separately).
// RUN: env OXLA_EXACT_PRODUCTS=1 oxla-run %s --split-input-file --random-inputs --check-with-interpreter --max-ulp 0 --print-results | FileCheck %s
// The narrower kernels, which other CPUs get, give the same sums:
// RUN: env OXLA_EXACT_PRODUCTS=1 OXLA_MATMUL_KERNEL=avx2 oxla-run %s --split-input-file --random-inputs --check-with-interpreter --max-ulp 0 --print-results | FileCheck %s
// RUN: env OXLA_EXACT_PRODUCTS=1 OXLA_MATMUL_KERNEL=portable oxla-run %s --split-input-file --random-inputs --check-with-interpreter --max-ulp 0 --print-results | FileCheck %s
// The default fused kernels (c = fma(a, b, c), k in order: tests/unit/runtime/GemmKernelsTest.cpp
// checks their arithmetic) on the same shapes:
// RUN: oxla-run %s --split-input-file --random-inputs --print-results | FileCheck %s
// RUN: oxla-run %s --split-input-file --random-inputs --emit buffers | FileCheck %s --check-prefix=IR
// CHECK: EXEC @main
// CHECK-NEXT: 37x29xf32=
// CHECK: EXEC @main
// CHECK-NEXT: 2x3x40x24xf32=
// CHECK: EXEC @main
// CHECK-NEXT: 3x300xf32=
// CHECK: EXEC @main
// CHECK-NEXT: 20x70xf32=
// CHECK: EXEC @main
// CHECK-NEXT: 4x8x48xf32=
// CHECK: EXEC @main
// CHECK-NEXT: 37x64xf32=
// CHECK: EXEC @main
// CHECK-NEXT: 203x64xf32=
// CHECK: EXEC @main
// CHECK-NEXT: 515x64xf32=
// IR-COUNT-7: call @oxla_matmul_f32

func.func @main(%a: tensor<37x53xf32>, %b: tensor<53x29xf32>) -> tensor<37x29xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<37x53xf32>, tensor<53x29xf32>) -> tensor<37x29xf32>
  return %0 : tensor<37x29xf32>
}

// -----

// Attention scores: batch and head dimensions, rhs contracted on its last.
func.func @main(%q: tensor<2x3x40x16xf32>, %k: tensor<2x3x24x16xf32>) -> tensor<2x3x40x24xf32> {
  %0 = stablehlo.dot_general %q, %k, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3] : (tensor<2x3x40x16xf32>, tensor<2x3x24x16xf32>) -> tensor<2x3x40x24xf32>
  return %0 : tensor<2x3x40x24xf32>
}

// -----

// Three rows, lhs contracted on its first dimension.
func.func @main(%a: tensor<64x3xf32>, %b: tensor<64x300xf32>) -> tensor<3x300xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<64x3xf32>, tensor<64x300xf32>) -> tensor<3x300xf32>
  return %0 : tensor<3x300xf32>
}

// -----

// K = 600 spans three K blocks of the routine.
func.func @main(%a: tensor<20x600xf32>, %b: tensor<70x600xf32>) -> tensor<20x70xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [1] : (tensor<20x600xf32>, tensor<70x600xf32>) -> tensor<20x70xf32>
  return %0 : tensor<20x70xf32>
}

// -----

// A sequence of rows times a weight matrix: M is 4 x 8 rows.
func.func @main(%x: tensor<4x8x64xf32>, %w: tensor<64x48xf32>) -> tensor<4x8x48xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [2] x [0] : (tensor<4x8x64xf32>, tensor<64x48xf32>) -> tensor<4x8x48xf32>
  return %0 : tensor<4x8x48xf32>
}

// -----

// B's rows hold whole panels (64 columns): the kernels read B in place,
// over two K blocks, with edge rows.
func.func @main(%a: tensor<37x300xf32>, %b: tensor<300x64xf32>) -> tensor<37x64xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<37x300xf32>, tensor<300x64xf32>) -> tensor<37x64xf32>
  return %0 : tensor<37x64xf32>
}

// -----

// Rows split into one task per thread, each longer than an A block (kMC)
// and not whole tiles: B in place, 2 panels of 32 (AVX-512) or 4 of 16.
func.func @main(%a: tensor<203x40xf32>, %b: tensor<40x64xf32>) -> tensor<203x64xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<203x40xf32>, tensor<40x64xf32>) -> tensor<203x64xf32>
  return %0 : tensor<203x64xf32>
}

// -----

// Enough rows (at least 512) that B is packed although its rows hold whole
// panels: one packing pass, over two K blocks, before the tasks.
func.func @main(%a: tensor<515x300xf32>, %b: tensor<300x64xf32>) -> tensor<515x64xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<515x300xf32>, tensor<300x64xf32>) -> tensor<515x64xf32>
  return %0 : tensor<515x64xf32>
}
