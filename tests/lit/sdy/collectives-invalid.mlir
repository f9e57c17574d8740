// RUN: oxla-opt %s -split-input-file -verify-diagnostics

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @gather_rank(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.all_gather' op gathering axes has 1 dimensions, but the tensor has rank 2}}
  %0 = sdy.all_gather [{"x"}] %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @gather_not_minor(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x", "y"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.all_gather' op gathering axes of dimension 0 must be the operand's minor-most axes of that dimension, and out_sharding what remains}}
  %0 = sdy.all_gather [{"x"}, {}] %arg0 out_sharding=<@mesh, [{"y"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @slice_result(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.all_slice' op out_sharding of dimension 1 must be the operand's axes followed by the slicing axes}}
  %0 = sdy.all_slice [{}, {"y"}] %arg0 out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @reduce_overlaps(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.all_reduce' op reduction axis "x" overlaps with the operand's sharding axes}}
  %0 = sdy.all_reduce {"x"} %arg0 out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @all_to_all_dims(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.all_to_all' op all-to-all dimension out of range [0, 2): 0->2}}
  %0 = sdy.all_to_all [{"x"}: 0->2] %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @permute_sizes(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error @+1 {{'sdy.collective_permute' op dimension 0 must be sharded as much after the collective permute as before}}
  %0 = sdy.collective_permute %arg0 out_sharding=<@mesh, [{"y"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @bad_kind(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{unknown reduction 'avg' (sum, max or min)}}
  %0 = sdy.all_reduce avg {"x"} %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
