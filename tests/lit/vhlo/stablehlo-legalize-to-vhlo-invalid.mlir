// RUN: oxla-opt --stablehlo-legalize-to-vhlo --split-input-file --verify-diagnostics %s

// A typed string has no VHLO form.
func.func @typed_string(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{failed to legalize operation 'stablehlo.custom_call' that was explicitly marked illegal}}
  %0 = "stablehlo.custom_call"(%arg0) {call_target_name = "foo" : tensor<3xf32>} : (tensor<f32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

// Nor has an affine map (here an argument attribute).
// expected-error @+1 {{failed to legalize operation 'func.func' that was explicitly marked illegal}}
func.func @foreign_attribute(%arg0: tensor<f32> {test.map = affine_map<(d0) -> (d0)>}) -> tensor<f32> {
  func.return %arg0 : tensor<f32>
}

// -----

// Nor a 3-bit integer, which StableHLO does not have.
func.func @odd_width(%arg0: tensor<i3>) -> tensor<i3> {
  // expected-error @-1 {{failed to legalize operation 'func.func' that was explicitly marked illegal}}
  func.return %arg0 : tensor<i3>
}
