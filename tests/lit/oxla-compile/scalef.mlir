// exp's p * 2^n step (__oxla_scalef_v<N>, oxla-expand-math) is one AVX-512
// vscalefps where the target has AVX-512, and integer exponent arithmetic
// (two power-of-two factors) where it has not.
// RUN: oxla-compile %s --cpu=znver4 --emit asm -o - | FileCheck %s --check-prefix=AVX512
// RUN: oxla-compile %s --cpu=haswell --emit asm -o - | FileCheck %s --check-prefix=AVX2
// RUN: oxla-compile %s --cpu=znver4 --emit llvm -o - | FileCheck %s --check-prefix=IR
// RUN: oxla-compile %s --cpu=haswell --emit llvm -o - | FileCheck %s --check-prefix=IR-AVX2

// AVX512: vscalefps
// AVX2-NOT: vscalefps
// AVX2: vpslld $23
// AVX2-NOT: vscalefps
// The helper is inlined and gone (internal linkage).
// IR-NOT: @__oxla_scalef_v
// IR-LABEL: define <16 x float> @__oxla_expf_v16(
// IR: call <16 x float> @llvm.x86.avx512.mask.scalef.ps.512(
// IR-NOT: @__oxla_scalef_v
// IR-AVX2-NOT: @llvm.x86.avx512
func.func public @main(%x: tensor<4096xf32>) -> tensor<4096xf32> {
  %0 = stablehlo.exponential %x : tensor<4096xf32>
  return %0 : tensor<4096xf32>
}
