// RUN: oxla-opt %s --split-input-file --oxla-reuse-donated-arguments | FileCheck %s

// The argument (%p, donated to result 0, the out-parameter %r) is read only
// by the elementwise op that writes the result, through the same map: the
// two may be one buffer as they are.
// CHECK-LABEL: module attributes {oxla.donations = [{argument = 0 : i64, copied = false, entry = "update", result = 0 : i64}]}
// CHECK-LABEL: func.func @update
// CHECK-NOT: oxla.donations
// CHECK-NOT: memref.alloc
// CHECK: linalg.generic
// CHECK-SAME: ins(%arg0, %arg1 : memref<16x16xf32>, memref<16x16xf32>) outs(%arg2 : memref<16x16xf32>)
// CHECK-NOT: memref.copy
// CHECK: return
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @update(%p: memref<16x16xf32>, %g: memref<16x16xf32>, %r: memref<16x16xf32>)
    attributes {oxla.donations = array<i64: 0, 0>, oxla.entry_results = 1 : i64} {
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p, %g : memref<16x16xf32>, memref<16x16xf32>) outs(%r : memref<16x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32
    linalg.yield %d : f32
  }
  return
}

// -----

// Every read of the argument comes before the first write of the result.
// CHECK-LABEL: module attributes {oxla.donations = [{argument = 0 : i64, copied = false, entry = "before", result = 1 : i64}]}
// CHECK-LABEL: func.func @before
// CHECK-NOT: memref.alloc
// CHECK: memref.copy %arg0, %arg1
// CHECK-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%arg2 : memref<16xf32>)
// CHECK-NEXT: return
func.func @before(%p: memref<16xf32>, %r0: memref<16xf32>, %r1: memref<16xf32>)
    attributes {oxla.donations = array<i64: 0, 1>, oxla.entry_results = 2 : i64} {
  %cst = arith.constant 2.0 : f32
  memref.copy %p, %r0 : memref<16xf32> to memref<16xf32>
  linalg.fill ins(%cst : f32) outs(%r1 : memref<16xf32>)
  return
}

// -----

// A transpose reads other elements than the one it writes: the result is
// computed in a temporary, copied over the argument after its last read.
// CHECK-LABEL: module attributes {oxla.donations = [{argument = 0 : i64, copied = true, entry = "transpose", result = 0 : i64}]}
// CHECK-LABEL: func.func @transpose
// CHECK-SAME: (%[[P:.*]]: memref<16x16xf32>, %[[R:.*]]: memref<16x16xf32>)
// CHECK: %[[T:.*]] = memref.alloc() : memref<16x16xf32>
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[P]] : memref<16x16xf32>) outs(%[[T]] : memref<16x16xf32>)
// CHECK: memref.copy %[[T]], %[[R]]
// CHECK-NEXT: return
#t = affine_map<(d0, d1) -> (d1, d0)>
#i = affine_map<(d0, d1) -> (d0, d1)>
func.func @transpose(%p: memref<16x16xf32>, %r: memref<16x16xf32>)
    attributes {oxla.donations = array<i64: 0, 0>, oxla.entry_results = 1 : i64} {
  linalg.generic {indexing_maps = [#t, #i], iterator_types = ["parallel", "parallel"]}
      ins(%p : memref<16x16xf32>) outs(%r : memref<16x16xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  }
  return
}

// -----

// The argument is read again after the result (or a view of it) is first
// written: copied. The other result, not donated, stays as it is.
// CHECK-LABEL: module attributes {oxla.donations = [{argument = 0 : i64, copied = true, entry = "read_after", result = 0 : i64}]}
// CHECK-LABEL: func.func @read_after
// CHECK-SAME: (%[[P:.*]]: memref<16xf32>, %[[R0:.*]]: memref<16xf32>, %[[R1:.*]]: memref<16xf32>)
// CHECK: %[[T:.*]] = memref.alloc() : memref<16xf32>
// CHECK: memref.subview %[[T]]
// CHECK: linalg.fill
// CHECK: memref.copy %[[P]], %[[R1]]
// CHECK: memref.copy %[[T]], %[[R0]]
// CHECK-NEXT: return
func.func @read_after(%p: memref<16xf32>, %r0: memref<16xf32>, %r1: memref<16xf32>)
    attributes {oxla.donations = array<i64: 0, 0>, oxla.entry_results = 2 : i64} {
  %cst = arith.constant 2.0 : f32
  %half = memref.subview %r0[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  linalg.fill ins(%cst : f32) outs(%half : memref<8xf32, strided<[1]>>)
  memref.copy %p, %r1 : memref<16xf32> to memref<16xf32>
  return
}
