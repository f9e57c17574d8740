// One value fills a whole --input tensor: it is read once and copied, not
// parsed once per element (a 10^8-element spec took minutes).
// RUN: oxla-interpret %s --input 2000x2000xf32=0.5 --print-results | FileCheck %s
// RUN: oxla-interpret %s --input 2000x2000xf32=-0 --print-results | FileCheck %s --check-prefix=ZERO
// CHECK: f32=2000000
// ZERO: f32=-0

func.func @main(%a: tensor<2000x2000xf32>) -> tensor<f32> {
  %z = stablehlo.constant dense<-0.0> : tensor<f32>
  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [0, 1] : (tensor<2000x2000xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
