// A two-layer perceptron with a softmax head, as JAX exports it: 4 inputs of
// 8 features, a hidden layer of 16 ReLU units, 3 classes.
func.func public @main(%x: tensor<4x8xf32>, %w1: tensor<8x16xf32>, %b1: tensor<16xf32>,
                       %w2: tensor<16x3xf32>, %b2: tensor<3xf32>) -> tensor<4x3xf32> {
  %h = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %bb1 = stablehlo.broadcast_in_dim %b1, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
  %h1 = stablehlo.add %h, %bb1 : tensor<4x16xf32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<4x16xf32>
  %relu = stablehlo.maximum %h1, %zero : tensor<4x16xf32>
  %l = stablehlo.dot_general %relu, %w2, contracting_dims = [1] x [0] : (tensor<4x16xf32>, tensor<16x3xf32>) -> tensor<4x3xf32>
  %bb2 = stablehlo.broadcast_in_dim %b2, dims = [1] : (tensor<3xf32>) -> tensor<4x3xf32>
  %logits = stablehlo.add %l, %bb2 : tensor<4x3xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %max = stablehlo.reduce(%logits init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<4x3xf32>, tensor<f32>) -> tensor<4xf32>
  %maxb = stablehlo.broadcast_in_dim %max, dims = [0] : (tensor<4xf32>) -> tensor<4x3xf32>
  %shifted = stablehlo.subtract %logits, %maxb : tensor<4x3xf32>
  %e = stablehlo.exponential %shifted : tensor<4x3xf32>
  %fzero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %sum = stablehlo.reduce(%e init: %fzero) applies stablehlo.add across dimensions = [1] : (tensor<4x3xf32>, tensor<f32>) -> tensor<4xf32>
  %sumb = stablehlo.broadcast_in_dim %sum, dims = [0] : (tensor<4xf32>) -> tensor<4x3xf32>
  %p = stablehlo.divide %e, %sumb : tensor<4x3xf32>
  return %p : tensor<4x3xf32>
}
