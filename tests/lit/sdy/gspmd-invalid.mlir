// A bad `mhlo.sharding` is invalid input (exit 2), reported at its op.
// RUN: oxla-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{invalid mhlo.sharding "{devices=[2,2]0,1,2}" of argument 0: tile assignment lists 3 devices, its shape has 4 (at character 20)}}
func.func @count(%a: tensor<8x8xf32> {mhlo.sharding = "{devices=[2,2]0,1,2}"}) {
  return
}

// -----

// expected-error @+1 {{invalid mhlo.sharding "{devices=[2,2]0,1,2,2}" of argument 0: the devices must be a permutation of 0..3}}
func.func @permutation(%a: tensor<8x8xf32> {mhlo.sharding = "{devices=[2,2]0,1,2,2}"}) {
  return
}

// -----

// expected-error @+1 {{invalid mhlo.sharding "{devices=[2,2]<=[8]}" of argument 0: iota of 8 devices for a tile assignment of 4}}
func.func @iota(%a: tensor<8x8xf32> {mhlo.sharding = "{devices=[2,2]<=[8]}"}) {
  return
}

// -----

// expected-error @+1 {{invalid mhlo.sharding "{devices=[2,2]<=[2,2]T(0,0)}" of argument 0: the transpose must be a permutation of the iota's dimensions}}
func.func @transpose(%a: tensor<8x8xf32> {mhlo.sharding = "{devices=[2,2]<=[2,2]T(0,0)}"}) {
  return
}

// -----

// expected-error @+1 {{invalid mhlo.sharding "{replicate}" of argument 0: expected replicated, manual, maximal, devices=[...] or a tuple}}
func.func @word(%a: tensor<8x8xf32> {mhlo.sharding = "{replicate}"}) {
  return
}

// -----

// expected-error @+1 {{invalid mhlo.sharding "{maximal device=x}" of argument 0: expected a device number}}
func.func @maximal(%a: tensor<8x8xf32> {mhlo.sharding = "{maximal device=x}"}) {
  return
}

// -----

// expected-error @+1 {{invalid mhlo.sharding "{devices=[2,1]<=[2] last_tile_dims={automatic}}" of argument 0: expected 'manual' or 'replicated' in last_tile_dims}}
func.func @subgroup(%a: tensor<8xf32> {mhlo.sharding = "{devices=[2,1]<=[2] last_tile_dims={automatic}}"}) {
  return
}

// -----

// expected-error @+1 {{mhlo.sharding "{devices=[2,2]<=[4]}" of result 0 shards 2 dimensions, but the value has rank 1}}
func.func @rank(%a: tensor<8xf32>) -> (tensor<8xf32> {mhlo.sharding = "{devices=[2,2]<=[4]}"}) {
  return %a : tensor<8xf32>
}

// -----

func.func @tuple(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{mhlo.sharding of the op's results has 3 tuple elements for 2 values}}
  %0:2 = stablehlo.optimization_barrier {mhlo.sharding = "{{replicated}, {replicated}, {replicated}}"} %a, %a : tensor<8xf32>, tensor<8xf32>
  return %0#0 : tensor<8xf32>
}

// -----

func.func @not_string(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{mhlo.sharding of the op's results must be a string}}
  %0 = stablehlo.negate %a {mhlo.sharding = 1 : i32} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// expected-error @+1 {{invalid mhlo.sharding "{replicated} x" of argument 0: unexpected text after the sharding (at character 14)}}
func.func @trailing(%a: tensor<8x8xf32> {mhlo.sharding = "{replicated} x"}) {
  return
}
