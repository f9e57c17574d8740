// RUN: oxla-opt %s --split-input-file --oxla-plan-buffers | FileCheck %s

// Disjoint live ranges share bytes: %a dies at its last use, before %b is
// allocated.
// CHECK-LABEL: module attributes {oxla.memory_plans = [{arena = 4096 : i64
// CHECK-SAME: live_peak = 4096 : i64, planned = 2 : i64, unplanned = 0
// CHECK-LABEL: func.func @disjoint
// CHECK-SAME: oxla.arena_size = 4096
// CHECK: memref.alloc() {oxla.arena_offset = 0 : i64} : memref<1024xf32>
// CHECK: memref.alloc() {oxla.arena_offset = 0 : i64} : memref<1024xf32>
func.func @disjoint(%out: memref<1024xf32>) {
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<1024xf32>)
  memref.copy %a, %out : memref<1024xf32> to memref<1024xf32>
  %b = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%cst : f32) outs(%b : memref<1024xf32>)
  memref.copy %b, %out : memref<1024xf32> to memref<1024xf32>
  return
}

// -----

// Overlapping live ranges do not: %a is still read after %b is written.
// The larger buffer is placed first, at 0. Sizes are rounded up to 64
// bytes.
// CHECK-LABEL: module attributes {oxla.memory_plans = [{arena = 4160 : i64
// CHECK-SAME: live_peak = 4100 : i64
// CHECK-LABEL: func.func @overlapping
// CHECK: memref.alloc() {oxla.arena_offset = 4096 : i64} : memref<1xf32>
// CHECK: memref.alloc() {oxla.arena_offset = 0 : i64} : memref<1024xf32>
func.func @overlapping(%out: memref<1024xf32>) {
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<1xf32>
  linalg.fill ins(%cst : f32) outs(%a : memref<1xf32>)
  %b = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%cst : f32) outs(%b : memref<1024xf32>)
  memref.copy %b, %out : memref<1024xf32> to memref<1024xf32>
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<1xf32>
  memref.store %v, %out[%c0] : memref<1024xf32>
  return
}

// -----

// Best fit: when %small is allocated, %big and %mid are dead and %keep1,
// %keep2 live, leaving gaps of 8192 bytes at 0 and of 2560 bytes at 12288:
// %small takes the smallest gap that holds it.
// CHECK-LABEL: func.func @best_fit
// CHECK: memref.alloc() {oxla.arena_offset = 0 : i64} : memref<2048xf32>
// CHECK: memref.alloc() {oxla.arena_offset = 8192 : i64} : memref<1024xf32>
// CHECK: memref.alloc() {oxla.arena_offset = 12288 : i64} : memref<640xf32>
// CHECK: memref.alloc() {oxla.arena_offset = 14848 : i64} : memref<512xf32>
// CHECK: memref.alloc() {oxla.arena_offset = 12288 : i64} : memref<256xf32>
func.func @best_fit(%out: memref<1024xf32>, %out2: memref<512xf32>) {
  %cst = arith.constant 1.0 : f32
  %big = memref.alloc() : memref<2048xf32>
  %keep1 = memref.alloc() : memref<1024xf32>
  %mid = memref.alloc() : memref<640xf32>
  %keep2 = memref.alloc() : memref<512xf32>
  linalg.fill ins(%cst : f32) outs(%big : memref<2048xf32>)
  linalg.fill ins(%cst : f32) outs(%keep1 : memref<1024xf32>)
  linalg.fill ins(%cst : f32) outs(%mid : memref<640xf32>)
  linalg.fill ins(%cst : f32) outs(%keep2 : memref<512xf32>)
  %small = memref.alloc() : memref<256xf32>
  linalg.fill ins(%cst : f32) outs(%small : memref<256xf32>)
  memref.copy %keep1, %out : memref<1024xf32> to memref<1024xf32>
  memref.copy %keep2, %out2 : memref<512xf32> to memref<512xf32>
  return
}

// -----

// A buffer used inside a loop stays live through the whole loop; one
// allocated in the loop's body and used only there is live in the body
// only, so it may share bytes with a buffer that dies before the loop (but
// not with %acc).
// CHECK-LABEL: func.func @loop
// CHECK: memref.alloc() {oxla.arena_offset = 0 : i64} : memref<512xf32>
// CHECK: memref.alloc() {oxla.arena_offset = 0 : i64} : memref<256xf32>
// CHECK: scf.for
// CHECK: memref.alloc() {oxla.arena_offset = 1024 : i64} : memref<256xf32>
func.func @loop(%out: memref<256xf32>) {
  %cst = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %before = memref.alloc() : memref<512xf32>
  linalg.fill ins(%cst : f32) outs(%before : memref<512xf32>)
  %half = memref.subview %before[0] [256] [1] : memref<512xf32> to memref<256xf32, strided<[1]>>
  memref.copy %half, %out : memref<256xf32, strided<[1]>> to memref<256xf32>
  %acc = memref.alloc() : memref<256xf32>
  linalg.fill ins(%cst : f32) outs(%acc : memref<256xf32>)
  scf.for %i = %c0 to %c4 step %c1 {
    %step = memref.alloc() : memref<256xf32>
    linalg.fill ins(%cst : f32) outs(%step : memref<256xf32>)
    linalg.add ins(%acc, %step : memref<256xf32>, memref<256xf32>) outs(%out : memref<256xf32>)
    memref.copy %out, %acc : memref<256xf32> to memref<256xf32>
  }
  return
}

// -----

// What the plan leaves to run time: a buffer returned, one yielded by a
// loop, one in the body of a parallel loop of unknown trip count, one
// whose address is read as an integer (a custom call's operand) and one of
// dynamic shape.
// CHECK-LABEL: module attributes {oxla.memory_plans = [{arena = 0 : i64
// CHECK-SAME: dynamic = 1 : i64
// CHECK-SAME: planned = 0 : i64, unplanned = 5 : i64, unplanned_bytes = 128 : i64
// CHECK-LABEL: func.func @unplanned
// CHECK-NOT: oxla.arena_offset
func.func @unplanned(%n: index) -> memref<8xf32> {
  %cst = arith.constant 1.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %returned = memref.alloc() : memref<8xf32>
  linalg.fill ins(%cst : f32) outs(%returned : memref<8xf32>)
  %init = memref.alloc() : memref<8xf32>
  %last = scf.for %i = %c0 to %c4 step %c1 iter_args(%it = %init) -> memref<8xf32> {
    scf.yield %it : memref<8xf32>
  }
  memref.copy %last, %returned : memref<8xf32> to memref<8xf32>
  scf.forall (%j) in (%n) {
    %private = memref.alloc() : memref<8xf32>
    linalg.fill ins(%cst : f32) outs(%private : memref<8xf32>)
  }
  %address = memref.alloc() : memref<8xf32>
  %pointer = memref.extract_aligned_pointer_as_index %address : memref<8xf32> -> index
  %dynamic = memref.alloc(%n) : memref<?xf32>
  linalg.fill ins(%cst : f32) outs(%dynamic : memref<?xf32>)
  return %returned : memref<8xf32>
}

// -----

// A buffer in the body of a parallel loop with static bounds gets one
// 64-byte slot per iteration (4 x 2 here), live through the whole loop:
// it does not share bytes with %before, read after the loop.
// CHECK-LABEL: module attributes {oxla.memory_plans = [{arena = 576 : i64
// CHECK-SAME: type = "memref<8xf32>x8"
// CHECK-LABEL: func.func @parallel
// CHECK: memref.alloc() {oxla.arena_offset = 512 : i64} : memref<8xf32>
// CHECK: scf.forall
// CHECK: memref.alloc() {oxla.arena_offset = 0 : i64, oxla.arena_slot = 64 : i64} : memref<8xf32>
func.func @parallel(%out: memref<8xf32>) {
  %cst = arith.constant 1.0 : f32
  %before = memref.alloc() : memref<8xf32>
  linalg.fill ins(%cst : f32) outs(%before : memref<8xf32>)
  scf.forall (%i, %j) = (0, 1) to (8, 3) step (2, 1) {
    %private = memref.alloc() : memref<8xf32>
    linalg.fill ins(%cst : f32) outs(%private : memref<8xf32>)
  }
  memref.copy %before, %out : memref<8xf32> to memref<8xf32>
  return
}

// -----

// The buffers live at the peak are listed with their locations.
// CHECK-LABEL: module attributes {oxla.memory_plans = [{arena = 8192 : i64, at_peak = [{bytes = 4096 : i64, location = "here.py:3:7", offset = 0 : i64, type = "memref<1024xf32>"}, {bytes = 4096 : i64, location = "there.py:5:1", offset = 4096 : i64, type = "memref<1024xf32>"}]
func.func @at_peak(%out: memref<1024xf32>) {
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<1024xf32> loc("here.py":3:7)
  %b = memref.alloc() : memref<1024xf32> loc("there.py":5:1)
  linalg.fill ins(%cst : f32) outs(%a : memref<1024xf32>)
  linalg.fill ins(%cst : f32) outs(%b : memref<1024xf32>)
  linalg.add ins(%a, %b : memref<1024xf32>, memref<1024xf32>) outs(%out : memref<1024xf32>)
  return
}
