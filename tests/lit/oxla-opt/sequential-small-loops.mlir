// RUN: oxla-opt %s --oxla-sequential-small-loops | FileCheck %s

// 64 iterations of one store: too little work for tasks. 1M iterations
// stay parallel; the loop inside them runs on the task's thread.
// CHECK-LABEL: func.func @loops
// CHECK: scf.for %{{.*}} = %c0 to %c64 step %c1
// CHECK: scf.parallel (%[[I:.*]]) = (%c0) to (%c1024)
// CHECK: scf.for %{{.*}} = %c0 to %c1024 step %c1
// CHECK-NOT: scf.parallel
func.func @loops(%small: memref<64xf32>, %big: memref<1024x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %one = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    memref.store %one, %small[%i] : memref<64xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c1024) step (%c1) {
    scf.parallel (%j) = (%c0) to (%c1024) step (%c1) {
      memref.store %one, %big[%i, %j] : memref<1024x1024xf32>
      scf.reduce
    }
    scf.reduce
  }
  return
}
