//A
func.func @main(%a: tensor<5x2xf32>) -> tensor<5x2xf32> {
  %0 = stablehlo.exponential %a : tensor<5x2xf32>
  %1 = stablehlo.tanh %0 : tensor<5x2xf32>
  %2 = stablehlo.logistic %a : tensor<5x2xf32>
  %3 = stablehlo.add %1, %2 : tensor<5x2xf32>
  %4 = stablehlo.sine %3 : tensor<5x2xf32>
  return %4 : tensor<5x2xf32>
}
