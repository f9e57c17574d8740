// Op rules that keep a split dimension split (docs/sharding.md, "Pipeline"):
// reshape (split and merge), slice and dynamic_slice of whole dimensions,
// reduce_window along untouched dimensions, gather's passthrough and batch
// dimensions, convolution's batch and output features. The partitioned
// program gathers nothing whole (no involuntary-replication remark) and,
// interpreted and compiled on 2 devices, gives the one-device results.
// RUN: oxla-opt %s --split-input-file --oxla-spmd-partition 2>&1 | FileCheck %s --check-prefix=LOCAL
// RUN: oxla-interpret %s --split-input-file --devices 1 --random-inputs --seed 3 --print-results > %t.one
// RUN: oxla-interpret %s --split-input-file --devices 2 --random-inputs --seed 3 --print-results > %t.two
// RUN: diff %t.one %t.two
// RUN: oxla-run %s --split-input-file --devices 2 --random-inputs --seed 3 --print-results > %t.run
// RUN: diff %t.one %t.run
// RUN: FileCheck %s --check-prefix=RAN < %t.two

// RAN-COUNT-5: EXEC @main
// LOCAL-NOT: involuntary replication

// Rows split: 4 rows become 2x2 (the major 2 keeps the split), then the
// group merges into 24 elements, split in halves.
// LOCAL-LABEL: func.func public @main
// LOCAL-SAME: tensor<2x6xi32>
// LOCAL: stablehlo.reshape %{{.*}} : (tensor<2x6xi32>) -> tensor<1x2x6xi32>
// LOCAL: stablehlo.reshape %{{.*}} : (tensor<1x2x6xi32>) -> tensor<12xi32>
// LOCAL-NOT: stablehlo.all_gather
// LOCAL: return
sdy.mesh @mesh = <["x"=2]>
func.func public @main(%a: tensor<4x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
    -> (tensor<24xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
  %0 = stablehlo.reshape %a : (tensor<4x6xi32>) -> tensor<2x2x6xi32>
  %1 = stablehlo.add %0, %0 : tensor<2x2x6xi32>
  %2 = stablehlo.reshape %1 : (tensor<2x2x6xi32>) -> tensor<24xi32>
  return %2 : tensor<24xi32>
}

// -----

// Columns split: a slice and a dynamic_slice of the rows take the columns
// whole, a reduce_window sums pairs of rows.
// LOCAL-LABEL: func.func public @main
// LOCAL: stablehlo.slice %{{.*}} [1:4, 0:3] : (tensor<5x3xi32>) -> tensor<3x3xi32>
// LOCAL: stablehlo.dynamic_slice %{{.*}}, sizes = [2, 3] : (tensor<5x3xi32>, tensor<i32>, tensor<i32>) -> tensor<2x3xi32>
// LOCAL: "stablehlo.reduce_window"
// LOCAL: }) : (tensor<5x3xi32>, tensor<i32>) -> tensor<4x3xi32>
// LOCAL-NOT: stablehlo.all_gather
// LOCAL: return
sdy.mesh @mesh = <["x"=2]>
func.func public @main(%a: tensor<5x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %i: tensor<i32>)
    -> (tensor<3x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>},
        tensor<2x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>},
        tensor<4x6xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) {
  %0 = stablehlo.slice %a [1:4, 0:6] : (tensor<5x6xi32>) -> tensor<3x6xi32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %1 = stablehlo.dynamic_slice %a, %i, %zero, sizes = [2, 6] : (tensor<5x6xi32>, tensor<i32>, tensor<i32>) -> tensor<2x6xi32>
  %2 = "stablehlo.reduce_window"(%a, %zero) ({
    ^bb0(%x: tensor<i32>, %y: tensor<i32>):
      %s = stablehlo.add %x, %y : tensor<i32>
      stablehlo.return %s : tensor<i32>
  }) {window_dimensions = array<i64: 2, 1>} : (tensor<5x6xi32>, tensor<i32>) -> tensor<4x6xi32>
  return %0, %1, %2 : tensor<3x6xi32>, tensor<2x6xi32>, tensor<4x6xi32>
}

// -----

// gather of rows: the split columns pass through (each device gathers its
// own columns), and so does the split batch of indices.
// LOCAL-LABEL: func.func public @main
// LOCAL: "stablehlo.gather"
// LOCAL-SAME: slice_sizes = array<i64: 1, 2>
// LOCAL-SAME: (tensor<8x2xi32>, tensor<3x1xi32>) -> tensor<3x2xi32>
// LOCAL-NOT: stablehlo.all_gather
// LOCAL: return
sdy.mesh @mesh = <["x"=2]>
func.func public @main(%a: tensor<8x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>})
    -> (tensor<3x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) {
  %idx = stablehlo.constant dense<[[5], [0], [7]]> : tensor<3x1xi32>
  %0 = "stablehlo.gather"(%a, %idx) {
    dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 4>
  } : (tensor<8x4xi32>, tensor<3x1xi32>) -> tensor<3x4xi32>
  return %0 : tensor<3x4xi32>
}

// -----

// Indices split by batch: each device gathers its own rows of the result.
// LOCAL-LABEL: func.func public @main
// LOCAL: "stablehlo.gather"
// LOCAL-SAME: (tensor<8x4xi32>, tensor<2x1xi32>) -> tensor<2x4xi32>
// LOCAL-NOT: stablehlo.all_gather
// LOCAL: return
sdy.mesh @mesh = <["x"=2]>
func.func public @main(%a: tensor<8x4xi32>, %i: tensor<4x1xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>})
    -> (tensor<4x4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  %0 = "stablehlo.gather"(%a, %i) {
    dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 4>
  } : (tensor<8x4xi32>, tensor<4x1xi32>) -> tensor<4x4xi32>
  return %0 : tensor<4x4xi32>
}

// -----

// Images split by batch, filters by output feature.
// LOCAL-LABEL: func.func public @main
// LOCAL: stablehlo.convolution
// LOCAL-SAME: (tensor<2x5x2xf32>, tensor<3x2x4xf32>) -> tensor<2x3x4xf32>
// LOCAL-NOT: stablehlo.all_gather
// LOCAL: return
sdy.mesh @mesh = <["x"=2]>
func.func public @main(%a: tensor<4x5x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}, %k: tensor<3x2x4xf32>)
    -> (tensor<4x3x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}) {
  %0 = stablehlo.convolution(%a, %k) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {stride = [1], pad = [[0, 0]], rhs_dilate = [1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<4x5x2xf32>, tensor<3x2x4xf32>) -> tensor<4x3x4xf32>
  return %0 : tensor<4x3x4xf32>
}
