// Shardy's string round-trip form (mhlo.frontend_attributes) is read into
// the sdy dialect by every tool on the way in.
// RUN: oxla-opt %s -split-input-file | FileCheck %s
// RUN: oxla-interpret %s -split-input-file --entry main --input=8xf32=1,2,3,4,5,6,7,8 --print-results | FileCheck %s --check-prefix=INTERP

// CHECK-LABEL: module @strings
// CHECK-NOT: xla.sdy
// CHECK: sdy.mesh @mesh = <["a"=1, "b"=1]>
// CHECK-LABEL: func.func @main
// CHECK-SAME{LITERAL}: %arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}p0]>}
// CHECK-SAME{LITERAL}: -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}]>})
// CHECK-NEXT{LITERAL}: %0 = stablehlo.add %arg0, %arg0 {mhlo.frontend_attributes = {other = "kept"}, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"a"}]>]>} : tensor<8xf32>
// CHECK-NEXT: %1 = sdy.sharding_constraint %0 <@mesh, [{}]> : tensor<8xf32>
// CHECK-NEXT: return %1 : tensor<8xf32>
// INTERP: EXEC @main
// INTERP-NEXT: 8xf32=[2 4 6 8 10 12 14 16]
module @strings attributes {mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\22a\22=1, \22b\22=1]>}"}} {
  func.func @main(%arg0: tensor<8xf32> {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, [{\22a\22}p0]>"}}) -> tensor<8xf32> {
    %0 = stablehlo.add %arg0, %arg0 {mhlo.frontend_attributes = {other = "kept", xla.sdy.sharding = "#sdy.sharding_per_value<[<@mesh, [{\22a\22}]>]>"}} : tensor<8xf32>
    %1 = stablehlo.custom_call @Sharding(%0) {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding_per_value<[<@mesh, [{}]>]>"}} : (tensor<8xf32>) -> tensor<8xf32>
    %2 = stablehlo.custom_call @xla.sdy.FuncResultSharding(%1) {has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding_per_value<[<@mesh, [{\22b\22}]>]>"}} : (tensor<8xf32>) -> tensor<8xf32>
    return %2 : tensor<8xf32>
  }
}

// -----

// A shard_map as JAX writes it: GlobalToLocalShape, a call of the body,
// LocalToGlobalShape.
// CHECK-LABEL: module @shard_map
// CHECK: func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"a"}]>] out_shardings=[<@mesh, [{"a"}]>] manual_axes={"a"} (%arg1: tensor<8xf32>) {
// CHECK-NEXT:   %1 = stablehlo.multiply %arg1, %arg1 : tensor<8xf32>
// CHECK-NEXT:   sdy.return %1 : tensor<8xf32>
// CHECK-NEXT: } : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: return %0 : tensor<8xf32>
// CHECK-NOT: manual_computation_body
// INTERP: EXEC @main
// INTERP-NEXT: 8xf32=[1 4 9 16 25 36 49 64]
module @shard_map attributes {mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\22a\22=1]>}"}} {
  func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
    %0 = stablehlo.custom_call @xla.sdy.GlobalToLocalShape(%arg0) {has_side_effect = true, mhlo.frontend_attributes = {xla.sdy.in_shardings = "#sdy.sharding_per_value<[<@mesh, [{\22a\22}]>]>", xla.sdy.manual_axes = "#sdy<manual_axes{\22a\22}>"}} : (tensor<8xf32>) -> tensor<8xf32>
    %1 = call @xla.sdy.manual_computation_body(%0) : (tensor<8xf32>) -> tensor<8xf32>
    %2 = stablehlo.custom_call @xla.sdy.LocalToGlobalShape(%1) {mhlo.frontend_attributes = {xla.sdy.manual_axes = "#sdy<manual_axes{\22a\22}>", xla.sdy.out_shardings = "#sdy.sharding_per_value<[<@mesh, [{\22a\22}]>]>"}} : (tensor<8xf32>) -> tensor<8xf32>
    return %2 : tensor<8xf32>
  }
  func.func @xla.sdy.manual_computation_body(%arg0: tensor<8xf32>) -> tensor<8xf32> {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<8xf32>
    return %0 : tensor<8xf32>
  }
}
