// Donated arguments hold results: the report counts result #0 in argument
// #0 (updated in place) and result #1 in argument #1 (a transpose, computed
// in a planned temporary and copied over the argument after its last
// read); --memory-stats calls the entry with the two results written in
// (copies of) their donated arguments and measures the predicted peak. The
// results, which oxla-run computes without donating, match the interpreter.
// RUN: oxla-run %s --random-inputs --memory-report --memory-stats --check-with-interpreter | FileCheck %s
// RUN: oxla-compile %s -o %t.so --memory-report | FileCheck %s --check-prefix=REPORT
// RUN: oxla-run %t.so --input 64x64xf32=1 --input 64x64xf32=2 --input 64x64xf32=3 --memory-stats | FileCheck %s --check-prefix=AOT
// RUN: not oxla-run %s --random-inputs --memory-limit 32767 2>&1 | FileCheck %s --check-prefix=LIMIT
// RUN: oxla-compile %s --emit buffers -o - | FileCheck %s --check-prefix=IR

// CHECK: memory report @main
// CHECK-NEXT:   arguments: 3 buffer(s), 49152 bytes
// CHECK-NEXT:   results: 2 buffer(s), 32768 bytes, 32768 of them in donated arguments
// CHECK-NEXT:   result #0 in donated argument #0 (64x64xf32)
// CHECK-NEXT:   result #1 in donated argument #1 (64x64xf32), computed in a temporary and copied there after the argument's last read
// CHECK-NEXT:   arena: 16384 bytes for 1 planned temporaries (at most 16384 bytes of them live at once)
// CHECK-NEXT:   left to run time: 0 allocation(s), 0 bytes of static shape
// CHECK-NEXT:   live at the peak:
// CHECK-NEXT:     16384 bytes at offset 0: memref<64x64xf32> from {{.*}}memory-donation.mlir:[[#@LINE+18]]:8
// CHECK-NEXT: memory @main: peak 65536 bytes (arguments 49152, results 0, temporaries 16384)
// CHECK-NEXT: memory @main: measured peak 65536 bytes, 0 allocations per call
// CHECK-NOT: differs
// REPORT: memory @main: peak 65536 bytes (arguments 49152, results 0, temporaries 16384)
// AOT: memory @main: measured peak 65536 bytes, 0 allocations per call
// LIMIT: error: @main needs 65536 bytes at its peak (arguments 49152, results 0, temporaries 16384), over --memory-limit 32767
// IR: oxla.donations = [{argument = 0 : i64, copied = false, entry = "main", result = 0 : i64}, {argument = 1 : i64, copied = true, entry = "main", result = 1 : i64}]
// IR: func.func @main(%[[P:.*]]: memref<64x64xf32>, %[[Q:.*]]: memref<64x64xf32>, %[[G:.*]]: memref<64x64xf32>, %[[R0:.*]]: memref<64x64xf32>, %[[R1:.*]]: memref<64x64xf32>, %[[ARENA:.*]]: memref<16384xi8>)
// IR: outs(%[[R0]] : memref<64x64xf32>)
// IR: memref.copy %{{.*}}, %[[R1]]
// IR-NEXT: return
func.func @main(%p: tensor<64x64xf32> {tf.aliasing_output = 0 : i32},
                %q: tensor<64x64xf32> {jax.buffer_donor = true},
                %g: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  %half = stablehlo.constant dense<0.5> : tensor<64x64xf32>
  %step = stablehlo.multiply %g, %half : tensor<64x64xf32>
  %next = stablehlo.subtract %p, %step : tensor<64x64xf32>
  %t = stablehlo.transpose %q, dims = [1, 0] : (tensor<64x64xf32>) -> tensor<64x64xf32>
  return %next, %t : tensor<64x64xf32>, tensor<64x64xf32>
}
