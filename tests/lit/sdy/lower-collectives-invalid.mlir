// RUN: oxla-opt %s -split-input-file --oxla-lower-collectives -verify-diagnostics

module attributes {mhlo.num_partitions = 2 : i32} {
  func.func @outside(%x: tensor<2xi32>) -> tensor<4xi32> {
    // expected-error @below {{replica_groups names id 2, but the grid of 1 replica(s) x 2 partition(s) it runs on has only 2}}
    %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64,
      replica_groups = dense<[[0, 2]]> : tensor<1x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>, use_global_device_ids} : (tensor<2xi32>) -> tensor<4xi32>
    return %0 : tensor<4xi32>
  }
}

// -----

module attributes {mhlo.num_replicas = 3 : i32} {
  func.func @ragged(%x: tensor<2xi32>) -> tensor<4xi32> {
    // expected-error @below {{process groups of different sizes (1 and 2) give the devices results of different shapes}}
    %0 = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64,
      replica_groups = dense<[[0, 1], [2, -1]]> : tensor<2x2xi64>} : (tensor<2xi32>) -> tensor<4xi32>
    return %0 : tensor<4xi32>
  }
}

// -----

func.func @grids(%a: tensor<2xi32>) {
  %r:2 = "interpreter.run_parallel"(%a, %a) {programs = [[@twice], [@twice]]} : (tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>)
  %s:2 = "interpreter.run_parallel"(%a, %a) {programs = [[@twice, @twice]]} : (tensor<2xi32>, tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>)
  return
}
// expected-error @below {{unsupported: @twice runs on grids of different shapes}}
func.func @twice(%x: tensor<2xi32>) -> tensor<2xi32> {
  return %x : tensor<2xi32>
}
