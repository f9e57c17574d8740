// RUN: oxla-opt %s --split-input-file --oxla-plan-buffers --oxla-allocate-from-arena | FileCheck %s

// Planned temporaries become views of one arena parameter, after the
// out-parameter; those left to run time stay allocations.
// CHECK-LABEL: func.func @views
// CHECK-SAME: (%[[OUT:.*]]: memref<1024xf32>, %[[N:.*]]: index, %[[ARENA:.*]]: memref<4160xi8>)
// CHECK-DAG: %[[AT0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[AT4096:.*]] = arith.constant 4096 : index
// CHECK: memref.view %[[ARENA]][%[[AT4096]]][] : memref<4160xi8> to memref<1xf32>
// CHECK: memref.view %[[ARENA]][%[[AT0]]][] : memref<4160xi8> to memref<1024xf32>
// CHECK: memref.alloc(%[[N]]) : memref<?xf32>
// CHECK-NOT: memref.alloc
func.func @views(%out: memref<1024xf32>, %n: index) {
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<1xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<1xf32>)
  %b = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%cst : f32) outs(%b : memref<1024xf32>)
  memref.copy %b, %out : memref<1024xf32> to memref<1024xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<1xf32>
  memref.store %v, %out[%c0] : memref<1024xf32>
  %d = memref.alloc(%n) : memref<?xf32>
  linalg.fill ins(%cst : f32) outs(%d : memref<?xf32>)
  return
}

// -----

// No planned temporary, no arena parameter.
// CHECK-LABEL: func.func @none
// CHECK-SAME: (%{{.*}}: memref<4xf32>) {
func.func @none(%out: memref<4xf32>) {
  %cst = arith.constant 1.0 : f32
  linalg.fill ins(%cst : f32) outs(%out : memref<4xf32>)
  return
}

// -----

// In a parallel loop's body, each iteration's view is its own slot: the
// iteration numbered row-major, times the slot's bytes.
// CHECK-LABEL: func.func @parallel
// CHECK: scf.forall (%[[I:.*]], %[[J:.*]]) = (0, 1) to (8, 3) step (2, 1)
// CHECK: arith.constant 0 : index
// CHECK: %[[I0:.*]] = arith.subi %[[I]], %{{.*}}
// CHECK: %[[IN:.*]] = arith.divui %[[I0]], %{{.*}}
// CHECK: %[[R0:.*]] = arith.muli %{{.*}}, %{{.*}}
// CHECK: %[[R1:.*]] = arith.addi %[[R0]], %[[IN]]
// CHECK: %[[J0:.*]] = arith.subi %[[J]], %{{.*}}
// CHECK: %[[JN:.*]] = arith.divui %[[J0]], %{{.*}}
// CHECK: %[[TWO:.*]] = arith.constant 2 : index
// CHECK: %[[R2:.*]] = arith.muli %[[R1]], %[[TWO]]
// CHECK: %[[R3:.*]] = arith.addi %[[R2]], %[[JN]]
// CHECK: %[[SLOT:.*]] = arith.constant 64 : index
// CHECK: %[[BYTES:.*]] = arith.muli %[[R3]], %[[SLOT]]
// CHECK: %[[SHIFT:.*]] = arith.addi %{{.*}}, %[[BYTES]]
// CHECK: memref.view %{{.*}}[%[[SHIFT]]][] : memref<512xi8> to memref<8xf32>
func.func @parallel(%out: memref<8xf32>) {
  %cst = arith.constant 1.0 : f32
  scf.forall (%i, %j) = (0, 1) to (8, 3) step (2, 1) {
    %private = memref.alloc() : memref<8xf32>
    linalg.fill ins(%cst : f32) outs(%private : memref<8xf32>)
    memref.copy %private, %out : memref<8xf32> to memref<8xf32>
  }
  return
}

// -----

// A buffer at the same offset after the loop takes its offset from the
// function's entry, not from the loop's body.
// CHECK-LABEL: func.func @after_parallel
// CHECK: %[[AT0:.*]] = arith.constant 0 : index
// CHECK: scf.forall
// CHECK: memref.view
// CHECK: }
// CHECK: memref.view %{{.*}}[%[[AT0]]][] : memref<256xi8> to memref<8xf32>
func.func @after_parallel(%out: memref<8xf32>) {
  %cst = arith.constant 1.0 : f32
  scf.forall (%i) in (4) {
    %private = memref.alloc() : memref<8xf32>
    linalg.fill ins(%cst : f32) outs(%private : memref<8xf32>)
    memref.copy %private, %out : memref<8xf32> to memref<8xf32>
  }
  %after = memref.alloc() : memref<8xf32>
  linalg.fill ins(%cst : f32) outs(%after : memref<8xf32>)
  memref.copy %after, %out : memref<8xf32> to memref<8xf32>
  return
}
