// RUN: oxla-opt %s -split-input-file --oxla-sharding-to-one-device -verify-diagnostics | FileCheck %s

sdy.mesh @mesh = <["x"=1, "y"=1]>

// Every sharding construct becomes its one-device meaning.
// CHECK-NOT: sdy.mesh
// CHECK-LABEL: func @all
// CHECK-SAME: (%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
// CHECK-NEXT: %[[C:.*]] = stablehlo.constant dense<1.000000e+00> : tensor<8x8xf32>
// CHECK-NEXT: %[[A:.*]] = stablehlo.add %arg0, %[[C]] : tensor<8x8xf32>
// CHECK-NEXT: %[[N:.*]] = stablehlo.negate %[[A]] : tensor<8x8xf32>
// CHECK-NEXT: %[[M:.*]] = stablehlo.multiply %[[N]], %[[N]] : tensor<8x8xf32>
// CHECK-NEXT: return %[[M]] : tensor<8x8xf32>
func.func @all(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>, mhlo.sharding = "{replicated}"}) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %c = sdy.constant dense<1.0> : tensor<8x8xf32>
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"x"}, {}]> : tensor<8x8xf32>
  %1 = stablehlo.add %0, %c {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : tensor<8x8xf32>
  %2 = sdy.reshard %1 <@mesh, [{}, {"y"}]> : tensor<8x8xf32>
  %3 = sdy.propagation_barrier %2 allowed_direction=NONE : tensor<8x8xf32>
  sdy.sharding_group %3 group_id=1 : tensor<8x8xf32>
  %4 = sdy.all_gather [{}, {"y"}] %3 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
  %5 = sdy.all_reduce {"x"} %4 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
  %6 = sdy.named_computation<"neg">(%5) (%arg1: tensor<8x8xf32>) {
    %n = stablehlo.negate %arg1 : tensor<8x8xf32>
    sdy.return %n : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %7 = sdy.manual_computation(%6) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%arg1: tensor<8x8xf32>) {
    %m = stablehlo.multiply %arg1, %arg1 : tensor<8x8xf32>
    sdy.return %m : tensor<8x8xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %8 = stablehlo.custom_call @Sharding(%7) {mhlo.sharding = "{replicated}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %9 = stablehlo.custom_call @SPMDFullToShardShape(%8) {mhlo.sharding = "{manual}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  %10 = stablehlo.custom_call @SPMDShardToFullShape(%9) {mhlo.sharding = "{replicated}"} : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %10 : tensor<8x8xf32>
}

// -----

// expected-error @+1 {{program needs 8 devices (mesh @mesh = #sdy.mesh<["x"=8]>); run it partitioned with --devices N (oxla-run, oxla-interpret), or partition it with oxla-opt --oxla-spmd-partition}}
sdy.mesh @mesh = <["x"=8]>
func.func @many(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<8xf32> {
  return %arg0 : tensor<8xf32>
}

// -----

// expected-error @+1 {{program needs 4 devices (mhlo.num_partitions = 4)}}
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @partitions(%arg0: tensor<8xf32>) -> tensor<8xf32> {
    return %arg0 : tensor<8xf32>
  }
}

// -----

// expected-error @+1 {{program needs 4 devices (mhlo.sharding = "{devices=[2,2]<=[4]}")}}
func.func @gspmd(%arg0: tensor<8x8xf32> {mhlo.sharding = "{devices=[2,2]<=[4]}"}) -> tensor<8x8xf32> {
  return %arg0 : tensor<8x8xf32>
}

// -----

func.func @inline_mesh(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{program needs 2 devices (inline mesh #sdy.mesh<["z"=2]>)}}
  %0 = sdy.sharding_constraint %arg0 <mesh<["z"=2]>, [{"z"}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// A shape-changing SPMD custom call has no one-device meaning.
func.func @shape_change(%arg0: tensor<8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'stablehlo.custom_call' op changes the type 'tensor<8xf32>' to 'tensor<4xf32>', which one device cannot do}}
  %0 = stablehlo.custom_call @SPMDFullToShardShape(%arg0) : (tensor<8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
