// The buffer plan before running (--memory-report), what a call holds and
// allocates (--memory-stats: the prediction, exactly, and no allocation
// after the first call), and --memory-limit.
// RUN: oxla-run %s --input 64x64xf32=1 --input 64x64xf32=2 --memory-report --memory-stats | FileCheck %s
// RUN: oxla-compile %s -o %t.so --memory-report | FileCheck %s --check-prefix=REPORT
// RUN: oxla-run %t.so --input 64x64xf32=1 --input 64x64xf32=2 --memory-stats | FileCheck %s --check-prefix=AOT
// RUN: not oxla-run %s --input 64x64xf32=1 --input 64x64xf32=2 --memory-limit 81919 2>&1 | FileCheck %s --check-prefix=LIMIT
// RUN: oxla-run %s --input 64x64xf32=1 --input 64x64xf32=2 --memory-limit 81920
// RUN: oxla-compile %s -o %t.limited.so --memory-limit 1000 2>/dev/null; test $? -eq 2

// Three products in a chain: %p0 is read by %p2, so it and %p1's result
// (%p1 is computed in the out-parameter, which later holds %p3) are live
// together; %p2's result takes a second 16 KiB.
// CHECK: memory report @main
// CHECK-NEXT:   arguments: 2 buffer(s), 32768 bytes
// CHECK-NEXT:   results: 1 buffer(s), 16384 bytes
// CHECK-NEXT:   arena: 32768 bytes for 2 planned temporaries (at most 32768 bytes of them live at once)
// CHECK-NEXT:   left to run time: 0 allocation(s), 0 bytes of static shape
// CHECK-NEXT:   live at the peak:
// CHECK-NEXT:     16384 bytes at offset 0: memref<64x64xf32> from {{.*}}memory-report.mlir:[[#@LINE+10]]:9
// CHECK-NEXT:     16384 bytes at offset 16384: memref<64x64xf32> from {{.*}}memory-report.mlir:[[#@LINE+11]]:9
// CHECK-NEXT: memory @main: peak 81920 bytes (arguments 32768, results 16384, temporaries 32768)
// CHECK-NEXT: memory @main: measured peak 81920 bytes, 0 allocations per call
// REPORT: memory @main: peak 81920 bytes (arguments 32768, results 16384, temporaries 32768)
// AOT: memory @main: measured peak 81920 bytes, 0 allocations per call
// LIMIT: error: @main needs 81920 bytes at its peak (arguments 32768, results 16384, temporaries 32768), over --memory-limit 81919
// LIMIT: note: live at the peak: 16384 bytes, memref<64x64xf32> from
// LIMIT: note: live at the peak: 16384 bytes, memref<64x64xf32> from
func.func @main(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %p0 = stablehlo.dot %a, %b : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %p1 = stablehlo.dot %p0, %b : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %p2 = stablehlo.dot %p1, %p0 : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %p3 = stablehlo.dot %p2, %b : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  return %p3 : tensor<64x64xf32>
}
