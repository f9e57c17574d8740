// Adds a 4x8 tensor to an 8x4 one: the spec's add (C1) rejects it.
func.func public @main(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>) -> tensor<4x8xf32> {
  %0 = stablehlo.add %a, %b : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}
