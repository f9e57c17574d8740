// W5 MLP 784-512-512-10 with ReLU, batch 1, f32.
module @jit_main {
  func.func public @main(%x: tensor<1x784xf32>, %w1: tensor<784x512xf32>, %b1: tensor<512xf32>, %w2: tensor<512x512xf32>, %b2: tensor<512xf32>, %w3: tensor<512x10xf32>, %b3: tensor<10xf32>) -> (tensor<1x10xf32>) {
    %0 = stablehlo.dot_general %x, %w1, contracting_dims = [1] x [0] : (tensor<1x784xf32>, tensor<784x512xf32>) -> tensor<1x512xf32>
    %1 = stablehlo.broadcast_in_dim %b1, dims = [1] : (tensor<512xf32>) -> tensor<1x512xf32>
    %2 = stablehlo.add %0, %1 : tensor<1x512xf32>
    %3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<1x512xf32>
    %5 = stablehlo.maximum %2, %4 : tensor<1x512xf32>
    %6 = stablehlo.dot_general %5, %w2, contracting_dims = [1] x [0] : (tensor<1x512xf32>, tensor<512x512xf32>) -> tensor<1x512xf32>
    %7 = stablehlo.broadcast_in_dim %b2, dims = [1] : (tensor<512xf32>) -> tensor<1x512xf32>
    %8 = stablehlo.add %6, %7 : tensor<1x512xf32>
    %9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<f32>) -> tensor<1x512xf32>
    %11 = stablehlo.maximum %8, %10 : tensor<1x512xf32>
    %12 = stablehlo.dot_general %11, %w3, contracting_dims = [1] x [0] : (tensor<1x512xf32>, tensor<512x10xf32>) -> tensor<1x10xf32>
    %13 = stablehlo.broadcast_in_dim %b3, dims = [1] : (tensor<10xf32>) -> tensor<1x10xf32>
    %14 = stablehlo.add %12, %13 : tensor<1x10xf32>
    return %14 : tensor<1x10xf32>
  }
}
