// RUN: oxla-opt %s --split-input-file --oxla-refine-shapes | FileCheck %s

// The shape arithmetic of a shape-polymorphic export, with the dimension
// variable known: get_dimension_size becomes a constant, the integer ops on
// constants fold, and every result type becomes static, the function's too.
// CHECK-LABEL: func.func @broadcast_add
// CHECK-SAME: -> tensor<2x3x4xf32>
// CHECK: %[[SHAPE:.*]] = stablehlo.constant dense<[1, 3, 4]> : tensor<3xi32>
// CHECK: stablehlo.dynamic_broadcast_in_dim %arg0, %[[SHAPE]], dims = [1, 2] : (tensor<3x4xf32>, tensor<3xi32>) -> tensor<1x3x4xf32>
// CHECK: stablehlo.add %{{.*}}, %arg1 : tensor<2x3x4xf32>
// CHECK-NOT: get_dimension_size
// CHECK-NOT: concatenate
func.func @broadcast_add(%arg0: tensor<3x4xf32>, %arg1: tensor<2x3x4xf32>) -> tensor<2x?x4xf32> {
  %0 = stablehlo.constant dense<1> : tensor<1xi32>
  %1 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<3x4xf32>) -> tensor<i32>
  %2 = stablehlo.reshape %1 : (tensor<i32>) -> tensor<1xi32>
  %3 = stablehlo.constant dense<4> : tensor<1xi32>
  %4 = stablehlo.concatenate %0, %2, %3, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
  %5 = stablehlo.dynamic_broadcast_in_dim %arg0, %4, dims = [1, 2] : (tensor<3x4xf32>, tensor<3xi32>) -> tensor<1x?x4xf32>
  %6 = stablehlo.constant dense<[2, 3, 4]> : tensor<3xi32>
  %7 = stablehlo.dynamic_broadcast_in_dim %5, %6, dims = [0, 1, 2] : (tensor<1x?x4xf32>, tensor<3xi32>) -> tensor<2x?x4xf32>
  %8 = stablehlo.add %7, %arg1 : (tensor<2x?x4xf32>, tensor<2x3x4xf32>) -> tensor<2x?x4xf32>
  return %8 : tensor<2x?x4xf32>
}

// -----

// Per-op rules: transpose, reduce, dot_general, concatenate, slice, pad,
// dynamic_iota, dynamic_reshape.
// CHECK-LABEL: func.func @rules
// CHECK-SAME: -> (tensor<4x2xf32>, tensor<4xf32>, tensor<2x5xf32>, tensor<4x4xf32>, tensor<1x2xf32>, tensor<4x11xf32>, tensor<6xi32>, tensor<8xf32>)
func.func @rules(%a: tensor<2x4xf32>, %b: tensor<4x5xf32>)
    -> (tensor<?x?xf32>, tensor<?xf32>, tensor<?x?xf32>, tensor<?x4xf32>, tensor<?x?xf32>,
        tensor<?x?xf32>, tensor<?xi32>, tensor<?xf32>) {
  // CHECK: stablehlo.transpose {{.*}} -> tensor<4x2xf32>
  %t = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x4xf32>) -> tensor<?x?xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%a init: %zero) applies stablehlo.add across dimensions = [0]
    : (tensor<2x4xf32>, tensor<f32>) -> tensor<?xf32>
  %d = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0]
    : (tensor<2x4xf32>, tensor<4x5xf32>) -> tensor<?x?xf32>
  %c = stablehlo.concatenate %a, %a, dim = 0 : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<?x4xf32>
  %s = stablehlo.slice %a [0:2:2, 1:4:2] : (tensor<2x4xf32>) -> tensor<?x?xf32>
  %p = stablehlo.pad %a, %zero, low = [1, 0], high = [1, 1], interior = [0, 2]
    : (tensor<2x4xf32>, tensor<f32>) -> tensor<?x?xf32>
  %shape = stablehlo.constant dense<6> : tensor<1xi64>
  %i = stablehlo.dynamic_iota %shape, dim = 0 : (tensor<1xi64>) -> tensor<?xi32>
  %flat = stablehlo.constant dense<8> : tensor<1xi32>
  %f = stablehlo.dynamic_reshape %a, %flat : (tensor<2x4xf32>, tensor<1xi32>) -> tensor<?xf32>
  return %t, %r, %d, %c, %s, %p, %i, %f : tensor<?x?xf32>, tensor<?xf32>, tensor<?x?xf32>,
    tensor<?x4xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xi32>, tensor<?xf32>
}

// -----

// What the arguments do not fix stays dynamic; calls get the callee's
// refined result types.
// CHECK-LABEL: func.func private @callee
// CHECK-SAME: (%arg0: tensor<?xf32>) -> tensor<?xf32>
// CHECK-LABEL: func.func @caller
// CHECK: call @callee(%arg0) : (tensor<?xf32>) -> tensor<?xf32>
func.func private @callee(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = stablehlo.negate %x : tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @caller(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = call @callee(%x) : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// A constant inside a region stays there.
// CHECK-LABEL: func.func @region_constant
// CHECK: stablehlo.map
// CHECK-NEXT: ^bb0
// CHECK-NEXT: stablehlo.constant dense<2.000000e+00>
func.func @region_constant(%a: tensor<3xf32>) -> tensor<?xf32> {
  %0 = "stablehlo.map"(%a) ({
  ^bb0(%x: tensor<f32>):
    %two = stablehlo.constant dense<2.0> : tensor<f32>
    %s = stablehlo.add %x, %two : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {dimensions = array<i64: 0>} : (tensor<3xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// A while's carried value takes its operand's static size when the body
// keeps it (the ONNX importer's Scan output buffer, sized at run time): the
// blocks' arguments, the body and the results become static.
// CHECK-LABEL: func.func @while_carried
// CHECK-SAME: -> tensor<3x2xf32>
// CHECK: stablehlo.while({{.*}}) : tensor<i64>, tensor<3x2xf32>
// CHECK: stablehlo.dynamic_update_slice %{{.*}} : (tensor<3x2xf32>, tensor<1x2xf32>, tensor<i64>, tensor<i64>) -> tensor<3x2xf32>
// CHECK: stablehlo.return %{{.*}}, %{{.*}} : tensor<i64>, tensor<3x2xf32>
// CHECK: return %{{.*}} : tensor<3x2xf32>
func.func @while_carried(%arg0: tensor<1x2xf32>) -> tensor<?x2xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i64>
  %c1 = stablehlo.constant dense<1> : tensor<i64>
  %c3 = stablehlo.constant dense<3> : tensor<i64>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %shape = stablehlo.constant dense<[3, 2]> : tensor<2xi64>
  %buffer = stablehlo.dynamic_broadcast_in_dim %zero, %shape, dims = [] : (tensor<f32>, tensor<2xi64>) -> tensor<?x2xf32>
  %0:2 = stablehlo.while(%i = %c0, %b = %buffer) : tensor<i64>, tensor<?x2xf32>
   cond {
    %lt = stablehlo.compare LT, %i, %c3, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %next = stablehlo.add %i, %c1 : tensor<i64>
    %row = stablehlo.dynamic_update_slice %b, %arg0, %i, %c0 : (tensor<?x2xf32>, tensor<1x2xf32>, tensor<i64>, tensor<i64>) -> tensor<?x2xf32>
    stablehlo.return %next, %row : tensor<i64>, tensor<?x2xf32>
  }
  return %0#1 : tensor<?x2xf32>
}

// -----

// A carried value that grows each iteration keeps its dynamic type (the
// loop is put back as it was; the cast before it goes, as the while takes
// the more static operand).
// CHECK-LABEL: func.func @while_growing
// CHECK-SAME: -> tensor<?xf32>
// CHECK: stablehlo.concatenate %{{.*}}, %arg0, dim = 0 : (tensor<?xf32>, tensor<1xf32>) -> tensor<?xf32>
// CHECK-NEXT: stablehlo.return %{{.*}}, %{{.*}} : tensor<i64>, tensor<?xf32>
// CHECK: return %{{.*}} : tensor<?xf32>
func.func @while_growing(%arg0: tensor<1xf32>) -> tensor<?xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i64>
  %c1 = stablehlo.constant dense<1> : tensor<i64>
  %c3 = stablehlo.constant dense<3> : tensor<i64>
  %start = tensor.cast %arg0 : tensor<1xf32> to tensor<?xf32>
  %0:2 = stablehlo.while(%i = %c0, %v = %start) : tensor<i64>, tensor<?xf32>
   cond {
    %lt = stablehlo.compare LT, %i, %c3, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %next = stablehlo.add %i, %c1 : tensor<i64>
    %longer = stablehlo.concatenate %v, %arg0, dim = 0 : (tensor<?xf32>, tensor<1xf32>) -> tensor<?xf32>
    stablehlo.return %next, %longer : tensor<i64>, tensor<?xf32>
  }
  return %0#1 : tensor<?xf32>
}
