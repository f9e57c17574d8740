// RUN: oxla-opt %s -split-input-file -verify-diagnostics

sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @constraint_rank(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.sharding_constraint' op sharding doesn't match tensor rank: 2 != 1}}
  %0 = sdy.sharding_constraint %arg0 <@mesh, [{"x"}, {}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @reshard_axis(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.reshard' op unknown axis name: "z"}}
  %0 = sdy.reshard %arg0 <@mesh, [{"z"}]> : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @barrier_both(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.propagation_barrier' op cannot specify `BOTH` as the direction}}
  %0 = sdy.propagation_barrier %arg0 allowed_direction=BOTH : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @manual_local_type(%arg0: tensor<16x32xf32>) -> tensor<16x32xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op body argument 0 has type 'tensor<16x32xf32>', expected 'tensor<8x32xf32>' (the local type of the operand under its in sharding)}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%arg1: tensor<16x32xf32>) {
    sdy.return %arg1 : tensor<16x32xf32>
  } : (tensor<16x32xf32>) -> tensor<16x32xf32>
  return %0 : tensor<16x32xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @manual_unknown_axis(%arg0: tensor<16xf32>) -> tensor<16xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op unknown manual axis: "z"}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"z"} (%arg1: tensor<16xf32>) {
    sdy.return %arg1 : tensor<16xf32>
  } : (tensor<16xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @manual_order(%arg0: tensor<16xf32>) -> tensor<16xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op manual axes are not ordered w.r.t. the mesh}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}]>] out_shardings=[<@mesh, [{}]>] manual_axes={"y", "x"} (%arg1: tensor<16xf32>) {
    sdy.return %arg1 : tensor<16xf32>
  } : (tensor<16xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @manual_after_free(%arg0: tensor<16xf32>) -> tensor<16xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op in sharding 0: manual axis "x" comes after a free axis in dimension 0}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"y", "x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%arg1: tensor<8xf32>) {
    sdy.return %arg1 : tensor<8xf32>
  } : (tensor<16xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @manual_divisible(%arg0: tensor<7xf32>) -> tensor<7xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op in sharding 0: dimension 0 of size 7 is not divisible by its manual axes' size 2}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%arg1: tensor<3xf32>) {
    sdy.return %arg1 : tensor<3xf32>
  } : (tensor<7xf32>) -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @manual_count(%arg0: tensor<16xf32>) -> tensor<16xf32> {
  // expected-error @+1 {{'sdy.manual_computation' op has 2 in_shardings for 1 operands}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}]>, <@mesh, [{}]>] out_shardings=[<@mesh, [{}]>] manual_axes={} (%arg1: tensor<16xf32>) {
    sdy.return %arg1 : tensor<16xf32>
  } : (tensor<16xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

sdy.mesh @mesh = <["x"=2, "y"=2]>
func.func @bound_by_manual(%arg0: tensor<16xf32>) -> tensor<16xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%arg1: tensor<8xf32>) {
    // expected-error @+1 {{'sdy.sharding_constraint' op operates on axis "x" which is already bound by a parent sdy.manual_computation op}}
    %1 = sdy.sharding_constraint %arg1 <@mesh, [{"x"}]> : tensor<8xf32>
    sdy.return %1 : tensor<8xf32>
  } : (tensor<16xf32>) -> tensor<16xf32>
  return %0 : tensor<16xf32>
}

// -----

func.func @named_types(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'sdy.named_computation' op body argument 0 has type 'tensor<4xf32>', expected 'tensor<8xf32>' (the operand type)}}
  %0 = sdy.named_computation<"foo">(%arg0) (%arg1: tensor<4xf32>) {
    sdy.return %arg1 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @constant_type() -> tensor<2xf32> {
  // expected-error @+1 {{'sdy.constant' op value type 'tensor<2xi32>' differs from the result type 'tensor<2xf32>'}}
  %0 = "sdy.constant"() <{value = dense<1> : tensor<2xi32>}> : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
