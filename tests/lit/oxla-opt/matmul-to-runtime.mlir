// RUN: oxla-opt %s --split-input-file --oxla-matmul-to-runtime | FileCheck %s

// Operands are passed as views in [batch..., M, K], [batch..., K, N],
// [batch..., M, N] order: B, read as (n, k), is transposed.
#a = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#b = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
#c = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func private @oxla_matmul_f32(memref<*xf32>, memref<*xf32>, memref<*xf32>) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @batched
// CHECK-DAG: %[[BT:.*]] = memref.transpose %arg1 (d0, d1, d2) -> (d0, d2, d1)
// CHECK-DAG: %[[A:.*]] = memref.cast %arg0 : memref<4x32x64xf32> to memref<*xf32>
// CHECK-DAG: %[[B:.*]] = memref.cast %[[BT]]
// CHECK-DAG: %[[C:.*]] = memref.cast %arg2 : memref<4x32x16xf32> to memref<*xf32>
// CHECK: call @oxla_matmul_f32(%[[A]], %[[B]], %[[C]])
// CHECK-NOT: linalg.generic
func.func @batched(%a: memref<4x32x64xf32>, %b: memref<4x16x64xf32>, %c: memref<4x32x16xf32>) {
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<4x32x64xf32>, memref<4x16x64xf32>) outs(%c : memref<4x32x16xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Small products, other element types and other bodies stay loops.
#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#b = affine_map<(d0, d1, d2) -> (d2, d1)>
#c = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @stays
// CHECK-NOT: call
// CHECK-COUNT-3: linalg.generic
func.func @stays(%a: memref<4x4xf32>, %b: memref<4x4xf32>, %c: memref<4x4xf32>,
                 %x: memref<64x64xf64>, %y: memref<64x64xf64>, %z: memref<64x64xf64>,
                 %p: memref<64x64xf32>, %q: memref<64x64xf32>, %r: memref<64x64xf32>) {
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<4x4xf32>, memref<4x4xf32>) outs(%c : memref<4x4xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %m = arith.mulf %i, %j : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %y : memref<64x64xf64>, memref<64x64xf64>) outs(%z : memref<64x64xf64>) {
  ^bb0(%i: f64, %j: f64, %o: f64):
    %m = arith.mulf %i, %j : f64
    %s = arith.addf %o, %m : f64
    linalg.yield %s : f64
  }
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%p, %q : memref<64x64xf32>, memref<64x64xf32>) outs(%r : memref<64x64xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %m = arith.mulf %i, %j : f32
    %s = arith.maximumf %o, %m : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A fill of +0.0 right before the product becomes part of one call of the
// zeroing routine; a fill of -0.0 (sums would start from -0) and a fill
// separated from the product by a store stay.
#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#b = affine_map<(d0, d1, d2) -> (d2, d1)>
#c = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: func.func private @oxla_matmul_f32_zero(memref<*xf32>, memref<*xf32>, memref<*xf32>) attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @oxla_matmul_f32(memref<*xf32>, memref<*xf32>, memref<*xf32>) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @zero_init
// CHECK-NOT: linalg.fill
// CHECK: call @oxla_matmul_f32_zero
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%arg3
// CHECK: call @oxla_matmul_f32(
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%arg4
// CHECK: memref.store
// CHECK: call @oxla_matmul_f32(
func.func @zero_init(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %c: memref<64x64xf32>,
                     %d: memref<64x64xf32>, %e: memref<64x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %negzero = arith.constant -0.0 : f32
  %i = arith.constant 0 : index
  linalg.fill ins(%zero : f32) outs(%c : memref<64x64xf32>)
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<64x64xf32>, memref<64x64xf32>) outs(%c : memref<64x64xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  }
  linalg.fill ins(%negzero : f32) outs(%d : memref<64x64xf32>)
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<64x64xf32>, memref<64x64xf32>) outs(%d : memref<64x64xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  }
  linalg.fill ins(%zero : f32) outs(%e : memref<64x64xf32>)
  memref.store %negzero, %e[%i, %i] : memref<64x64xf32>
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<64x64xf32>, memref<64x64xf32>) outs(%e : memref<64x64xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  }
  return
}
