// GSPMD's shard_map (what jax.shard_map exports without Shardy): between
// @SPMDFullToShardShape and @SPMDShardToFullShape the values are each
// device's own ({manual}) and the ops run per device as written.
// Interpreted and compiled, 2 devices.
// RUN: oxla-interpret %s --devices 2 --input 8xi32=1,2,3,4,10,20,30,40 --print-results | FileCheck %s
// RUN: oxla-run %s --devices 2 --input 8xi32=1,2,3,4,10,20,30,40 --print-results | FileCheck %s
// RUN: oxla-opt %s --oxla-spmd-partition | FileCheck %s --check-prefix=LOCAL

// Each device adds the two halves (a psum over both devices): both halves
// of the result are the sum.
// CHECK: EXEC @main
// CHECK-NEXT: 8xi32=[11 22 33 44 11 22 33 44]
// LOCAL-LABEL: func.func public @main
// LOCAL-SAME: (%{{.*}}: tensor<4xi32>
// LOCAL-SAME: -> (tensor<4xi32>
// LOCAL-NOT: SPMDFullToShardShape
// LOCAL-NOT: SPMDShardToFullShape
// LOCAL: "stablehlo.all_reduce"
func.func public @main(%arg0: tensor<8xi32> {mhlo.sharding = "{devices=[2]<=[2]}"})
    -> (tensor<8xi32> {mhlo.sharding = "{devices=[2]<=[2]}"}) {
  %0 = stablehlo.custom_call @Sharding(%arg0) {mhlo.sharding = "{devices=[2]<=[2]}"} : (tensor<8xi32>) -> tensor<8xi32>
  %1 = stablehlo.custom_call @SPMDFullToShardShape(%0) {mhlo.sharding = "{manual}"} : (tensor<8xi32>) -> tensor<4xi32>
  %2 = "stablehlo.all_reduce"(%1) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %s = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %s : tensor<i32>
  }) {
    replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>,
    use_global_device_ids
  } : (tensor<4xi32>) -> tensor<4xi32>
  %3 = stablehlo.custom_call @Sharding(%2) {mhlo.sharding = "{manual}"} : (tensor<4xi32>) -> tensor<4xi32>
  %4 = stablehlo.custom_call @SPMDShardToFullShape(%3) {mhlo.sharding = "{devices=[2]<=[2]}"} : (tensor<4xi32>) -> tensor<8xi32>
  return %4 : tensor<8xi32>
}
