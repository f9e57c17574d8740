// RUN: oxla-opt %s | FileCheck %s
// RUN: oxla-opt %s | oxla-opt | FileCheck %s
// RUN: oxla-opt %s --mlir-print-op-generic | oxla-opt | FileCheck %s

// CHECK-LABEL: func.func @gather
func.func @gather(%x: tensor<3x4x2xi32>, %idx: tensor<2x3x2xi64>, %b: tensor<5x3x4xf32>, %bi: tensor<5x2x1xi32>) {
  // CHECK: "stablehlo.gather"(%{{.*}}, %{{.*}}) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  %0 = "stablehlo.gather"(%x, %idx) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [2, 3],
      collapsed_slice_dims = [0],
      start_index_map = [1, 0],
      index_vector_dim = 2>,
    slice_sizes = array<i64: 1, 2, 2>
  } : (tensor<3x4x2xi32>, tensor<2x3x2xi64>) -> tensor<2x3x2x2xi32>
  // Batching dimensions, and the properties form.
  // CHECK: "stablehlo.gather"(%{{.*}}, %{{.*}}) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = true, slice_sizes = array<i64: 1, 1, 4>}> : (tensor<5x3x4xf32>, tensor<5x2x1xi32>) -> tensor<5x2x4xf32>
  %1 = "stablehlo.gather"(%b, %bi) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = true, slice_sizes = array<i64: 1, 1, 4>}> : (tensor<5x3x4xf32>, tensor<5x2x1xi32>) -> tensor<5x2x4xf32>
  return
}

// CHECK-LABEL: func.func @scatter
func.func @scatter(%x: tensor<200x100x300xf32>, %idx: tensor<10x2xi32>, %u: tensor<10x300xf32>, %y: tensor<200x100x300xi32>, %v: tensor<10x300xi32>) {
  // CHECK: "stablehlo.scatter"(%{{.*}}, %{{.*}}, %{{.*}}) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, unique_indices = true}> ({
  // CHECK-NEXT: ^bb0(%{{.*}}: tensor<f32>, %{{.*}}: tensor<f32>):
  // CHECK: }) : (tensor<200x100x300xf32>, tensor<10x2xi32>, tensor<10x300xf32>) -> tensor<200x100x300xf32>
  %0 = "stablehlo.scatter"(%x, %idx, %u) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %s : tensor<f32>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<
      update_window_dims = [1],
      inserted_window_dims = [0, 1],
      scatter_dims_to_operand_dims = [0, 1],
      index_vector_dim = 1>,
    indices_are_sorted = true,
    unique_indices = true
  } : (tensor<200x100x300xf32>, tensor<10x2xi32>, tensor<10x300xf32>) -> tensor<200x100x300xf32>
  // Two inputs, and a region of a wider element type (f32 promoted to f64).
  // CHECK: "stablehlo.scatter"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
  // CHECK: -> (tensor<200x100x300xf64>, tensor<200x100x300xi32>)
  %1:2 = "stablehlo.scatter"(%x, %y, %idx, %u, %v) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f64>, %c: tensor<i32>, %b: tensor<f64>, %d: tensor<i32>):
      stablehlo.return %b, %d : tensor<f64>, tensor<i32>
  }) : (tensor<200x100x300xf32>, tensor<200x100x300xi32>, tensor<10x2xi32>, tensor<10x300xf32>, tensor<10x300xi32>) -> (tensor<200x100x300xf64>, tensor<200x100x300xi32>)
  return
}

// CHECK-LABEL: func.func @scatter_batching
func.func @scatter_batching(%x: tensor<10x200x100x300xf32>, %idx: tensor<10x2xi32>, %u: tensor<10x300xf32>) -> tensor<10x200x100x300xf32> {
  // CHECK: input_batching_dims = [0]
  // CHECK-SAME: scatter_indices_batching_dims = [0]
  %0 = "stablehlo.scatter"(%x, %idx, %u) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      stablehlo.return %b : tensor<f32>
  }) {
    scatter_dimension_numbers = #stablehlo.scatter<
      update_window_dims = [1],
      inserted_window_dims = [1, 2],
      input_batching_dims = [0],
      scatter_dims_to_operand_dims = [1, 2],
      scatter_indices_batching_dims = [0],
      index_vector_dim = 1>
  } : (tensor<10x200x100x300xf32>, tensor<10x2xi32>, tensor<10x300xf32>) -> tensor<10x200x100x300xf32>
  return %0 : tensor<10x200x100x300xf32>
}
