// dot_general of two float types (torch-xla's f32 x bf16 logits head) or two
// integer widths, as XLA accepts them (spec C13 relaxed: ContractionOps.cpp):
// both operands are converted to the result type. Compiled code gives the
// interpreter's results, and the interpreter the sums of the converted
// operands (checked here on values that each type holds exactly).
// RUN: oxla-run %s --split-input-file --random-inputs --check-with-interpreter --print-results | FileCheck %s
// RUN: oxla-interpret %s --split-input-file --random-inputs --print-results | FileCheck %s

func.func @main(%x: tensor<1x4xf32>, %w: tensor<4x3xbf16>) -> tensor<1x3xf32> {
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<1x4xf32>, tensor<4x3xbf16>) -> tensor<1x3xf32>
  return %0 : tensor<1x3xf32>
}

// -----

func.func @main() -> tensor<1x2xf32> {
  %x = stablehlo.constant dense<[[1.5, -2.0, 0.25]]> : tensor<1x3xf32>
  %w = stablehlo.constant dense<[[2.0, 1.0], [0.5, -1.0], [4.0, 8.0]]> : tensor<3x2xf16>
  %0 = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<1x3xf32>, tensor<3x2xf16>) -> tensor<1x2xf32>
  return %0 : tensor<1x2xf32>
}
// CHECK: 1x2xf32=[3 5.5]

// -----

func.func @main() -> tensor<2xi32> {
  %a = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>
  %b = stablehlo.constant dense<[100, -1000]> : tensor<2xi32>
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x2xi8>, tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}
// CHECK: 2xi32=[-1900 -3700]
