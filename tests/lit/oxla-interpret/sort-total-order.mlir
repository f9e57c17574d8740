// sort with a TOTALORDER comparator: -NaN < -inf < -0 < +0 < 1 < +NaN
// (printed as bits, so that the signs of NaN and zero show).
// RUN: oxla-interpret %s --print-results | FileCheck %s
// CHECK: EXEC @main
// CHECK-NEXT: 6xi32=[-4194304 -8388608 -2147483648 0 1065353216 2143289344]
func.func public @main() -> tensor<6xi32> {
  %x = stablehlo.constant dense<[0x7FC00000, 1.0, -0.0, 0xFF800000, 0.0, 0xFFC00000]> : tensor<6xf32>
  %t = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) {dimension = 0 : i64, is_stable = true} : (tensor<6xf32>) -> tensor<6xf32>
  %bits = stablehlo.bitcast_convert %t : (tensor<6xf32>) -> tensor<6xi32>
  return %bits : tensor<6xi32>
}
