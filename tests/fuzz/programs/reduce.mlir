//E
func.func @main(%a: tensor<6x4xf32>) -> (tensor<6xf32>, tensor<4xf32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%a init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<6x4xf32>, tensor<f32>) -> tensor<6xf32>
  %1 = stablehlo.reduce(%a init: %zero) applies stablehlo.maximum across dimensions = [0] : (tensor<6x4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0, %1 : tensor<6xf32>, tensor<4xf32>
}
