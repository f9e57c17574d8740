// The batch_norm ops, compiled through oxla-decompose-batch-norm, agree
// with the interpreter on random inputs (each function separately).
// RUN: oxla-run %s --split-input-file --random-inputs --check-with-interpreter --print-results | FileCheck %s
// CHECK: EXEC @main
// CHECK-NEXT: 2x3x4xf32=
// CHECK: EXEC @main
// CHECK-NEXT: 2x3x4xf32=
// CHECK-NEXT: 3xf32=
// CHECK-NEXT: 3xf32=
// CHECK: EXEC @main
// CHECK-NEXT: 4x2x3xf32=
// CHECK-NEXT: 2xf32=
// CHECK-NEXT: 2xf32=

func.func @main(%x: tensor<2x3x4xf32>, %scale: tensor<3xf32>, %offset: tensor<3xf32>,
                %mean: tensor<3xf32>, %variance: tensor<3xf32>) -> tensor<2x3x4xf32> {
  %v = stablehlo.abs %variance : tensor<3xf32>
  %0 = "stablehlo.batch_norm_inference"(%x, %scale, %offset, %mean, %v)
      {epsilon = 0.001 : f32, feature_index = 1 : i64}
      : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

func.func @main(%x: tensor<2x3x4xf32>, %scale: tensor<3xf32>, %offset: tensor<3xf32>)
    -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) {
  %0:3 = "stablehlo.batch_norm_training"(%x, %scale, %offset)
      {epsilon = 0.001 : f32, feature_index = 1 : i64}
      : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0, %0#1, %0#2 : tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

func.func @main(%x: tensor<4x2x3xf32>, %scale: tensor<2xf32>, %mean: tensor<2xf32>,
                %variance: tensor<2xf32>, %grad: tensor<4x2x3xf32>)
    -> (tensor<4x2x3xf32>, tensor<2xf32>, tensor<2xf32>) {
  %v = stablehlo.abs %variance : tensor<2xf32>
  %0:3 = "stablehlo.batch_norm_grad"(%x, %scale, %mean, %v, %grad)
      {epsilon = 0.01 : f32, feature_index = 1 : i64}
      : (tensor<4x2x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<4x2x3xf32>)
      -> (tensor<4x2x3xf32>, tensor<2xf32>, tensor<2xf32>)
  return %0#0, %0#1, %0#2 : tensor<4x2x3xf32>, tensor<2xf32>, tensor<2xf32>
}
