// W6 conv NHWC 8x56x56x64, 3x3x64x64 HWIO filter, stride 1, same padding, + bias + ReLU, f32.
module @jit_main {
  func.func public @main(%x: tensor<8x56x56x64xf32>, %w: tensor<3x3x64x64xf32>, %bias: tensor<64xf32>) -> (tensor<8x56x56x64xf32>) {
    %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<8x56x56x64xf32>, tensor<3x3x64x64xf32>) -> tensor<8x56x56x64xf32>
    %1 = stablehlo.broadcast_in_dim %bias, dims = [3] : (tensor<64xf32>) -> tensor<8x56x56x64xf32>
    %2 = stablehlo.add %0, %1 : tensor<8x56x56x64xf32>
    %3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<8x56x56x64xf32>
    %5 = stablehlo.maximum %2, %4 : tensor<8x56x56x64xf32>
    return %5 : tensor<8x56x56x64xf32>
  }
}
