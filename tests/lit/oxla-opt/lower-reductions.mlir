// RUN: oxla-opt %s --split-input-file --oxla-lower-reductions=in-order-sums=1 | FileCheck %s
// RUN: oxla-opt %s --split-input-file --oxla-lower-reductions | FileCheck %s --check-prefix=SUMS

// By default float sums are reassociated: each row in 16 lanes, like max
// below (SUMS).
// SUMS-LABEL: func.func @rows
// SUMS: scf.parallel (%[[R:.*]]) = (%{{.*}}) to (%{{.*}}) step (%c1
// SUMS: scf.for {{.*}} step %c16{{.*}} -> (vector<16xf32>)
// SUMS: vector.load %arg0[%[[R]], %{{.*}}] : memref<10x64xf32>, vector<16xf32>
// SUMS-COUNT-16: vector.extract
// SUMS-COUNT-15: arith.addf {{.*}} : f32
// SUMS: memref.load %arg1[%[[R]]]
// SUMS-NEXT: arith.addf
// SUMS-NEXT: memref.store

// In order (in-order-sums=1, or OXLA_EXACT_SUMS=1): a float sum over the
// last dimension: groups of 8 rows, each row summed in order. The rows are contiguous and the body works lane by lane, so the 8
// accumulators are one vector (lane l: row l), fed by 8 x 8 blocks
// transposed with shuffles and added column by column; the columns left
// over (none here: 64 = 8 x 8) and the rows left over are scalar loops.
// CHECK-LABEL: func.func @rows
// CHECK: scf.parallel (%[[G:.*]]) = (%{{.*}}) to (%{{.*}}) step (%c8
// CHECK-COUNT-8: memref.load %arg1
// CHECK: vector.from_elements {{.*}} : vector<8xf32>
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (vector<8xf32>)
// CHECK: vector.load %arg0[%[[G]], %{{.*}}] : memref<10x64xf32>, vector<8xf32>
// CHECK-COUNT-24: vector.shuffle
// CHECK-COUNT-8: arith.addf {{.*}} : vector<8xf32>
// CHECK-COUNT-8: vector.extract
// CHECK: scf.for {{.*}} -> (f32, f32, f32, f32, f32, f32, f32, f32)
// CHECK: memref.load %arg0[%[[G]], %{{.*}}]
// CHECK-NEXT: arith.addf
// CHECK-COUNT-8: memref.store
// CHECK: scf.parallel
// CHECK: scf.for {{.*}} -> (f32)
// CHECK-NOT: linalg.reduce
func.func @rows(%in: memref<10x64xf32>, %out: memref<10xf32>) {
  linalg.reduce ins(%in : memref<10x64xf32>) outs(%out : memref<10xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return
}

// -----

// A max over a long row: 16 lanes (a vector: the row is contiguous),
// combined in a tree, then with the initial value and the tail (j = 32, 33).
// CHECK-LABEL: func.func @lanes
// CHECK: scf.for {{.*}} step %c16{{.*}} -> (vector<16xf32>)
// CHECK: arith.maximumf {{.*}} : vector<16xf32>
// CHECK-COUNT-16: vector.extract
// CHECK-COUNT-15: arith.maximumf {{.*}} : f32
// CHECK: memref.load %arg1[]
// CHECK-COUNT-3: arith.maximumf
// CHECK: memref.store
func.func @lanes(%in: memref<34xf32>, %out: memref<f32>) {
  linalg.reduce ins(%in : memref<34xf32>) outs(%out : memref<f32>) dimensions = [0]
    (%a: f32, %b: f32) {
      %s = arith.maximumf %a, %b : f32
      linalg.yield %s : f32
    }
  return
}

// -----

// Rows whose elements are not adjacent (a column view) are read one element
// at a time: scalar accumulators in the row groups, scalar lanes.
// CHECK-LABEL: func.func @strided
// CHECK-NOT: vector.
// CHECK: scf.for {{.*}} -> (f32, f32, f32, f32, f32, f32, f32, f32)
// CHECK-NOT: vector.
// CHECK: scf.for {{.*}} step %c16{{.*}} -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32)
// CHECK-NOT: vector.
func.func @strided(%in: memref<8x64xf32, strided<[1, 8]>>, %out: memref<8xf32>, %m: memref<64xi32, strided<[2]>>, %mo: memref<i32>) {
  linalg.reduce ins(%in : memref<8x64xf32, strided<[1, 8]>>) outs(%out : memref<8xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  linalg.reduce ins(%m : memref<64xi32, strided<[2]>>) outs(%mo : memref<i32>) dimensions = [0]
    (%a: i32, %b: i32) {
      %s = arith.maxsi %a, %b : i32
      linalg.yield %s : i32
    }
  return
}

// -----

// Reductions over another dimension, and float sums of one row in order,
// stay linalg.
// CHECK-LABEL: func.func @unchanged
// CHECK-COUNT-2: linalg.reduce
// SUMS-LABEL: func.func @unchanged
// SUMS-COUNT-1: linalg.reduce
// SUMS-NOT: linalg.reduce
func.func @unchanged(%in: memref<10x64xf32>, %out: memref<64xf32>, %row: memref<64xf32>, %sum: memref<f32>) {
  linalg.reduce ins(%in : memref<10x64xf32>) outs(%out : memref<64xf32>) dimensions = [0]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  linalg.reduce ins(%row : memref<64xf32>) outs(%sum : memref<f32>) dimensions = [0]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return
}

// -----

// A long row: 4 vectors of 16 lanes side by side (64 columns a step), the
// 2 whole vectors after the last step (128, 144) into the first, the
// vectors combined, then their lanes.
// SUMS-LABEL: func.func @chains
// SUMS: scf.for %[[J:.*]] = %c64{{.*}} to %c128{{.*}} step %c64{{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// SUMS-COUNT-4: arith.addf {{.*}} : vector<16xf32>
// SUMS: vector.load %arg0[%c128{{.*}}]
// SUMS: vector.load %arg0[%c144{{.*}}]
// SUMS-COUNT-3: arith.addf {{.*}} : vector<16xf32>
// SUMS-COUNT-16: vector.extract
func.func @chains(%in: memref<160xf32>, %out: memref<f32>) {
  linalg.reduce ins(%in : memref<160xf32>) outs(%out : memref<f32>) dimensions = [0]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return
}

// -----

// An elementwise producer just before the reduction (allocations and fills
// of new buffers between them): its elements are computed where the
// reduction reads them, from its operands (the row's scalar broadcast),
// and stored, since another op reads them. In order: 16 columns a step,
// two 8 x 8 blocks, software-pipelined (each step adds the previous block).
// CHECK-LABEL: func.func @producer
// CHECK-NOT: linalg.generic
// CHECK: scf.if
// CHECK: scf.for {{.*}} step %c16{{.*}} -> (vector<8xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK-COUNT-16: arith.addf {{.*}} : vector<8xf32>
// CHECK: vector.load %arg0{{.*}} : memref<16x64xf32>, vector<16xf32>
// CHECK-NEXT: memref.load %arg1
// CHECK-NEXT: vector.broadcast
// CHECK-NEXT: arith.subf {{.*}} : vector<16xf32>
// CHECK-NEXT: arith.mulf {{.*}} : vector<16xf32>
// CHECK-NEXT: vector.store {{.*}} : memref<16x64xf32>, vector<16xf32>
// CHECK: linalg.generic
// SUMS-LABEL: func.func @producer
// SUMS-NOT: linalg.generic
// SUMS: scf.for {{.*}} -> (vector<16xf32>)
// SUMS: arith.mulf {{.*}} : vector<16xf32>
// SUMS-NEXT: vector.store
// SUMS-NEXT: arith.addf {{.*}} : vector<16xf32>
// SUMS: linalg.generic
#row = affine_map<(d0, d1) -> (d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @producer(%x: memref<16x64xf32>, %mean: memref<16xf32>, %y: memref<16x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %sq = memref.alloc() : memref<16x64xf32>
  linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %mean : memref<16x64xf32>, memref<16xf32>) outs(%sq : memref<16x64xf32>) {
    ^bb0(%a: f32, %m: f32, %o: f32):
      %d = arith.subf %a, %m : f32
      %p = arith.mulf %d, %d : f32
      linalg.yield %p : f32
  }
  %sum = memref.alloc() : memref<16xf32>
  linalg.fill ins(%zero : f32) outs(%sum : memref<16xf32>)
  linalg.reduce ins(%sq : memref<16x64xf32>) outs(%sum : memref<16xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%sq, %sum : memref<16x64xf32>, memref<16xf32>) outs(%y : memref<16x64xf32>) {
    ^bb0(%a: f32, %s: f32, %o: f32):
      %q = arith.divf %a, %s : f32
      linalg.yield %q : f32
  }
  memref.dealloc %sq : memref<16x64xf32>
  memref.dealloc %sum : memref<16xf32>
  return
}

// -----

// Nothing else reads the producer's buffer: it is neither stored nor
// allocated. Calls go to the callee's vector variant of the loop's width.
// CHECK-LABEL: func.func @dead_buffer
// CHECK-NOT: memref.alloc()
// CHECK: call @exp_v16({{.*}}) : (vector<16xf32>) -> vector<16xf32>
// CHECK-NOT: vector.store
// CHECK: call @exp({{.*}}) : (f32) -> f32
// CHECK-NOT: memref.store {{.*}} : memref<9x32xf32>
// SUMS-LABEL: func.func @dead_buffer
// SUMS-NOT: memref.alloc()
// SUMS: call @exp_v16({{.*}}) : (vector<16xf32>) -> vector<16xf32>
// SUMS-NOT: vector.store
func.func private @exp_v8(vector<8xf32>) -> vector<8xf32>
func.func private @exp_v16(vector<16xf32>) -> vector<16xf32>
func.func private @exp(f32) -> f32 attributes {passthrough = [["vector-function-abi-variant", "_ZGV_LLVM_N8v_exp(exp_v8),_ZGV_LLVM_N16v_exp(exp_v16)"]]}
#id2 = affine_map<(d0, d1) -> (d0, d1)>
func.func @dead_buffer(%x: memref<9x32xf32>, %sum: memref<9xf32>) {
  %e = memref.alloc() : memref<9x32xf32>
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<9x32xf32>) outs(%e : memref<9x32xf32>) {
    ^bb0(%a: f32, %o: f32):
      %v = func.call @exp(%a) : (f32) -> f32
      linalg.yield %v : f32
  }
  linalg.reduce ins(%e : memref<9x32xf32>) outs(%sum : memref<9xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  memref.dealloc %e : memref<9x32xf32>
  return
}

// -----

// Not fused: a fill between the producer and the reduction writes a
// buffer that is not new (it could be the producer's operand); a producer
// that reads the reduction's output; a callee without vector variants.
// CHECK-LABEL: func.func @not_fused
// CHECK-COUNT-3: linalg.generic
// SUMS-LABEL: func.func @not_fused
// SUMS-COUNT-3: linalg.generic
func.func private @opaque(f32) -> f32
#id3 = affine_map<(d0, d1) -> (d0, d1)>
#row3 = affine_map<(d0, d1) -> (d0)>
func.func @not_fused(%x: memref<8x32xf32>, %t: memref<8x32xf32>, %out: memref<8xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<8x32xf32>) outs(%t : memref<8x32xf32>) {
    ^bb0(%a: f32, %o: f32):
      %n = arith.negf %a : f32
      linalg.yield %n : f32
  }
  linalg.fill ins(%zero : f32) outs(%x : memref<8x32xf32>)
  linalg.reduce ins(%t : memref<8x32xf32>) outs(%out : memref<8xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  linalg.generic {indexing_maps = [#id3, #row3, #id3], iterator_types = ["parallel", "parallel"]}
      ins(%x, %out : memref<8x32xf32>, memref<8xf32>) outs(%t : memref<8x32xf32>) {
    ^bb0(%a: f32, %m: f32, %o: f32):
      %d = arith.subf %a, %m : f32
      linalg.yield %d : f32
  }
  linalg.reduce ins(%t : memref<8x32xf32>) outs(%out : memref<8xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<8x32xf32>) outs(%t : memref<8x32xf32>) {
    ^bb0(%a: f32, %o: f32):
      %v = func.call @opaque(%a) : (f32) -> f32
      linalg.yield %v : f32
  }
  linalg.reduce ins(%t : memref<8x32xf32>) outs(%out : memref<8xf32>) dimensions = [1]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return
}
