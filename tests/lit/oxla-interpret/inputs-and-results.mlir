// RUN: oxla-interpret %s --input=2x3xf32=1,2,3,4,5,6 --input=f32=0.5 --print-results | FileCheck %s
// RUN: oxla-interpret %s --input="2x3xf32=[1 2 3][4 5 6]" --input=f32=0.5 --print-results | FileCheck %s
// RUN: oxla-interpret %s --input=2x3xf32 --input=f32=1 --print-results | FileCheck %s --check-prefix=ZEROS
// RUN: not oxla-interpret %s --input=2x3xf32=1,2 --input=f32=1 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: oxla-interpret %s --input=2x3xf32=1,2 --input=f32=1; test $? -eq 2
// RUN: not oxla-interpret %s --input=3x2xf32=1,2,3,4,5,6 --input=f32=1 2>&1 | FileCheck %s --check-prefix=SHAPE
// RUN: not oxla-interpret %s 2>&1 | FileCheck %s --check-prefix=ARITY
// An .npy argument, also as a separate word (not read as a response file).
// RUN: %python -c "import numpy; numpy.save('%t.npy', numpy.arange(1, 7, dtype=numpy.float32).reshape(2, 3))"
// RUN: oxla-interpret %s --input @%t.npy --input=f32=0.5 --print-results | FileCheck %s
// RUN: oxla-interpret %s --input=@%t.npy --input=f32=0.5 --print-results | FileCheck %s

// CHECK: EXEC @main
// CHECK-NEXT: 2x3xf32=[1.5 2.5 3.5][4.5 5.5 6.5]
// CHECK-NEXT: 2x3xi1=[false false true][true true true]
// ZEROS: 2x3xf32=[0.5 0.5 0.5][0.5 0.5 0.5]
// COUNT: --input #0: expected 6 values for 2x3xf32, got 2
// SHAPE: error: --input #0 does not match argument type 'tensor<2x3xf32>'
// ARITY: error: @main takes 2 argument(s), but 0 --input given
func.func public @main(%x: tensor<2x3xf32>, %s: tensor<f32>) -> (tensor<2x3xf32>, tensor<2x3xi1>) {
  %b = stablehlo.constant dense<0.5> : tensor<2x3xf32>
  %y = stablehlo.add %x, %b : tensor<2x3xf32>
  %three = stablehlo.constant dense<3.0> : tensor<2x3xf32>
  %c = stablehlo.compare GE, %y, %three : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  return %y, %c : tensor<2x3xf32>, tensor<2x3xi1>
}
