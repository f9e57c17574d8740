// Shardy's rules for a tensor sharding, each with its message.
// RUN: oxla-opt %s -split-input-file -verify-diagnostics

sdy.mesh @mesh = <["a"=2, "b"=4]>
// expected-error @+1 {{'func.func' op argument 0 sharding: unknown axis name: "c"}}
func.func @unknown_axis(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"c"}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>
// expected-error @+1 {{argument 0 sharding: unknown mesh: @other}}
func.func @unknown_mesh(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@other, [{"a"}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>
// expected-error @+1 {{sharding doesn't match tensor rank: 1 != 2}}
func.func @rank(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>
// expected-error @+1 {{duplicate axis ref: "a"}}
func.func @twice(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}, {"a"}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>
// expected-error @+1 {{duplicate axis ref: "b" (overlapping sub-axes)}}
func.func @overlap(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {}], replicated={"b":(2)2}>}) {
  return
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>
// expected-error @+1 {{duplicate axis ref: "a"}}
func.func @replicated_and_dim(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}], replicated={"a"}>}) {
  return
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>
// expected-error @+1 {{sub-axis size must be greater than 1: "b":(1)1}}
func.func @sub_axis_size(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)1}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>
// expected-error @+1 {{sub-axis next pre-size 6 doesn't divide the size of the full axis 4: "b":(2)3}}
func.func @sub_axis_divides(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(2)3}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>
// expected-error @+1 {{sub-axis size is equal to the full axis size 4: use "b" instead}}
func.func @sub_axis_full(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)4}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>
// expected-error @+1 {{two consecutive sub-axes can be merged: "b" in dimension 0}}
func.func @mergeable(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b":(1)2, "b":(2)2}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>
// expected-error @+1 {{replicated axes are not ordered w.r.t. the mesh}}
func.func @order(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}], replicated={"b", "a"}>}) {
  return
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>
// expected-error @+1 {{dimension 0 has size 0 and cannot be sharded}}
func.func @zero(%arg0: tensor<0xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>
// expected-error @+1 {{dimension 0 is closed and empty, so it cannot have a priority}}
func.func @priority(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}p0]>}) {
  return
}

// -----

sdy.mesh @maximal = <[], device_ids=[3]>
// expected-error @+1 {{a sharding over a mesh without axes cannot name axes}}
func.func @maximal_axes(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@maximal, [{"a"}]>}) {
  return
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @results_count(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{sharding doesn't match number of results: 2 != 1}}
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{}]>, <@mesh, [{}]>]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>
func.func @op_kind(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{should have a sharding per result (#sdy.sharding_per_value) for 'sdy.sharding'}}
  %0 = stablehlo.negate %arg0 {sdy.sharding = #sdy.sharding<@mesh, [{}]>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["a"=2, "b"=4]>
// expected-error @+1 {{argument 0 should have an #sdy.sharding for 'sdy.sharding'}}
func.func @arg_kind(%arg0: tensor<8xf32> {sdy.sharding = 3 : i32}) {
  return
}

// -----

sdy.mesh @mesh = <["a"=2]>
// expected-error @+1 {{unknown reduction 'prod' of unreduced axes (sum, max or min)}}
func.func @bad_reduction(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}], unreduced=prod{"a"}>}) {
  return
}

// -----

sdy.mesh @mesh = <["a"=2]>
// expected-error @+1 {{expected a priority p<N> after a dimension sharding}}
func.func @bad_priority(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a"}q1]>}) {
  return
}
