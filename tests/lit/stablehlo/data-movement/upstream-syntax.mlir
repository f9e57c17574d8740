// The short forms upstream StableHLO prints for these ops (docs/syntax.md), in the
// module oxla-opt prints: each line parses and prints back character for character
// (--strict-whitespace, e.g. `compare  LT`), also after the generic form.
// RUN: oxla-opt %s | FileCheck %s --strict-whitespace
// RUN: oxla-opt %s | oxla-opt | FileCheck %s --strict-whitespace
// RUN: oxla-opt %s --mlir-print-op-generic | oxla-opt | FileCheck %s --strict-whitespace

// CHECK-LABEL: func.func @datamovement(
func.func @datamovement(%arg0: tensor<3x8xf32>, %arg1: tensor<8xf32>, %arg2: tensor<i64>, %arg3: tensor<f32>, %arg4: tensor<5xi32>, %arg5: tensor<2x1xi32>) -> tensor<1xf32> {
// CHECK-NEXT: %0 = stablehlo.slice %arg1 [0:1] : (tensor<8xf32>) -> tensor<1xf32>
  %0 = stablehlo.slice %arg1 [0:1] : (tensor<8xf32>) -> tensor<1xf32>
// CHECK-NEXT: %1 = stablehlo.slice %arg1 [0:4:2] : (tensor<8xf32>) -> tensor<2xf32>
  %1 = stablehlo.slice %arg1 [0:4:2] : (tensor<8xf32>) -> tensor<2xf32>
// CHECK-NEXT: %2 = stablehlo.slice %arg0 [1:3, 4:8:2] : (tensor<3x8xf32>) -> tensor<2x2xf32>
  %2 = stablehlo.slice %arg0 [1:3, 4:8:2] : (tensor<3x8xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %3 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<8xf32>) -> tensor<3x8xf32>
  %3 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<8xf32>) -> tensor<3x8xf32>
// CHECK-NEXT: %4 = stablehlo.broadcast %arg1, sizes = [2, 3] : (tensor<8xf32>) -> tensor<2x3x8xf32>
  %4 = stablehlo.broadcast %arg1, sizes = [2, 3] : (tensor<8xf32>) -> tensor<2x3x8xf32>
// CHECK-NEXT: %5 = stablehlo.concatenate %arg0, %arg0, dim = 0 : (tensor<3x8xf32>, tensor<3x8xf32>) -> tensor<6x8xf32>
  %5 = stablehlo.concatenate %arg0, %arg0, dim = 0 : (tensor<3x8xf32>, tensor<3x8xf32>) -> tensor<6x8xf32>
// CHECK-NEXT: %6 = stablehlo.dynamic_slice %arg0, %arg2, %arg2, sizes = [1, 4] : (tensor<3x8xf32>, tensor<i64>, tensor<i64>) -> tensor<1x4xf32>
  %6 = stablehlo.dynamic_slice %arg0, %arg2, %arg2, sizes = [1, 4] : (tensor<3x8xf32>, tensor<i64>, tensor<i64>) -> tensor<1x4xf32>
// CHECK-NEXT: %7 = stablehlo.dynamic_update_slice %arg0, %6, %arg2, %arg2 : (tensor<3x8xf32>, tensor<1x4xf32>, tensor<i64>, tensor<i64>) -> tensor<3x8xf32>
  %7 = stablehlo.dynamic_update_slice %arg0, %6, %arg2, %arg2 : (tensor<3x8xf32>, tensor<1x4xf32>, tensor<i64>, tensor<i64>) -> tensor<3x8xf32>
// CHECK-NEXT: %8 = stablehlo.pad %arg1, %arg3, low = [1], high = [2], interior = [1] : (tensor<8xf32>, tensor<f32>) -> tensor<18xf32>
  %8 = stablehlo.pad %arg1, %arg3, low = [1], high = [2], interior = [1] : (tensor<8xf32>, tensor<f32>) -> tensor<18xf32>
// CHECK-NEXT: %9 = stablehlo.reshape %arg1 : (tensor<8xf32>) -> tensor<2x4xf32>
  %9 = stablehlo.reshape %arg1 : (tensor<8xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %10 = stablehlo.reverse %arg0, dims = [0, 1] : tensor<3x8xf32>
  %10 = stablehlo.reverse %arg0, dims = [0, 1] : tensor<3x8xf32>
// CHECK-NEXT: %11 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<3x8xf32>) -> tensor<8x3xf32>
  %11 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<3x8xf32>) -> tensor<8x3xf32>
// CHECK-NEXT: %12 = "stablehlo.gather"(%arg1, %arg5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<8xf32>, tensor<2x1xi32>) -> tensor<2xf32>
  %12 = "stablehlo.gather"(%arg1, %arg5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<8xf32>, tensor<2x1xi32>) -> tensor<2xf32>
// CHECK-NEXT: %13 = "stablehlo.torch_index_select"(%arg1, %arg4) <{batch_dims = 0 : i64, dim = 0 : i64}> : (tensor<8xf32>, tensor<5xi32>) -> tensor<5xf32>
  %13 = "stablehlo.torch_index_select"(%arg1, %arg4) <{batch_dims = 0 : i64, dim = 0 : i64}> : (tensor<8xf32>, tensor<5xi32>) -> tensor<5xf32>
// CHECK-NEXT: %14 = "stablehlo.scatter"(%arg1, %arg5, %12) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
  %14 = "stablehlo.scatter"(%arg1, %arg5, %12) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
// CHECK-NEXT: ^bb0(%arg6: tensor<f32>, %arg7: tensor<f32>):
  ^bb0(%arg6: tensor<f32>, %arg7: tensor<f32>):
// CHECK-NEXT: %15 = stablehlo.add %arg6, %arg7 : tensor<f32>
    %15 = stablehlo.add %arg6, %arg7 : tensor<f32>
// CHECK-NEXT: stablehlo.return %15 : tensor<f32>
    stablehlo.return %15 : tensor<f32>
// CHECK-NEXT: }) : (tensor<8xf32>, tensor<2x1xi32>, tensor<2xf32>) -> tensor<8xf32>
  }) : (tensor<8xf32>, tensor<2x1xi32>, tensor<2xf32>) -> tensor<8xf32>
// CHECK-NEXT: return %0 : tensor<1xf32>
  return %0 : tensor<1xf32>
// CHECK-NEXT: }
}
