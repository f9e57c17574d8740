// The C interface wrapper of an entry (`_mlir_ciface_main`) only unpacks one
// memref descriptor per parameter into the entry's scalar parameters, once
// per call: it is compiled without optimization (LLVM's post-RA scheduler
// spent half a second on that one block for a transformer with 95 weight
// arguments) and calls the entry instead of getting a copy of its body.
// RUN: oxla-compile %s --emit llvm -o - | FileCheck %s
// RUN: oxla-run %s --input=4xf32=1,2,3,4 --input=4xf32=10,20,30,40 --print-results | FileCheck %s --check-prefix=RESULT

// CHECK: define void @_mlir_ciface_main({{.*}}) {{.*}}#[[WRAPPER:[0-9]+]] {
// CHECK: call void @main(
// CHECK: attributes #[[WRAPPER]] = { noinline optnone }
// RESULT: 4xf32=[11 22 33 44]
func.func public @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %s = stablehlo.add %a, %b : tensor<4xf32>
  return %s : tensor<4xf32>
}
