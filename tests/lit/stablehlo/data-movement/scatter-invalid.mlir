// RUN: oxla-opt %s -split-input-file -verify-diagnostics

func.func @scatter_c1(%x: tensor<200x100x300xf32>, %y: tensor<200x100x301xf32>, %i: tensor<10x2xi32>, %u: tensor<10x300xf32>) {
  // expected-error @+1 {{(C1) requires inputs of shape [200, 100, 300], but got [200, 100, 301]}}
  %0:2 = "stablehlo.scatter"(%x, %y, %i, %u, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 1], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f32>, %c: tensor<f32>, %b: tensor<f32>, %d: tensor<f32>):
      stablehlo.return %b, %d : tensor<f32>, tensor<f32>
  }) : (tensor<200x100x300xf32>, tensor<200x100x301xf32>, tensor<10x2xi32>, tensor<10x300xf32>, tensor<10x300xf32>) -> (tensor<200x100x300xf32>, tensor<200x100x301xf32>)
  return
}

// -----

func.func @scatter_c2(%x: tensor<200x100x300xf32>, %i: tensor<10x2xi32>, %u: tensor<10x300xf32>) {
  // expected-error @+1 {{(C2) requires size(update_window_dims) + size(inserted_window_dims) + size(input_batching_dims) to equal the input rank 3, but got 2}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      stablehlo.return %b : tensor<f32>
  }) : (tensor<200x100x300xf32>, tensor<10x2xi32>, tensor<10x300xf32>) -> tensor<200x100x300xf32>
  return
}

// -----

func.func @scatter_c3(%x: tensor<200x100x300xf32>, %i: tensor<10x2xi32>, %u: tensor<10x300xf32>, %v: tensor<10x299xf32>) {
  // expected-error @+1 {{(C3) requires updates of shape [10, 300], but got [10, 299]}}
  %0:2 = "stablehlo.scatter"(%x, %x, %i, %u, %v) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 1], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f32>, %c: tensor<f32>, %b: tensor<f32>, %d: tensor<f32>):
      stablehlo.return %b, %d : tensor<f32>, tensor<f32>
  }) : (tensor<200x100x300xf32>, tensor<200x100x300xf32>, tensor<10x2xi32>, tensor<10x300xf32>, tensor<10x299xf32>) -> (tensor<200x100x300xf32>, tensor<200x100x300xf32>)
  return
}

// -----

func.func @scatter_c4_rank(%x: tensor<200x100x300xf32>, %i: tensor<10x2xi32>, %u: tensor<10x300x1xf32>) {
  // expected-error @+1 {{(C4) requires updates of rank 2 (scatter dimensions plus update_window_dims), but got 3}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 1], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      stablehlo.return %b : tensor<f32>
  }) : (tensor<200x100x300xf32>, tensor<10x2xi32>, tensor<10x300x1xf32>) -> tensor<200x100x300xf32>
  return
}

// -----

func.func @scatter_c4_window(%x: tensor<200x100x300xf32>, %i: tensor<10x2xi32>, %u: tensor<10x301xf32>) {
  // expected-error @+1 {{(C4) requires update window dimension 1 of size at most 300, but got 301}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 1], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      stablehlo.return %b : tensor<f32>
  }) : (tensor<200x100x300xf32>, tensor<10x2xi32>, tensor<10x301xf32>) -> tensor<200x100x300xf32>
  return
}

// -----

func.func @scatter_c4_scatter(%x: tensor<200x100x300xf32>, %i: tensor<10x2xi32>, %u: tensor<11x300xf32>) {
  // expected-error @+1 {{(C4) requires update scatter dimension 0 of size 10, but got 11}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 1], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      stablehlo.return %b : tensor<f32>
  }) : (tensor<200x100x300xf32>, tensor<10x2xi32>, tensor<11x300xf32>) -> tensor<200x100x300xf32>
  return
}

// -----

func.func @scatter_c5(%i: tensor<10x2xi32>) {
  // expected-error @+1 {{(C5) requires as many updates as inputs, and at least one, but got 0 inputs and 0 updates}}
  "stablehlo.scatter"(%i) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 1], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      stablehlo.return %b : tensor<f32>
  }) : (tensor<10x2xi32>) -> ()
  return
}

// -----

func.func @scatter_c6(%x: tensor<200x100x300xf32>, %i: tensor<10x2xi32>, %u: tensor<10x300xf16>) {
  // expected-error @+1 {{(C6) requires update element type 'f32', but got 'f16'}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 1], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      stablehlo.return %b : tensor<f32>
  }) : (tensor<200x100x300xf32>, tensor<10x2xi32>, tensor<10x300xf16>) -> tensor<200x100x300xf32>
  return
}

// -----

func.func @scatter_c7(%x: tensor<200x100x300xf32>, %i: tensor<10x2xi32>, %u: tensor<10x300xf32>) {
  // expected-error @+1 {{(C7) requires update_window_dims sorted in ascending order, but got [1, 0]}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 0], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      stablehlo.return %b : tensor<f32>
  }) : (tensor<200x100x300xf32>, tensor<10x2xi32>, tensor<10x300xf32>) -> tensor<200x100x300xf32>
  return
}

// -----

func.func @scatter_c8(%x: tensor<200x100x300xf32>, %i: tensor<10x2xi32>, %u: tensor<10x300xf32>) {
  // expected-error @+1 {{(C8) requires every entry of update_window_dims in [0, 2) (the update rank), but got [2]}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0, 1], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      stablehlo.return %b : tensor<f32>
  }) : (tensor<200x100x300xf32>, tensor<10x2xi32>, tensor<10x300xf32>) -> tensor<200x100x300xf32>
  return
}

// -----

func.func @scatter_c9(%x: tensor<200x100x300xf32>, %i: tensor<10x2xi32>, %u: tensor<10x300xf32>) {
  // expected-error @+1 {{(C9) requires unique inserted_window_dims and input_batching_dims, but got [0, 0]}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      stablehlo.return %b : tensor<f32>
  }) : (tensor<200x100x300xf32>, tensor<10x2xi32>, tensor<10x300xf32>) -> tensor<200x100x300xf32>
  return
}

// -----

func.func @scatter_c10(%x: tensor<200x100x300xf32>, %i: tensor<10x2xi32>, %u: tensor<10x300xf32>) {
  // expected-error @+1 {{(C10) requires inserted_window_dims sorted in ascending order, but got [1, 0]}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [1, 0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      stablehlo.return %b : tensor<f32>
  }) : (tensor<200x100x300xf32>, tensor<10x2xi32>, tensor<10x300xf32>) -> tensor<200x100x300xf32>
  return
}

// -----

func.func @scatter_c11(%x: tensor<200x100x300xf32>, %i: tensor<10x2xi32>, %u: tensor<10x300xf32>) {
  // expected-error @+1 {{(C11) requires every entry of inserted_window_dims in [0, 3) (the input rank), but got [0, 3]}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 3], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      stablehlo.return %b : tensor<f32>
  }) : (tensor<200x100x300xf32>, tensor<10x2xi32>, tensor<10x300xf32>) -> tensor<200x100x300xf32>
  return
}

// -----

func.func @scatter_c12(%x: tensor<10x200x100x300xf32>, %i: tensor<10x2xi32>, %u: tensor<10x300xf32>) {
  // expected-error @+1 {{(C12) requires input_batching_dims sorted in ascending order, but got [1, 0]}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [2], input_batching_dims = [1, 0], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [1, 2], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      stablehlo.return %b : tensor<f32>
  }) : (tensor<10x200x100x300xf32>, tensor<10x2xi32>, tensor<10x300xf32>) -> tensor<10x200x100x300xf32>
  return
}

// -----

func.func @scatter_c13(%x: tensor<10x200x100x300xf32>, %i: tensor<10x2xi32>, %u: tensor<10x300xf32>) {
  // expected-error @+1 {{(C13) requires every entry of input_batching_dims in [0, 4) (the input rank), but got [4]}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [1, 2], input_batching_dims = [4], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1, 2], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      stablehlo.return %b : tensor<f32>
  }) : (tensor<10x200x100x300xf32>, tensor<10x2xi32>, tensor<10x300xf32>) -> tensor<10x200x100x300xf32>
  return
}

// -----

func.func @scatter_c14(%x: tensor<10x200x100x300xf32>, %i: tensor<10x2xi32>, %u: tensor<10x300xf32>) {
  // expected-error @+1 {{(C14) requires unique scatter_indices_batching_dims, but got [0, 0]}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [2], input_batching_dims = [0, 1], scatter_indices_batching_dims = [0, 0], scatter_dims_to_operand_dims = [1, 2], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      stablehlo.return %b : tensor<f32>
  }) : (tensor<10x200x100x300xf32>, tensor<10x2xi32>, tensor<10x300xf32>) -> tensor<10x200x100x300xf32>
  return
}

// -----

func.func @scatter_c15(%x: tensor<10x200x100x300xf32>, %i: tensor<10x2xi32>, %u: tensor<10x300xf32>) {
  // expected-error @+1 {{(C15) requires every entry of scatter_indices_batching_dims in [0, 2) (the scatter_indices rank), but got [2]}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [1, 2], input_batching_dims = [0], scatter_indices_batching_dims = [2], scatter_dims_to_operand_dims = [1, 2], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      stablehlo.return %b : tensor<f32>
  }) : (tensor<10x200x100x300xf32>, tensor<10x2xi32>, tensor<10x300xf32>) -> tensor<10x200x100x300xf32>
  return
}

// -----

func.func @scatter_c16(%x: tensor<10x200x100x300xf32>, %i: tensor<10x2xi32>, %u: tensor<10x300xf32>) {
  // expected-error @+1 {{(C16) requires index_vector_dim 1 not to be one of scatter_indices_batching_dims [1]}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [1, 2], input_batching_dims = [0], scatter_indices_batching_dims = [1], scatter_dims_to_operand_dims = [1, 2], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      stablehlo.return %b : tensor<f32>
  }) : (tensor<10x200x100x300xf32>, tensor<10x2xi32>, tensor<10x300xf32>) -> tensor<10x200x100x300xf32>
  return
}

// -----

func.func @scatter_c17(%x: tensor<10x200x100x300xf32>, %i: tensor<10x2xi32>, %u: tensor<10x300xf32>) {
  // expected-error @+1 {{(C17) requires as many input_batching_dims as scatter_indices_batching_dims, but got 1 and 0}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [1, 2], input_batching_dims = [0], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [1, 2], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      stablehlo.return %b : tensor<f32>
  }) : (tensor<10x200x100x300xf32>, tensor<10x2xi32>, tensor<10x300xf32>) -> tensor<10x200x100x300xf32>
  return
}

// -----

func.func @scatter_c18(%x: tensor<11x200x100x300xf32>, %i: tensor<10x2xi32>, %u: tensor<10x300xf32>) {
  // expected-error @+1 {{(C18) requires input dimension 0 and scatter_indices dimension 0 of one size, but got 11 and 10}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [1, 2], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1, 2], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      stablehlo.return %b : tensor<f32>
  }) : (tensor<11x200x100x300xf32>, tensor<10x2xi32>, tensor<10x300xf32>) -> tensor<11x200x100x300xf32>
  return
}

// -----

func.func @scatter_c19(%x: tensor<200x100x300xf32>, %i: tensor<10x2xi32>, %u: tensor<10x300xf32>) {
  // expected-error @+1 {{(C19) requires size(scatter_dims_to_operand_dims) to equal the index vector size 2, but got 1}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 1], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      stablehlo.return %b : tensor<f32>
  }) : (tensor<200x100x300xf32>, tensor<10x2xi32>, tensor<10x300xf32>) -> tensor<200x100x300xf32>
  return
}

// -----

func.func @scatter_c20(%x: tensor<200x100x300xf32>, %i: tensor<10x2xi32>, %u: tensor<10x300xf32>) {
  // expected-error @+1 {{(C20) requires unique scatter_dims_to_operand_dims and input_batching_dims, but got [0, 0]}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 1], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 0], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      stablehlo.return %b : tensor<f32>
  }) : (tensor<200x100x300xf32>, tensor<10x2xi32>, tensor<10x300xf32>) -> tensor<200x100x300xf32>
  return
}

// -----

func.func @scatter_c21(%x: tensor<200x100x300xf32>, %i: tensor<10x2xi32>, %u: tensor<10x300xf32>) {
  // expected-error @+1 {{(C21) requires every entry of scatter_dims_to_operand_dims in [0, 3) (the input rank), but got [0, 3]}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 1], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 3], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      stablehlo.return %b : tensor<f32>
  }) : (tensor<200x100x300xf32>, tensor<10x2xi32>, tensor<10x300xf32>) -> tensor<200x100x300xf32>
  return
}

// -----

func.func @scatter_c22(%x: tensor<200x100x300xf32>, %i: tensor<10x2xi32>, %u: tensor<10x300xf32>) {
  // expected-error @+1 {{(C22) requires index_vector_dim in [0, 2], but got 3}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 1], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 3>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      stablehlo.return %b : tensor<f32>
  }) : (tensor<200x100x300xf32>, tensor<10x2xi32>, tensor<10x300xf32>) -> tensor<200x100x300xf32>
  return
}

// -----

func.func @scatter_c23_args(%x: tensor<200x100x300xf32>, %i: tensor<10x2xi32>, %u: tensor<10x300xf32>) {
  // expected-error @+1 {{(C23) requires update_computation to take 2 arguments, but it takes 1}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 1], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f32>):
      stablehlo.return %a : tensor<f32>
  }) : (tensor<200x100x300xf32>, tensor<10x2xi32>, tensor<10x300xf32>) -> tensor<200x100x300xf32>
  return
}

// -----

func.func @scatter_c23_types(%x: tensor<200x100x300xf32>, %i: tensor<10x2xi32>, %u: tensor<10x300xf32>) {
  // expected-error @+1 {{(C23) requires update_computation arguments 0 and 1 to be one 0-dimensional tensor type, but got 'tensor<f32>' and 'tensor<1xf32>'}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 1], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<1xf32>):
      stablehlo.return %a : tensor<f32>
  }) : (tensor<200x100x300xf32>, tensor<10x2xi32>, tensor<10x300xf32>) -> tensor<200x100x300xf32>
  return
}

// -----

func.func @scatter_c23_promotable(%x: tensor<200x100x300xf32>, %i: tensor<10x2xi32>, %u: tensor<10x300xf32>) {
  // expected-error @+1 {{(C23) requires update_computation argument 0 element type to be 'f32' or a wider type of its kind, but got 'f16'}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 1], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f16>, %b: tensor<f16>):
      stablehlo.return %a : tensor<f16>
  }) : (tensor<200x100x300xf32>, tensor<10x2xi32>, tensor<10x300xf32>) -> tensor<200x100x300xf32>
  return
}

// -----

func.func @scatter_c23_return(%x: tensor<200x100x300xf32>, %i: tensor<10x2xi32>, %u: tensor<10x300xf32>) {
  // expected-error @+1 {{(C23) requires update_computation to return 'tensor<f32>', but it returns 'tensor<f64>'}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 1], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %c = stablehlo.convert %a : (tensor<f32>) -> tensor<f64>
      stablehlo.return %c : tensor<f64>
  }) : (tensor<200x100x300xf32>, tensor<10x2xi32>, tensor<10x300xf32>) -> tensor<200x100x300xf32>
  return
}

// -----

func.func @scatter_c24(%x: tensor<200x100x300xf32>, %i: tensor<10x2xi32>, %u: tensor<10x300xf32>) {
  // expected-error @+1 {{(C24) requires results of shape [200, 100, 300], but got [200, 100, 301]}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 1], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      stablehlo.return %b : tensor<f32>
  }) : (tensor<200x100x300xf32>, tensor<10x2xi32>, tensor<10x300xf32>) -> tensor<200x100x301xf32>
  return
}

// -----

func.func @scatter_c25(%x: tensor<200x100x300xf32>, %i: tensor<10x2xi32>, %u: tensor<10x300xf32>) {
  // expected-error @+1 {{(C25) requires result 0 of element type 'f32', but got 'f64'}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 1], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      stablehlo.return %b : tensor<f32>
  }) : (tensor<200x100x300xf32>, tensor<10x2xi32>, tensor<10x300xf32>) -> tensor<200x100x300xf64>
  return
}
