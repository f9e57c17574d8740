// The sdy ops in Shardy's syntax; printing is a fixpoint.
// RUN: oxla-opt %s | FileCheck %s
// RUN: oxla-opt %s > %t.1.mlir && oxla-opt %t.1.mlir > %t.2.mlir && diff %t.1.mlir %t.2.mlir

sdy.mesh @mesh = <["x"=2, "y"=2]>

// CHECK-LABEL: func @constraints
func.func @constraints(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // CHECK-NEXT: %0 = sdy.sharding_constraint %arg0 <@mesh, [{"x", ?}, {?}]> : tensor<8x8xf32>
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"x", ?}, {?}]> : tensor<8x8xf32>
  // CHECK-NEXT: %1 = sdy.reshard %0 <@mesh, [{}, {"y"}], replicated={"x"}> : tensor<8x8xf32>
  %1 = sdy.reshard %0 <@mesh, [{}, {"y"}], replicated={"x"}> : tensor<8x8xf32>
  // CHECK-NEXT: %2 = sdy.propagation_barrier %1 allowed_direction=FORWARD : tensor<8x8xf32>
  %2 = sdy.propagation_barrier %1 allowed_direction=FORWARD : tensor<8x8xf32>
  // CHECK-NEXT: sdy.sharding_group %2 group_id=4311 : tensor<8x8xf32>
  sdy.sharding_group %2 group_id = 4311 : tensor<8x8xf32>
  // CHECK-NEXT: %3 = sdy.data_flow_edge %2 sharding=<@mesh, [{"x"}, {}]> : tensor<8x8xf32>
  %3 = sdy.data_flow_edge %2 sharding=<@mesh, [{"x"}, {}]> : tensor<8x8xf32>
  return %3 : tensor<8x8xf32>
}

// CHECK-LABEL: func @constants
func.func @constants() -> (tensor<i32>, tensor<2x2xf32>) {
  // CHECK-NEXT: %0 = sdy.constant dense<0> : tensor<i32>
  %0 = sdy.constant dense<0> : tensor<i32>
  // CHECK-NEXT: %1 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} dense<{{\[\[}}0.000000e+00, 1.000000e+00], [2.000000e+00, 3.000000e+00]]> : tensor<2x2xf32>
  %1 = sdy.constant {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} dense<[[0.0, 1.0], [2.0, 3.0]]> : tensor<2x2xf32>
  return %0, %1 : tensor<i32>, tensor<2x2xf32>
}

// CHECK-LABEL: func @named
func.func @named(%arg0: tensor<8x2xi32>) -> tensor<8x2xi32> {
  // CHECK-NEXT: %0 = sdy.named_computation<"foo">(%arg0) (%arg1: tensor<8x2xi32>) {
  // CHECK-NEXT:   sdy.return %arg1 : tensor<8x2xi32>
  // CHECK-NEXT: } : (tensor<8x2xi32>) -> tensor<8x2xi32>
  %0 = sdy.named_computation<"foo">(%arg0) (%arg1: tensor<8x2xi32>) {
    sdy.return %arg1 : tensor<8x2xi32>
  } : (tensor<8x2xi32>) -> tensor<8x2xi32>
  // CHECK-NEXT: %1 = sdy.named_computation<"bar">(%0) in_shardings=[<@mesh, [{}, {"y"}]>] out_shardings=[<@mesh, [{"x"}, {"y"}]>] (%arg1: tensor<8x2xi32>) {
  %1 = sdy.named_computation<"bar">(%0) in_shardings=[<@mesh, [{}, {"y"}]>] out_shardings=[<@mesh, [{"x"}, {"y"}]>] (%arg1: tensor<8x2xi32>) {
    %2 = stablehlo.add %arg1, %arg1 : tensor<8x2xi32>
    sdy.return %2 : tensor<8x2xi32>
  } : (tensor<8x2xi32>) -> tensor<8x2xi32>
  return %1 : tensor<8x2xi32>
}

// CHECK-LABEL: func @manual
func.func @manual(%arg0: tensor<16x32xf32>) -> tensor<16x32xf32> {
  // CHECK-NEXT: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x", "y"}, {}]>] out_shardings=[<@mesh, [{"x", "y"}, {}]>] manual_axes={"x"} (%arg1: tensor<8x32xf32>) {
  // CHECK-NEXT:   %[[N:.*]] = stablehlo.negate %arg1 : tensor<8x32xf32>
  // CHECK-NEXT:   sdy.return %[[N]] : tensor<8x32xf32>
  // CHECK-NEXT: } : (tensor<16x32xf32>) -> tensor<16x32xf32>
  %0 = sdy.manual_computation(%arg0)
      in_shardings=[<@mesh, [{"x", "y"}, {}]>] out_shardings=[<@mesh, [{"x", "y"}, {}]>]
      manual_axes={"x"} (%arg1: tensor<8x32xf32>) {
    %1 = stablehlo.negate %arg1 : tensor<8x32xf32>
    sdy.return %1 : tensor<8x32xf32>
  } : (tensor<16x32xf32>) -> tensor<16x32xf32>
  // No manual axes: the body sees the global shapes.
  // CHECK: sdy.manual_computation(%0) in_shardings=[<@mesh, [{?}, {?}]>] out_shardings=[<@mesh, [{?}, {?}]>] manual_axes={} (%arg1: tensor<16x32xf32>) {
  %2 = sdy.manual_computation(%0) in_shardings=[<@mesh, [{?}, {?}]>] out_shardings=[<@mesh, [{?}, {?}]>] manual_axes={} (%arg1: tensor<16x32xf32>) {
    sdy.return %arg1 : tensor<16x32xf32>
  } : (tensor<16x32xf32>) -> tensor<16x32xf32>
  return %2 : tensor<16x32xf32>
}

// Function attributes Shardy's passes leave.
// CHECK-LABEL: func @manual_axes_attr
// CHECK-SAME{LITERAL}: attributes {sdy.func_manual_axes = #sdy<manual_axes{"x"}>}
func.func @manual_axes_attr(%arg0: tensor<4xf32>) -> tensor<4xf32> attributes {sdy.func_manual_axes = #sdy<manual_axes{"x"}>} {
  return %arg0 : tensor<4xf32>
}
