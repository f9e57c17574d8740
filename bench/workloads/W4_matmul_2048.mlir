// W4 matmul [2048,2048] x [2048,2048] f32.
module @jit_main {
  func.func public @main(%a: tensor<2048x2048xf32>, %b: tensor<2048x2048xf32>) -> (tensor<2048x2048xf32>) {
    %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2048x2048xf32>, tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
    return %0 : tensor<2048x2048xf32>
  }
}
