// RUN: oxla-opt %s --oxla-elide-result-copies | FileCheck %s

// The result is computed in the out-parameter: no buffer, no copy.
// CHECK-LABEL: func.func @fresh
// CHECK-NOT: memref.alloc
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%arg0 : memref<16xf32>)
// CHECK-NOT: memref.copy
func.func @fresh(%out: memref<16xf32>) {
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<16xf32>)
  memref.copy %a, %out : memref<16xf32> to memref<16xf32>
  return
}

// An argument returned as a result is still copied.
// CHECK-LABEL: func.func @argument
// CHECK: memref.copy %arg0, %arg1
func.func @argument(%in: memref<16xf32>, %out: memref<16xf32>) {
  memref.copy %in, %out : memref<16xf32> to memref<16xf32>
  return
}
