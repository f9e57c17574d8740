// Sharded programs over one-device meshes run with the interpreter and
// compiled, with the results of the unsharded program.
// RUN: oxla-interpret %s --input=2x4xf32=1,2,3,4,5,6,7,8 --print-results | FileCheck %s
// RUN: oxla-run %s --input=2x4xf32=1,2,3,4,5,6,7,8 --print-results --check-with-interpreter | FileCheck %s
// RUN: oxla-compile %s -o %t.so && oxla-run %t.so --input=2x4xf32=1,2,3,4,5,6,7,8 --print-results | FileCheck %s

// CHECK: EXEC @main
// CHECK-NEXT: 2x4xf32=[2 5 10 17][26 37 50 65]

module @sharded attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["data"=1, "model"=1]>
  func.func public @main(%arg0: tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {"model"}]>}) -> (tensor<2x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"data"}, {}]>}) {
    %c = sdy.constant dense<1.0> : tensor<2x4xf32>
    %0 = sdy.sharding_constraint %arg0 <@mesh, [{"data", ?}, {?}]> : tensor<2x4xf32>
    %1 = sdy.named_computation<"square">(%0) in_shardings=[<@mesh, [{"data"}, {}]>] out_shardings=[<@mesh, [{"data"}, {}]>] (%arg1: tensor<2x4xf32>) {
      %s = stablehlo.multiply %arg1, %arg1 : tensor<2x4xf32>
      sdy.return %s : tensor<2x4xf32>
    } : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %2 = sdy.manual_computation(%1, %c) in_shardings=[<@mesh, [{"data"}, {}]>, <@mesh, [{}, {}]>] out_shardings=[<@mesh, [{"data"}, {}]>] manual_axes={"data", "model"} (%arg1: tensor<2x4xf32>, %arg2: tensor<2x4xf32>) {
      %a = stablehlo.add %arg1, %arg2 : tensor<2x4xf32>
      %r = sdy.all_reduce {"model"} %a out_sharding=<@mesh, [{}, {}]> : tensor<2x4xf32>
      sdy.return %r : tensor<2x4xf32>
    } : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
    %3 = sdy.reshard %2 <@mesh, [{}, {"model"}]> : tensor<2x4xf32>
    %4 = sdy.all_slice [{"data"}, {}] %3 out_sharding=<@mesh, [{"data"}, {"model"}]> : tensor<2x4xf32>
    %5 = sdy.propagation_barrier %4 allowed_direction=BACKWARD : tensor<2x4xf32>
    sdy.sharding_group %5 group_id=7 : tensor<2x4xf32>
    %6 = stablehlo.custom_call @Sharding(%5) {mhlo.sharding = "{replicated}"} : (tensor<2x4xf32>) -> tensor<2x4xf32>
    // GSPMD's manual region markers: on one device the shard is the whole.
    %7 = stablehlo.custom_call @SPMDFullToShardShape(%6) {mhlo.sharding = "{manual}"} : (tensor<2x4xf32>) -> tensor<2x4xf32>
    %8 = stablehlo.custom_call @SPMDShardToFullShape(%7) {mhlo.sharding = "{replicated}"} : (tensor<2x4xf32>) -> tensor<2x4xf32>
    return %8 : tensor<2x4xf32>
  }
}
