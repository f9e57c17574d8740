// RUN: oxla-opt %s | FileCheck %s
// RUN: oxla-opt %s | oxla-opt | FileCheck %s
// RUN: oxla-opt %s --mlir-print-op-generic | oxla-opt | FileCheck %s

func.func @decomp(%arg0: tensor<i64>) -> tensor<i64> {
  return %arg0 : tensor<i64>
}

// CHECK-LABEL: func.func @custom_call
func.func @custom_call(%a: tensor<f32>, %b: tensor<f32>, %t: !stablehlo.token) -> tensor<f32> {
  // CHECK: stablehlo.custom_call @check.expect_eq(%arg0, %arg1) {has_side_effect = true} : (tensor<f32>, tensor<f32>) -> ()
  stablehlo.custom_call @check.expect_eq(%a, %b) {has_side_effect = true} : (tensor<f32>, tensor<f32>) -> ()
  // CHECK: stablehlo.custom_call @foo(%arg0) {api_version = 4 : i32, backend_config = {bar = 42 : i32}, called_computations = [@decomp], operand_layouts = [dense<> : tensor<0xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<> : tensor<0xindex>]} : (tensor<f32>) -> tensor<f32>
  %0 = stablehlo.custom_call @foo(%a) {backend_config = {bar = 42 : i32}, api_version = 4 : i32, called_computations = [@decomp], operand_layouts = [dense<> : tensor<0xindex>], result_layouts = [dense<> : tensor<0xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (tensor<f32>) -> tensor<f32>
  // CHECK: stablehlo.custom_call @"weird name"(%arg0, %arg2) {backend_config = "\08\03"} : (tensor<f32>, !stablehlo.token) -> tuple<tensor<f32>, !stablehlo.token>
  %1 = stablehlo.custom_call @"weird name"(%a, %t) {backend_config = "\08\03"} : (tensor<f32>, !stablehlo.token) -> tuple<tensor<f32>, !stablehlo.token>
  // CHECK: stablehlo.custom_call @empty_output(%arg0) {api_version = 2 : i32, has_side_effect = true, operand_layouts = [dense<> : tensor<0xindex>], result_layouts = []} : (tensor<f32>) -> tuple<>
  %2 = "stablehlo.custom_call"(%a) <{api_version = 2 : i32, call_target_name = "empty_output", has_side_effect = true,
    operand_layouts = [dense<> : tensor<0xindex>], result_layouts = []}> : (tensor<f32>) -> tuple<>
  // CHECK: stablehlo.custom_call @Pin(%arg0) {api_version = 4 : i32} : (tensor<f32>) -> memref<f32>
  %3 = "stablehlo.custom_call"(%a) {call_target_name = "Pin", api_version = 4 : i32} : (tensor<f32>) -> memref<f32>
  return %0 : tensor<f32>
}

// CHECK-LABEL: func.func @composite
func.func @composite(%i: tensor<i64>) -> tensor<i64> {
  // CHECK: stablehlo.composite "stablehlo.add_n" %arg0 {composite_attributes = {n = 2 : i64}, decomposition = @decomp} : (tensor<i64>) -> tensor<i64>
  %0 = stablehlo.composite "stablehlo.add_n" %i {
    composite_attributes = { n = 2 : i64 },
    decomposition = @decomp
  } : (tensor<i64>) -> tensor<i64>
  // CHECK: stablehlo.composite "my.op" %arg0 {decomposition = @decomp, version = 1 : i32} body {
  %1 = "stablehlo.composite"(%i) ({
    ^bb0(%arg1: tensor<i64>):
      "stablehlo.return"(%arg1) : (tensor<i64>) -> ()
  }) {name = "my.op", decomposition = @decomp, version = 1 : i32} : (tensor<i64>) -> tensor<i64>
  return %0 : tensor<i64>
}

// CHECK-LABEL: func.func @misc
func.func @misc(%a: tensor<f32>, %b: tensor<f32>, %s: tensor<2xui64>, %t: tuple<tensor<f32>, tensor<i32>>) {
  // CHECK: %{{.*}}:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<f32>, tensor<f32>
  %r0, %r1 = stablehlo.optimization_barrier %a, %b : tensor<f32>, tensor<f32>
  // CHECK: stablehlo.optimization_barrier()
  stablehlo.optimization_barrier()
  // CHECK: %output_state, %output = stablehlo.rng_bit_generator %arg2, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3xui64>)
  %os, %o = stablehlo.rng_bit_generator %s, algorithm =  THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3xui64>)
  %sh = stablehlo.constant dense<[3, 4]> : tensor<2xi64>
  // CHECK: stablehlo.rng %arg0, %arg1, %{{.*}}, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x4xf32>
  %rn = stablehlo.rng %a, %b, %sh, distribution = NORMAL : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x4xf32>
  // CHECK: stablehlo.uniform_quantize %arg0 : (tensor<f32>) -> tensor<!quant.uniform<i8:f32, 5.000000e-01:-128>>
  %q = stablehlo.uniform_quantize %a : (tensor<f32>) -> tensor<!quant.uniform<i8:f32, 0.5:-128>>
  // CHECK: stablehlo.uniform_dequantize %{{.*}} : (tensor<!quant.uniform<i8:f32, 5.000000e-01:-128>>) -> tensor<f32>
  %dq = stablehlo.uniform_dequantize %q : (tensor<!quant.uniform<i8:f32, 0.5:-128>>) -> tensor<f32>
  // CHECK: stablehlo.tuple %arg0, %arg3 : tuple<tensor<f32>, tuple<tensor<f32>, tensor<i32>>>
  %tu = stablehlo.tuple %a, %t : tuple<tensor<f32>, tuple<tensor<f32>, tensor<i32>>>
  // CHECK: stablehlo.get_tuple_element %arg3[1] : (tuple<tensor<f32>, tensor<i32>>) -> tensor<i32>
  %te = stablehlo.get_tuple_element %t[1] : (tuple<tensor<f32>, tensor<i32>>) -> tensor<i32>
  // CHECK: stablehlo.create_token : !stablehlo.token
  %tk = "stablehlo.create_token"() : () -> !stablehlo.token
  return
}
