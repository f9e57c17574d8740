// RUN: oxla-opt --stablehlo-legalize-to-vhlo --vhlo-to-version=target=1.10.0 %s | FileCheck %s

// What an older version lacks is dropped when it holds the default: an
// empty source_target_pairs (send/recv before 1.12.0), empty result_tilings
// (custom_call before 1.18.0), a DEFAULT result_accuracy (before 1.10.0 for
// sine; kept here, where sine_v2 exists).

// CHECK-LABEL: "vhlo.func_v1"
// CHECK: "vhlo.send_v1"
// CHECK-NOT: source_target_pairs
// CHECK-SAME: is_host_transfer = true
// CHECK: "vhlo.custom_call_v1"
// CHECK-NOT: result_tilings
// CHECK-SAME: call_target_name = "foo"
// CHECK: "vhlo.sine_v2"(%{{.*}}) {result_accuracy
func.func @defaults(%arg0: tensor<f32>, %arg1: !stablehlo.token) -> !stablehlo.token {
  %0 = "stablehlo.send"(%arg0, %arg1) {
    source_target_pairs = dense<[]> : tensor<0xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 0, type = 2>,
    is_host_transfer = true
  } : (tensor<f32>, !stablehlo.token) -> !stablehlo.token
  %1 = "stablehlo.custom_call"(%arg0) {call_target_name = "foo", result_tilings = []} : (tensor<f32>) -> tensor<f32>
  %2 = "stablehlo.sine"(%1) {
    result_accuracy = #stablehlo.result_accuracy<atol = 1.000000e-05, rtol = 0.000000e+00, ulps = 0, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>
  } : (tensor<f32>) -> tensor<f32>
  func.return %0 : !stablehlo.token
}
