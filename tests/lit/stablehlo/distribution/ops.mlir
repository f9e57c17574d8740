// RUN: oxla-opt %s | FileCheck %s
// RUN: oxla-opt %s | oxla-opt | FileCheck %s
// RUN: oxla-opt %s --mlir-print-op-generic | oxla-opt | FileCheck %s

// CHECK-LABEL: func.func @tokens_ids
func.func @tokens_ids(%t: !stablehlo.token) {
  // CHECK: stablehlo.after_all : !stablehlo.token
  %0 = stablehlo.after_all : !stablehlo.token
  // CHECK: stablehlo.after_all %arg0, %{{.*}} : !stablehlo.token
  %1 = stablehlo.after_all %t, %0 : !stablehlo.token
  // CHECK: stablehlo.replica_id : tensor<ui32>
  %2 = stablehlo.replica_id : tensor<ui32>
  // CHECK: stablehlo.partition_id : tensor<ui32>
  %3 = "stablehlo.partition_id"() : () -> tensor<ui32>
  return
}

// CHECK-LABEL: func.func @collectives
func.func @collectives(%a: tensor<16x8xf32>, %s: tensor<f32>, %r: tensor<1xi32>, %v: tensor<16xf32>) {
  // CHECK: "stablehlo.all_gather"(%arg0, %arg0) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, replica_groups = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>, use_global_device_ids}> : (tensor<16x8xf32>, tensor<16x8xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>)
  %0:2 = "stablehlo.all_gather"(%a, %a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
    channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, use_global_device_ids} : (tensor<16x8xf32>, tensor<16x8xf32>) -> (tensor<16x16xf32>, tensor<16x16xf32>)
  // CHECK: "stablehlo.all_reduce"(%arg1)
  // CHECK: ^bb0(%{{.*}}: tensor<f64>, %{{.*}}: tensor<f64>):
  // CHECK: }) : (tensor<f32>) -> tensor<f64>
  %1 = "stablehlo.all_reduce"(%s) ({
    ^bb0(%x: tensor<f64>, %y: tensor<f64>):
      %z = stablehlo.add %x, %y : tensor<f64>
      stablehlo.return %z : tensor<f64>
  }) {replica_groups = dense<[[0], [1]]> : tensor<2x1xi64>} : (tensor<f32>) -> tensor<f64>
  // CHECK: "stablehlo.all_to_all"(%arg0) <{concat_dimension = 0 : i64, replica_groups = {{.*}}, split_count = 4 : i64, split_dimension = 1 : i64}> : (tensor<16x8xf32>) -> tensor<64x2xf32>
  %2 = "stablehlo.all_to_all"(%a) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 4 : i64,
    replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>} : (tensor<16x8xf32>) -> tensor<64x2xf32>
  // CHECK: "stablehlo.collective_broadcast"(%arg0, %arg2) <{has_dynamic_root, replica_groups
  %3 = "stablehlo.collective_broadcast"(%a, %r) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root} : (tensor<16x8xf32>, tensor<1xi32>) -> tensor<16x8xf32>
  // CHECK: "stablehlo.collective_permute"(%arg0) <{source_target_pairs = dense<{{\[\[}}0, 1], [1, 0]]> : tensor<2x2xi64>}>
  %4 = "stablehlo.collective_permute"(%a) {source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>} : (tensor<16x8xf32>) -> tensor<16x8xf32>
  // CHECK: "stablehlo.collective_reduce"(%arg1)
  %5 = "stablehlo.collective_reduce"(%s) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = stablehlo.add %x, %y : tensor<f32>
      stablehlo.return %z : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<f32>) -> tensor<f32>
  // CHECK: "stablehlo.reduce_scatter"(%arg3)
  // CHECK: scatter_dimension = 0 : i64
  %6 = "stablehlo.reduce_scatter"(%v) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      %z = stablehlo.add %x, %y : tensor<f32>
      stablehlo.return %z : tensor<f32>
  }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<16xf32>) -> tensor<8xf32>
  // CHECK: "stablehlo.cross-replica-sum"(%arg1)
  %7 = "stablehlo.cross-replica-sum"(%s) {replica_groups = dense<[[0], [1]]> : tensor<2x1xi64>} : (tensor<f32>) -> tensor<f32>
  return
}

// CHECK-LABEL: func.func @transfers
func.func @transfers(%x: tensor<f32>, %t: !stablehlo.token) {
  // CHECK: "stablehlo.infeed"(%arg1) <{infeed_config = "foo", layout = {{\[\[}}]]}> : (!stablehlo.token) -> (tensor<f32>, !stablehlo.token)
  %0:2 = "stablehlo.infeed"(%t) {infeed_config = "foo", layout = [[]]} : (!stablehlo.token) -> (tensor<f32>, !stablehlo.token)
  // CHECK: "stablehlo.outfeed"(%arg0, %arg1) <{outfeed_config = "foo"}> : (tensor<f32>, !stablehlo.token) -> !stablehlo.token
  %1 = "stablehlo.outfeed"(%x, %t) {outfeed_config = "foo"} : (tensor<f32>, !stablehlo.token) -> !stablehlo.token
  // CHECK: "stablehlo.send"(%arg0, %arg1) <{channel_handle = #stablehlo.channel_handle<handle = 0, type = 2>, is_host_transfer = true}>
  %2 = "stablehlo.send"(%x, %t) {channel_handle = #stablehlo.channel_handle<handle = 0, type = 2>, is_host_transfer = true} : (tensor<f32>, !stablehlo.token) -> !stablehlo.token
  // CHECK: "stablehlo.recv"(%arg1) <{channel_handle = #stablehlo.channel_handle<handle = 0, type = 1>, source_target_pairs = dense<{{\[\[}}0, 1]]> : tensor<1x2xi64>}>
  %3:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 0, type = 1>, source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (!stablehlo.token) -> (tensor<f32>, !stablehlo.token)
  return
}

// CHECK-LABEL: func.func @async
func.func @async(%arg0: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // CHECK: "stablehlo.async_start"(%arg0) ({
  // CHECK: }) : (tensor<4x4xf32>) -> !stablehlo.future<tensor<4x4xf32>>
  %0 = "stablehlo.async_start"(%arg0) ({
    ^bb0(%b: tensor<4x4xf32>):
    %1 = "stablehlo.collective_permute"(%b) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4x4xf32>) -> tensor<4x4xf32>
    "stablehlo.return"(%1) : (tensor<4x4xf32>) -> ()
  }) : (tensor<4x4xf32>) -> !stablehlo.future<tensor<4x4xf32>>
  // CHECK: "stablehlo.async_done"(%{{.*}}) : (!stablehlo.future<tensor<4x4xf32>>) -> tensor<4x4xf32>
  %1 = "stablehlo.async_done"(%0) : (!stablehlo.future<tensor<4x4xf32>>) -> tensor<4x4xf32>
  return %1 : tensor<4x4xf32>
}
