//K
func.func @main(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) -> (tensor<6x3xf32>, tensor<6x1xf32>) {
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x3xf32>
  %1 = stablehlo.slice %0 [0:6, 1:2] : (tensor<6x3xf32>) -> tensor<6x1xf32>
  %2 = stablehlo.reverse %0, dims = [0] : tensor<6x3xf32>
  return %2, %1 : tensor<6x3xf32>, tensor<6x1xf32>
}
