// GSPMD `mhlo.sharding` strings are checked where they appear; valid ones
// are kept as written.
// RUN: oxla-opt %s | FileCheck %s
// RUN: oxla-opt %s > %t.1.mlir && oxla-opt %t.1.mlir > %t.2.mlir && diff %t.1.mlir %t.2.mlir

// CHECK-LABEL: func @strings
// CHECK-SAME: mhlo.sharding = "{devices=[2,2]<=[4]}"
// CHECK-SAME: mhlo.sharding = "{devices=[4,2]<=[2,4]T(1,0)}"
// CHECK-SAME: mhlo.sharding = "{devices=[2,1,2]0,2,1,3 last_tile_dim_replicate}"
// CHECK-SAME: mhlo.sharding = "{devices=[2,1,2,2]<=[8] last_tile_dims={manual, replicated}}"
// CHECK-SAME: mhlo.sharding = "{maximal device=0}"
// CHECK-SAME: mhlo.sharding = "{replicated}"
// CHECK-SAME: mhlo.sharding = ""
func.func @strings(%a: tensor<8x8xf32> {mhlo.sharding = "{devices=[2,2]<=[4]}"},
                   %b: tensor<8x8xf32> {mhlo.sharding = "{devices=[4,2]<=[2,4]T(1,0)}"},
                   %c: tensor<8x8xf32> {mhlo.sharding = "{devices=[2,1,2]0,2,1,3 last_tile_dim_replicate}"},
                   %d: tensor<8x8xf32> {mhlo.sharding = "{devices=[2,1,2,2]<=[8] last_tile_dims={manual, replicated}}"},
                   %e: tensor<8x8xf32> {mhlo.sharding = "{maximal device=0}"},
                   %f: tensor<8x8xf32> {mhlo.sharding = "{replicated}"},
                   %g: tensor<8x8xf32> {mhlo.sharding = ""})
    -> (tensor<8x8xf32> {mhlo.sharding = "{manual}"}) {
  // CHECK: stablehlo.custom_call @Sharding(%arg0) {mhlo.sharding = "{devices=[2,1]<=[2] metadata={op_name=\22x\22}}"}
  %0 = stablehlo.custom_call @Sharding(%a) {mhlo.sharding = "{devices=[2,1]<=[2] metadata={op_name=\22x\22}}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  // CHECK: mhlo.sharding = "{{[{][{]}}replicated}, {maximal device=1}}"
  %1:2 = stablehlo.optimization_barrier {mhlo.sharding = "{{replicated}, {maximal device=1}}"} %0, %b : tensor<8x8xf32>, tensor<8x8xf32>
  %2 = stablehlo.custom_call @SPMDFullToShardShape(%1#0) {mhlo.sharding = "{manual}"} : (tensor<8x8xf32>) -> tensor<4x8xf32>
  %3 = stablehlo.custom_call @SPMDShardToFullShape(%2) {mhlo.sharding = "{devices=[2,1]<=[2]}"} : (tensor<4x8xf32>) -> tensor<8x8xf32>
  return %3 : tensor<8x8xf32>
}
