//I
func.func @main(%a: tensor<4x5xi32>, %b: tensor<4x5xi32>) -> (tensor<4x5xi32>, tensor<4x5xi1>) {
  %0 = stablehlo.multiply %a, %b : tensor<4x5xi32>
  %1 = stablehlo.divide %0, %b : tensor<4x5xi32>
  %2 = stablehlo.remainder %0, %a : tensor<4x5xi32>
  %3 = stablehlo.add %1, %2 : tensor<4x5xi32>
  %4 = stablehlo.compare GT, %3, %a : (tensor<4x5xi32>, tensor<4x5xi32>) -> tensor<4x5xi1>
  %5 = stablehlo.select %4, %3, %b : tensor<4x5xi1>, tensor<4x5xi32>
  return %5, %4 : tensor<4x5xi32>, tensor<4x5xi1>
}
