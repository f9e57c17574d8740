// RUN: oxla-opt %s -split-input-file --oxla-spmd-partition -verify-diagnostics
// What the partitioner refuses is unsupported: exit code 3.
// RUN: oxla-opt %s -split-input-file --oxla-spmd-partition > /dev/null 2>&1; test $? -eq 3

sdy.mesh @mesh = <["x"=2]>
func.func public @manual(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<8xf32> {
  // expected-error @below {{unsupported: the SPMD partitioner does not handle 'sdy.manual_computation' yet}}
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%arg1: tensor<4xf32>) {
    sdy.return %arg1 : tensor<4xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @two = <["x"=2]>
sdy.mesh @four = <["x"=4]>
// expected-error @+1 {{unsupported: shardings over meshes of 2 and 4 devices in one function}}
func.func public @meshes(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@two, [{"x"}]>})
    -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@four, [{"x"}]>}) {
  return %arg0 : tensor<8xf32>
}
