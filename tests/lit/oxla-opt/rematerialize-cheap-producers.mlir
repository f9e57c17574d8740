// RUN: oxla-opt %s --split-input-file --oxla-rematerialize-cheap-producers | FileCheck %s

// A broadcast of an argument used by two products: the second computes it
// again right before itself.
// CHECK-LABEL: func.func @broadcast
// CHECK: %[[B0:.*]] = linalg.generic {{.*}} ins(%arg1 : tensor<8xf32>)
// CHECK: linalg.matmul ins(%arg0, %[[B0]] :
// CHECK: %[[B1:.*]] = linalg.generic {{.*}} ins(%arg1 : tensor<8xf32>)
// CHECK: linalg.matmul ins(%{{.*}}, %[[B1]] :
#row = affine_map<(d0, d1) -> (d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @broadcast(%x: tensor<8x8xf32>, %v: tensor<8xf32>) -> tensor<8x8xf32> {
  %e = tensor.empty() : tensor<8x8xf32>
  %b = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%v : tensor<8xf32>) outs(%e : tensor<8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<8x8xf32>
  %z = arith.constant dense<0.0> : tensor<8x8xf32>
  %m1 = linalg.matmul ins(%x, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%z : tensor<8x8xf32>) -> tensor<8x8xf32>
  %m2 = linalg.matmul ins(%m1, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%z : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %m2 : tensor<8x8xf32>
}

// -----

// The copy goes before the fill of the product's accumulator, which stays
// next to its product (the buffer plan places the product over it).
// CHECK-LABEL: func.func @before_accumulator
// CHECK: linalg.matmul
// CHECK: %[[B1:.*]] = linalg.generic {{.*}} ins(%arg1 : tensor<8xf32>)
// CHECK: %[[F:.*]] = linalg.fill
// CHECK-NEXT: linalg.matmul ins(%{{.*}}, %[[B1]] : {{.*}}) outs(%[[F]] :
#row3 = affine_map<(d0, d1) -> (d1)>
#id3 = affine_map<(d0, d1) -> (d0, d1)>
func.func @before_accumulator(%x: tensor<8x8xf32>, %v: tensor<8xf32>) -> tensor<8x8xf32> {
  %e = tensor.empty() : tensor<8x8xf32>
  %b = linalg.generic {indexing_maps = [#row3, #id3], iterator_types = ["parallel", "parallel"]}
      ins(%v : tensor<8xf32>) outs(%e : tensor<8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<8x8xf32>
  %zero = arith.constant 0.0 : f32
  %f1 = linalg.fill ins(%zero : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %m1 = linalg.matmul ins(%x, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%f1 : tensor<8x8xf32>) -> tensor<8x8xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  %m2 = linalg.matmul ins(%m1, %b : tensor<8x8xf32>, tensor<8x8xf32>) outs(%f2 : tensor<8x8xf32>) -> tensor<8x8xf32>
  return %m2 : tensor<8x8xf32>
}

// -----

// Not computed again: an op of a computed value (its operand would have to
// stay live instead), an op with one user, and one whose body is not cheap.
// CHECK-LABEL: func.func @kept
// CHECK-COUNT-3: linalg.generic
// CHECK-NOT: linalg.generic
#id2 = affine_map<(d0) -> (d0)>
func.func @kept(%x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %e = tensor.empty() : tensor<8xf32>
  %a = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel"]}
      ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.mulf %in, %in : f32
    %2 = arith.mulf %1, %in : f32
    %3 = arith.mulf %2, %in : f32
    %4 = arith.mulf %3, %in : f32
    %5 = arith.mulf %4, %in : f32
    linalg.yield %5 : f32
  } -> tensor<8xf32>
  %b = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel"]}
      ins(%a : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.negf %in : f32
    linalg.yield %1 : f32
  } -> tensor<8xf32>
  %c = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel"]}
      ins(%b : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.negf %in : f32
    linalg.yield %1 : f32
  } -> tensor<8xf32>
  return %a, %b, %c : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}
