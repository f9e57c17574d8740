// RUN: oxla-opt %s --split-input-file --oxla-expand-math --oxla-lower-reductions --canonicalize | FileCheck %s

// softmax's sum of exp(x - max) over a tile of 8 rows that the parallel loop
// moves 8 rows a step: the lane loop prefetches, for each 16 f32 (one
// 64-byte line) it reads, the same line 8 rows further on (the next tile),
// clamped to the last row.
// CHECK-LABEL: func.func @next_tile
// CHECK: scf.parallel (%[[T:.*]]) = (%c0) to (%c64) step (%c8)
// CHECK: scf.parallel (%[[R:.*]]) = (%c0) to (%c8) step (%c1)
// CHECK: %[[ROW0:.*]] = arith.addi %[[R]], %[[T]]
// CHECK: %[[NEXT0:.*]] = arith.addi %[[ROW0]], %c8
// CHECK: %[[LAST0:.*]] = arith.minsi %[[NEXT0]], %c63
// CHECK: memref.prefetch %arg0[%[[LAST0]], %c0], read, locality<2>, data : memref<64x256xf32>
// CHECK: memref.prefetch %arg0[%{{.*}}, %c16]
// CHECK: memref.prefetch %arg0[%{{.*}}, %c32]
// CHECK: memref.prefetch %arg0[%{{.*}}, %c48]
// CHECK: scf.for %[[J:.*]] = %c64 to %c256 step %c64
// CHECK: %[[ROW:.*]] = arith.addi %[[R]], %[[T]]
// CHECK: %[[NEXT:.*]] = arith.addi %[[ROW]], %c8
// CHECK: %[[LAST:.*]] = arith.minsi %[[NEXT]], %c63
// CHECK: memref.prefetch %arg0[%[[LAST]], %[[J]]], read, locality<2>, data
// CHECK: %[[J16:.*]] = arith.addi %[[J]], %c16
// CHECK: memref.prefetch %arg0[%{{.*}}, %[[J16]]]
// CHECK: %[[J32:.*]] = arith.addi %[[J]], %c32
// CHECK: memref.prefetch %arg0[%{{.*}}, %[[J32]]]
// CHECK: %[[J48:.*]] = arith.addi %[[J]], %c48
// CHECK: memref.prefetch %arg0[%{{.*}}, %[[J48]]]
// CHECK-NEXT: scf.yield
#row = affine_map<(d0, d1) -> (d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @next_tile(%arg0: memref<64x256xf32>, %max: memref<64xf32>, %sum: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%t) = (%c0) to (%c64) step (%c8) {
    %x = memref.subview %arg0[%t, 0] [8, 256] [1, 1] : memref<64x256xf32> to memref<8x256xf32, strided<[256, 1], offset: ?>>
    %m = memref.subview %max[%t] [8] [1] : memref<64xf32> to memref<8xf32, strided<[1], offset: ?>>
    %s = memref.subview %sum[%t] [8] [1] : memref<64xf32> to memref<8xf32, strided<[1], offset: ?>>
    %e = memref.alloc() : memref<8x256xf32>
    linalg.generic {indexing_maps = [#row, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%m, %x : memref<8xf32, strided<[1], offset: ?>>, memref<8x256xf32, strided<[256, 1], offset: ?>>) outs(%e : memref<8x256xf32>) {
    ^bb0(%mi: f32, %xi: f32, %out: f32):
      %d = arith.subf %xi, %mi : f32
      %v = math.exp %d : f32
      linalg.yield %v : f32
    }
    linalg.reduce { arith.addf } ins(%e : memref<8x256xf32>) outs(%s : memref<8xf32, strided<[1], offset: ?>>) dimensions = [1]
    memref.dealloc %e : memref<8x256xf32>
    scf.reduce
  }
  return
}

// -----

// Without a math function call the loop waits on memory as the first pass
// does: no prefetch.
// CHECK-LABEL: func.func @cheap_producer
// CHECK-NOT: memref.prefetch
#row = affine_map<(d0, d1) -> (d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @cheap_producer(%arg0: memref<64x256xf32>, %mean: memref<64xf32>, %sum: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%t) = (%c0) to (%c64) step (%c8) {
    %x = memref.subview %arg0[%t, 0] [8, 256] [1, 1] : memref<64x256xf32> to memref<8x256xf32, strided<[256, 1], offset: ?>>
    %m = memref.subview %mean[%t] [8] [1] : memref<64xf32> to memref<8xf32, strided<[1], offset: ?>>
    %s = memref.subview %sum[%t] [8] [1] : memref<64xf32> to memref<8xf32, strided<[1], offset: ?>>
    %e = memref.alloc() : memref<8x256xf32>
    linalg.generic {indexing_maps = [#row, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%m, %x : memref<8xf32, strided<[1], offset: ?>>, memref<8x256xf32, strided<[256, 1], offset: ?>>) outs(%e : memref<8x256xf32>) {
    ^bb0(%mi: f32, %xi: f32, %out: f32):
      %d = arith.subf %xi, %mi : f32
      %v = arith.mulf %d, %d : f32
      linalg.yield %v : f32
    }
    linalg.reduce { arith.addf } ins(%e : memref<8x256xf32>) outs(%s : memref<8xf32, strided<[1], offset: ?>>) dimensions = [1]
    memref.dealloc %e : memref<8x256xf32>
    scf.reduce
  }
  return
}

// -----

// A view that the loop does not move a whole tile a step (step 4, tile of
// 8 rows): its next iteration's rows are not "the next tile"; no prefetch.
// CHECK-LABEL: func.func @overlapping_views
// CHECK-NOT: memref.prefetch
#row = affine_map<(d0, d1) -> (d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @overlapping_views(%arg0: memref<64x256xf32>, %max: memref<64xf32>, %sum: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c56 = arith.constant 56 : index
  scf.parallel (%t) = (%c0) to (%c56) step (%c4) {
    %x = memref.subview %arg0[%t, 0] [8, 256] [1, 1] : memref<64x256xf32> to memref<8x256xf32, strided<[256, 1], offset: ?>>
    %m = memref.subview %max[%t] [8] [1] : memref<64xf32> to memref<8xf32, strided<[1], offset: ?>>
    %s = memref.subview %sum[%t] [8] [1] : memref<64xf32> to memref<8xf32, strided<[1], offset: ?>>
    %e = memref.alloc() : memref<8x256xf32>
    linalg.generic {indexing_maps = [#row, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%m, %x : memref<8xf32, strided<[1], offset: ?>>, memref<8x256xf32, strided<[256, 1], offset: ?>>) outs(%e : memref<8x256xf32>) {
    ^bb0(%mi: f32, %xi: f32, %out: f32):
      %d = arith.subf %xi, %mi : f32
      %v = math.exp %d : f32
      linalg.yield %v : f32
    }
    linalg.reduce { arith.addf } ins(%e : memref<8x256xf32>) outs(%s : memref<8xf32, strided<[1], offset: ?>>) dimensions = [1]
    memref.dealloc %e : memref<8x256xf32>
    scf.reduce
  }
  return
}
