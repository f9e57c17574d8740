// W1 eltwise: y = tanh(a*x+b)*c over 16777216 f32.
module @jit_main {
  func.func public @main(%x: tensor<16777216xf32>, %a: tensor<f32>, %b: tensor<f32>, %c: tensor<f32>) -> (tensor<16777216xf32>) {
    %0 = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<16777216xf32>
    %1 = stablehlo.multiply %0, %x : tensor<16777216xf32>
    %2 = stablehlo.broadcast_in_dim %b, dims = [] : (tensor<f32>) -> tensor<16777216xf32>
    %3 = stablehlo.add %1, %2 : tensor<16777216xf32>
    %4 = stablehlo.tanh %3 : tensor<16777216xf32>
    %5 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<16777216xf32>
    %6 = stablehlo.multiply %4, %5 : tensor<16777216xf32>
    return %6 : tensor<16777216xf32>
  }
}
