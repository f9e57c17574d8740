// Large constants are data (ConstantData.h): a zero splat lies in .bss, a
// splat of another value in .bss too, filled by a constructor when the code
// is loaded (a shared library's constructor; the JIT calls it), never one
// LLVM constant per element. Library, parts and JIT compute the same.
// RUN: rm -rf %t && mkdir -p %t
// RUN: oxla-compile %s --emit llvm -o - | FileCheck %s --check-prefix=IR
// RUN: oxla-compile %s -o %t/m.so
// RUN: oxla-compile %s --llvm-parts 2 -o %t/parts.so
// RUN: oxla-run %t/m.so --input=4xf32=1,2,3,4 --print-results > %t/lib.txt
// RUN: oxla-run %t/parts.so --input=4xf32=1,2,3,4 --print-results > %t/parts.txt
// RUN: oxla-run %s --no-cache --input=4xf32=1,2,3,4 --print-results > %t/jit.txt
// RUN: FileCheck %s --check-prefix=RESULT < %t/lib.txt
// RUN: diff %t/lib.txt %t/parts.txt
// RUN: diff %t/lib.txt %t/jit.txt
// The library holds no bytes for either (.bss).
// RUN: size -A %t/m.so | FileCheck %s --check-prefix=SIZE

// The splat of 0.5 (the zeros became a fill of the result).
// IR-DAG: = private unnamed_addr global [128 x [128 x float]] zeroinitializer, align 64
// IR-DAG: @llvm.global_ctors = appending global {{.*}} @__oxla_init_constants.0
// IR-DAG: define hidden void @__oxla_init_constants.0()
// IR-DAG: store float 5.000000e-01

// RESULT: 4xf32=[2 4 6 8]
// RESULT: 128x128xf32=[0.5 0.5 0.5
// RESULT: 128x128xf32=[0 0 0

// SIZE: {{^\.bss +65[0-9][0-9][0-9] }}
func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<128x128xf32>, tensor<128x128xf32>) {
  %half = stablehlo.constant dense<0.5> : tensor<128x128xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<128x128xf32>
  %0 = stablehlo.add %x, %x : tensor<4xf32>
  return %0, %half, %zero : tensor<4xf32>, tensor<128x128xf32>, tensor<128x128xf32>
}
