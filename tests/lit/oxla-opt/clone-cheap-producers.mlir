// RUN: oxla-opt %s --oxla-clone-cheap-producers | FileCheck %s

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
#scalar = affine_map<(d0, d1) -> ()>
#lhs = affine_map<(d0, d1, d2) -> (d0, d2)>
#rhs = affine_map<(d0, d1, d2) -> (d2, d1)>
#acc = affine_map<(d0, d1, d2) -> (d0, d1)>

// One zero fill is the accumulator of two products: each gets its own
// fill, right before it, and the original goes.
// CHECK-LABEL: func.func @shared_accumulator
// CHECK-COUNT-1: linalg.fill
// CHECK-NEXT: linalg.generic
// CHECK: linalg.fill
// CHECK-NEXT: linalg.generic
// CHECK-NOT: linalg.fill
func.func @shared_accumulator(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %c: tensor<4x4xf32>)
    -> (tensor<4x4xf32>, tensor<4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<4x4xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%empty : tensor<4x4xf32>) -> tensor<4x4xf32>
  %p = linalg.generic {indexing_maps = [#lhs, #rhs, #acc],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%fill : tensor<4x4xf32>) {
  ^bb0(%x: f32, %y: f32, %s: f32):
    %m = arith.mulf %x, %y : f32
    %r = arith.addf %s, %m : f32
    linalg.yield %r : f32
  } -> tensor<4x4xf32>
  %q = linalg.generic {indexing_maps = [#lhs, #rhs, #acc],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%fill : tensor<4x4xf32>) {
  ^bb0(%x: f32, %y: f32, %s: f32):
    %m = arith.mulf %x, %y : f32
    %r = arith.addf %s, %m : f32
    linalg.yield %r : f32
  } -> tensor<4x4xf32>
  return %p, %q : tensor<4x4xf32>, tensor<4x4xf32>
}

// A broadcast constant feeds two elementwise ops: each gets a clone (which
// elementwise fusion can then fuse).
// CHECK-LABEL: func.func @shared_splat
// CHECK: %[[S1:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<f32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: linalg.yield
// CHECK-NEXT: }
// CHECK-NEXT: linalg.generic {{.*}} ins(%arg0, %[[S1]] :
// CHECK: %[[S2:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<f32>)
// CHECK: linalg.generic {{.*}} ins(%arg1, %[[S2]] :
func.func @shared_splat(%x: tensor<4x4xf32>, %y: tensor<4x4xf32>)
    -> (tensor<4x4xf32>, tensor<4x4xf32>) {
  %zero = arith.constant dense<0.0> : tensor<f32>
  %empty = tensor.empty() : tensor<4x4xf32>
  %splat = linalg.generic {indexing_maps = [#scalar, #id], iterator_types = ["parallel", "parallel"]}
      ins(%zero : tensor<f32>) outs(%empty : tensor<4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4x4xf32>
  %r1 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %splat : tensor<4x4xf32>, tensor<4x4xf32>) outs(%empty : tensor<4x4xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %m = arith.maximumf %in, %in2 : f32
    linalg.yield %m : f32
  } -> tensor<4x4xf32>
  %r2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%y, %splat : tensor<4x4xf32>, tensor<4x4xf32>) outs(%empty : tensor<4x4xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %m = arith.maximumf %in, %in2 : f32
    linalg.yield %m : f32
  } -> tensor<4x4xf32>
  return %r1, %r2 : tensor<4x4xf32>, tensor<4x4xf32>
}

// A broadcast that a product reads and a function returns is computed
// once: a clone would not fuse into either. Nor is a producer that
// computes something cloned.
// CHECK-LABEL: func.func @kept
// CHECK-COUNT-1: ins(%arg2 : tensor<4xf32>)
// CHECK-NOT: ins(%arg2 : tensor<4xf32>)
// CHECK: arith.negf
// CHECK-NOT: arith.negf
func.func @kept(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %row: tensor<4xf32>, %acc: tensor<4x4xf32>)
    -> (tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
  %empty = tensor.empty() : tensor<4x4xf32>
  %bcast = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%row : tensor<4xf32>) outs(%empty : tensor<4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<4x4xf32>
  %p = linalg.generic {indexing_maps = [#lhs, #acc, #acc],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %bcast : tensor<4x8xf32>, tensor<4x4xf32>) outs(%acc : tensor<4x4xf32>) {
  ^bb0(%x: f32, %y: f32, %s: f32):
    %m = arith.mulf %x, %y : f32
    %r = arith.addf %s, %m : f32
    linalg.yield %r : f32
  } -> tensor<4x4xf32>
  %neg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%acc : tensor<4x4xf32>) outs(%empty : tensor<4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<4x4xf32>
  %s1 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%neg, %p : tensor<4x4xf32>, tensor<4x4xf32>) outs(%empty : tensor<4x4xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %m = arith.addf %in, %in2 : f32
    linalg.yield %m : f32
  } -> tensor<4x4xf32>
  return %bcast, %p, %neg, %s1 : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
}
