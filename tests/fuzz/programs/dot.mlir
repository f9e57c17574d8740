//C
func.func @main(%a: tensor<3x5xf32>, %b: tensor<5x7xf32>) -> tensor<3x7xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x5xf32>, tensor<5x7xf32>) -> tensor<3x7xf32>
  %1 = stablehlo.negate %0 : tensor<3x7xf32>
  return %1 : tensor<3x7xf32>
}
