// RUN: oxla-opt %s --split-input-file --oxla-convert-stablehlo-to-linalg --verify-diagnostics

// An op without a lowering is named at its location.
func.func @no_pattern(%t: !stablehlo.token) -> tensor<4xf32> {
  // expected-error @+1 {{unsupported: no compiler lowering for 'stablehlo.infeed'}}
  %0:2 = "stablehlo.infeed"(%t) {infeed_config = ""} : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
  return %0#0 : tensor<4xf32>
}

// -----

// A pattern that declines the types reports the op too.
func.func @declined(%a: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{unsupported: no compiler lowering for 'stablehlo.remainder'}}
  %0 = stablehlo.remainder %a, %a : tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}
