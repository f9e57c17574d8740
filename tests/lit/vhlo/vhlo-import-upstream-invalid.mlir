// RUN: oxla-opt --split-input-file --verify-diagnostics --vhlo-import-upstream %s

// Attributes that do not have the form upstream writes are reported at the
// op, naming the attribute and the form expected.

"vhlo.func_v1"() ({
^bb0(%arg0: tensor<1x4x4x1xf32>, %arg1: tensor<2x2x1x1xf32>):
  // expected-error @+1 {{'vhlo.convolution_v1' op has attribute 'input_batch_dimension' in a form oxla does not read: expected an integer}}
  %0 = "vhlo.convolution_v1"(%arg0, %arg1) {batch_group_count = 1 : i64, feature_group_count = 1 : i64, input_batch_dimension = "zero", input_feature_dimension = 3 : i64, input_spatial_dimensions = dense<[1, 2]> : tensor<2xi64>, kernel_input_feature_dimension = 2 : i64, kernel_output_feature_dimension = 3 : i64, kernel_spatial_dimensions = dense<[0, 1]> : tensor<2xi64>, output_batch_dimension = 0 : i64, output_feature_dimension = 3 : i64, output_spatial_dimensions = dense<[1, 2]> : tensor<2xi64>} : (tensor<1x4x4x1xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x1x1xf32>
  "vhlo.return_v1"(%0) : (tensor<1x2x1x1xf32>) -> ()
}) {function_type = (tensor<1x4x4x1xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x1x1xf32>, sym_name = "bad_dimension"} : () -> ()

// -----

"vhlo.func_v1"() ({
^bb0(%arg0: tensor<2x3x4xf32>, %arg1: tensor<2x4x5xf32>):
  // expected-error @+1 {{'vhlo.dot_general_v2' op has attribute 'rhs_precision_type' in a form oxla does not read: expected none, as lhs_precision_type is}}
  %0 = "vhlo.dot_general_v2"(%arg0, %arg1) {accumulation_type = none, allow_imprecise_accumulation = none, lhs_batching_dimensions = dense<0> : tensor<1xi64>, lhs_component_count = none, lhs_contracting_dimensions = dense<2> : tensor<1xi64>, lhs_precision_type = none, num_primitive_operations = none, precision_config = [], rhs_batching_dimensions = dense<0> : tensor<1xi64>, rhs_component_count = none, rhs_contracting_dimensions = dense<1> : tensor<1xi64>, rhs_precision_type = f32} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  "vhlo.return_v1"(%0) : (tensor<2x3x5xf32>) -> ()
}) {function_type = (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>, sym_name = "bad_algorithm"} : () -> ()

// -----

"vhlo.func_v1"() ({
^bb0(%arg0: tensor<f32>):
  // expected-error @+1 {{'vhlo.call_v1' op has attribute 'callee' in a form oxla does not read: expected a symbol name}}
  %0 = "vhlo.call_v1"(%arg0) {callee = 3 : i64} : (tensor<f32>) -> tensor<f32>
  "vhlo.return_v1"(%0) : (tensor<f32>) -> ()
}) {function_type = (tensor<f32>) -> tensor<f32>, sym_name = "bad_callee"} : () -> ()
