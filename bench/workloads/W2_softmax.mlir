// W2 softmax over the last axis of [4096,4096] f32.
module @jit_main {
  func.func public @main(%x: tensor<4096x4096xf32>) -> (tensor<4096x4096xf32>) {
    %0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.reduce(%x init: %0) applies stablehlo.maximum across dimensions = [1] : (tensor<4096x4096xf32>, tensor<f32>) -> tensor<4096xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0] : (tensor<4096xf32>) -> tensor<4096x4096xf32>
    %3 = stablehlo.subtract %x, %2 : tensor<4096x4096xf32>
    %4 = stablehlo.exponential %3 : tensor<4096x4096xf32>
    %5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.reduce(%4 init: %5) applies stablehlo.add across dimensions = [1] : (tensor<4096x4096xf32>, tensor<f32>) -> tensor<4096xf32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0] : (tensor<4096xf32>) -> tensor<4096x4096xf32>
    %8 = stablehlo.divide %4, %7 : tensor<4096x4096xf32>
    return %8 : tensor<4096x4096xf32>
  }
}
