// RUN: oxla-opt --stablehlo-legalize-to-vhlo --vhlo-to-version=target=1.8.0 %s | FileCheck %s --check-prefix=V1_8
// RUN: oxla-opt --stablehlo-legalize-to-vhlo --vhlo-to-version=target=1.4.1 %s | FileCheck %s --check-prefix=V1_4
// RUN: oxla-opt --stablehlo-legalize-to-vhlo --vhlo-to-version=target=1.4.0 --vhlo-to-version=target=current %s | FileCheck %s --check-prefix=CURRENT
// RUN: oxla-opt --stablehlo-legalize-to-vhlo --vhlo-to-version=target=1.4.0 --vhlo-to-version=target=current --vhlo-legalize-to-stablehlo %s > %t.back
// RUN: oxla-opt --stablehlo-legalize-to-vhlo --vhlo-to-version=target=0.19.0 %s | FileCheck %s --check-prefix=V0_19
// RUN: oxla-opt --stablehlo-legalize-to-vhlo --vhlo-to-version=target=0.19.0 --vhlo-to-version=target=current --vhlo-legalize-to-stablehlo %s > %t.back019
// RUN: oxla-opt %s > %t.orig
// RUN: diff %t.orig %t.back
// RUN: diff %t.orig %t.back019

// Downgrading drops what the older version lacks only when it is the
// default; upgrading restores the newest versions, and the round trip
// through an old release gives back the program.

// V1_8-LABEL: "vhlo.func_v1"
// V1_8: "vhlo.exponential_v1"(%{{.*}}) : (tensor<4xf32>) -> tensor<4xf32>
// V1_8: "vhlo.cbrt_v1"(%{{.*}}) : (tensor<4xf32>) -> tensor<4xf32>
// V1_8: "vhlo.dot_general_v2"
// V1_8: "vhlo.all_reduce_v2"
// V1_4-LABEL: "vhlo.func_v1"
// V1_4: "vhlo.exponential_v1"
// V1_4: "vhlo.cbrt_v1"
// V1_4: "vhlo.dot_general_v1"
// V1_4: "vhlo.all_reduce_v1"
// CURRENT-LABEL: "vhlo.func_v1"
// CURRENT: "vhlo.exponential_v2"
// CURRENT: "vhlo.cbrt_v2"
// CURRENT: "vhlo.dot_general_v2"
// CURRENT: "vhlo.all_reduce_v2"
func.func @unary(%x: tensor<4xf32>, %m: tensor<2x2xf32>) -> (tensor<4xf32>, tensor<2x2xf32>, tensor<4xf32>) {
  %0 = "stablehlo.exponential"(%x) {
    result_accuracy = #stablehlo.result_accuracy<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #stablehlo.result_accuracy_mode<DEFAULT>>
  } : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "stablehlo.cbrt"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "stablehlo.dot_general"(%m, %m) {
    dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>
  } : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  %3 = "stablehlo.all_reduce"(%2) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  // Operands keep their order (a folder would move the constant last).
  %c = stablehlo.constant dense<1.0> : tensor<4xf32>
  %4 = stablehlo.add %c, %x : tensor<4xf32>
  return %1, %3, %4 : tensor<4xf32>, tensor<2x2xf32>, tensor<4xf32>
}

// V0_19: "vhlo.dynamic_conv_v1"
// CURRENT: "vhlo.dynamic_conv_v2"
func.func @dynamic_conv(%arg0: tensor<1x8x8x207xf32>, %arg1: tensor<3x3x207x16xf32>, %arg2: tensor<2x2xi32>) -> tensor<1x?x?x16xf32> {
  %0 = "stablehlo.dynamic_conv"(%arg0, %arg1, %arg2) {
    dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>,
    feature_group_count = 1 : i64,
    batch_group_count = 1 : i64
  } : (tensor<1x8x8x207xf32>, tensor<3x3x207x16xf32>, tensor<2x2xi32>) -> tensor<1x?x?x16xf32>
  func.return %0 : tensor<1x?x?x16xf32>
}
