// RUN: oxla-opt %s --split-input-file --oxla-convert-stablehlo-to-linalg --verify-diagnostics

// An op without a lowering is named at its location.
func.func @no_pattern(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{unsupported: no compiler lowering for 'stablehlo.custom_call'}}
  %0 = stablehlo.custom_call @my.kernel(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A pattern that declines the types reports the op too.
func.func @declined(%a: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error @+1 {{unsupported: no compiler lowering for 'stablehlo.remainder'}}
  %0 = stablehlo.remainder %a, %a : tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}
