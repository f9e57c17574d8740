// RUN: oxla-opt %s | FileCheck %s
// RUN: oxla-opt %s | oxla-opt | FileCheck %s

// vhlo ops are generic: operands, results, attributes and regions as the
// stablehlo op has them, with builtin types and stablehlo attributes.

// CHECK-LABEL: "vhlo.func_v1"
// CHECK: "vhlo.abs_v1"(%{{.*}}) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK: "vhlo.cbrt_v2"(%{{.*}}) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK: "vhlo.reduce_v1"(%{{.*}}, %{{.*}}) ({
// CHECK: "vhlo.add_v1"
// CHECK: "vhlo.return_v1"
// CHECK: dimensions = array<i64: 0>
// CHECK: "vhlo.return_v1"
"vhlo.func_v1"() ({
^bb0(%arg0: tensor<4xf32>):
  %0 = "vhlo.abs_v1"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "vhlo.cbrt_v2"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "vhlo.constant_v1"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %3 = "vhlo.reduce_v1"(%1, %2) ({
  ^bb1(%a: tensor<f32>, %b: tensor<f32>):
    %4 = "vhlo.add_v1"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "vhlo.return_v1"(%4) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  "vhlo.return_v1"(%3) : (tensor<f32>) -> ()
}) {sym_name = "main", function_type = (tensor<4xf32>) -> tensor<f32>} : () -> ()
