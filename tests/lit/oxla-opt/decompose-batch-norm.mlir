// RUN: oxla-opt %s --oxla-decompose-batch-norm | FileCheck %s

// In f64: the operand and the feature vectors widened, the feature vectors
// broadcast along feature_index, one rounding at the end.
// CHECK-LABEL: func.func @inference
// CHECK-NOT: batch_norm
// CHECK: stablehlo.convert %arg0 : (tensor<2x3xf32>) -> tensor<2x3xf64>
// CHECK: stablehlo.sqrt
// CHECK: stablehlo.broadcast_in_dim {{.*}}, dims = [1] : (tensor<3xf64>) -> tensor<2x3xf64>
// CHECK: %[[R:.*]] = stablehlo.convert {{.*}} : (tensor<2x3xf64>) -> tensor<2x3xf32>
// CHECK: return %[[R]]
func.func @inference(%x: tensor<2x3xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>,
                     %m: tensor<3xf32>, %v: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %o, %m, %v)
      {epsilon = 0.001 : f32, feature_index = 1 : i64}
      : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// The batch statistics are sums over every dimension but the feature one.
// CHECK-LABEL: func.func @training
// CHECK-NOT: batch_norm
// CHECK: stablehlo.reduce({{.*}}) applies stablehlo.add across dimensions = [0, 2]
func.func @training(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>)
    -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) {
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %o)
      {epsilon = 0.001 : f32, feature_index = 1 : i64}
      : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  return %0#0, %0#1, %0#2 : tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>
}
