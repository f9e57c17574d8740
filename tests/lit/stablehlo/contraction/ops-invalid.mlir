// RUN: oxla-opt %s -split-input-file -verify-diagnostics

func.func @case0(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C1) requires as many lhs as rhs batching dimensions, but got 1 and 0}}
  %0 = "stablehlo.dot_general"(%a, %b) {dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @case1(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C2) requires as many lhs as rhs contracting dimensions}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @case2(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C3) requires unique lhs batching and contracting dimensions, but 0 appears twice}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [0] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @case3(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C4) requires unique rhs batching and contracting dimensions}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [0] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @case4(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C5) requires lhs_batching_dimensions in [0, 3), but got 3}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [3] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @case5(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C6) requires lhs_contracting_dimensions in [0, 3), but got -1}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [-1] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @case6(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C7) requires rhs_batching_dimensions in [0, 3), but got 5}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [5], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @case7(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C8) requires rhs_contracting_dimensions in [0, 3), but got 3}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [3] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @case8(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C9) requires equal batching dimension sizes}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [1] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<3x2x5xf32>
  return
}

// -----

func.func @case9(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C10) requires equal contracting dimension sizes}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [1] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x4x5xf32>
  return
}

// -----

func.func @case10(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C11) requires at most 2 precision_config values, but got 3}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, HIGH, HIGHEST] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @case11(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C12) requires result shape [2, 3, 5], but got 'tensor<2x5x3xf32>'}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x5x3xf32>
  return
}

// -----

func.func @case12(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C13) requires lhs and rhs of one element type}}
  %0 = stablehlo.dot_general %a, %bi, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xi32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @case13(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C15) requires rhs zero points to be 0}}
  %0 = stablehlo.dot_general %qa, %qb, contracting_dims = [1] x [0] : (tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<2x6x!quant.uniform<i32:f32, 0.5:0>>
  return
}

// -----

func.func @case14(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C14) requires lhs to be quantized exactly when rhs and result are}}
  %0 = stablehlo.dot_general %qa, %qb, contracting_dims = [1] x [0] : (tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>) -> tensor<2x6xf32>
  return
}

// -----

func.func @case15(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C20) requires lhs and result element types to be the expressed type of rhs}}
  %0 = stablehlo.dot_general %fa, %qb0, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x6x!quant.uniform<i8:f32, 0.5>>) -> tensor<2x6xf64>
  return
}

// -----

func.func @case16(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C22) requires positive lhs_component_count and rhs_component_count}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 0, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  return
}

// -----

func.func @case17(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{requires the last lhs dimension (4) to equal the first rhs dimension (2)}}
  %0 = stablehlo.dot %fa, %fa : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @case18(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C1) requires lhs and rhs of one rank}}
  %0 = stablehlo.convolution(%x, %fa) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<2x4xf32>) -> tensor<1x8x8x4xf32>
  return
}

// -----

func.func @case19(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C2) requires window_strides of size 2, but got 1}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @case20(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C3) requires positive window_strides, but got 0}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [0, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @case21(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C4) requires padding of shape [2, 2]}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @case22(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C6) requires positive lhs_dilation}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {lhs_dilate = [1, -1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @case23(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C9) requires window_reversal of size 2, but got 1}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {reverse = [false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @case24(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C11) requires the input feature dimension (4) to be a multiple of feature_group_count (3)}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 3 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @case25(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C13) requires input dimensions in [0, 4), but got 4}}
  %0 = "stablehlo.convolution"(%x, %w) {dimension_numbers = #stablehlo.conv<raw input_batch_dimension = 4, input_feature_dimension = 3, input_spatial_dimensions = [1, 2], kernel_input_feature_dimension = 2, kernel_output_feature_dimension = 3, kernel_spatial_dimensions = [0, 1], output_batch_dimension = 0, output_feature_dimension = 3, output_spatial_dimensions = [1, 2]>, batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @case26(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C14) requires the kernel input feature dimension (4) to be the input feature dimension / feature_group_count (2)}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 2 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @case27(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C15) requires the kernel output feature dimension (16) to be a multiple of batch_group_count (3)}}
  %0 = stablehlo.convolution(%x3, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 3 : i64, feature_group_count = 1 : i64} : (tensor<3x8x8x4xf32>, tensor<3x3x4x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @case28(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C21) requires positive feature_group_count, but got 0}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 0 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @case29(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C23) requires feature_group_count or batch_group_count to be 1, but got 2 and 2}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 2 : i64, feature_group_count = 2 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @case30(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C24) requires at most 2 precision_config values, but got 3}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x8x8x4xf32>, tensor<3x3x4x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @case31(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C25) requires result shape [1, 3, 6, 16], but got 'tensor<1x6x6x16xf32>'}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x16xf32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @case32(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C27) requires lhs and rhs of one element type}}
  %0 = stablehlo.convolution(%x, %wi) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x4x16xi32>) -> tensor<1x6x6x16xf32>
  return
}

// -----

func.func @case33(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C1) requires feature_index in [0, 4), but got 4}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) {epsilon = 0.001 : f32, feature_index = 4 : i64} : (tensor<1x8x8x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x8x8x4xf32>
  return
}

// -----

func.func @case34(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C3) requires scale of shape [4] (the feature dimension)}}
  %0:3 = "stablehlo.batch_norm_training"(%x, %fa, %s) {epsilon = 0.001 : f32, feature_index = 3 : i64} : (tensor<1x8x8x4xf32>, tensor<2x4xf32>, tensor<4xf32>) -> (tensor<1x8x8x4xf32>, tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

func.func @case35(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C2) requires all operands and results of element type 'f32'}}
  %0:3 = "stablehlo.batch_norm_grad"(%x, %s, %s, %s, %x) {epsilon = 0.001 : f32, feature_index = 3 : i64} : (tensor<1x8x8x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<1x8x8x4xf32>) -> (tensor<1x8x8x4xf32>, tensor<4xf64>, tensor<4xf32>)
  return
}

// -----

func.func @case36(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C3) requires square matrices}}
  %0 = "stablehlo.cholesky"(%fa) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @case37(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C4) requires square a whose size equals dimension 0 of b}}
  %0 = "stablehlo.triangular_solve"(%m, %fa) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #stablehlo<transpose NO_TRANSPOSE>} : (tensor<4x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @case38(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C2) element types 'f32' -> 'f32' do not fit fft_type FFT}}
  %0 = stablehlo.fft %fa, type = FFT, length = [4] : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @case39(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C3) requires 1 to 3 fft_length entries, but got 4}}
  %0 = stablehlo.fft %x, type = RFFT, length = [1, 8, 8, 4] : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x3xcomplex<f32>>
  return
}

// -----

func.func @case40(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C4) requires the trailing dimensions of the real tensor to be fft_length [8]}}
  %0 = stablehlo.fft %fa, type = RFFT, length = [8] : (tensor<2x4xf32>) -> tensor<2x3xcomplex<f32>>
  return
}

// -----

func.func @case41(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %bi: tensor<2x4x5xi32>, %fa: tensor<2x4xf32>, %m: tensor<4x4xf32>, %qa: tensor<2x4x!quant.uniform<i8:f32, 0.5:3>>, %qb: tensor<4x6x!quant.uniform<i8:f32, 0.5:1>>, %qb0: tensor<4x6x!quant.uniform<i8:f32, 0.5>>, %x: tensor<1x8x8x4xf32>, %x3: tensor<3x8x8x4xf32>, %w: tensor<3x3x4x16xf32>, %wi: tensor<3x3x4x16xi32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{(C5) requires result shape [2, 3], but got 'tensor<2x4xcomplex<f32>>'}}
  %0 = stablehlo.fft %fa, type = RFFT, length = [4] : (tensor<2x4xf32>) -> tensor<2x4xcomplex<f32>>
  return
}

// -----

// A dilation so large that the dilated kernel does not fit in 64 bits is an
// error, not a wrapped (negative) result size.
func.func @convolution_overflow(%x: tensor<1x6x1xf32>, %w: tensor<3x1x1xf32>) -> tensor<1x?x1xf32> {
  // expected-error @+1 {{(C25) the windows of spatial dimension 0 (size 6, kernel 3, padding [0, 0], dilations 1 and 4611686018427387904) have sizes that overflow a 64-bit integer}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], rhs_dilate = [4611686018427387904]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x1xf32>, tensor<3x1x1xf32>) -> tensor<1x?x1xf32>
  return %0 : tensor<1x?x1xf32>
}
