// RUN: oxla-opt %s --split-input-file --oxla-check-dynamic-sizes | FileCheck %s

// `?` sizes an op needs equal become run-time checks before it, in JAX's
// shape_assertion form; sizes the types fix are not checked.

// CHECK-LABEL: func.func @elementwise
// CHECK:      %[[A:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?xf32>
// CHECK-NEXT: %[[AS:.*]] = arith.index_cast %[[A]] : index to i64
// CHECK:      %[[B:.*]] = tensor.dim %arg1, %{{.*}} : tensor<?xf32>
// CHECK-NEXT: %[[BS:.*]] = arith.index_cast %[[B]] : index to i64
// CHECK-NEXT: %[[EQ:.*]] = arith.cmpi eq, %[[AS]], %[[BS]] : i64
// CHECK:      stablehlo.custom_call @shape_assertion({{.*}}) {error_message = "'stablehlo.multiply' op (C1) requires operands and results of one shape, but dimension 0 is {0} in operand #0 and {1} in operand #1", has_side_effect = true, oxla.size_check}
// CHECK-NEXT: stablehlo.multiply
func.func @elementwise(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.multiply %a, %b : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// A static result fixes the operands' sizes; a scalar predicate is not a
// shape to compare.
// CHECK-LABEL: func.func @select
// CHECK-COUNT-2: error_message = "'stablehlo.select' op (C1) requires operands and results of one shape, but dimension 0 is {0} in operand #1 and {1} in
// CHECK-NOT: shape_assertion
func.func @select(%p: tensor<i1>, %a: tensor<?xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.select %p, %a, %b : (tensor<i1>, tensor<?xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @broadcast
// CHECK:      %[[ONE:.*]] = arith.cmpi eq, %[[S:.*]], %c1_i64 : i64
// CHECK-NEXT: %[[EQ:.*]] = arith.cmpi eq, %[[S]], %c3_i64 : i64
// CHECK-NEXT: arith.ori %[[ONE]], %[[EQ]] : i1
// CHECK:      error_message = "'stablehlo.broadcast_in_dim' op (C5) requires operand dimension 0 of size 1 or {1} (result dimension 1), but it is {0}"
func.func @broadcast(%a: tensor<?xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.broadcast_in_dim %a, dims = [1] : (tensor<?xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Only the dimension that is not concatenated is checked.
// CHECK-LABEL: func.func @concatenate
// CHECK-COUNT-1: shape_assertion
// CHECK-SAME: "'stablehlo.concatenate' op (C2) requires inputs of one shape outside the concatenated dimension, but dimension 1 is {0} in input #0 and {1} in input #1"
// CHECK-NOT: shape_assertion
func.func @concatenate(%a: tensor<?x2xf32>, %b: tensor<3x?xf32>) -> tensor<?x2xf32> {
  %0 = stablehlo.concatenate %a, %b, dim = 0 : (tensor<?x2xf32>, tensor<3x?xf32>) -> tensor<?x2xf32>
  return %0 : tensor<?x2xf32>
}

// -----

// CHECK-LABEL: func.func @dot_general
// CHECK:      arith.cmpi eq, %{{.*}}, %c4_i64 : i64
// CHECK:      error_message = "'stablehlo.dot_general' op (C10) requires equal contracting dimension sizes, but lhs dimension 1 is {0} and rhs dimension 0 is {1}"
// CHECK-NOT: shape_assertion
func.func @dot_general(%a: tensor<?x?xf32>, %b: tensor<4x5xf32>) -> tensor<?x5xf32> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<?x?xf32>, tensor<4x5xf32>) -> tensor<?x5xf32>
  return %0 : tensor<?x5xf32>
}

// -----

// CHECK-LABEL: func.func @reshape
// CHECK:      %[[P:.*]] = arith.muli %{{.*}}, %c2_i64 : i64
// CHECK:      arith.cmpi eq, %[[P]], %c6_i64 : i64
// CHECK:      error_message = "'stablehlo.reshape' op (C2) requires as many elements as its result ({1}), but the operand has {0}"
func.func @reshape(%a: tensor<?x2xf32>) -> tensor<6xf32> {
  %0 = stablehlo.reshape %a : (tensor<?x2xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

// CHECK-LABEL: func.func @slices
// CHECK:      arith.cmpi sle, %c3_i64, %{{.*}} : i64
// CHECK:      error_message = "'stablehlo.slice' op (C3) requires limit_indices[0] = {0} to fit in operand dimension 0 of size {1}"
// CHECK:      error_message = "'stablehlo.dynamic_slice' op (C4) requires slice_sizes[0] = {0} to fit in operand dimension 0 of size {1}"
// CHECK:      error_message = "'stablehlo.dynamic_update_slice' op (C6) requires update dimension 0 of size {0} to fit in the operand's, {1}"
// CHECK:      error_message = "'stablehlo.gather' op (C21) requires slice_sizes[0] = {0} to fit in operand dimension 0 of size {1}"
func.func @slices(%a: tensor<?xf32>, %i: tensor<i32>, %u: tensor<?xf32>, %g: tensor<2x1xi32>) -> (tensor<2xf32>, tensor<3xf32>, tensor<?xf32>, tensor<2x2xf32>) {
  %0 = stablehlo.slice %a [1:3] : (tensor<?xf32>) -> tensor<2xf32>
  %1 = stablehlo.dynamic_slice %a, %i, sizes = [3] : (tensor<?xf32>, tensor<i32>) -> tensor<3xf32>
  %2 = stablehlo.dynamic_update_slice %a, %u, %i : (tensor<?xf32>, tensor<?xf32>, tensor<i32>) -> tensor<?xf32>
  %3 = "stablehlo.gather"(%a, %g) {dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 2>} : (tensor<?xf32>, tensor<2x1xi32>) -> tensor<2x2xf32>
  return %0, %1, %2, %3 : tensor<2xf32>, tensor<3xf32>, tensor<?xf32>, tensor<2x2xf32>
}

// -----

// CHECK-LABEL: func.func @static
// CHECK-NOT: shape_assertion
func.func @static(%a: tensor<3xf32>) -> tensor<3xf32> {
  %0 = stablehlo.add %a, %a : tensor<3xf32>
  return %0 : tensor<3xf32>
}
