// RUN: oxla-opt %s --split-input-file --mlir-print-op-on-diagnostic=false \
// RUN:   --pass-pipeline='builtin.module(oxla-schedule-for-memory{on-tensors=1 report-measured=1})' \
// RUN:   -o /dev/null 2>&1 | FileCheck %s

// Before bufferization, oxla-schedule-for-memory measures orders by
// bufferizing a copy of the module (a whole bufferization each). Here the
// written order holds both 256 KiB tensors at once and computing each
// reduction right after its tensor does not: the simulation sees the lower
// peak, so the written and the reordered orders are measured. The buffer of
// a tensor is live from the op that computes it (%a is not free until %ra).
// CHECK: :[[#@LINE+2]]:1: remark: measured 2 orders of a block of 4 ops
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @two_heads(%x: tensor<256x256xf32>) -> (tensor<256xf32>, tensor<256xf32>) {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %e1 = tensor.empty() : tensor<256xf32>
  %f = tensor.empty() : tensor<256x256xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<256x256xf32>) outs(%e : tensor<256x256xf32>) {
  ^bb0(%p: f32, %o: f32):
    %r = math.exp %p : f32
    linalg.yield %r : f32
  } -> tensor<256x256xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<256x256xf32>) outs(%f : tensor<256x256xf32>) {
  ^bb0(%p: f32, %o: f32):
    %r = arith.addf %p, %one : f32
    linalg.yield %r : f32
  } -> tensor<256x256xf32>
  %z1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<256xf32>) -> tensor<256xf32>
  %ra = linalg.reduce { arith.addf } ins(%a : tensor<256x256xf32>) outs(%z1 : tensor<256xf32>) dimensions = [1]
  %z2 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<256xf32>) -> tensor<256xf32>
  %rb = linalg.reduce { arith.addf } ins(%b : tensor<256x256xf32>) outs(%z2 : tensor<256xf32>) dimensions = [1]
  return %ra, %rb : tensor<256xf32>, tensor<256xf32>
}

// -----

// The list scheduler computes the small result first, but both results
// live to the end in any order: no order lowers the simulated peak, and
// nothing is measured (a large model would pay a bufferization of the
// whole module for each order).
// CHECK-NOT: remark
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @no_gain(%x: tensor<256x256xf32>, %y: tensor<16x16xf32>) -> (tensor<256x256xf32>, tensor<16x16xf32>, tensor<16x16xf32>) {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %f = tensor.empty() : tensor<16x16xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<256x256xf32>) outs(%e : tensor<256x256xf32>) {
  ^bb0(%p: f32, %o: f32):
    %r = math.exp %p : f32
    linalg.yield %r : f32
  } -> tensor<256x256xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%y : tensor<16x16xf32>) outs(%f : tensor<16x16xf32>) {
  ^bb0(%p: f32, %o: f32):
    %r = arith.addf %p, %one : f32
    linalg.yield %r : f32
  } -> tensor<16x16xf32>
  %c = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%y : tensor<16x16xf32>) outs(%f : tensor<16x16xf32>) {
  ^bb0(%p: f32, %o: f32):
    %r = arith.mulf %p, %p : f32
    linalg.yield %r : f32
  } -> tensor<16x16xf32>
  return %a, %b, %c : tensor<256x256xf32>, tensor<16x16xf32>, tensor<16x16xf32>
}
