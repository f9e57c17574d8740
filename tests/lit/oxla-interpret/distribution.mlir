// interpreter.run_parallel and the distribution ops: process ids, process
// groups, collectives, send/recv, infeed, and waits that fail instead of
// hanging (a deadlock, a peer that failed, mismatched collectives).
// RUN: split-file %s %t
// RUN: oxla-interpret --split-input-file %t/pass.mlir
// RUN: oxla-interpret %t/single.mlir --print-results | FileCheck %s --check-prefix=SINGLE
// RUN: not oxla-interpret %t/deadlock.mlir 2>&1 | FileCheck %s --check-prefix=DEADLOCK
// RUN: oxla-interpret %t/deadlock.mlir; test $? -eq 2
// RUN: not oxla-interpret %t/left.mlir 2>&1 | FileCheck %s --check-prefix=LEFT
// RUN: oxla-interpret %t/peer-failed.mlir; test $? -eq 3
// RUN: not oxla-interpret %t/peer-failed.mlir 2>&1 | FileCheck %s --check-prefix=PEER
// RUN: not oxla-interpret %t/mismatch.mlir 2>&1 | FileCheck %s --check-prefix=MISMATCH
// RUN: oxla-interpret %t/mismatch.mlir; test $? -eq 2
// RUN: not oxla-interpret %t/infeed-empty.mlir 2>&1 | FileCheck %s --check-prefix=INFEED

// SINGLE: EXEC @main
// SINGLE-NEXT: ui32=0
// SINGLE-NEXT: ui32=0
// SINGLE-NEXT: 2xf32=[7 8]
// DEADLOCK: deadlock.mlir:2:13: error: deadlock: every running process waits and none of them can go on
// LEFT: left.mlir:2:8: error: deadlock: every running process waits and none of them can go on
// PEER: peer-failed.mlir:2:3: error: unsupported: custom_call target 'my.kernel'
// PEER-NOT: error
// MISMATCH: error: the processes of a process group reached different collective ops
// INFEED: infeed-empty.mlir:2:13: error: the infeed queue is empty

//--- pass.mlir
// A 2x2 grid: operands and results are in (replica, partition) row-major
// order.
module @ids {
  func.func @ids() -> (tensor<ui32>, tensor<ui32>) {
    %r = stablehlo.replica_id : tensor<ui32>
    %p = stablehlo.partition_id : tensor<ui32>
    return %r, %p : tensor<ui32>, tensor<ui32>
  }
  func.func @main() {
    %x:8 = "interpreter.run_parallel"() {programs = [[@ids, @ids], [@ids, @ids]]}
        : () -> (tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>,
                 tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>)
    check.expect_eq_const %x#0, dense<0> : tensor<ui32>
    check.expect_eq_const %x#1, dense<0> : tensor<ui32>
    check.expect_eq_const %x#2, dense<0> : tensor<ui32>
    check.expect_eq_const %x#3, dense<1> : tensor<ui32>
    check.expect_eq_const %x#4, dense<1> : tensor<ui32>
    check.expect_eq_const %x#5, dense<0> : tensor<ui32>
    check.expect_eq_const %x#6, dense<1> : tensor<ui32>
    check.expect_eq_const %x#7, dense<1> : tensor<ui32>
    func.return
  }
}

// -----

// flattened_ids: id = replica * 2 + partition, so {0, 3} = {(0,0), (1,1)}
// and {1, 2} = {(0,1), (1,0)}; bf16 maximum runs through the region.
module @flattened_max {
  func.func @f(%x : tensor<bf16>) -> tensor<bf16> {
    %r = "stablehlo.all_reduce"(%x) ({
      ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
        %m = stablehlo.maximum %a, %b : tensor<bf16>
        stablehlo.return %m : tensor<bf16>
    }) {
      replica_groups = dense<[[0, 3], [1, 2]]> : tensor<2x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>,
      use_global_device_ids
    } : (tensor<bf16>) -> tensor<bf16>
    return %r : tensor<bf16>
  }
  func.func @main() {
    %a = stablehlo.constant dense<1.5> : tensor<bf16>
    %b = stablehlo.constant dense<2.5> : tensor<bf16>
    %c = stablehlo.constant dense<3.5> : tensor<bf16>
    %d = stablehlo.constant dense<4.5> : tensor<bf16>
    %x:4 = "interpreter.run_parallel"(%a, %b, %c, %d) {programs = [[@f, @f], [@f, @f]]}
        : (tensor<bf16>, tensor<bf16>, tensor<bf16>, tensor<bf16>)
        -> (tensor<bf16>, tensor<bf16>, tensor<bf16>, tensor<bf16>)
    check.expect_eq_const %x#0, dense<4.5> : tensor<bf16>
    check.expect_eq_const %x#1, dense<3.5> : tensor<bf16>
    check.expect_eq_const %x#2, dense<3.5> : tensor<bf16>
    check.expect_eq_const %x#3, dense<4.5> : tensor<bf16>
    func.return
  }
}

// -----

// all_to_all across partitions, splitting rows and concatenating columns.
module @all_to_all_cross_partition {
  func.func @f(%x : tensor<2x2xi32>) -> tensor<1x4xi32> {
    %r = "stablehlo.all_to_all"(%x) {
      split_dimension = 0 : i64, concat_dimension = 1 : i64, split_count = 2 : i64,
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>
    } : (tensor<2x2xi32>) -> tensor<1x4xi32>
    return %r : tensor<1x4xi32>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
    %b = stablehlo.constant dense<[[5, 6], [7, 8]]> : tensor<2x2xi32>
    %x:2 = "interpreter.run_parallel"(%a, %b) {programs = [[@f, @f]]}
        : (tensor<2x2xi32>, tensor<2x2xi32>) -> (tensor<1x4xi32>, tensor<1x4xi32>)
    check.expect_eq_const %x#0, dense<[[1, 2, 5, 6]]> : tensor<1x4xi32>
    check.expect_eq_const %x#1, dense<[[3, 4, 7, 8]]> : tensor<1x4xi32>
    func.return
  }
}

// -----

// A cycle of three replicas, and an all_gather whose empty replica_groups
// means one group of every replica.
module @permute_cycle_and_gather_all {
  func.func @f(%x : tensor<1xi8>) -> (tensor<1xi8>, tensor<3xi8>) {
    %p = "stablehlo.collective_permute"(%x) {
      source_target_pairs = dense<[[0, 1], [1, 2], [2, 0]]> : tensor<3x2xi64>
    } : (tensor<1xi8>) -> tensor<1xi8>
    %g = "stablehlo.all_gather"(%x) {
      all_gather_dim = 0 : i64,
      replica_groups = dense<> : tensor<0x0xi64>
    } : (tensor<1xi8>) -> tensor<3xi8>
    return %p, %g : tensor<1xi8>, tensor<3xi8>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[10]> : tensor<1xi8>
    %b = stablehlo.constant dense<[20]> : tensor<1xi8>
    %c = stablehlo.constant dense<[-30]> : tensor<1xi8>
    %x:6 = "interpreter.run_parallel"(%a, %b, %c) {programs = [[@f], [@f], [@f]]}
        : (tensor<1xi8>, tensor<1xi8>, tensor<1xi8>)
        -> (tensor<1xi8>, tensor<3xi8>, tensor<1xi8>, tensor<3xi8>, tensor<1xi8>, tensor<3xi8>)
    check.expect_eq_const %x#0, dense<[-30]> : tensor<1xi8>
    check.expect_eq_const %x#1, dense<[10, 20, -30]> : tensor<3xi8>
    check.expect_eq_const %x#2, dense<[10]> : tensor<1xi8>
    check.expect_eq_const %x#4, dense<[20]> : tensor<1xi8>
    check.expect_eq_const %x#5, dense<[10, 20, -30]> : tensor<3xi8>
    func.return
  }
}

// -----

// The receiver may run first: recv waits for the send. Then a
// reduce_scatter of f32 over cross_replica_and_partition on a 1x2 grid.
module @send_recv_then_reduce_scatter {
  func.func @sender(%x : tensor<2xf32>, %t : !stablehlo.token) -> tensor<1xf32> {
    %s = "stablehlo.send"(%x, %t) {
      channel_handle = #stablehlo.channel_handle<handle = 7, type = 1>
    } : (tensor<2xf32>, !stablehlo.token) -> !stablehlo.token
    %r = func.call @scatter(%x) : (tensor<2xf32>) -> tensor<1xf32>
    return %r : tensor<1xf32>
  }
  func.func @receiver(%t : !stablehlo.token) -> (tensor<2xf32>, tensor<1xf32>) {
    %v, %t2 = "stablehlo.recv"(%t) {
      channel_handle = #stablehlo.channel_handle<handle = 7, type = 1>
    } : (!stablehlo.token) -> (tensor<2xf32>, !stablehlo.token)
    %r = func.call @scatter(%v) : (tensor<2xf32>) -> tensor<1xf32>
    return %v, %r : tensor<2xf32>, tensor<1xf32>
  }
  func.func @scatter(%x : tensor<2xf32>) -> tensor<1xf32> {
    %r = "stablehlo.reduce_scatter"(%x) ({
      ^bb0(%a: tensor<f32>, %b: tensor<f32>):
        %s = stablehlo.add %a, %b : tensor<f32>
        stablehlo.return %s : tensor<f32>
    }) {
      scatter_dimension = 0 : i64,
      replica_groups = dense<[[0]]> : tensor<1x1xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>
    } : (tensor<2xf32>) -> tensor<1xf32>
    return %r : tensor<1xf32>
  }
  func.func @main() {
    %x = stablehlo.constant dense<[1.5, -4.0]> : tensor<2xf32>
    %t = stablehlo.after_all : !stablehlo.token
    %r:3 = "interpreter.run_parallel"(%x, %t, %t) {programs = [[@sender, @receiver]]}
        : (tensor<2xf32>, !stablehlo.token, !stablehlo.token)
        -> (tensor<1xf32>, tensor<2xf32>, tensor<1xf32>)
    check.expect_eq_const %r#0, dense<[3.0]> : tensor<1xf32>
    check.expect_eq_const %r#1, dense<[1.5, -4.0]> : tensor<2xf32>
    check.expect_eq_const %r#2, dense<[-8.0]> : tensor<1xf32>
    func.return
  }
}

// -----

// collective_broadcast across partitions from the group's first member;
// partition 0 is in no group and gets zeros.
module @broadcast_cross_partition {
  func.func @f(%x : tensor<2xf16>) -> tensor<2xf16> {
    %r = "stablehlo.collective_broadcast"(%x) {
      replica_groups = dense<[[2, 1]]> : tensor<1x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 1, type = 0>
    } : (tensor<2xf16>) -> tensor<2xf16>
    return %r : tensor<2xf16>
  }
  func.func @main() {
    %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf16>
    %b = stablehlo.constant dense<[3.0, 4.0]> : tensor<2xf16>
    %c = stablehlo.constant dense<[5.0, 6.0]> : tensor<2xf16>
    %x:3 = "interpreter.run_parallel"(%a, %b, %c) {programs = [[@f, @f, @f]]}
        : (tensor<2xf16>, tensor<2xf16>, tensor<2xf16>)
        -> (tensor<2xf16>, tensor<2xf16>, tensor<2xf16>)
    check.expect_eq_const %x#0, dense<[0.0, 0.0]> : tensor<2xf16>
    check.expect_eq_const %x#1, dense<[5.0, 6.0]> : tensor<2xf16>
    check.expect_eq_const %x#2, dense<[5.0, 6.0]> : tensor<2xf16>
    func.return
  }
}

//--- single.mlir
// Outside run_parallel a program is the single process (0, 0).
func.func @main() -> (tensor<ui32>, tensor<ui32>, tensor<2xf32>) {
  %r = stablehlo.replica_id : tensor<ui32>
  %p = stablehlo.partition_id : tensor<ui32>
  %x = stablehlo.constant dense<[7.0, 8.0]> : tensor<2xf32>
  %s = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %0 = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %0 : tensor<f32>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  return %r, %p, %s : tensor<ui32>, tensor<ui32>, tensor<2xf32>
}

//--- deadlock.mlir
func.func @receiver(%t : !stablehlo.token) -> tensor<2xi32> {
  %v, %t2 = "stablehlo.recv"(%t) {
    channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>,
    is_host_transfer = true
  } : (!stablehlo.token) -> (tensor<2xi32>, !stablehlo.token)
  return %v : tensor<2xi32>
}
func.func @main() {
  %t = stablehlo.after_all : !stablehlo.token
  %r = "interpreter.run_parallel"(%t) {programs = [[@receiver]]}
      : (!stablehlo.token) -> tensor<2xi32>
  func.return
}

//--- left.mlir
func.func @gather(%x : tensor<1xi32>) -> tensor<2xi32> {
  %g = "stablehlo.all_gather"(%x) {
    all_gather_dim = 0 : i64,
    replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
  } : (tensor<1xi32>) -> tensor<2xi32>
  return %g : tensor<2xi32>
}
// Replica 1 returns without joining the all_gather.
func.func @leave(%x : tensor<1xi32>) -> tensor<1xi32> {
  return %x : tensor<1xi32>
}
func.func @main() {
  %x = stablehlo.constant dense<[1]> : tensor<1xi32>
  %r:2 = "interpreter.run_parallel"(%x, %x) {programs = [[@gather], [@leave]]}
      : (tensor<1xi32>, tensor<1xi32>) -> (tensor<2xi32>, tensor<1xi32>)
  func.return
}

//--- peer-failed.mlir
func.func @fails(%x : tensor<1xi32>) -> tensor<1xi32> {
  stablehlo.custom_call @my.kernel() : () -> ()
  %s = func.call @sum(%x) : (tensor<1xi32>) -> tensor<1xi32>
  return %s : tensor<1xi32>
}
func.func @sum(%x : tensor<1xi32>) -> tensor<1xi32> {
  %s = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %0 = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %0 : tensor<i32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<1xi32>) -> tensor<1xi32>
  return %s : tensor<1xi32>
}
// Replica 1 waits in the all_reduce for replica 0, which fails first.
func.func @main() {
  %x = stablehlo.constant dense<[1]> : tensor<1xi32>
  %r:2 = "interpreter.run_parallel"(%x, %x) {programs = [[@fails], [@sum]]}
      : (tensor<1xi32>, tensor<1xi32>) -> (tensor<1xi32>, tensor<1xi32>)
  func.return
}

//--- mismatch.mlir
func.func @gather(%x : tensor<1xi32>) -> tensor<2xi32> {
  %g = "stablehlo.all_gather"(%x) {
    all_gather_dim = 0 : i64,
    replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
  } : (tensor<1xi32>) -> tensor<2xi32>
  return %g : tensor<2xi32>
}
func.func @sum(%x : tensor<1xi32>) -> tensor<1xi32> {
  %s = "stablehlo.all_reduce"(%x) ({
    ^bb0(%a: tensor<i32>, %b: tensor<i32>):
      %0 = stablehlo.add %a, %b : tensor<i32>
      stablehlo.return %0 : tensor<i32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<1xi32>) -> tensor<1xi32>
  return %s : tensor<1xi32>
}
func.func @main() {
  %x = stablehlo.constant dense<[1]> : tensor<1xi32>
  %r:2 = "interpreter.run_parallel"(%x, %x) {programs = [[@gather], [@sum]]}
      : (tensor<1xi32>, tensor<1xi32>) -> (tensor<2xi32>, tensor<1xi32>)
  func.return
}

//--- infeed-empty.mlir
func.func @reader(%t : !stablehlo.token) -> tensor<2xi32> {
  %v, %t2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (tensor<2xi32>, !stablehlo.token)
  return %v : tensor<2xi32>
}
func.func @main() {
  %t = stablehlo.after_all : !stablehlo.token
  %r = "interpreter.run_parallel"(%t) {programs = [[@reader]]}
      : (!stablehlo.token) -> tensor<2xi32>
  func.return
}
