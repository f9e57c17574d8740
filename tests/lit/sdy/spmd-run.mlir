// Partitioned runs give the unpartitioned program's results (integers:
// exactly), on 2, 4 and 8 devices, with dimensions that do not divide,
// interpreted (oxla-interpret) and compiled (oxla-run: the per-device
// program compiled once, run on N threads with runtime collectives).
// --devices 1 is the one-device meaning (the oracle); --devices N runs the
// split whose mesh has N devices and refuses the others (exit 3).
// RUN: oxla-interpret %s --split-input-file --devices 1 --input 6x5xi32=-14,-13,-12,-11,-10,-9,-8,-7,-6,-5,-4,-3,-2,-1,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --input 5x7xi32=-17,-16,-15,-14,-13,-12,-11,-10,-9,-8,-7,-6,-5,-4,-3,-2,-1,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17 --print-results | FileCheck %s
// RUN: not oxla-interpret %s --split-input-file --input 6x5xi32=-14,-13,-12,-11,-10,-9,-8,-7,-6,-5,-4,-3,-2,-1,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --input 5x7xi32=-17,-16,-15,-14,-13,-12,-11,-10,-9,-8,-7,-6,-5,-4,-3,-2,-1,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17 --print-results 2>&1 | FileCheck %s --check-prefix=REFUSED
// RUN: not oxla-interpret %s --split-input-file --devices 2 --input 6x5xi32=-14,-13,-12,-11,-10,-9,-8,-7,-6,-5,-4,-3,-2,-1,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --input 5x7xi32=-17,-16,-15,-14,-13,-12,-11,-10,-9,-8,-7,-6,-5,-4,-3,-2,-1,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17 --print-results 2>/dev/null | FileCheck %s --check-prefix=ONE
// RUN: not oxla-interpret %s --split-input-file --devices 4 --input 6x5xi32=-14,-13,-12,-11,-10,-9,-8,-7,-6,-5,-4,-3,-2,-1,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --input 5x7xi32=-17,-16,-15,-14,-13,-12,-11,-10,-9,-8,-7,-6,-5,-4,-3,-2,-1,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17 --print-results 2>/dev/null | FileCheck %s --check-prefix=ONE
// RUN: not oxla-interpret %s --split-input-file --devices 8 --input 6x5xi32=-14,-13,-12,-11,-10,-9,-8,-7,-6,-5,-4,-3,-2,-1,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --input 5x7xi32=-17,-16,-15,-14,-13,-12,-11,-10,-9,-8,-7,-6,-5,-4,-3,-2,-1,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17 --print-results 2>/dev/null | FileCheck %s --check-prefix=ONE
// RUN: not oxla-run %s --split-input-file --devices 2 --input 6x5xi32=-14,-13,-12,-11,-10,-9,-8,-7,-6,-5,-4,-3,-2,-1,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --input 5x7xi32=-17,-16,-15,-14,-13,-12,-11,-10,-9,-8,-7,-6,-5,-4,-3,-2,-1,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17 --print-results 2>/dev/null | FileCheck %s --check-prefix=ONE
// RUN: not oxla-run %s --split-input-file --devices 4 --input 6x5xi32=-14,-13,-12,-11,-10,-9,-8,-7,-6,-5,-4,-3,-2,-1,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --input 5x7xi32=-17,-16,-15,-14,-13,-12,-11,-10,-9,-8,-7,-6,-5,-4,-3,-2,-1,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17 --print-results 2>/dev/null | FileCheck %s --check-prefix=ONE
// RUN: not oxla-run %s --split-input-file --devices 8 --input 6x5xi32=-14,-13,-12,-11,-10,-9,-8,-7,-6,-5,-4,-3,-2,-1,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --input 5x7xi32=-17,-16,-15,-14,-13,-12,-11,-10,-9,-8,-7,-6,-5,-4,-3,-2,-1,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17 --print-results 2>/dev/null | FileCheck %s --check-prefix=ONE
// RUN: not oxla-interpret %s --split-input-file --devices 4 --input 6x5xi32=-14,-13,-12,-11,-10,-9,-8,-7,-6,-5,-4,-3,-2,-1,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --input 5x7xi32=-17,-16,-15,-14,-13,-12,-11,-10,-9,-8,-7,-6,-5,-4,-3,-2,-1,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17 2>&1 | FileCheck %s --check-prefix=OTHER
// RUN: not oxla-interpret %s --split-input-file --devices 4 --input 6x5xi32=-14,-13,-12,-11,-10,-9,-8,-7,-6,-5,-4,-3,-2,-1,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --input 5x7xi32=-17,-16,-15,-14,-13,-12,-11,-10,-9,-8,-7,-6,-5,-4,-3,-2,-1,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17 --print-shardings 2>/dev/null | FileCheck %s --check-prefix=SHARD
// RUN: not oxla-run %s --split-input-file --devices 4 --input 6x5xi32=-14,-13,-12,-11,-10,-9,-8,-7,-6,-5,-4,-3,-2,-1,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --input 5x7xi32=-17,-16,-15,-14,-13,-12,-11,-10,-9,-8,-7,-6,-5,-4,-3,-2,-1,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17 --print-shardings 2>/dev/null | FileCheck %s --check-prefix=SHARD

// --print-shardings: each argument's and result's sharding and shard type
// (4 devices: the split of the third piece of the file).
// SHARD: @main argument #0: tensor<6x5xi32> sharding <@mesh, [{"x"}, {"y"}]>, shard tensor<3x3xi32>
// SHARD: @main result #0: tensor<6x7xi32>

// Without --devices, a program over several devices is still refused.
// REFUSED: error: program needs 2 devices
// OTHER: error: unsupported: @main is sharded over 2 devices, not the 4 asked for

// CHECK: EXEC @main
// CHECK-NEXT: 6x7xi32=[-330 -150 30 210 390 570 750][-105 0 105 210 315 420 525][120 150 180 210 240 270 300][345 300 255 210 165 120 75][570 450 330 210 90 -30 -150][795 600 405 210 15 -180 -375]
// CHECK-NEXT: 7xi32=[1125 1170 1215 1260 1305 1350 1395]
// CHECK: EXEC @main
// CHECK-NEXT: 6x7xi32=[-330 -150 30 210 390 570 750][-105 0 105 210 315 420 525][120 150 180 210 240 270 300][345 300 255 210 165 120 75][570 450 330 210 90 -30 -150][795 600 405 210 15 -180 -375]
// CHECK-NEXT: 7xi32=[1125 1170 1215 1260 1305 1350 1395]
// CHECK: EXEC @main
// CHECK-NEXT: 6x7xi32=[-330 -150 30 210 390 570 750][-105 0 105 210 315 420 525][120 150 180 210 240 270 300][345 300 255 210 165 120 75][570 450 330 210 90 -30 -150][795 600 405 210 15 -180 -375]
// CHECK-NEXT: 7xi32=[1125 1170 1215 1260 1305 1350 1395]

// ONE: EXEC @main
// ONE-NEXT: 6x7xi32=[-330 -150 30 210 390 570 750][-105 0 105 210 315 420 525][120 150 180 210 240 270 300][345 300 255 210 165 120 75][570 450 330 210 90 -30 -150][795 600 405 210 15 -180 -375]
// ONE-NEXT: 7xi32=[1125 1170 1215 1260 1305 1350 1395]
// ONE-NOT: EXEC

// 2 devices: a contraction split on x (5 over 2: padded, the padding
// filled with zeros), the result resharded, a reduction over a split
// dimension, an op without a rule (reverse: replicated).
sdy.mesh @mesh = <["x"=2]>
func.func public @main(%arg0: tensor<6x5xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>},
                       %arg1: tensor<5x7xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
    -> (tensor<6x7xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, tensor<7xi32>) {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<6x5xi32>, tensor<5x7xi32>) -> tensor<6x7xi32>
  %c = stablehlo.constant dense<3> : tensor<i32>
  %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<6x7xi32>
  %2 = stablehlo.multiply %0, %1 : tensor<6x7xi32>
  %3 = sdy.sharding_constraint %2 <@mesh, [{"x"}, {}]> : tensor<6x7xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %4 = stablehlo.reduce(%3 init: %z) applies stablehlo.add across dimensions = [0] : (tensor<6x7xi32>, tensor<i32>) -> tensor<7xi32>
  %5 = stablehlo.transpose %3, dims = [1, 0] : (tensor<6x7xi32>) -> tensor<7x6xi32>
  %6 = stablehlo.reverse %5, dims = [0] : tensor<7x6xi32>
  %7 = stablehlo.transpose %6, dims = [1, 0] : (tensor<7x6xi32>) -> tensor<6x7xi32>
  return %7, %4 : tensor<6x7xi32>, tensor<7xi32>
}

// -----

// 4 devices (2x2).
sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func public @main(%arg0: tensor<6x5xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>},
                       %arg1: tensor<5x7xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>})
    -> (tensor<6x7xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}, tensor<7xi32>) {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<6x5xi32>, tensor<5x7xi32>) -> tensor<6x7xi32>
  %c = stablehlo.constant dense<3> : tensor<i32>
  %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<6x7xi32>
  %2 = stablehlo.multiply %0, %1 : tensor<6x7xi32>
  %3 = sdy.sharding_constraint %2 <@mesh, [{"y"}, {"x"}]> : tensor<6x7xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %4 = stablehlo.reduce(%3 init: %z) applies stablehlo.add across dimensions = [0] : (tensor<6x7xi32>, tensor<i32>) -> tensor<7xi32>
  %5 = stablehlo.transpose %3, dims = [1, 0] : (tensor<6x7xi32>) -> tensor<7x6xi32>
  %6 = stablehlo.reverse %5, dims = [0] : tensor<7x6xi32>
  %7 = stablehlo.transpose %6, dims = [1, 0] : (tensor<7x6xi32>) -> tensor<6x7xi32>
  return %7, %4 : tensor<6x7xi32>, tensor<7xi32>
}

// -----

// 8 devices (2x4, a custom device order, a sub-axis).
sdy.mesh @mesh = <["x"=2, "y"=4], device_ids=[7, 6, 5, 4, 3, 2, 1, 0]>
func.func public @main(%arg0: tensor<6x5xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>},
                       %arg1: tensor<5x7xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y"}, {}]>})
    -> (tensor<6x7xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"y":(1)2}, {"x"}]>}, tensor<7xi32>) {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<6x5xi32>, tensor<5x7xi32>) -> tensor<6x7xi32>
  %c = stablehlo.constant dense<3> : tensor<i32>
  %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<6x7xi32>
  %2 = stablehlo.multiply %0, %1 : tensor<6x7xi32>
  %3 = sdy.sharding_constraint %2 <@mesh, [{"y"}, {"x"}]> : tensor<6x7xi32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %4 = stablehlo.reduce(%3 init: %z) applies stablehlo.add across dimensions = [0] : (tensor<6x7xi32>, tensor<i32>) -> tensor<7xi32>
  %5 = stablehlo.transpose %3, dims = [1, 0] : (tensor<6x7xi32>) -> tensor<7x6xi32>
  %6 = stablehlo.reverse %5, dims = [0] : tensor<7x6xi32>
  %7 = stablehlo.transpose %6, dims = [1, 0] : (tensor<7x6xi32>) -> tensor<6x7xi32>
  return %7, %4 : tensor<6x7xi32>, tensor<7xi32>
}
