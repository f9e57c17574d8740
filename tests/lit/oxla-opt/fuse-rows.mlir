// RUN: oxla-opt %s --split-input-file --oxla-fuse-rows --canonicalize --cse | FileCheck %s

// Softmax over rows of 4 KiB: tiles of 32 rows (128 KiB), the max and sum
// reductions and the exponential computed inside the tile loop.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @softmax
// CHECK: scf.forall (%[[T:.*]]) = (0) to (1024) step (32)
// CHECK: tensor.extract_slice %arg0[%[[T]], 0] [32, 1024]
// CHECK: linalg.reduce { arith.maximumf } ins(%{{.*}} : tensor<32x1024xf32>)
// CHECK: linalg.generic
// CHECK: math.exp
// CHECK: linalg.reduce { arith.addf } ins(%{{.*}} : tensor<32x1024xf32>)
// CHECK: linalg.generic
// CHECK: arith.divf
// CHECK: tensor.parallel_insert_slice
// CHECK-NOT: linalg.reduce
// CHECK: return
func.func @softmax(%x: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<1024xf32>
  %e2 = tensor.empty() : tensor<1024x1024xf32>
  %minit = linalg.fill ins(%ninf : f32) outs(%e1 : tensor<1024xf32>) -> tensor<1024xf32>
  %max = linalg.reduce { arith.maximumf } ins(%x : tensor<1024x1024xf32>) outs(%minit : tensor<1024xf32>) dimensions = [1]
  %exp = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %max : tensor<1024x1024xf32>, tensor<1024xf32>) outs(%e2 : tensor<1024x1024xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %e = math.exp %d : f32
    linalg.yield %e : f32
  } -> tensor<1024x1024xf32>
  %sinit = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1024xf32>) -> tensor<1024xf32>
  %sum = linalg.reduce { arith.addf } ins(%exp : tensor<1024x1024xf32>) outs(%sinit : tensor<1024xf32>) dimensions = [1]
  %y = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%exp, %sum : tensor<1024x1024xf32>, tensor<1024xf32>) outs(%e2 : tensor<1024x1024xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %q = arith.divf %a, %s : f32
    linalg.yield %q : f32
  } -> tensor<1024x1024xf32>
  return %y : tensor<1024x1024xf32>
}

// -----

// A reduction over the first dimension is not computed per row tile; an
// elementwise op without a row reduction is not tiled.
#id = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func.func @columns
// CHECK-NOT: scf.forall
func.func @columns(%x: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<1024xf32>
  %e2 = tensor.empty() : tensor<1024x1024xf32>
  %sinit = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1024xf32>) -> tensor<1024xf32>
  %sum = linalg.reduce { arith.addf } ins(%x : tensor<1024x1024xf32>) outs(%sinit : tensor<1024xf32>) dimensions = [0]
  %y = linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %sum : tensor<1024x1024xf32>, tensor<1024xf32>) outs(%e2 : tensor<1024x1024xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %q = arith.divf %a, %s : f32
    linalg.yield %q : f32
  } -> tensor<1024x1024xf32>
  return %y : tensor<1024x1024xf32>
}
