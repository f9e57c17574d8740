//M
func.func @main(%a: tensor<2x3x4xf32>) -> tensor<6x4xf32> {
  %0 = stablehlo.reshape %a : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %1 = stablehlo.iota dim = 1 : tensor<6x4xf32>
  %2 = stablehlo.multiply %0, %1 : tensor<6x4xf32>
  return %2 : tensor<6x4xf32>
}
