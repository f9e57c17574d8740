// RUN: oxla-opt %s -split-input-file --oxla-spmd-partition -verify-diagnostics
// What the partitioner refuses is unsupported: exit code 3.
// RUN: oxla-opt %s -split-input-file --oxla-spmd-partition > /dev/null 2>&1; test $? -eq 3

// A GSPMD sharding manual along some devices only (a partial shard_map).
func.func public @partial_manual(%arg0: tensor<8x8xf32> {mhlo.sharding = "{devices=[2,1,2]<=[4] last_tile_dims={manual}}"}) -> tensor<8x8xf32> {
  return %arg0 : tensor<8x8xf32>
}
// expected-error @-3 {{unsupported: the SPMD partitioner does not handle GSPMD shardings manual along some devices only ("{devices=[2,1,2]<=[4] last_tile_dims={manual}}") yet}}

// -----

sdy.mesh @two = <["x"=2]>
sdy.mesh @four = <["x"=4]>
// expected-error @+1 {{unsupported: shardings over meshes of 2 and 4 devices in one function}}
func.func public @meshes(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@two, [{"x"}]>})
    -> (tensor<8xf32> {sdy.sharding = #sdy.sharding<@four, [{"x"}]>}) {
  return %arg0 : tensor<8xf32>
}
