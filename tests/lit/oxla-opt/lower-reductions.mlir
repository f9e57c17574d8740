// RUN: oxla-opt %s --split-input-file --oxla-lower-reductions | FileCheck %s

// A float sum over the last dimension: groups of 8 rows, each row summed in
// order with its accumulator in scf.for iter_args; then the rows left over.
// CHECK-LABEL: func.func @rows
// CHECK: scf.parallel (%[[G:.*]]) = (%{{.*}}) to (%{{.*}}) step (%c8
// CHECK-COUNT-8: memref.load %arg1
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (f32, f32, f32, f32, f32, f32, f32, f32)
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

// A max over a long row: 16 lanes, combined in a tree, then with the
// initial value and the tail (j = 32, 33).
// CHECK-LABEL: func.func @lanes
// CHECK: scf.for {{.*}} step %c16{{.*}} -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32)
// CHECK-COUNT-15: arith.maximumf
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
