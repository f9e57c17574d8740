// f64 -> f16 and bf16 converts (oxla-expand-f64-to-narrow-float) round
// once, to nearest even, as the interpreter does: 1 + 2^-11 + 2^-40 (which rounding to nearest
// into f32 first would put on the tie, then to 1) becomes 1 + 2^-10;
// overflow to infinity just past 65504 + 16, subnormal results and the
// smallest f64 subnormal, -0 and NaN.
// RUN: oxla-run %s --input "15xf64=1.0004882812509095,1.0004882812490905,-1.0004882812509095,65520.0,65519.99,1e300,-1e300,2.9802322387695312e-08,2.9802322388562674e-08,8.940696716308594e-08,6.106495857238775e-05,5e-324,-0.0,0.1,nan" --check-with-interpreter --max-ulp 0 --print-results | FileCheck %s
// CHECK: 15xf16=[1.001 1 -1.001 inf 65504 inf -inf 0 6e-08 1e-07 6.11e-05 0 -0 0.1 nan]
// bf16: 1 + 2^-8 + 2^-40 becomes 1 + 2^-7 (not 1), the largest finite
// bf16 and past it infinity, subnormals, -0 and NaN.
// RUN: oxla-run %s --entry bf16 --input "10xf64=1.0039062500009095,1.0039062499990905,3.3895313892515355e38,3.4028236692093846e38,1e300,9.183549615799121e-41,5e-324,-0.0,0.1,nan" --check-with-interpreter --max-ulp 0 --print-results | FileCheck %s --check-prefix=BF16
// BF16: 10xbf16=[1.01 1 3.39e+38 inf inf 9e-41 0 -0 0.1 nan]
// A longer row, vectorized, on random values:
// RUN: oxla-run %s --entry row --random-inputs --check-with-interpreter --max-ulp 0
// RUN: oxla-run %s --emit llvm-dialect --input 15xf64 | FileCheck %s --check-prefix=IR
// IR-NOT: __truncdf
// RUN: oxla-run %s --entry bf16 --emit llvm-dialect --input 10xf64 | FileCheck %s --check-prefix=IR

func.func @main(%x: tensor<15xf64>) -> tensor<15xf16> {
  %0 = stablehlo.convert %x : (tensor<15xf64>) -> tensor<15xf16>
  return %0 : tensor<15xf16>
}

func.func @row(%x: tensor<1000xf64>, %y: tensor<1000xf64>) -> tensor<1000xf16> {
  %0 = stablehlo.multiply %x, %y : tensor<1000xf64>
  %1 = stablehlo.convert %0 : (tensor<1000xf64>) -> tensor<1000xf16>
  return %1 : tensor<1000xf16>
}

func.func @bf16(%x: tensor<10xf64>) -> tensor<10xbf16> {
  %0 = stablehlo.convert %x : (tensor<10xf64>) -> tensor<10xbf16>
  return %0 : tensor<10xbf16>
}
