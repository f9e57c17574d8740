// RUN: oxla-opt %s --oxla-poison-tensors-to-empty | FileCheck %s

// CHECK-LABEL: func.func @poison
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<2x3xf32>
// CHECK: %[[SCALAR:.*]] = ub.poison : i64
// CHECK: %[[DYNAMIC:.*]] = ub.poison : tensor<?xf32>
// CHECK: return %[[EMPTY]], %[[SCALAR]], %[[DYNAMIC]]
func.func @poison() -> (tensor<2x3xf32>, i64, tensor<?xf32>) {
  %0 = ub.poison : tensor<2x3xf32>
  %1 = ub.poison : i64
  %2 = ub.poison : tensor<?xf32>
  return %0, %1, %2 : tensor<2x3xf32>, i64, tensor<?xf32>
}
