// Dump tools print banners around a module (tt-mlir and torch-xla end theirs
// with `---- END OF MLIR MODULE ----`): a line that starts with `---` in code
// is read as a comment by every tool (compiler/Import/SourceCompat.h).
// RUN: oxla-opt %s | FileCheck %s
// RUN: oxla-run --print-results %s | FileCheck %s --check-prefix=RESULT
// CHECK: stablehlo.negate
// RESULT: 2xf32=[-1 -2]
func.func @main() -> tensor<2xf32> {
  %c = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = stablehlo.negate %c : tensor<2xf32>
  return %0 : tensor<2xf32>
}
------------------ END OF MLIR MODULE ------------------
