// RUN: oxla-opt %s -split-input-file -verify-diagnostics

func.func @ag_dim(%a: tensor<16x8xf32>) {
  // expected-error @+1 {{(C1) requires all_gather_dim below the operand rank 2, but got 2}}
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<16x8xf32>) -> tensor<16x16xf32>
  return
}

// -----

func.func @ag_unique(%a: tensor<16x8xf32>) {
  // expected-error @+1 {{(C2) requires unique replica ids in replica_groups, but 0 repeats}}
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<16x8xf32>) -> tensor<16x16xf32>
  return
}

// -----

func.func @ag_global_ids(%a: tensor<16x8xf32>) {
  // expected-error @+1 {{(C5) requires a channel_handle with handle > 0 when use_global_device_ids is set}}
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids} : (tensor<16x8xf32>) -> tensor<16x16xf32>
  return
}

// -----

func.func @ag_result(%a: tensor<16x8xf32>) {
  // expected-error @+1 {{(C6) requires result dimension 1 to be a multiple of 16}}
  %0 = "stablehlo.all_gather"(%a) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<16x8xf32>) -> tensor<16x12xf32>
  return
}

// -----

func.func @ar_unique(%a: tensor<f32>) {
  // expected-error @+1 {{(C1) requires unique replica ids}}
  %0 = "stablehlo.all_reduce"(%a) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      stablehlo.return %x : tensor<f32>
  }) {replica_groups = dense<[[1, 1]]> : tensor<1x2xi64>} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @ar_global_ids(%a: tensor<f32>) {
  // expected-error @+1 {{(C4) requires a channel_handle with handle > 0}}
  %0 = "stablehlo.all_reduce"(%a) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      stablehlo.return %x : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @ar_computation(%a: tensor<f32>) {
  // expected-error @+1 {{(C5) requires operand element type 'f32' to promote to 'f16'}}
  %0 = "stablehlo.all_reduce"(%a) ({
    ^bb0(%x: tensor<f16>, %y: tensor<f16>):
      stablehlo.return %x : tensor<f16>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<f32>) -> tensor<f16>
  return
}

// -----

func.func @ar_shape(%a: tensor<4xf32>) {
  // expected-error @+1 {{(C6) requires results of the operand shapes}}
  %0 = "stablehlo.all_reduce"(%a) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      stablehlo.return %x : tensor<f32>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @ar_element(%a: tensor<4xf32>) {
  // expected-error @+1 {{(C7) requires result element type 'f64'}}
  %0 = "stablehlo.all_reduce"(%a) ({
    ^bb0(%x: tensor<f64>, %y: tensor<f64>):
      stablehlo.return %x : tensor<f64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @a2a_split_dim(%a: tensor<4x16xf32>) {
  // expected-error @+1 {{(C1) requires split_dimension below the operand rank 2}}
  %0 = "stablehlo.all_to_all"(%a) {split_dimension = 2 : i64, concat_dimension = 0 : i64, split_count = 4 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>} : (tensor<4x16xf32>) -> tensor<16x4xf32>
  return
}

// -----

func.func @a2a_divisible(%a: tensor<4x15xf32>) {
  // expected-error @+1 {{(C2) requires dimension 1 (15) to be a multiple of split_count 4}}
  %0 = "stablehlo.all_to_all"(%a) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 4 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>} : (tensor<4x15xf32>) -> tensor<16x4xf32>
  return
}

// -----

func.func @a2a_concat_dim(%a: tensor<4x16xf32>) {
  // expected-error @+1 {{(C3) requires concat_dimension below the operand rank 2}}
  %0 = "stablehlo.all_to_all"(%a) {split_dimension = 1 : i64, concat_dimension = 3 : i64, split_count = 4 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>} : (tensor<4x16xf32>) -> tensor<16x4xf32>
  return
}

// -----

func.func @a2a_count(%a: tensor<4x16xf32>) {
  // expected-error @+1 {{attribute 'split_count' failed to satisfy constraint}}
  %0 = "stablehlo.all_to_all"(%a) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 0 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>} : (tensor<4x16xf32>) -> tensor<16x4xf32>
  return
}

// -----

func.func @a2a_unique(%a: tensor<4x16xf32>) {
  // expected-error @+1 {{(C5) requires unique replica ids}}
  %0 = "stablehlo.all_to_all"(%a) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 4 : i64, replica_groups = dense<[[0, 1, 2, 2]]> : tensor<1x4xi64>} : (tensor<4x16xf32>) -> tensor<16x4xf32>
  return
}

// -----

func.func @a2a_result(%a: tensor<4x16xf32>) {
  // expected-error @+1 {{(C8) requires result type 'tensor<16x4xf32>'}}
  %0 = "stablehlo.all_to_all"(%a) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 4 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>} : (tensor<4x16xf32>) -> tensor<4x16xf32>
  return
}

// -----

func.func @cb_unique(%a: tensor<4xf32>) {
  // expected-error @+1 {{(C1) requires unique replica ids}}
  %0 = "stablehlo.collective_broadcast"(%a) {replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @cb_type(%a: tensor<4xf32>) {
  // expected-error @+1 {{(C3) requires result type 'tensor<4xf32>'}}
  %0 = "stablehlo.collective_broadcast"(%a) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf64>
  return
}

// -----

func.func @cb_root(%a: tensor<4xf32>) {
  // expected-error @+1 {{requires a 1-dimensional integer root as the last operand}}
  %0 = "stablehlo.collective_broadcast"(%a, %a) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, has_dynamic_root} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @cp_shape(%a: tensor<4xf32>) {
  // expected-error @+1 {{(C1) requires source_target_pairs of shape Nx2}}
  %0 = "stablehlo.collective_permute"(%a) {source_target_pairs = dense<[[0, 1, 2]]> : tensor<1x3xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @cp_sources(%a: tensor<4xf32>) {
  // expected-error @+1 {{(C2) requires unique sources, but 0 repeats}}
  %0 = "stablehlo.collective_permute"(%a) {source_target_pairs = dense<[[0, 1], [0, 2]]> : tensor<2x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @cp_targets(%a: tensor<4xf32>) {
  // expected-error @+1 {{(C3) requires unique targets, but 1 repeats}}
  %0 = "stablehlo.collective_permute"(%a) {source_target_pairs = dense<[[0, 1], [2, 1]]> : tensor<2x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @cp_type(%a: tensor<4xf32>) {
  // expected-error @+1 {{(C5) requires result type 'tensor<4xf32>'}}
  %0 = "stablehlo.collective_permute"(%a) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @rs_divisible(%a: tensor<15xf32>) {
  // expected-error @+1 {{(C1) requires dimension 0 of the operand (15) to be a multiple of the group size 2}}
  %0 = "stablehlo.reduce_scatter"(%a) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      stablehlo.return %x : tensor<f32>
  }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<15xf32>) -> tensor<7xf32>
  return
}

// -----

func.func @rs_dim(%a: tensor<16xf32>) {
  // expected-error @+1 {{(C2) requires scatter_dimension below the operand rank 1}}
  %0 = "stablehlo.reduce_scatter"(%a) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      stablehlo.return %x : tensor<f32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<16xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @rs_computation(%a: tensor<16xf32>) {
  // expected-error @+1 {{(C7) requires a computation of type (tensor<E>, tensor<E>) -> tensor<E>}}
  %0 = "stablehlo.reduce_scatter"(%a) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f64>):
      stablehlo.return %x : tensor<f32>
  }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<16xf32>) -> tensor<8xf32>
  return
}

// -----

func.func @rs_result(%a: tensor<16xf32>) {
  // expected-error @+1 {{(C8) requires the operand shape with dimension 0 divided by the group size}}
  %0 = "stablehlo.reduce_scatter"(%a) ({
    ^bb0(%x: tensor<f32>, %y: tensor<f32>):
      stablehlo.return %x : tensor<f32>
  }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<16xf32>) -> tensor<16xf32>
  return
}

// -----

func.func @infeed_token(%t: !stablehlo.token) {
  // expected-error @+1 {{result #0 must be variadic of ranked tensor}}
  %0:2 = "stablehlo.infeed"(%t) : (!stablehlo.token) -> (!stablehlo.token, tensor<f32>)
  return
}

// -----

func.func @async_future(%a: tensor<4xf32>) {
  // expected-error @+1 {{requires a future of the body's results}}
  %0 = "stablehlo.async_start"(%a) ({
    ^bb0(%b: tensor<4xf32>):
    "stablehlo.return"(%b) : (tensor<4xf32>) -> ()
  }) : (tensor<4xf32>) -> !stablehlo.future<tensor<5xf32>>
  return
}

// -----

func.func @async_done(%f: !stablehlo.future<tensor<4xf32>>) {
  // expected-error @+1 {{requires results (tensor<4xf32>) (the future's types)}}
  %0 = "stablehlo.async_done"(%f) : (!stablehlo.future<tensor<4xf32>>) -> tensor<f32>
  return
}
