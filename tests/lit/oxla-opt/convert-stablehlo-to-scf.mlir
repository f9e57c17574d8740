// RUN: oxla-opt %s --split-input-file --oxla-convert-stablehlo-to-linalg | FileCheck %s

// while -> scf.while: the condition's tensor<i1> is extracted; a yielded
// value is written into its loop-carried argument.
// CHECK-LABEL: func.func @while
// CHECK: scf.while (%[[I:.*]] = %{{.*}}, %[[S:.*]] = %{{.*}}) : (tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>)
// CHECK: arith.cmpi slt
// CHECK: %[[C:.*]] = tensor.extract %{{.*}}[] : tensor<i1>
// CHECK: scf.condition(%[[C]]) %[[I]], %[[S]] : tensor<i64>, tensor<i64>
// CHECK: } do {
// CHECK: ^bb0(%[[BI:.*]]: tensor<i64>, %[[BS:.*]]: tensor<i64>):
// CHECK: %[[NEXT:.*]] = linalg.generic
// CHECK: %[[W:.*]] = bufferization.materialize_in_destination %[[NEXT]] in %[[BI]]
// CHECK: scf.yield %[[W]], %[[BS]] : tensor<i64>, tensor<i64>
// CHECK-NOT: stablehlo
func.func @while(%i0: tensor<i64>, %s0: tensor<i64>) -> (tensor<i64>, tensor<i64>) {
  %one = stablehlo.constant dense<1> : tensor<i64>
  %ten = stablehlo.constant dense<10> : tensor<i64>
  %r:2 = stablehlo.while(%i = %i0, %s = %s0) : tensor<i64>, tensor<i64>
  cond {
    %c = stablehlo.compare LT, %i, %ten : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %i1 = stablehlo.add %i, %one : tensor<i64>
    stablehlo.return %i1, %s : tensor<i64>, tensor<i64>
  }
  return %r#0, %r#1 : tensor<i64>, tensor<i64>
}

// -----

// Carried values that swap may alias: they are copied before the writes.
// CHECK-LABEL: func.func @while_swap
// CHECK: } do {
// CHECK: ^bb0(%[[A:.*]]: tensor<2xf32>, %[[B:.*]]: tensor<2xf32>):
// CHECK: %[[CA:.*]] = bufferization.alloc_tensor() copy(%[[B]])
// CHECK: %[[CB:.*]] = bufferization.alloc_tensor() copy(%[[A]])
// CHECK: bufferization.materialize_in_destination %[[CA]] in %[[A]]
// CHECK: bufferization.materialize_in_destination %[[CB]] in %[[B]]
func.func @while_swap(%a: tensor<2xf32>, %b: tensor<2xf32>, %p: tensor<i1>) -> tensor<2xf32> {
  %r:2 = stablehlo.while(%x = %a, %y = %b) : tensor<2xf32>, tensor<2xf32>
  cond {
    stablehlo.return %p : tensor<i1>
  } do {
    stablehlo.return %y, %x : tensor<2xf32>, tensor<2xf32>
  }
  return %r#0 : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @if
// CHECK: %[[P:.*]] = tensor.extract %{{.*}}[] : tensor<i1>
// CHECK: scf.if %[[P]] -> (tensor<2xi32>) {
// CHECK: linalg.generic
// CHECK: scf.yield
// CHECK: } else {
// CHECK: scf.yield %{{.*}} : tensor<2xi32>
func.func @if(%p: tensor<i1>, %a: tensor<2xui32>) -> tensor<2xui32> {
  %r = "stablehlo.if"(%p) ({
    %d = stablehlo.add %a, %a : tensor<2xui32>
    stablehlo.return %d : tensor<2xui32>
  }, {
    stablehlo.return %a : tensor<2xui32>
  }) : (tensor<i1>) -> tensor<2xui32>
  return %r : tensor<2xui32>
}

// -----

// case -> scf.index_switch; the last branch is the default, which takes
// every out-of-range index.
// CHECK-LABEL: func.func @case
// CHECK: %[[I:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK: scf.index_switch %[[I]] -> tensor<i64>
// CHECK: case 0 {
// CHECK: case 1 {
// CHECK: default {
// CHECK-NOT: case 2
func.func @case(%i: tensor<i32>, %a: tensor<i64>, %b: tensor<i64>, %c: tensor<i64>) -> tensor<i64> {
  %r = "stablehlo.case"(%i) ({ stablehlo.return %a : tensor<i64> },
                            { stablehlo.return %b : tensor<i64> },
                            { stablehlo.return %c : tensor<i64> }) : (tensor<i32>) -> tensor<i64>
  return %r : tensor<i64>
}

// -----

// optimization_barrier and tuples leave no ops behind.
// CHECK-LABEL: func.func @barrier_tuple
// CHECK-SAME: (%[[A:.*]]: tensor<2xf32>, %[[B:.*]]: tensor<i8>)
// CHECK-NEXT: return %[[B]], %[[A]] : tensor<i8>, tensor<2xf32>
func.func @barrier_tuple(%a: tensor<2xf32>, %b: tensor<ui8>) -> (tensor<ui8>, tensor<2xf32>) {
  %x, %y = stablehlo.optimization_barrier %a, %b : tensor<2xf32>, tensor<ui8>
  %inner = stablehlo.tuple %y : tuple<tensor<ui8>>
  %t = stablehlo.tuple %x, %inner : tuple<tensor<2xf32>, tuple<tensor<ui8>>>
  %e0 = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xf32>, tuple<tensor<ui8>>>) -> tensor<2xf32>
  %e1 = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xf32>, tuple<tensor<ui8>>>) -> tuple<tensor<ui8>>
  %e2 = stablehlo.get_tuple_element %e1[0] : (tuple<tensor<ui8>>) -> tensor<ui8>
  return %e2, %e0 : tensor<ui8>, tensor<2xf32>
}
