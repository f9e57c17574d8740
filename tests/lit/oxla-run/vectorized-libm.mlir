// erf has no LLVM intrinsic: convert-math-to-libm calls erff, unrolling a
// vector operand into vector.extract/insert. The math ops must be lowered
// before the vector dialect, or such a vector.extract reaches the
// translation to LLVM IR. The reproducer is the prefix of whisper's encoder
// (a GELU after a stride-2 convolution, then LayerNorm's mean) in
// ../shared/repro, which failed with "cannot be converted to LLVM IR ...
// vector.extract"; the small program checks erf in a row reduction against
// the interpreter.
// RUN: oxla-run %conformance_dir/../repro/whisper-prefix-vector-extract.mlir --random-inputs
// RUN: oxla-run %s --random-inputs --check-with-interpreter
func.func public @main(%x: tensor<64x384xf32>) -> tensor<64xf32> {
  %e = chlo.erf %x : tensor<64x384xf32> -> tensor<64x384xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<64x384xf32>, tensor<f32>) -> tensor<64xf32>
  return %r : tensor<64xf32>
}
