// RUN: oxla-opt %s | FileCheck %s
// RUN: oxla-opt %s | oxla-opt | FileCheck %s

// Upstream's !vhlo.* types and #vhlo.* attributes read into the builtin,
// stablehlo and quant ones that they stand for, as from bytecode.

// CHECK-LABEL: func.func @f
// CHECK-SAME: vhlo.a = {k = [1, 1.000000e-03 : f32, true]}
// CHECK-SAME: vhlo.b = (tensor<?x2xf32, #stablehlo.bounds<16, ?>>, !stablehlo.token) -> (tuple<>, complex<f64>)
// CHECK-SAME: vhlo.c = #stablehlo.result_accuracy<atol = 1.000000e-05, ulps = 1, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>
// CHECK-SAME: vhlo.d = dense<[1, 2]> : tensor<2xi64>
// CHECK-SAME: vhlo.e = [#stablehlo<comparison_direction LT>, #stablehlo<precision HIGHEST>, #stablehlo<custom_call_api_version API_VERSION_TYPED_FFI>]
// CHECK-SAME: vhlo.f = #stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = [1]>
// CHECK-SAME: vhlo.g = !quant.uniform<i8:f32, 3.400000e+01:16>
// CHECK-SAME: vhlo.h = !quant.uniform<i8:f32:0, {3.400000e+01:16,3.400000e+01:16}>
// CHECK-SAME: vhlo.i = !stablehlo.future<tensor<2x3xf32>, memref<2xui8>>
func.func @f(%arg0: tensor<f32>) -> tensor<f32> attributes {
  vhlo.a = #vhlo.dict_v1<{#vhlo.string_v1<"k"> = #vhlo.array_v1<[#vhlo.integer_v1<1 : i64>, #vhlo.float_v1<1.000000e-03 : !vhlo.f32_v1>, #vhlo.bool_v1<true>]>}>,
  vhlo.b = #vhlo.type_v1<!vhlo.func_v1<(!vhlo.tensor_v1<?x2x!vhlo.f32_v1, #vhlo.type_extensions_v1<bounds = [16, ?]>>, !vhlo.token_v1) -> (!vhlo.tuple_v1<>, !vhlo.complex_v1<!vhlo.f64_v1>)>>,
  vhlo.c = #vhlo.result_accuracy_v1<atol = 1.000000e-05, rtol = 0.000000e+00, ulps = 1, mode = #vhlo<result_accuracy_mode_v1 TOLERANCE>>,
  vhlo.d = #vhlo.tensor_v1<dense<[1, 2]> : tensor<2xi64>>,
  vhlo.e = [#vhlo<comparison_direction_v1 LT>, #vhlo<precision_v1 HIGHEST>, #vhlo<api_version_v1 API_VERSION_TYPED_FFI>],
  vhlo.f = #vhlo.output_operand_alias_v1<outputTupleIndices = [], operandIndex = 0, operandTupleIndices = [1]>,
  vhlo.g = #vhlo.type_v1<!vhlo.quant_v1<!vhlo.i8_v1:!vhlo.f32_v1, 3.400000e+01:16, -128:127, 1>>,
  vhlo.h = #vhlo.type_v1<!vhlo.quant_per_axis_v1<!vhlo.i8_v1:!vhlo.f32_v1, 0, [3.400000e+01, 3.400000e+01], [16, 16], -128:127, 1>>,
  vhlo.i = #vhlo.type_v1<!vhlo.future_v1<!vhlo.tensor_v1<2x3x!vhlo.f32_v1>, !vhlo.buffer_v1<2x!vhlo.ui8_v1>>>
} {
  return %arg0 : tensor<f32>
}
