// RUN: oxla-opt --split-input-file --vhlo-import-upstream %s | FileCheck %s
// RUN: oxla-opt --split-input-file --vhlo-import-upstream --vhlo-to-version=target=current --vhlo-legalize-to-stablehlo %s | FileCheck %s --check-prefix=HLO

// The attribute layout that reading a portable artifact leaves on vhlo ops
// (upstream's, with builtin values) becomes stablehlo's: defaults dropped,
// dimension numbers and channel handles joined, tensors of i64 as arrays,
// booleans as unit attributes, strings as symbols.

// CHECK: "vhlo.convolution_v1"(%arg0, %arg1) {batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, rhs_dilation = array<i64: 1, 2>, window_strides = array<i64: 2, 2>}
// CHECK: {function_type = {{.*}}, sym_name = "conv"}
// HLO-LABEL: func.func @conv
// HLO: stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], rhs_dilate = [1, 2]}
"vhlo.func_v1"() ({
^bb0(%arg0: tensor<1x4x4x1xf32>, %arg1: tensor<2x2x1x1xf32>):
  %0 = "vhlo.convolution_v1"(%arg0, %arg1) {batch_group_count = 1 : i64, feature_group_count = 1 : i64, input_batch_dimension = 0 : i64, input_feature_dimension = 3 : i64, input_spatial_dimensions = dense<[1, 2]> : tensor<2xi64>, kernel_input_feature_dimension = 2 : i64, kernel_output_feature_dimension = 3 : i64, kernel_spatial_dimensions = dense<[0, 1]> : tensor<2xi64>, lhs_dilation = dense<1> : tensor<2xi64>, output_batch_dimension = 0 : i64, output_feature_dimension = 3 : i64, output_spatial_dimensions = dense<[1, 2]> : tensor<2xi64>, padding = dense<0> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = dense<[1, 2]> : tensor<2xi64>, window_reversal = dense<false> : tensor<2xi1>, window_strides = dense<2> : tensor<2xi64>} : (tensor<1x4x4x1xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x1x1xf32>
  "vhlo.return_v1"(%0) : (tensor<1x2x1x1xf32>) -> ()
}) {arg_attrs = [], function_type = (tensor<1x4x4x1xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x1x1xf32>, res_attrs = [], sym_name = "conv", sym_visibility = ""} : () -> ()

// -----

// CHECK: "vhlo.dot_general_v2"(%arg0, %arg1) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision HIGH>, #stablehlo<precision DEFAULT>]}
// CHECK: "vhlo.dot_general_v2"(%arg0, %arg1) {algorithm = #stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>, dot_dimension_numbers = {{.*}}}
// CHECK: "vhlo.custom_call_v2"(%arg2) {api_version = 4 : i32, call_target_name = "foo", called_computations = [@id]}
// CHECK: "vhlo.custom_call_v2"(%arg2) {backend_config = "cfg", call_target_name = "bar", operand_layouts = [dense<> : tensor<0xindex>], result_layouts = []}
// CHECK: "vhlo.all_reduce_v2"(%arg2)
// CHECK: {channel_handle = #stablehlo.channel_handle<handle = 2, type = 0>, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>, use_global_device_ids}
// CHECK: "vhlo.all_reduce_v2"(%arg2)
// CHECK: {replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}
// CHECK: "vhlo.compare_v1"(%arg2, %arg2) {comparison_direction = #stablehlo<comparison_direction LT>}
// CHECK: "vhlo.send_v2"(%arg2, %arg3) {channel_handle = #stablehlo.channel_handle<handle = 5, type = 2>, is_host_transfer = true, source_target_pairs = dense<> : tensor<0x2xi64>}
// CHECK: "vhlo.call_v1"(%arg2) {callee = @id}
// CHECK: {function_type = {{.*}}, sym_name = "others", sym_visibility = "private"}
// HLO-LABEL: func.func private @others
// HLO: stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [HIGH, DEFAULT]
// HLO: stablehlo.custom_call @foo(%arg2) {api_version = 4 : i32, called_computations = [@id]}
// HLO: "stablehlo.all_reduce"(%arg2)
// HLO: channel_handle = #stablehlo.channel_handle<handle = 2, type = 0>
// HLO: call @id(%arg2)
"vhlo.func_v1"() ({
^bb0(%arg0: tensor<2x3x4xf32>, %arg1: tensor<2x4x5xf32>, %arg2: tensor<f32>, %token: !stablehlo.token):
  %0 = "vhlo.dot_general_v2"(%arg0, %arg1) {accumulation_type = none, allow_imprecise_accumulation = none, lhs_batching_dimensions = dense<0> : tensor<1xi64>, lhs_component_count = none, lhs_contracting_dimensions = dense<2> : tensor<1xi64>, lhs_precision_type = none, num_primitive_operations = none, precision_config = [#stablehlo<precision HIGH>, #stablehlo<precision DEFAULT>], rhs_batching_dimensions = dense<0> : tensor<1xi64>, rhs_component_count = none, rhs_contracting_dimensions = dense<1> : tensor<1xi64>, rhs_precision_type = none} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %1 = "vhlo.dot_general_v2"(%arg0, %arg1) {accumulation_type = f32, allow_imprecise_accumulation = false, lhs_batching_dimensions = dense<0> : tensor<1xi64>, lhs_component_count = 1 : i64, lhs_contracting_dimensions = dense<2> : tensor<1xi64>, lhs_precision_type = tf32, num_primitive_operations = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_batching_dimensions = dense<0> : tensor<1xi64>, rhs_component_count = 1 : i64, rhs_contracting_dimensions = dense<1> : tensor<1xi64>, rhs_precision_type = tf32} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %2 = "vhlo.custom_call_v2"(%arg2) {api_version = #stablehlo<custom_call_api_version API_VERSION_TYPED_FFI>, backend_config = {}, call_target_name = "foo", called_computations = ["id"], has_side_effect = false, operand_layouts = [], output_operand_aliases = [], result_layouts = [], result_tilings = []} : (tensor<f32>) -> tensor<f32>
  %3 = "vhlo.custom_call_v2"(%arg2) {api_version = #stablehlo<custom_call_api_version API_VERSION_ORIGINAL>, backend_config = "cfg", call_target_name = "bar", called_computations = [], has_side_effect = false, operand_layouts = [dense<> : tensor<0xindex>], output_operand_aliases = [], result_layouts = [], result_tilings = []} : (tensor<f32>) -> tuple<>
  %4 = "vhlo.all_reduce_v2"(%arg2) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "vhlo.add_v1"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "vhlo.return_v1"(%s) : (tensor<f32>) -> ()
  }) {channel_id = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids = true} : (tensor<f32>) -> tensor<f32>
  %5 = "vhlo.all_reduce_v2"(%arg2) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "vhlo.add_v1"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "vhlo.return_v1"(%s) : (tensor<f32>) -> ()
  }) {channel_id = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids = false} : (tensor<f32>) -> tensor<f32>
  %6 = "vhlo.compare_v1"(%arg2, %arg2) {compare_type = #stablehlo<comparison_type NOTYPE>, comparison_direction = #stablehlo<comparison_direction LT>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
  %7 = "vhlo.send_v2"(%arg2, %token) {channel_id = 5 : i64, channel_type = 2 : i64, is_host_transfer = true, source_target_pairs = dense<> : tensor<0x2xi64>} : (tensor<f32>, !stablehlo.token) -> !stablehlo.token
  %8 = "vhlo.call_v1"(%arg2) {callee = "id"} : (tensor<f32>) -> tensor<f32>
  "vhlo.return_v1"(%0, %1, %2, %4, %5, %6, %8) : (tensor<2x3x5xf32>, tensor<2x3x5xf32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<i1>, tensor<f32>) -> ()
}) {arg_attrs = [], function_type = (tensor<2x3x4xf32>, tensor<2x4x5xf32>, tensor<f32>, !stablehlo.token) -> (tensor<2x3x5xf32>, tensor<2x3x5xf32>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<i1>, tensor<f32>), res_attrs = [], sym_name = "others", sym_visibility = "private"} : () -> ()
"vhlo.func_v1"() ({
^bb0(%arg0: tensor<f32>):
  "vhlo.return_v1"(%arg0) : (tensor<f32>) -> ()
}) {arg_attrs = [], function_type = (tensor<f32>) -> tensor<f32>, res_attrs = [], sym_name = "id", sym_visibility = ""} : () -> ()
