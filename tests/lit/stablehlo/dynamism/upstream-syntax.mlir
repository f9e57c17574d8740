// The short forms upstream StableHLO prints for these ops (docs/syntax.md), in the
// module oxla-opt prints: each line parses and prints back character for character
// (--strict-whitespace, e.g. `compare  LT`), also after the generic form.
// RUN: oxla-opt %s | FileCheck %s --strict-whitespace
// RUN: oxla-opt %s | oxla-opt | FileCheck %s --strict-whitespace
// RUN: oxla-opt %s --mlir-print-op-generic | oxla-opt | FileCheck %s --strict-whitespace

// CHECK-LABEL: func.func @dynamism(
func.func @dynamism(%arg0: tensor<?x?xf32>, %arg1: tensor<2xindex>, %arg2: tensor<1xindex>, %arg3: tensor<i32>, %arg4: tensor<4x2xf32>, %arg5: tensor<f32>, %arg6: tensor<2xi64>) -> tensor<?x?xf32> {
// CHECK-NEXT: %0 = stablehlo.dynamic_broadcast_in_dim %arg0, %arg1, dims = [0, 1] : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %0 = stablehlo.dynamic_broadcast_in_dim %arg0, %arg1, dims = [0, 1] : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT: %1 = stablehlo.dynamic_broadcast_in_dim %arg0, %arg1, dims = [0, 1] {known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 1>} : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %1 = stablehlo.dynamic_broadcast_in_dim %arg0, %arg1, dims = [0, 1] {known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 1>} : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT: %2 = stablehlo.dynamic_iota %arg2, dim = 0 : (tensor<1xindex>) -> tensor<4xi32>
  %2 = stablehlo.dynamic_iota %arg2, dim = 0 : (tensor<1xindex>) -> tensor<4xi32>
// CHECK-NEXT: %3 = stablehlo.get_dimension_size %arg4, dim = 1 : (tensor<4x2xf32>) -> tensor<i32>
  %3 = stablehlo.get_dimension_size %arg4, dim = 1 : (tensor<4x2xf32>) -> tensor<i32>
// CHECK-NEXT: %4 = stablehlo.set_dimension_size %arg4, %arg3, dim = 1 : (tensor<4x2xf32>, tensor<i32>) -> tensor<4x?xf32, #stablehlo.bounds<?, 2>>
  %4 = stablehlo.set_dimension_size %arg4, %arg3, dim = 1 : (tensor<4x2xf32>, tensor<i32>) -> tensor<4x?xf32, #stablehlo.bounds<?, 2>>
// CHECK-NEXT: %5 = stablehlo.dynamic_reshape %arg0, %arg1 : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %5 = stablehlo.dynamic_reshape %arg0, %arg1 : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT: %6 = stablehlo.real_dynamic_slice %arg0, %arg1, %arg1, %arg1 : (tensor<?x?xf32>, tensor<2xindex>, tensor<2xindex>, tensor<2xindex>) -> tensor<?x?xf32>
  %6 = stablehlo.real_dynamic_slice %arg0, %arg1, %arg1, %arg1 : (tensor<?x?xf32>, tensor<2xindex>, tensor<2xindex>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT: %7 = stablehlo.dynamic_pad %arg0, %arg5, %arg1, %arg1, %arg1 : (tensor<?x?xf32>, tensor<f32>, tensor<2xindex>, tensor<2xindex>, tensor<2xindex>) -> tensor<?x?xf32>
  %7 = stablehlo.dynamic_pad %arg0, %arg5, %arg1, %arg1, %arg1 : (tensor<?x?xf32>, tensor<f32>, tensor<2xindex>, tensor<2xindex>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT: %8 = "stablehlo.dynamic_gather"(%arg4, %arg6, %arg6) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [0, 1]>, indices_are_sorted = false}> : (tensor<4x2xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<4x2xf32>
  %8 = "stablehlo.dynamic_gather"(%arg4, %arg6, %arg6) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [0, 1]>, indices_are_sorted = false}> : (tensor<4x2xf32>, tensor<2xi64>, tensor<2xi64>) -> tensor<4x2xf32>
// CHECK-NEXT: return %0 : tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
// CHECK-NEXT: }
}
