// f16 and bf16 maximum and minimum (oxla-narrow-float-min-max) give the
// interpreter's values: NaN propagated from either side, -0 below +0,
// infinities, subnormals, and a ReLU against a zero constant.
// RUN: oxla-run %s --entry f16 --input "8xf16=1,-0,nan,-inf,6e-08,-2,0,65504" --input "8xf16=2,0,3,5,-6e-08,nan,-0,inf" --check-with-interpreter --max-ulp 0 --print-results | FileCheck %s --check-prefix=F16
// F16: 8xf16=[2 0 nan 5 6e-08 nan 0 inf]
// F16-NEXT: 8xf16=[1 -0 nan -inf -6e-08 nan -0 65504]
// F16-NEXT: 8xf16=[1 0 nan 0 6e-08 0 0 65504]
// RUN: oxla-run %s --entry bf16 --input "8xbf16=1,-0,nan,-inf,9e-41,-2,0,3e38" --input "8xbf16=2,0,3,5,-9e-41,nan,-0,inf" --check-with-interpreter --max-ulp 0 --print-results | FileCheck %s --check-prefix=BF16
// BF16: 8xbf16=[2 0 nan 5 9e-41 nan 0 inf]
// BF16-NEXT: 8xbf16=[1 -0 nan -inf -9e-41 nan -0 3e+38]
// Random values, a vectorized loop:
// RUN: oxla-run %s --entry relu --random-inputs --check-with-interpreter --max-ulp 0
// RUN: oxla-run %s --entry relu --random-inputs --emit fused | FileCheck %s --check-prefix=IR
// IR-NOT: arith.maximumf

func.func @f16(%a: tensor<8xf16>, %b: tensor<8xf16>) -> (tensor<8xf16>, tensor<8xf16>, tensor<8xf16>) {
  %z = stablehlo.constant dense<0.0> : tensor<8xf16>
  %0 = stablehlo.maximum %a, %b : tensor<8xf16>
  %1 = stablehlo.minimum %a, %b : tensor<8xf16>
  %2 = stablehlo.maximum %a, %z : tensor<8xf16>
  return %0, %1, %2 : tensor<8xf16>, tensor<8xf16>, tensor<8xf16>
}

func.func @bf16(%a: tensor<8xbf16>, %b: tensor<8xbf16>) -> (tensor<8xbf16>, tensor<8xbf16>) {
  %0 = stablehlo.maximum %a, %b : tensor<8xbf16>
  %1 = stablehlo.minimum %a, %b : tensor<8xbf16>
  return %0, %1 : tensor<8xbf16>, tensor<8xbf16>
}

func.func @relu(%x: tensor<64x1024xf16>, %y: tensor<64x1024xf16>) -> tensor<64x1024xf16> {
  %z = stablehlo.constant dense<0.0> : tensor<64x1024xf16>
  %0 = stablehlo.multiply %x, %y : tensor<64x1024xf16>
  %1 = stablehlo.maximum %0, %z : tensor<64x1024xf16>
  return %1 : tensor<64x1024xf16>
}
