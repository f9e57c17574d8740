// The global-view collectives in Shardy's syntax; printing is a fixpoint.
// RUN: oxla-opt %s | FileCheck %s
// RUN: oxla-opt %s > %t.1.mlir && oxla-opt %t.1.mlir > %t.2.mlir && diff %t.1.mlir %t.2.mlir

sdy.mesh @mesh = <["x"=4, "y"=2]>

// CHECK-LABEL: func @collectives
func.func @collectives(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>},
                       %arg1: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}) -> tensor<8x8xf32> {
  // CHECK-NEXT: %0 = sdy.all_gather [{}, {"y"}] %arg0 out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x8xf32>
  %0 = sdy.all_gather [{}, {"y"}] %arg0 out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x8xf32>
  // CHECK-NEXT: %1 = sdy.all_slice [{}, {"y"}] %0 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<8x8xf32>
  %1 = sdy.all_slice [{}, {"y"}] %0 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<8x8xf32>
  // CHECK-NEXT: %2 = sdy.all_to_all [{"x"}: 0->1] %1 out_sharding=<@mesh, [{}, {"y", "x"}]> : tensor<8x8xf32>
  %2 = sdy.all_to_all [{"x"}: 0->1] %1 out_sharding=<@mesh, [{}, {"y", "x"}]> : tensor<8x8xf32>
  // CHECK-NEXT: %3 = sdy.collective_permute %2 out_sharding=<@mesh, [{}, {"x", "y"}]> : tensor<8x8xf32>
  %3 = sdy.collective_permute %2 out_sharding=<@mesh, [{}, {"x", "y"}]> : tensor<8x8xf32>
  // CHECK-NEXT: %4 = sdy.all_reduce {"x"} %arg1 out_sharding=<@mesh, [{}, {"y"}]> : tensor<8x8xf32>
  %4 = sdy.all_reduce {"x"} %arg1 out_sharding=<@mesh, [{}, {"y"}]> : tensor<8x8xf32>
  // CHECK-NEXT: %5 = sdy.reduce_scatter [{"x"}, {}] %4 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<8x8xf32>
  %5 = sdy.reduce_scatter [{"x"}, {}] %4 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<8x8xf32>
  // CHECK-NEXT: %6 = sdy.reduce_scatter max [{"x"}, {}] %4 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<8x8xf32>
  %6 = sdy.reduce_scatter max [{"x"}, {}] %4 out_sharding=<@mesh, [{"x"}, {"y"}]> : tensor<8x8xf32>
  // CHECK-NEXT: %7 = sdy.all_reduce min {"y":(1)2} %0 out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x8xf32>
  %7 = sdy.all_reduce min {"y":(1)2} %0 out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x8xf32>
  return %3 : tensor<8x8xf32>
}
