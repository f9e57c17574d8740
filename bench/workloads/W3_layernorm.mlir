// W3 layernorm (eps 1e-5, scale, offset) over the last axis of [8192,1024] f32.
module @jit_main {
  func.func public @main(%x: tensor<8192x1024xf32>, %gamma: tensor<1024xf32>, %beta: tensor<1024xf32>) -> (tensor<8192x1024xf32>) {
    %0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%x init: %0) applies stablehlo.add across dimensions = [1] : (tensor<8192x1024xf32>, tensor<f32>) -> tensor<8192xf32>
    %2 = stablehlo.constant dense<9.765625000e-04> : tensor<8192xf32>
    %3 = stablehlo.multiply %1, %2 : tensor<8192xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<8192xf32>) -> tensor<8192x1024xf32>
    %5 = stablehlo.subtract %x, %4 : tensor<8192x1024xf32>
    %6 = stablehlo.multiply %5, %5 : tensor<8192x1024xf32>
    %7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.reduce(%6 init: %7) applies stablehlo.add across dimensions = [1] : (tensor<8192x1024xf32>, tensor<f32>) -> tensor<8192xf32>
    %9 = stablehlo.multiply %8, %2 : tensor<8192xf32>
    %10 = stablehlo.constant dense<1.000000000e-05> : tensor<8192xf32>
    %11 = stablehlo.add %9, %10 : tensor<8192xf32>
    %12 = stablehlo.rsqrt %11 : tensor<8192xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0] : (tensor<8192xf32>) -> tensor<8192x1024xf32>
    %14 = stablehlo.multiply %5, %13 : tensor<8192x1024xf32>
    %15 = stablehlo.broadcast_in_dim %gamma, dims = [1] : (tensor<1024xf32>) -> tensor<8192x1024xf32>
    %16 = stablehlo.multiply %14, %15 : tensor<8192x1024xf32>
    %17 = stablehlo.broadcast_in_dim %beta, dims = [1] : (tensor<1024xf32>) -> tensor<8192x1024xf32>
    %18 = stablehlo.add %16, %17 : tensor<8192x1024xf32>
    return %18 : tensor<8192x1024xf32>
  }
}
