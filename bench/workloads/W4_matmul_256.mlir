// W4 matmul [256,256] x [256,256] f32.
module @jit_main {
  func.func public @main(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>) -> (tensor<256x256xf32>) {
    %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
    return %0 : tensor<256x256xf32>
  }
}
