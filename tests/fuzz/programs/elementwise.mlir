//
func.func @main(%a: tensor<4x3xf32>, %b: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %0 = stablehlo.add %a, %b : tensor<4x3xf32>
  %1 = stablehlo.multiply %0, %a : tensor<4x3xf32>
  %2 = stablehlo.maximum %1, %b : tensor<4x3xf32>
  %3 = stablehlo.subtract %2, %a : tensor<4x3xf32>
  %4 = stablehlo.abs %3 : tensor<4x3xf32>
  return %4 : tensor<4x3xf32>
}
