// RUN: oxla-opt %s --oxla-fuse-elementwise | FileCheck %s

// The bias and ReLU fuse with each other, not into the product that reads
// them, which stays a plain multiply-accumulate.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#b = affine_map<(d0, d1, d2) -> (d2, d1)>
#c = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @bias_relu_matmul
// CHECK: %[[ACT:.*]] = linalg.generic
// CHECK: arith.addf
// CHECK: arith.maximumf
// CHECK: linalg.generic {{.*}} ins(%[[ACT]], %arg2 : tensor<4x8xf32>, tensor<8x3xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: arith.addf
// CHECK-NEXT: linalg.yield
func.func @bias_relu_matmul(%x: tensor<4x8xf32>, %bias: tensor<8xf32>, %w: tensor<8x3xf32>) -> tensor<4x3xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %biased = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %bias : tensor<4x8xf32>, tensor<8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %s = arith.addf %p, %q : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  %relu = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%biased : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%p: f32, %o: f32):
    %m = arith.maximumf %p, %zero : f32
    linalg.yield %m : f32
  } -> tensor<4x8xf32>
  %ce = tensor.empty() : tensor<4x3xf32>
  %init = linalg.fill ins(%zero : f32) outs(%ce : tensor<4x3xf32>) -> tensor<4x3xf32>
  %r = linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%relu, %w : tensor<4x8xf32>, tensor<8x3xf32>) outs(%init : tensor<4x3xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  } -> tensor<4x3xf32>
  return %r : tensor<4x3xf32>
}

// A chain in which a value has two users, both in the chain: one generic,
// each body op once, the shared value computed once. The broadcast input
// keeps its map.
// CHECK-LABEL: func.func @chain
// CHECK: linalg.generic {{.*}} ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8xf32>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[B:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[X]], %[[B]]
// CHECK-NEXT: %[[N:.*]] = arith.negf %[[S]]
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[N]], %[[S]]
// CHECK-NEXT: linalg.yield %[[M]]
// CHECK-NOT: linalg.generic
func.func @chain(%x: tensor<4x8xf32>, %bias: tensor<8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %s = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %bias : tensor<4x8xf32>, tensor<8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %a = arith.addf %p, %q : f32
    linalg.yield %a : f32
  } -> tensor<4x8xf32>
  %n = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%p: f32, %o: f32):
    %a = arith.negf %p : f32
    linalg.yield %a : f32
  } -> tensor<4x8xf32>
  %m = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%n, %s : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %a = arith.mulf %p, %q : f32
    linalg.yield %a : f32
  } -> tensor<4x8xf32>
  return %m : tensor<4x8xf32>
}

// A value that is also returned stays its own op (it must be stored); its
// user is a generic of its own that reads it.
// CHECK-LABEL: func.func @escaping
// CHECK: %[[S:.*]] = linalg.generic
// CHECK: arith.addf
// CHECK: linalg.generic {{.*}} ins(%[[S]] : tensor<4x8xf32>)
// CHECK: arith.negf
// CHECK: return
func.func @escaping(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %e = tensor.empty() : tensor<4x8xf32>
  %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %y : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %a = arith.addf %p, %q : f32
    linalg.yield %a : f32
  } -> tensor<4x8xf32>
  %n = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%s : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%p: f32, %o: f32):
    %a = arith.negf %p : f32
    linalg.yield %a : f32
  } -> tensor<4x8xf32>
  return %s, %n : tensor<4x8xf32>, tensor<4x8xf32>
}
