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
