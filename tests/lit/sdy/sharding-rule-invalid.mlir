// RUN: oxla-opt %s -split-input-file -verify-diagnostics

func.func @count(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{sharding rule has 2 operand and 1 result mappings, but the op has 1 operands and 1 results}}
  %0 = stablehlo.negate %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i], [i])->([i]) {i=8}>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @rank(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{sharding rule operand 0 has rank 2, but its type has rank 1}}
  %0 = stablehlo.negate %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([i]) {i=8, j=1}>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @no_size(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{sharding rule uses factor 'j', which has no size (1 factors)}}
  %0 = stablehlo.negate %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([j])->([i]) {i=8}>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @twice(%arg0: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{sharding rule uses factor 'i' twice in one tensor}}
  %0 = stablehlo.negate %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i, i])->([i, j]) {i=8, j=8}>} : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

func.func @two_types(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{factor 'i' has more than one type}}
  %0 = stablehlo.negate %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=8} reduction={i} need_replication={i}>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @order(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{expected factor 'i' here (factor sizes are listed in order)}}
  %0 = stablehlo.negate %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {j=8}>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @unknown_type(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{unknown factor type 'sorted'}}
  %0 = stablehlo.negate %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=8} sorted={i}>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @bad_name(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{expected a factor name (i to z, or z_N), got 'a'}}
  %0 = stablehlo.negate %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([a])->([a]) {i=8}>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @kind(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{should have an #sdy.op_sharding_rule for 'sdy.sharding_rule'}}
  %0 = stablehlo.negate %arg0 {sdy.sharding_rule = "rule"} : tensor<8xf32>
  return %0 : tensor<8xf32>
}
