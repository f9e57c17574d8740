// The short forms upstream StableHLO prints for these ops (docs/syntax.md), in the
// module oxla-opt prints: each line parses and prints back character for character
// (--strict-whitespace, e.g. `compare  LT`), also after the generic form.
// RUN: oxla-opt %s | FileCheck %s --strict-whitespace
// RUN: oxla-opt %s | oxla-opt | FileCheck %s --strict-whitespace
// RUN: oxla-opt %s --mlir-print-op-generic | oxla-opt | FileCheck %s --strict-whitespace

// CHECK-LABEL: func.func private @dec(
func.func private @dec(%arg0: tensor<f32>) -> tensor<f32> {
// CHECK-NEXT: return %arg0 : tensor<f32>
  return %arg0 : tensor<f32>
// CHECK-NEXT: }
}

// CHECK-LABEL: func.func @misc(
func.func @misc(%arg0: tensor<f32>, %arg1: tuple<tensor<f32>, tensor<i32>>, %arg2: tensor<2x3x4xf32>, %arg3: tensor<3xi64>, %arg4: tensor<3xf32>) -> tensor<f32> {
// CHECK-NEXT: %0 = stablehlo.composite "foo.bar" %arg0 {composite_attributes = {k = 4 : i64}, decomposition = @dec, version = 1 : i32} : (tensor<f32>) -> tensor<f32>
  %0 = stablehlo.composite "foo.bar" %arg0 {composite_attributes = {k = 4 : i64}, decomposition = @dec, version = 1 : i32} : (tensor<f32>) -> tensor<f32>
// CHECK-NEXT: %1 = stablehlo.composite "foo.baz" %arg0 {decomposition = @dec} : (tensor<f32>) -> tensor<f32>
  %1 = stablehlo.composite "foo.baz" %arg0 {decomposition = @dec} : (tensor<f32>) -> tensor<f32>
// CHECK-NEXT: %2 = stablehlo.custom_call @foo(%arg0) : (tensor<f32>) -> tensor<f32>
  %2 = stablehlo.custom_call @foo(%arg0) : (tensor<f32>) -> tensor<f32>
// CHECK-NEXT: %3 = stablehlo.custom_call @"foo-bar"(%arg0) {backend_config = "x", has_side_effect = true} : (tensor<f32>) -> tensor<f32>
  %3 = stablehlo.custom_call @"foo-bar"(%arg0) {backend_config = "x", has_side_effect = true} : (tensor<f32>) -> tensor<f32>
// CHECK-NEXT: %4 = stablehlo.get_tuple_element %arg1[0] : (tuple<tensor<f32>, tensor<i32>>) -> tensor<f32>
  %4 = stablehlo.get_tuple_element %arg1[0] : (tuple<tensor<f32>, tensor<i32>>) -> tensor<f32>
// CHECK-NEXT: %5 = stablehlo.tuple %arg0, %arg0 : tuple<tensor<f32>, tensor<f32>>
  %5 = stablehlo.tuple %arg0, %arg0 : tuple<tensor<f32>, tensor<f32>>
// CHECK-NEXT: %6 = stablehlo.tuple  : tuple<>
  %6 = stablehlo.tuple  : tuple<>
// CHECK-NEXT: %7 = stablehlo.optimization_barrier %arg0 : tensor<f32>
  %7 = stablehlo.optimization_barrier %arg0 : tensor<f32>
// CHECK-NEXT: %8 = "stablehlo.batch_norm_inference"(%arg2, %arg4, %arg4, %arg4, %arg4) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  %8 = "stablehlo.batch_norm_inference"(%arg2, %arg4, %arg4, %arg4, %arg4) <{epsilon = 1.000000e-03 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %9 = stablehlo.rng %arg0, %arg0, %arg3, distribution =  UNIFORM : (tensor<f32>, tensor<f32>, tensor<3xi64>) -> tensor<2x3x4xf32>
  %9 = stablehlo.rng %arg0, %arg0, %arg3, distribution =  UNIFORM : (tensor<f32>, tensor<f32>, tensor<3xi64>) -> tensor<2x3x4xf32>
// CHECK-NEXT: %output_state, %output = stablehlo.rng_bit_generator %arg3, algorithm =  DEFAULT : (tensor<3xi64>) -> (tensor<3xi64>, tensor<2x2xui32>)
  %output_state, %output = stablehlo.rng_bit_generator %arg3, algorithm =  DEFAULT : (tensor<3xi64>) -> (tensor<3xi64>, tensor<2x2xui32>)
// CHECK-NEXT: return %0 : tensor<f32>
  return %0 : tensor<f32>
// CHECK-NEXT: }
}
