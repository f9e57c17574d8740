// RUN: oxla-opt %s -split-input-file -verify-diagnostics

func.func @gather_c1(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi32>) {
  // expected-error @+1 {{(C1) requires size(offset_dims) + size(collapsed_slice_dims) + size(operand_batching_dims) to equal the operand rank 3, but got 4}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0, 1], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xf32>, tensor<2x3x2xi32>) -> tensor<2x3x2x2xf32>
  return
}

// -----

func.func @gather_c2(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi32>) {
  // expected-error @+1 {{(C2) requires index_vector_dim in [0, 3], but got 4}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [1, 0], index_vector_dim = 4>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xf32>, tensor<2x3x2xi32>) -> tensor<2x3x2x2xf32>
  return
}

// -----

func.func @gather_c3(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi32>) {
  // expected-error @+1 {{(C3) requires size(start_index_map) to equal the index vector size 2, but got 1}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xf32>, tensor<2x3x2xi32>) -> tensor<2x3x2x2xf32>
  return
}

// -----

func.func @gather_c4(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi32>) {
  // expected-error @+1 {{(C4) requires offset_dims sorted in ascending order, but got [3, 2]}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [3, 2], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xf32>, tensor<2x3x2xi32>) -> tensor<2x3x2x2xf32>
  return
}

// -----

func.func @gather_c5(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi32>) {
  // expected-error @+1 {{(C5) requires every entry of offset_dims in [0, 4) (the result rank), but got [2, 4]}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 4], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xf32>, tensor<2x3x2xi32>) -> tensor<2x3x2x2xf32>
  return
}

// -----

func.func @gather_c6(%x: tensor<3x4x2xf32>, %i: tensor<3x3x1xi32>) {
  // expected-error @+1 {{(C6) requires unique collapsed_slice_dims and operand_batching_dims, but got [0, 0]}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], operand_batching_dims = [0], start_indices_batching_dims = [1], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 2>}> : (tensor<3x4x2xf32>, tensor<3x3x1xi32>) -> tensor<3x3x2xf32>
  return
}

// -----

func.func @gather_c7(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi32>) {
  // expected-error @+1 {{(C7) requires collapsed_slice_dims sorted in ascending order, but got [1, 0]}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1, 0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 2>}> : (tensor<3x4x2xf32>, tensor<2x3x2xi32>) -> tensor<2x3x2xf32>
  return
}

// -----

func.func @gather_c8(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi32>) {
  // expected-error @+1 {{(C8) requires every entry of collapsed_slice_dims in [0, 3) (the operand rank), but got [3]}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [3], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xf32>, tensor<2x3x2xi32>) -> tensor<2x3x2x2xf32>
  return
}

// -----

func.func @gather_c9(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi32>) {
  // expected-error @+1 {{(C9) requires slice_sizes[0] <= 1 for a collapsed dimension, but got 2}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 2, 2, 2>}> : (tensor<3x4x2xf32>, tensor<2x3x2xi32>) -> tensor<2x3x2x2xf32>
  return
}

// -----

func.func @gather_c10(%x: tensor<3x3x2xf32>, %i: tensor<3x3x1xi32>) {
  // expected-error @+1 {{(C10) requires operand_batching_dims sorted in ascending order, but got [1, 0]}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [], operand_batching_dims = [1, 0], start_indices_batching_dims = [0, 1], start_index_map = [2], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 2>}> : (tensor<3x3x2xf32>, tensor<3x3x1xi32>) -> tensor<3x3x2xf32>
  return
}

// -----

func.func @gather_c11(%x: tensor<3x4x2xf32>, %i: tensor<2x3x1xi32>) {
  // expected-error @+1 {{(C11) requires every entry of operand_batching_dims in [0, 3) (the operand rank), but got [3]}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [], operand_batching_dims = [3], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xf32>, tensor<2x3x1xi32>) -> tensor<2x3x2x2xf32>
  return
}

// -----

func.func @gather_c12(%x: tensor<3x4x2xf32>, %i: tensor<3x3x1xi32>) {
  // expected-error @+1 {{(C12) requires slice_sizes[0] <= 1 for a batching dimension, but got 2}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 2, 2, 2>}> : (tensor<3x4x2xf32>, tensor<3x3x1xi32>) -> tensor<3x3x2x2xf32>
  return
}

// -----

func.func @gather_c13(%x: tensor<3x3x2xf32>, %i: tensor<3x3x1xi32>) {
  // expected-error @+1 {{(C13) requires unique start_indices_batching_dims, but got [0, 0]}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 0], start_index_map = [2], index_vector_dim = 2>, slice_sizes = array<i64: 1, 1, 2>}> : (tensor<3x3x2xf32>, tensor<3x3x1xi32>) -> tensor<3x3x2xf32>
  return
}

// -----

func.func @gather_c14(%x: tensor<3x4x2xf32>, %i: tensor<3x3x1xi32>) {
  // expected-error @+1 {{(C14) requires every entry of start_indices_batching_dims in [0, 3) (the start_indices rank), but got [3]}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [], operand_batching_dims = [0], start_indices_batching_dims = [3], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xf32>, tensor<3x3x1xi32>) -> tensor<3x3x2x2xf32>
  return
}

// -----

func.func @gather_c15(%x: tensor<3x4x2xf32>, %i: tensor<3x3x1xi32>) {
  // expected-error @+1 {{(C15) requires index_vector_dim 2 not to be one of start_indices_batching_dims [2]}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [], operand_batching_dims = [0], start_indices_batching_dims = [2], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xf32>, tensor<3x3x1xi32>) -> tensor<3x3x2x2xf32>
  return
}

// -----

func.func @gather_c16(%x: tensor<3x4x2xf32>, %i: tensor<3x3x1xi32>) {
  // expected-error @+1 {{(C16) requires as many operand_batching_dims as start_indices_batching_dims, but got 1 and 0}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [], operand_batching_dims = [0], start_indices_batching_dims = [], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xf32>, tensor<3x3x1xi32>) -> tensor<3x3x2x2xf32>
  return
}

// -----

func.func @gather_c17(%x: tensor<3x4x2xf32>, %i: tensor<5x3x1xi32>) {
  // expected-error @+1 {{(C17) requires operand dimension 0 and start_indices dimension 0 of one size, but got 3 and 5}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xf32>, tensor<5x3x1xi32>) -> tensor<5x3x2x2xf32>
  return
}

// -----

func.func @gather_c18(%x: tensor<3x4x2xf32>, %i: tensor<3x3x1xi32>) {
  // expected-error @+1 {{(C18) requires unique start_index_map and operand_batching_dims, but got [0, 0]}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xf32>, tensor<3x3x1xi32>) -> tensor<3x3x2x2xf32>
  return
}

// -----

func.func @gather_c19(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi32>) {
  // expected-error @+1 {{(C19) requires every entry of start_index_map in [0, 3) (the operand rank), but got [1, 3]}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [1, 3], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xf32>, tensor<2x3x2xi32>) -> tensor<2x3x2x2xf32>
  return
}

// -----

func.func @gather_c20(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi32>) {
  // expected-error @+1 {{(C20) requires 3 slice_sizes (the operand rank), but got 2}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2>}> : (tensor<3x4x2xf32>, tensor<2x3x2xi32>) -> tensor<2x3x2x2xf32>
  return
}

// -----

func.func @gather_c21(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi32>) {
  // expected-error @+1 {{(C21) requires slice_sizes[1] in [0, 4], but got 5}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 5, 2>}> : (tensor<3x4x2xf32>, tensor<2x3x2xi32>) -> tensor<2x3x5x2xf32>
  return
}

// -----

func.func @gather_c22_rank(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi32>) {
  // expected-error @+1 {{(C22) requires a result of rank 4 (batch dimensions plus offset_dims), but got 3}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xf32>, tensor<2x3x2xi32>) -> tensor<2x3x2xf32>
  return
}

// -----

func.func @gather_c22(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi32>) {
  // expected-error @+1 {{(C22) requires result shape [2, 3, 2, 2], but got [2, 3, 2, 1]}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xf32>, tensor<2x3x2xi32>) -> tensor<2x3x2x1xf32>
  return
}

// -----

func.func @gather_c23(%x: tensor<3x4x2xf32>, %i: tensor<2x3x2xi32>) {
  // expected-error @+1 {{(C23) requires result element type 'f32', but got 'f16'}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [1, 0], index_vector_dim = 2>, slice_sizes = array<i64: 1, 2, 2>}> : (tensor<3x4x2xf32>, tensor<2x3x2xi32>) -> tensor<2x3x2x2xf16>
  return
}
