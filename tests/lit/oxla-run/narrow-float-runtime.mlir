// f16 and bf16 products and convolutions (oxla-widen-narrow-contractions)
// run in the runtime's f32 matmul and convolution routines and give exactly
// the interpreter's sums (--max-ulp 0: the products of f16 or bf16 values
// are exact in f32, so a fused multiply-add rounds as an add does): f16 and
// bf16 results, an f32 result on bf16 operands, a batched product, NHWC
// and NCHW convolutions (each split runs separately).
// RUN: oxla-run %s --split-input-file --random-inputs --check-with-interpreter --max-ulp 0 --print-results | FileCheck %s
// RUN: env OXLA_MATMUL_KERNEL=avx2 oxla-run %s --split-input-file --random-inputs --check-with-interpreter --max-ulp 0 --print-results | FileCheck %s
// RUN: oxla-run %s --split-input-file --random-inputs --emit buffers | FileCheck %s --check-prefix=IR
// CHECK: EXEC @main
// CHECK-NEXT: 37x29xf16=
// CHECK: EXEC @main
// CHECK-NEXT: 2x40x24xbf16=
// CHECK: EXEC @main
// CHECK-NEXT: 33x64xf32=
// CHECK: EXEC @main
// CHECK-NEXT: 2x9x11x20xf16=
// CHECK: EXEC @main
// CHECK-NEXT: 2x20x9x11xbf16=
// IR-COUNT-3: call @oxla_matmul_f32
// IR-COUNT-2: call @oxla_convolution_f32

func.func @main(%a: tensor<37x53xf16>, %b: tensor<53x29xf16>) -> tensor<37x29xf16> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<37x53xf16>, tensor<53x29xf16>) -> tensor<37x29xf16>
  return %0 : tensor<37x29xf16>
}

// -----

// Batched, the rhs contracted on its last dimension (attention scores).
func.func @main(%q: tensor<2x40x64xbf16>, %k: tensor<2x24x64xbf16>) -> tensor<2x40x24xbf16> {
  %0 = stablehlo.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x40x64xbf16>, tensor<2x24x64xbf16>) -> tensor<2x40x24xbf16>
  return %0 : tensor<2x40x24xbf16>
}

// -----

// bf16 operands, f32 result (JAX's preferred_element_type).
func.func @main(%a: tensor<33x300xbf16>, %w: tensor<300x64xbf16>) -> tensor<33x64xf32> {
  %0 = stablehlo.dot_general %a, %w, contracting_dims = [1] x [0] : (tensor<33x300xbf16>, tensor<300x64xbf16>) -> tensor<33x64xf32>
  return %0 : tensor<33x64xf32>
}

// -----

// NHWC, 3x3 window, same padding.
func.func @main(%x: tensor<2x9x11x16xf16>, %w: tensor<3x3x16x20xf16>) -> tensor<2x9x11x20xf16> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x9x11x16xf16>, tensor<3x3x16x20xf16>) -> tensor<2x9x11x20xf16>
  return %0 : tensor<2x9x11x20xf16>
}

// -----

// NCHW and OIHW, as ONNX writes them.
func.func @main(%x: tensor<2x16x9x11xbf16>, %w: tensor<20x16x3x3xbf16>) -> tensor<2x20x9x11xbf16> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 1], pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x16x9x11xbf16>, tensor<20x16x3x3xbf16>) -> tensor<2x20x9x11xbf16>
  return %0 : tensor<2x20x9x11xbf16>
}
