// RUN: oxla-opt %s --split-input-file --oxla-lower-reductions | FileCheck %s

// A float sum over the last dimension: groups of 8 rows, each row summed in
// order. The rows are contiguous and the body works lane by lane, so the 8
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

// Reductions over another dimension, and float sums of one row, stay linalg.
// CHECK-LABEL: func.func @unchanged
// CHECK-COUNT-2: linalg.reduce
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
