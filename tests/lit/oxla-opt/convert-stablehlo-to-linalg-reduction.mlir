// RUN: oxla-opt %s --split-input-file --verify-diagnostics --oxla-convert-stablehlo-to-linalg | FileCheck %s

// reduce: a linalg.reduce from a filled init; the body is scalar code.
// CHECK-LABEL: func.func @reduce_sum
// CHECK: %[[INIT:.*]] = tensor.extract %{{.*}}[] : tensor<i32>
// CHECK: %[[FILL:.*]] = linalg.fill ins(%[[INIT]] : i32) outs(%{{.*}} : tensor<2xi32>)
// CHECK: linalg.reduce {{.*}}arith.addi{{.*}} ins(%{{.*}} : tensor<2x3xi32>) outs(%[[FILL]] : tensor<2xi32>) dimensions = [1]
// CHECK-NOT: stablehlo
func.func @reduce_sum(%x: tensor<2x3xui32>, %init: tensor<ui32>) -> tensor<2xui32> {
  %0 = stablehlo.reduce(%x init: %init) applies stablehlo.add across dimensions = [1] : (tensor<2x3xui32>, tensor<ui32>) -> tensor<2xui32>
  return %0 : tensor<2xui32>
}

// -----

// Variadic reduce: the body gets (accumulators..., elements...).
// CHECK-LABEL: func.func @reduce_argmax
// CHECK: linalg.reduce ins(%{{.*}}, %{{.*}} : tensor<4xf32>, tensor<4xi32>) outs(%{{.*}}, %{{.*}} : tensor<f32>, tensor<i32>)
// CHECK-NEXT: (%[[X:.*]]: f32, %[[XI:.*]]: i32, %[[A:.*]]: f32, %[[AI:.*]]: i32)
// CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[X]], %[[A]] : f32
// CHECK: arith.select %[[GT]], %[[X]], %[[A]] : f32
// CHECK: arith.select %[[GT]], %[[XI]], %[[AI]] : i32
// CHECK: linalg.yield
func.func @reduce_argmax(%v: tensor<4xf32>, %i: tensor<4xi32>, %v0: tensor<f32>, %i0: tensor<i32>) -> (tensor<f32>, tensor<i32>) {
  %0:2 = stablehlo.reduce(%v init: %v0), (%i init: %i0) across dimensions = [0] : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
    reducer(%a: tensor<f32>, %b: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>) {
      %gt = stablehlo.compare GT, %b, %a : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %m = stablehlo.select %gt, %b, %a : tensor<i1>, tensor<f32>
      %mi = stablehlo.select %gt, %bi, %ai : tensor<i1>, tensor<i32>
      stablehlo.return %m, %mi : tensor<f32>, tensor<i32>
    }
  return %0#0, %0#1 : tensor<f32>, tensor<i32>
}

// -----

// Calls in a body are inlined; bf16 is computed in f32.
// CHECK-LABEL: func.func @reduce_calls
// CHECK: linalg.reduce
// CHECK: arith.extf
// CHECK: arith.maximumf
// CHECK: arith.truncf
// CHECK-NOT: call
// CHECK: linalg.yield
func.func @reduce_calls(%x: tensor<4xbf16>, %init: tensor<bf16>) -> tensor<bf16> {
  %0 = stablehlo.reduce(%x init: %init) across dimensions = [0] : (tensor<4xbf16>, tensor<bf16>) -> tensor<bf16>
    reducer(%a: tensor<bf16>, %b: tensor<bf16>) {
      %m = func.call @max(%a, %b) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
      stablehlo.return %m : tensor<bf16>
    }
  return %0 : tensor<bf16>
}
func.func private @max(%a: tensor<bf16>, %b: tensor<bf16>) -> tensor<bf16> {
  %m = stablehlo.maximum %a, %b : tensor<bf16>
  return %m : tensor<bf16>
}

// -----

// reduce_window: one linalg.generic with reduction loops over the window
// (given by an empty window-shaped operand); padding is materialized.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1) -> (d0 * 2 + d1)>
// CHECK-DAG: #[[WIN:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @reduce_window
// CHECK: linalg.index
// CHECK: %[[WINDOW:.*]] = tensor.empty() : tensor<3xi8>
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[WIN]], #[[OUT]]], iterator_types = ["parallel", "reduction"]} ins(%{{.*}}, %[[WINDOW]] : tensor<7xf32>, tensor<3xi8>)
// CHECK: arith.maximumf
func.func @reduce_window(%x: tensor<5xf32>, %init: tensor<f32>) -> tensor<3xf32> {
  %0 = "stablehlo.reduce_window"(%x, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) {window_dimensions = array<i64: 3>, window_strides = array<i64: 2>,
      padding = dense<[[1, 1]]> : tensor<1x2xi64>} : (tensor<5xf32>, tensor<f32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// sort: a bottom-up merge sort of each line in 1-D tensors: the line is
// copied out, passes of doubling width merge runs pairwise (the comparator,
// scalar code, called on the right run's head and the left's), and the
// sorted line is copied back.
// CHECK-LABEL: func.func @sort
// CHECK: tensor.empty
// CHECK: scf.for
// CHECK: scf.while
// CHECK: arith.cmpi slt
// CHECK: scf.condition
// CHECK: arith.muli
// CHECK: scf.for
// CHECK: scf.while
// CHECK: scf.if
// CHECK: arith.cmpi ult
// CHECK: arith.select
// CHECK: tensor.insert
// CHECK: scf.for
// CHECK: tensor.insert
func.func @sort(%x: tensor<5xui8>) -> tensor<5xui8> {
  %0 = "stablehlo.sort"(%x) ({
  ^bb0(%a: tensor<ui8>, %b: tensor<ui8>):
    %lt = stablehlo.compare LT, %a, %b : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  }) {dimension = 0 : i64} : (tensor<5xui8>) -> tensor<5xui8>
  return %0 : tensor<5xui8>
}

// -----

// map: a linalg.generic whose body is the computation.
// CHECK-LABEL: func.func @map
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<3xf32>, tensor<3xf32>)
// CHECK: arith.mulf
// CHECK: linalg.yield
func.func @map(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  %0 = "stablehlo.map"(%a, %b) ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = stablehlo.multiply %x, %y : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// scatter: a loop over the updates; out-of-bounds targets are skipped;
// unsigned indices zero-extend.
// CHECK-LABEL: func.func @scatter
// CHECK: scf.for
// CHECK: arith.index_castui
// CHECK: arith.cmpi ult
// CHECK: scf.if
// CHECK: arith.addi
// CHECK: tensor.insert
// CHECK: } else {
func.func @scatter(%input: tensor<4xi32>, %indices: tensor<2x1xui32>, %updates: tensor<2xi32>) -> tensor<4xi32> {
  %0 = "stablehlo.scatter"(%input, %indices, %updates) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0],
        scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}
     : (tensor<4xi32>, tensor<2x1xui32>, tensor<2xi32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// select_and_scatter: per source element, a select scan over the window,
// then the scatter region at the selected position.
// CHECK-LABEL: func.func @select_and_scatter
// CHECK: linalg.fill
// CHECK: scf.for
// CHECK: arith.cmpf oge
// CHECK: scf.if
// CHECK: arith.addf
// CHECK: tensor.insert
func.func @select_and_scatter(%operand: tensor<4xf32>, %source: tensor<2xf32>, %init: tensor<f32>) -> tensor<4xf32> {
  %0 = "stablehlo.select_and_scatter"(%operand, %source, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}
     : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A body that captures a value from outside is not lowered.
func.func @reduce_captures(%x: tensor<4xf32>, %init: tensor<f32>, %c: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{unsupported: no compiler lowering for 'stablehlo.reduce'}}
  %0 = stablehlo.reduce(%x init: %init) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    reducer(%a: tensor<f32>, %b: tensor<f32>) {
      %m = stablehlo.add %a, %c : tensor<f32>
      stablehlo.return %m : tensor<f32>
    }
  return %0 : tensor<f32>
}
