// --memory-limit below the scheduled peak: the program is compiled again with
// the broadcast %b computed again right before its last user instead of
// staying live through the products in between (64 KiB less), which fits;
// the results are those of the program as written (the interpreter's, and
// byte for byte those of the compile without a limit). A limit that even
// the rematerialized program cannot meet fails with exit 2, naming the bytes
// needed and the buffers live at the peak.
// RUN: oxla-run --no-cache %s --random-inputs --memory-report | FileCheck %s --check-prefix=SCHEDULED
// RUN: oxla-run --no-cache %s --random-inputs --memory-report --memory-stats --memory-limit 300000 --check-with-interpreter 2>&1 | FileCheck %s
// RUN: rm -rf %t.plain %t.fit && mkdir %t.plain %t.fit
// RUN: oxla-run --no-cache %s --random-inputs --output %t.plain
// RUN: oxla-run --no-cache %s --random-inputs --output %t.fit --memory-limit 300000 2>/dev/null
// RUN: cmp %t.plain/main.0.npy %t.fit/main.0.npy
// RUN: oxla-compile %s -o %t.so --memory-limit 300000 --memory-report 2>&1 | FileCheck %s --check-prefix=COMPILE
// RUN: not oxla-run --no-cache %s --random-inputs --memory-limit 262655 2>&1 | FileCheck %s --check-prefix=LIMIT
// RUN: oxla-compile %s -o %t.limited.so --memory-limit 262655 2>/dev/null; test $? -eq 2

// SCHEDULED: memory @main: peak 328192 bytes (arguments 66048, results 65536, temporaries 196608)
// CHECK: note: the largest peak, 328192 bytes, is over --memory-limit 300000: compiled again with cheap producers rematerialized, 262656 bytes
// CHECK: arena: 131072 bytes for 4 planned temporaries
// CHECK: memory @main: peak 262656 bytes (arguments 66048, results 65536, temporaries 131072)
// CHECK-NEXT: memory @main: measured peak 262656 bytes, 0 allocations per call
// CHECK-NOT: differs
// COMPILE: compiled again with cheap producers rematerialized, 262656 bytes
// COMPILE: memory @main: peak 262656 bytes (arguments 66048, results 65536, temporaries 131072)
// LIMIT: note: the largest peak, 328192 bytes, is over --memory-limit 262655: compiled again with cheap producers rematerialized, 262656 bytes
// LIMIT-NEXT: error: @main needs 262656 bytes at its peak (arguments 66048, results 65536, temporaries 131072), over --memory-limit 262655
// LIMIT-NEXT: note: live at the peak: 65536 bytes, memref<128x128xf32> from {{.*}}memory-limit-rematerialize.mlir:[[#@LINE+5]]:9
// LIMIT-NEXT: note: live at the peak: 65536 bytes, memref<128x128xf32> from {{.*}}memory-limit-rematerialize.mlir:[[#@LINE+6]]:9
func.func @main(%x: tensor<128x128xf32>, %v: tensor<128xf32>) -> tensor<128x128xf32> {
  %b = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<128xf32>) -> tensor<128x128xf32>
  %c1 = stablehlo.dot %x, %b : (tensor<128x128xf32>, tensor<128x128xf32>) -> tensor<128x128xf32>
  %c2 = stablehlo.dot %c1, %x : (tensor<128x128xf32>, tensor<128x128xf32>) -> tensor<128x128xf32>
  %c3 = stablehlo.dot %c2, %x : (tensor<128x128xf32>, tensor<128x128xf32>) -> tensor<128x128xf32>
  %c4 = stablehlo.add %c3, %c2 : tensor<128x128xf32>
  %r = stablehlo.dot %c4, %b : (tensor<128x128xf32>, tensor<128x128xf32>) -> tensor<128x128xf32>
  return %r : tensor<128x128xf32>
}
