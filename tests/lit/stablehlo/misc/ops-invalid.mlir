// RUN: oxla-opt %s -split-input-file -verify-diagnostics

func.func @api_version(%a: tensor<f32>) {
  // expected-error @+1 {{requires api_version between 0 and 4, but got 7}}
  stablehlo.custom_call @foo(%a) {api_version = 7 : i32} : (tensor<f32>) -> ()
  return
}

// -----

func.func @dict_config(%a: tensor<f32>) {
  // expected-error @+1 {{requires a string backend_config unless api_version is 4}}
  stablehlo.custom_call @foo(%a) {backend_config = {x = 1 : i32}} : (tensor<f32>) -> ()
  return
}

// -----

func.func @layouts_together(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{requires operand_layouts and result_layouts to be given together}}
  stablehlo.custom_call @foo(%a) {operand_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> ()
  return
}

// -----

func.func @layout_permutation(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{requires operand layout 0 to be a permutation of [0, 2)}}
  stablehlo.custom_call @foo(%a) {operand_layouts = [dense<[1, 1]> : tensor<2xindex>], result_layouts = []} : (tensor<2x3xf32>) -> ()
  return
}

// -----

func.func @layout_count(%a: tensor<2x3xf32>) {
  // expected-error @+1 {{requires one result layout per result (1), but got 0}}
  %0 = stablehlo.custom_call @foo(%a) {operand_layouts = [dense<[1, 0]> : tensor<2xindex>], result_layouts = []} : (tensor<2x3xf32>) -> tensor<f32>
  return
}

// -----

func.func @alias_type(%a: tensor<f32>) {
  // expected-error @+1 {{requires aliased output and operand of one type}}
  %0 = stablehlo.custom_call @foo(%a) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (tensor<f32>) -> tensor<i32>
  return
}

// -----

func.func @decomp(%arg0: tensor<i64>) -> tensor<i64> {
  return %arg0 : tensor<i64>
}
func.func @composite_name(%i: tensor<i64>) {
  // expected-error @+1 {{(C1) requires a namespaced name}}
  %0 = stablehlo.composite "add_n" %i {decomposition = @decomp} : (tensor<i64>) -> tensor<i64>
  return
}

// -----

func.func @composite_missing(%i: tensor<i64>) {
  // expected-error @+1 {{(C2) requires decomposition @nowhere to name a function}}
  %0 = stablehlo.composite "my.op" %i {decomposition = @nowhere} : (tensor<i64>) -> tensor<i64>
  return
}

// -----

func.func @decomp(%arg0: tensor<i64>) -> tensor<i64> {
  return %arg0 : tensor<i64>
}
func.func @composite_inputs(%i: tensor<i32>) {
  // expected-error @+1 {{(C3) requires operand types}}
  %0 = stablehlo.composite "my.op" %i {decomposition = @decomp} : (tensor<i32>) -> tensor<i64>
  return
}

// -----

func.func @decomp(%arg0: tensor<i64>) -> tensor<i64> {
  return %arg0 : tensor<i64>
}
func.func @composite_results(%i: tensor<i64>) {
  // expected-error @+1 {{(C4) requires result types}}
  %0 = stablehlo.composite "my.op" %i {decomposition = @decomp} : (tensor<i64>) -> tensor<i32>
  return
}

// -----

func.func @rng_types(%a: tensor<f32>, %b: tensor<f64>, %s: tensor<1xi64>) {
  // expected-error @+1 {{(C1) requires a, b and result of one element type}}
  %0 = stablehlo.rng %a, %b, %s, distribution = UNIFORM : (tensor<f32>, tensor<f64>, tensor<1xi64>) -> tensor<4xf32>
  return
}

// -----

func.func @rng_normal_int(%a: tensor<i32>, %s: tensor<1xi64>) {
  // expected-error @+1 {{(C2) requires floating-point values for the NORMAL distribution}}
  %0 = stablehlo.rng %a, %a, %s, distribution = NORMAL : (tensor<i32>, tensor<i32>, tensor<1xi64>) -> tensor<4xi32>
  return
}

// -----

func.func @rng_rank(%a: tensor<f32>, %s: tensor<2xi64>) {
  // expected-error @+1 {{(C3) requires a result of rank 2}}
  %0 = stablehlo.rng %a, %a, %s, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<4xf32>
  return
}

// -----

func.func @rbg_state(%s: tensor<2xui64>) {
  // expected-error @+1 {{(C1) requires output_state of the type of initial_state}}
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<3xui64>, tensor<4xui64>)
  return
}

// -----

func.func @rbg_size(%s: tensor<3xui64>) {
  // expected-error @+1 {{(C2) requires an initial_state of 2 elements for THREE_FRY}}
  %0, %1 = stablehlo.rng_bit_generator %s, algorithm = THREE_FRY : (tensor<3xui64>) -> (tensor<3xui64>, tensor<4xui64>)
  return
}

// -----

func.func @quantize_shape(%a: tensor<4xf32>) {
  // expected-error @+1 {{(C1) requires operand and result of one shape}}
  %0 = stablehlo.uniform_quantize %a : (tensor<4xf32>) -> tensor<3x!quant.uniform<i8:f32, 0.5>>
  return
}

// -----

func.func @quantize_expressed(%a: tensor<4xf16>) {
  // expected-error @+1 {{(C2) requires a result with expressed type 'f16'}}
  %0 = stablehlo.uniform_quantize %a : (tensor<4xf16>) -> tensor<4x!quant.uniform<i8:f32, 0.5>>
  return
}

// -----

func.func @dequantize_shape(%a: tensor<4x!quant.uniform<i8:f32, 0.5>>) {
  // expected-error @+1 {{(C1) requires operand and result of one shape}}
  %0 = stablehlo.uniform_dequantize %a : (tensor<4x!quant.uniform<i8:f32, 0.5>>) -> tensor<5xf32>
  return
}

// -----

func.func @dequantize_type(%a: tensor<4x!quant.uniform<i8:f32, 0.5>>) {
  // expected-error @+1 {{(C2) requires result element type 'f32' (the expressed type)}}
  %0 = stablehlo.uniform_dequantize %a : (tensor<4x!quant.uniform<i8:f32, 0.5>>) -> tensor<4xf16>
  return
}

// -----

func.func @tuple_type(%a: tensor<f32>) {
  // expected-error @+1 {{(C1) requires result type 'tuple<tensor<f32>>'}}
  %0 = "stablehlo.tuple"(%a) : (tensor<f32>) -> tuple<tensor<i32>>
  return
}

// -----

func.func @gte_index(%t: tuple<tensor<f32>>) {
  // expected-error @+1 {{(C1) requires index in [0, 1), but got 1}}
  %0 = stablehlo.get_tuple_element %t[1] : (tuple<tensor<f32>>) -> tensor<f32>
  return
}

// -----

func.func @gte_type(%t: tuple<tensor<f32>>) {
  // expected-error @+1 {{(C2) requires result type 'tensor<f32>'}}
  %0 = stablehlo.get_tuple_element %t[0] : (tuple<tensor<f32>>) -> tensor<i32>
  return
}
