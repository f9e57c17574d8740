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

// -----

// A residual chain (x1 = x + a, x2 = x1 + m): the add that later ops use too
// is computed once, in the first tile loop, which yields it whole for them;
// the second tile loop reads that result instead of copying the first add
// into its own tile (which made code and work grow with the square of the
// layers). The add is computed once per tile, not once per slice that reads it.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @residual_chain
// CHECK: %[[L1:.*]]:2 = scf.forall (%[[T:.*]]) = (0) to (1024) step (32) shared_outs(%[[N1:.*]] = %{{.*}}, %[[X1:.*]] = %{{.*}})
// CHECK: %[[X1OUT:.*]] = tensor.extract_slice %[[X1]][%[[T]], 0] [32, 1024]
// CHECK: %[[ADD1:.*]] = linalg.generic {{.*}} outs(%[[X1OUT]] : tensor<32x1024xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.addf
// CHECK-NOT: arith.addf %
// CHECK: linalg.reduce { arith.addf } ins(%[[ADD1]]
// CHECK: arith.subf
// CHECK: tensor.parallel_insert_slice %{{.*}} into %[[N1]]
// CHECK-NEXT: tensor.parallel_insert_slice %[[ADD1]] into %[[X1]]
// CHECK: %[[M:.*]] = linalg.matmul ins(%[[L1]]#0,
// CHECK: scf.forall
// CHECK: tensor.extract_slice %[[L1]]#1[
// CHECK: tensor.extract_slice %[[M]][
// CHECK: linalg.generic
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.addf
// CHECK-NEXT: linalg.yield
// CHECK-NOT: arith.addf %{{.*}}, %{{.*}} : f32
// CHECK: linalg.reduce { arith.addf }
// CHECK: arith.subf
// CHECK: return
func.func @residual_chain(%x: tensor<1024x1024xf32>, %a: tensor<1024x1024xf32>, %w: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<1024xf32>
  %e2 = tensor.empty() : tensor<1024x1024xf32>
  %sinit = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1024xf32>) -> tensor<1024xf32>
  %x1 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %a : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%e2 : tensor<1024x1024xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %s = arith.addf %p, %q : f32
    linalg.yield %s : f32
  } -> tensor<1024x1024xf32>
  %sum1 = linalg.reduce { arith.addf } ins(%x1 : tensor<1024x1024xf32>) outs(%sinit : tensor<1024xf32>) dimensions = [1]
  %c1 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x1, %sum1 : tensor<1024x1024xf32>, tensor<1024xf32>) outs(%e2 : tensor<1024x1024xf32>) {
  ^bb0(%p: f32, %s: f32, %o: f32):
    %d = arith.subf %p, %s : f32
    linalg.yield %d : f32
  } -> tensor<1024x1024xf32>
  %zm = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %m = linalg.matmul ins(%c1, %w : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%zm : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %x2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x1, %m : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%e2 : tensor<1024x1024xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %s = arith.addf %p, %q : f32
    linalg.yield %s : f32
  } -> tensor<1024x1024xf32>
  %sum2 = linalg.reduce { arith.addf } ins(%x2 : tensor<1024x1024xf32>) outs(%sinit : tensor<1024xf32>) dimensions = [1]
  %c2 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x2, %sum2 : tensor<1024x1024xf32>, tensor<1024xf32>) outs(%e2 : tensor<1024x1024xf32>) {
  ^bb0(%p: f32, %s: f32, %o: f32):
    %d = arith.subf %p, %s : f32
    linalg.yield %d : f32
  } -> tensor<1024x1024xf32>
  return %c2 : tensor<1024x1024xf32>
}

// -----

// An op before the root (here a matrix product) reads the add too: the add
// stays where it is, computed once, and the tile reads its rows.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @used_before_root
// CHECK: %[[ADD:.*]] = linalg.generic
// CHECK: arith.addf
// CHECK: linalg.matmul ins(%[[ADD]],
// CHECK: scf.forall
// CHECK: tensor.extract_slice %[[ADD]][
// CHECK-NOT: arith.addf %{{.*}}, %{{.*}} : f32
// CHECK: linalg.reduce { arith.addf }
// CHECK: arith.subf
// CHECK: return
func.func @used_before_root(%x: tensor<1024x1024xf32>, %a: tensor<1024x1024xf32>, %w: tensor<1024x1024xf32>) -> (tensor<1024x1024xf32>, tensor<1024x1024xf32>) {
  %zero = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<1024xf32>
  %e2 = tensor.empty() : tensor<1024x1024xf32>
  %sinit = linalg.fill ins(%zero : f32) outs(%e1 : tensor<1024xf32>) -> tensor<1024xf32>
  %x1 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %a : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%e2 : tensor<1024x1024xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %s = arith.addf %p, %q : f32
    linalg.yield %s : f32
  } -> tensor<1024x1024xf32>
  %zm = linalg.fill ins(%zero : f32) outs(%e2 : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %m = linalg.matmul ins(%x1, %w : tensor<1024x1024xf32>, tensor<1024x1024xf32>) outs(%zm : tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %sum1 = linalg.reduce { arith.addf } ins(%x1 : tensor<1024x1024xf32>) outs(%sinit : tensor<1024xf32>) dimensions = [1]
  %c1 = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x1, %sum1 : tensor<1024x1024xf32>, tensor<1024xf32>) outs(%e2 : tensor<1024x1024xf32>) {
  ^bb0(%p: f32, %s: f32, %o: f32):
    %d = arith.subf %p, %s : f32
    linalg.yield %d : f32
  } -> tensor<1024x1024xf32>
  return %c1, %m : tensor<1024x1024xf32>, tensor<1024x1024xf32>
}
