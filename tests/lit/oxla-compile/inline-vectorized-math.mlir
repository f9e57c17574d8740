// The loop vectorizer calls the vector variants of oxla's exp and tanh
// (oxla-expand-math); the optimizer then inlines them, so no call is left in
// the vectorized loop. Any vector width: the host picks it.
// RUN: oxla-compile %s --emit llvm -o - | FileCheck %s
// RUN: oxla-run --random-inputs --check-with-interpreter %s

// CHECK-LABEL: define void @main(
// CHECK-NOT: call {{.*}}@__oxla_{{exp|tanh}}f_v{{[0-9]+}}(
// CHECK: call <{{[0-9]+}} x float> @llvm.fma.v{{[0-9]+}}f32(
// CHECK-NOT: call {{.*}}@__oxla_{{exp|tanh}}f_v{{[0-9]+}}(
// CHECK: ret void
func.func public @main(%x: tensor<4096xf32>) -> tensor<4096xf32> {
  %0 = stablehlo.exponential %x : tensor<4096xf32>
  %1 = stablehlo.tanh %0 : tensor<4096xf32>
  return %1 : tensor<4096xf32>
}
