// The short forms upstream StableHLO prints for these ops (docs/syntax.md), in the
// module oxla-opt prints: each line parses and prints back character for character
// (--strict-whitespace, e.g. `compare  LT`), also after the generic form.
// RUN: oxla-opt %s | FileCheck %s --strict-whitespace
// RUN: oxla-opt %s | oxla-opt | FileCheck %s --strict-whitespace
// RUN: oxla-opt %s --mlir-print-op-generic | oxla-opt | FileCheck %s --strict-whitespace

// CHECK-LABEL: func.func @distribution(
func.func @distribution(%arg0: tensor<4xf32>, %arg1: !stablehlo.token) -> tensor<4xf32> {
// CHECK-NEXT: %0 = stablehlo.replica_id : tensor<ui32>
  %0 = stablehlo.replica_id : tensor<ui32>
// CHECK-NEXT: %1 = stablehlo.partition_id : tensor<ui32>
  %1 = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT: %2 = stablehlo.after_all %arg1, %arg1 : !stablehlo.token
  %2 = stablehlo.after_all %arg1, %arg1 : !stablehlo.token
// CHECK-NEXT: %3 = stablehlo.after_all  : !stablehlo.token
  %3 = stablehlo.after_all  : !stablehlo.token
// CHECK-NEXT: %4 = stablehlo.create_token : !stablehlo.token
  %4 = stablehlo.create_token : !stablehlo.token
// CHECK-NEXT: %5 = "stablehlo.all_reduce"(%arg0) <{replica_groups = dense<0> : tensor<1x1xi64>}> ({
  %5 = "stablehlo.all_reduce"(%arg0) <{replica_groups = dense<0> : tensor<1x1xi64>}> ({
// CHECK-NEXT: ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
  ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
// CHECK-NEXT: %16 = stablehlo.add %arg2, %arg3 : tensor<f32>
    %16 = stablehlo.add %arg2, %arg3 : tensor<f32>
// CHECK-NEXT: stablehlo.return %16 : tensor<f32>
    stablehlo.return %16 : tensor<f32>
// CHECK-NEXT: }) : (tensor<4xf32>) -> tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %6 = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 0 : i64, replica_groups = dense<0> : tensor<1x1xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  %6 = "stablehlo.all_gather"(%arg0) <{all_gather_dim = 0 : i64, replica_groups = dense<0> : tensor<1x1xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %7 = "stablehlo.all_to_all"(%arg0) <{concat_dimension = 0 : i64, replica_groups = dense<0> : tensor<1x1xi64>, split_count = 1 : i64, split_dimension = 0 : i64}> : (tensor<4xf32>) -> tensor<4xf32>
  %7 = "stablehlo.all_to_all"(%arg0) <{concat_dimension = 0 : i64, replica_groups = dense<0> : tensor<1x1xi64>, split_count = 1 : i64, split_dimension = 0 : i64}> : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %8 = "stablehlo.collective_permute"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<0> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  %8 = "stablehlo.collective_permute"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<0> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %9 = "stablehlo.collective_broadcast"(%arg0) <{replica_groups = dense<0> : tensor<1x1xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  %9 = "stablehlo.collective_broadcast"(%arg0) <{replica_groups = dense<0> : tensor<1x1xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %10 = "stablehlo.reduce_scatter"(%arg0) <{replica_groups = dense<0> : tensor<1x1xi64>, scatter_dimension = 0 : i64}> ({
  %10 = "stablehlo.reduce_scatter"(%arg0) <{replica_groups = dense<0> : tensor<1x1xi64>, scatter_dimension = 0 : i64}> ({
// CHECK-NEXT: ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
  ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
// CHECK-NEXT: %16 = stablehlo.add %arg2, %arg3 : tensor<f32>
    %16 = stablehlo.add %arg2, %arg3 : tensor<f32>
// CHECK-NEXT: stablehlo.return %16 : tensor<f32>
    stablehlo.return %16 : tensor<f32>
// CHECK-NEXT: }) : (tensor<4xf32>) -> tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %11 = "stablehlo.outfeed"(%arg0, %arg1) <{outfeed_config = ""}> : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  %11 = "stablehlo.outfeed"(%arg0, %arg1) <{outfeed_config = ""}> : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
// CHECK-NEXT: %12:2 = "stablehlo.infeed"(%arg1) <{infeed_config = ""}> : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
  %12:2 = "stablehlo.infeed"(%arg1) <{infeed_config = ""}> : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
// CHECK-NEXT: %13 = "stablehlo.send"(%arg0, %arg1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true}> : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  %13 = "stablehlo.send"(%arg0, %arg1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true}> : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
// CHECK-NEXT: %14:2 = "stablehlo.recv"(%arg1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>, is_host_transfer = true}> : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
  %14:2 = "stablehlo.recv"(%arg1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>, is_host_transfer = true}> : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
// CHECK-NEXT: %15 = "stablehlo.cross-replica-sum"(%arg0) <{replica_groups = dense<0> : tensor<1x1xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  %15 = "stablehlo.cross-replica-sum"(%arg0) <{replica_groups = dense<0> : tensor<1x1xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: return %5 : tensor<4xf32>
  return %5 : tensor<4xf32>
// CHECK-NEXT: }
}
