// RUN: oxla-opt %s --split-input-file --oxla-simplify | FileCheck %s

// Elementwise ops and data movement on constants fold with the
// interpreter's numerics: exp of a splat is one splat; 0.1 + 0.2 in f16
// is 0.2998 (each rounded to f16); integer arithmetic and compare fold
// exactly.
// CHECK-LABEL: func.func @elementwise
// CHECK-DAG: %[[E:.*]] = stablehlo.constant dense<2.71828175> : tensor<2x3xf32>
// CHECK-DAG: %[[H:.*]] = stablehlo.constant dense<2.998050e-01> : tensor<4xf16>
// CHECK-DAG: %[[I:.*]] = stablehlo.constant dense<[5, 7, 9]> : tensor<3xi32>
// CHECK-DAG: %[[P:.*]] = stablehlo.constant dense<[false, true, true]> : tensor<3xi1>
// CHECK-NOT: stablehlo.exponential
// CHECK-NOT: stablehlo.add
// CHECK: return %[[E]], %[[H]], %[[I]], %[[P]]
func.func @elementwise() -> (tensor<2x3xf32>, tensor<4xf16>, tensor<3xi32>, tensor<3xi1>) {
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %b = stablehlo.broadcast_in_dim %one, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
  %e = stablehlo.exponential %b : tensor<2x3xf32>
  %x = stablehlo.constant dense<0.1> : tensor<4xf16>
  %y = stablehlo.constant dense<0.2> : tensor<4xf16>
  %h = stablehlo.add %x, %y : tensor<4xf16>
  %a = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %c = stablehlo.constant dense<[4, 5, 6]> : tensor<3xi32>
  %i = stablehlo.add %a, %c : tensor<3xi32>
  %two = stablehlo.constant dense<2> : tensor<3xi32>
  %p = stablehlo.compare GE, %a, %two : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  return %e, %h, %i, %p : tensor<2x3xf32>, tensor<4xf16>, tensor<3xi32>, tensor<3xi1>
}

// -----

// Data movement of a non-splat constant folds; a convert too.
// CHECK-LABEL: func.func @movement
// CHECK-DAG: %[[T:.*]] = stablehlo.constant dense<{{\[\[}}1, 3], [2, 4]]> : tensor<2x2xi32>
// CHECK-DAG: %[[F:.*]] = stablehlo.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>
// CHECK: return %[[T]], %[[F]]
func.func @movement() -> (tensor<2x2xi32>, tensor<4xf32>) {
  %c = stablehlo.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %t = stablehlo.transpose %c, dims = [1, 0] : (tensor<2x2xi32>) -> tensor<2x2xi32>
  %r = stablehlo.reshape %c : (tensor<2x2xi32>) -> tensor<4xi32>
  %f = stablehlo.convert %r : (tensor<4xi32>) -> tensor<4xf32>
  return %t, %f : tensor<2x2xi32>, tensor<4xf32>
}

// -----

// Left alone: ops on non-constants; a broadcast of a non-splat constant,
// however small (the compiled code broadcasts it inside its users, and a
// convolution's bias is recognized as one); a
// product of large constants (the interpreter computes it one product at a
// time). An integer division by zero folds to the interpreter's -1 (XLA's).
// CHECK-LABEL: func.func @unchanged
// CHECK-DAG: %[[D:.*]] = stablehlo.constant dense<[3, -1]> : tensor<2xi32>
// CHECK-DAG: stablehlo.exponential %arg0
// CHECK-DAG: stablehlo.broadcast_in_dim %{{.*}}, dims = [0] : (tensor<3xi32>) -> tensor<3x4096xi32>
// CHECK-DAG: stablehlo.broadcast_in_dim %{{.*}}, dims = [1] : (tensor<3xi32>) -> tensor<2x3xi32>
// CHECK-DAG: stablehlo.dot_general
// CHECK-NOT: stablehlo.divide
// CHECK: return {{.*}}, %[[D]]
func.func @unchanged(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<3x4096xi32>, tensor<2x3xi32>, tensor<128x128xf32>, tensor<2xi32>) {
  %e = stablehlo.exponential %x : tensor<4xf32>
  %c = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %b = stablehlo.broadcast_in_dim %c, dims = [0] : (tensor<3xi32>) -> tensor<3x4096xi32>
  %s = stablehlo.broadcast_in_dim %c, dims = [1] : (tensor<3xi32>) -> tensor<2x3xi32>
  %m = stablehlo.constant dense<0.5> : tensor<128x128xf32>
  %p = stablehlo.dot_general %m, %m, contracting_dims = [1] x [0] : (tensor<128x128xf32>, tensor<128x128xf32>) -> tensor<128x128xf32>
  %n = stablehlo.constant dense<[6, 8]> : tensor<2xi32>
  %z = stablehlo.constant dense<[2, 0]> : tensor<2xi32>
  %d = stablehlo.divide %n, %z : tensor<2xi32>
  return %e, %b, %s, %p, %d : tensor<4xf32>, tensor<3x4096xi32>, tensor<2x3xi32>, tensor<128x128xf32>, tensor<2xi32>
}

// -----

// Constants stay in the region they are written in.
// CHECK-LABEL: func.func @regions
// CHECK: stablehlo.reduce
// CHECK: stablehlo.constant dense<3.000000e+00>
// CHECK: stablehlo.multiply
func.func @regions(%x: tensor<4xf32>) -> tensor<f32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %r = stablehlo.reduce(%x init: %zero) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    reducer(%a: tensor<f32>, %b: tensor<f32>) {
      %one = stablehlo.constant dense<1.0> : tensor<f32>
      %two = stablehlo.constant dense<2.0> : tensor<f32>
      %three = stablehlo.add %one, %two : tensor<f32>
      %m = stablehlo.multiply %b, %three : tensor<f32>
      %s = stablehlo.add %a, %m : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }
  return %r : tensor<f32>
}
