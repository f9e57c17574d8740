// RUN: oxla-opt %s --split-input-file --oxla-lower-collectives | FileCheck %s

// A grid of 2 replicas x 2 partitions: cross_replica_and_partition groups
// list the devices (replica * 2 + partition) partition by partition.
// CHECK-LABEL: func.func @gather
// CHECK: stablehlo.custom_call @oxla.collective.exchange(%arg0) {backend_config = "groups=0,2,1,3", has_side_effect = true} : (tensor<2xi64>) -> tensor<4x2xi64>
// CHECK: stablehlo.transpose
// CHECK: stablehlo.reshape %{{.*}} : (tensor<4x2xi64>) -> tensor<8xi64>
// CHECK-LABEL: func.func @main
// CHECK: stablehlo.custom_call @oxla.run_parallel(%{{.*}}) {backend_config = "gather:1:1,gather:1:1;gather:1:1,gather:1:1", has_side_effect = true}
func.func @gather(%x: tensor<2xi64>) -> tensor<8xi64> {
  %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64,
    replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>} : (tensor<2xi64>) -> tensor<8xi64>
  return %0 : tensor<8xi64>
}
func.func @main(%a: tensor<2xi64>) {
  %r:4 = "interpreter.run_parallel"(%a, %a, %a, %a) {programs = [[@gather, @gather], [@gather, @gather]]}
    : (tensor<2xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> (tensor<8xi64>, tensor<8xi64>, tensor<8xi64>, tensor<8xi64>)
  return
}

// -----

// The module's grid (4 partitions): an all_reduce with global device ids
// folds the members with its body; partition_id is the device id modulo 4.
// CHECK-LABEL: func.func @reduce
// CHECK: %[[E:.*]] = stablehlo.custom_call @oxla.collective.exchange(%arg0) {backend_config = "groups=0,1;2,3", has_side_effect = true} : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: stablehlo.map
// CHECK: stablehlo.maximum
// CHECK: stablehlo.custom_call @oxla.collective.device_id() {backend_config = "", has_side_effect = true} : () -> tensor<ui32>
// CHECK: stablehlo.remainder
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @reduce(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<ui32>) {
    %0 = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %m = stablehlo.maximum %a, %b : tensor<f32>
      stablehlo.return %m : tensor<f32>
    }) {replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>,
        channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>,
        use_global_device_ids} : (tensor<3xf32>) -> tensor<3xf32>
    %1 = stablehlo.partition_id : tensor<ui32>
    return %0, %1 : tensor<3xf32>, tensor<ui32>
  }
}

// -----

// collective_permute names (source, target) device pairs; each device
// receives from its source, or zeros.
// CHECK-LABEL: func.func @permute
// CHECK: stablehlo.custom_call @oxla.collective.permute(%arg0) {backend_config = "pairs=0,1;1,2;2,0", has_side_effect = true}
module attributes {mhlo.num_partitions = 3 : i32} {
  func.func @permute(%x: tensor<2xi32>) -> tensor<2xi32> {
    %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [1, 2], [2, 0]]> : tensor<3x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>} : (tensor<2xi32>) -> tensor<2xi32>
    return %0 : tensor<2xi32>
  }
}

