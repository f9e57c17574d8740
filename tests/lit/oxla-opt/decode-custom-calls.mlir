// RUN: oxla-opt %s --split-input-file --oxla-decode-custom-calls --verify-diagnostics | FileCheck %s

// MHLO ops without a StableHLO counterpart, as exporters encode them.
// CHECK-LABEL: func.func @mhlo_elementwise
// CHECK: %[[E:.*]] = chlo.erf %arg0 : tensor<4xf32> -> tensor<4xf32>
// CHECK: %[[A:.*]] = chlo.asinh %[[E]] : tensor<4xf32> -> tensor<4xf32>
// CHECK: %[[N:.*]] = chlo.next_after %[[A]], %arg0 : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
// CHECK: return %[[N]]
// CHECK-NOT: custom_call
func.func @mhlo_elementwise(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.custom_call @mhlo.erf(%x) {mhlo.attributes = {}, mhlo.version = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = stablehlo.custom_call @mhlo.asinh(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = stablehlo.custom_call @mhlo.next_after(%1, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @topk
// CHECK: %values, %indices = chlo.top_k(%arg0, k = 2) : tensor<3x5xf32> -> (tensor<3x2xf32>, tensor<3x2xi32>)
// The smallest k: a stable ascending sort of (x, iota) and the first k.
// CHECK: %[[IOTA:.*]] = stablehlo.iota dim = 1 : tensor<3x5xi32>
// CHECK: %[[S:.*]]:2 = "stablehlo.sort"(%arg0, %[[IOTA]]) <{dimension = 1 : i64, is_stable = true}>
// CHECK: stablehlo.compare LT, %{{.*}}, %{{.*}}, TOTALORDER
// CHECK: stablehlo.slice %[[S]]#0 [0:3, 0:2]
// CHECK: stablehlo.slice %[[S]]#1 [0:3, 0:2]
func.func @topk(%x: tensor<3x5xf32>) -> (tensor<3x2xf32>, tensor<3x2xi32>, tensor<3x2xf32>, tensor<3x2xi32>) {
  %0:2 = stablehlo.custom_call @mhlo.topk(%x) {mhlo.attributes = {k = 2 : i64, largest = true}, mhlo.version = 1 : i64} : (tensor<3x5xf32>) -> (tensor<3x2xf32>, tensor<3x2xi32>)
  %1:2 = stablehlo.custom_call @mhlo.topk(%x) {mhlo.attributes = {k = 2 : i64, largest = false}} : (tensor<3x5xf32>) -> (tensor<3x2xf32>, tensor<3x2xi32>)
  return %0#0, %0#1, %1#0, %1#1 : tensor<3x2xf32>, tensor<3x2xi32>, tensor<3x2xf32>, tensor<3x2xi32>
}

// -----

// A constant k decodes; a k known only at run time stays a custom call.
// CHECK-LABEL: func.func @dynamic_top_k
// CHECK: chlo.top_k(%arg0, k = 3) : tensor<2x8xf32> -> (tensor<2x?xf32>, tensor<2x?xi32>)
// CHECK: stablehlo.custom_call @stablehlo.dynamic_top_k(%arg0, %arg1)
func.func @dynamic_top_k(%x: tensor<2x8xf32>, %k: tensor<i64>) -> (tensor<2x?xf32>, tensor<2x?xi32>, tensor<2x?xf32>) {
  %c = stablehlo.constant dense<3> : tensor<i64>
  %0:2 = stablehlo.custom_call @stablehlo.dynamic_top_k(%x, %c) : (tensor<2x8xf32>, tensor<i64>) -> (tensor<2x?xf32>, tensor<2x?xi32>)
  %1:2 = stablehlo.custom_call @stablehlo.dynamic_top_k(%x, %k) : (tensor<2x8xf32>, tensor<i64>) -> (tensor<2x?xf32>, tensor<2x?xi32>)
  return %0#0, %0#1, %1#0 : tensor<2x?xf32>, tensor<2x?xi32>, tensor<2x?xf32>
}

// -----

// CHECK-LABEL: func.func @approx
// CHECK: %[[S:.*]]:2 = "stablehlo.sort"(%arg0, %arg1) <{dimension = 1 : i64, is_stable = true}>
// CHECK: stablehlo.compare GT
// CHECK: stablehlo.return
// CHECK: stablehlo.slice %[[S]]#0 [0:2, 0:3]
// CHECK: stablehlo.slice %[[S]]#1 [0:2, 0:3]
func.func private @cmp(%a: tensor<f32>, %b: tensor<f32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<i1> {
  %0 = stablehlo.compare  GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
  return %0 : tensor<i1>
}
func.func @approx(%x: tensor<2x8xf32>, %i: tensor<2x8xi32>) -> (tensor<2x3xf32>, tensor<2x3xi32>) {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %none = stablehlo.constant dense<-1> : tensor<i32>
  %k = stablehlo.constant dense<3> : tensor<i64>
  %0:2 = stablehlo.custom_call @stablehlo.dynamic_approx_top_k(%x, %i, %ninf, %none, %k) {called_computations = [@cmp], mhlo.backend_config = {aggregate_to_topk = true, recall_target = 0.95 : f32, reduction_dim = 1 : i64, reduction_input_size_override = -1 : i64}} : (tensor<2x8xf32>, tensor<2x8xi32>, tensor<f32>, tensor<i32>, tensor<i64>) -> (tensor<2x3xf32>, tensor<2x3xi32>)
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<2x3xi32>
}

// -----

// CHECK-LABEL: func.func @rng
// CHECK: %[[S:.*]], %[[O:.*]] = stablehlo.rng_bit_generator %arg0, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x4xui32>)
// CHECK: stablehlo.convert %[[O]] : (tensor<3x4xui32>) -> tensor<?x?xui32>
func.func @rng(%state: tensor<2xui64>) -> (tensor<2xui64>, tensor<?x?xui32>) {
  %shape = stablehlo.constant dense<[3, 4]> : tensor<2xi64>
  %0:2 = stablehlo.custom_call @stablehlo.dynamic_rng_bit_generator(%state, %shape) {rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>} : (tensor<2xui64>, tensor<2xi64>) -> (tensor<2xui64>, tensor<?x?xui32>)
  return %0#0, %0#1 : tensor<2xui64>, tensor<?x?xui32>
}

// -----

// Placement hints are the identity on a CPU; a true shape assertion goes,
// others stay to be checked when the program runs.
// CHECK-LABEL: func.func @hints
// CHECK-NOT: annotate_device_placement
// CHECK-NOT: MoveTo
// CHECK: stablehlo.custom_call @shape_assertion(%arg1, %{{.*}})
// CHECK-NOT: custom_call
// CHECK: return %arg0
func.func @hints(%x: tensor<4xf32>, %p: tensor<i1>) -> tensor<4xf32> {
  %0 = stablehlo.custom_call @annotate_device_placement(%x) {has_side_effect = true, mhlo.frontend_attributes = {_xla_buffer_placement = "pinned_host"}} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = stablehlo.custom_call @MoveToHost(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = stablehlo.custom_call @MoveToDevice(%1) : (tensor<4xf32>) -> tensor<4xf32>
  %t = stablehlo.constant dense<true> : tensor<i1>
  %d = stablehlo.constant dense<4> : tensor<i32>
  stablehlo.custom_call @shape_assertion(%t, %d) {error_message = "never", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
  stablehlo.custom_call @shape_assertion(%p, %d) {error_message = "maybe {0}", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
  return %2 : tensor<4xf32>
}

// -----

func.func @bad_arity(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{@mhlo.erf encodes chlo.erf, which takes 1 operand(s) and has one result, but the call has 2 operand(s) and 1 result(s)}}
  %0 = stablehlo.custom_call @mhlo.erf(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @bad_topk(%x: tensor<3x5xf32>) -> (tensor<3x2xf32>, tensor<3x2xi32>) {
  // expected-error @+1 {{@mhlo.topk: k = 7 must be in [0, 5]}}
  %0:2 = stablehlo.custom_call @mhlo.topk(%x) {mhlo.attributes = {k = 7 : i64}} : (tensor<3x5xf32>) -> (tensor<3x2xf32>, tensor<3x2xi32>)
  return %0#0, %0#1 : tensor<3x2xf32>, tensor<3x2xi32>
}

// -----

func.func @bad_hint(%x: tensor<4xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{@MoveToHost returns its operands as they are, but its result types differ from its operand types}}
  %0 = stablehlo.custom_call @MoveToHost(%x) : (tensor<4xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
