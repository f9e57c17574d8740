// RUN: oxla-opt %s --split-input-file --oxla-simplify | FileCheck %s

// A max over the dimensions a broadcast added is the broadcast operand
// (init -inf, the identity); an integer sum is the operand times the
// number of copies.
// CHECK-LABEL: func.func @of_broadcast
// CHECK-DAG: %[[N:.*]] = stablehlo.constant dense<6> : tensor<4xi32>
// CHECK-DAG: %[[M:.*]] = stablehlo.multiply %arg1, %[[N]] : tensor<4xi32>
// CHECK-NOT: stablehlo.reduce
// CHECK: return %arg0, %[[M]]
func.func @of_broadcast(%x: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %b = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = stablehlo.reduce(%b init: %ninf) applies stablehlo.maximum across dimensions = [0] : (tensor<3x4xf32>, tensor<f32>) -> tensor<4xf32>
  %bi = stablehlo.broadcast_in_dim %i, dims = [1] : (tensor<4xi32>) -> tensor<2x4x3xi32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %1 = stablehlo.reduce(%bi init: %zero) applies stablehlo.add across dimensions = [0, 2] : (tensor<2x4x3xi32>, tensor<i32>) -> tensor<4xi32>
  return %0, %1 : tensor<4xf32>, tensor<4xi32>
}

// -----

// Left alone: a float sum (n copies summed is not x*n in floating point),
// a max whose init is not -inf, a reduce over a dimension the operand
// has.
// CHECK-LABEL: func.func @unchanged
// CHECK-COUNT-3: stablehlo.reduce
func.func @unchanged(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<3xf32>) {
  %b = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%b init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<3x4xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = stablehlo.reduce(%b init: %zero) applies stablehlo.maximum across dimensions = [0] : (tensor<3x4xf32>, tensor<f32>) -> tensor<4xf32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %2 = stablehlo.reduce(%b init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<3xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<3xf32>
}

// -----

// A variadic reduce whose second result is unused and whose first result
// does not read the second's arguments loses them; an argmax (the index
// result reads the values) keeps both.
// CHECK-LABEL: func.func @unused_results
// CHECK: stablehlo.reduce(%arg0 init: %{{.*}}) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
// CHECK: stablehlo.reduce(%arg0 init: %{{.*}}), (%arg1 init: %{{.*}})
func.func @unused_results(%x: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<f32>, tensor<i32>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %izero = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.reduce(%x init: %zero), (%i init: %izero) across dimensions = [0] : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
    reducer(%a: tensor<f32>, %b: tensor<f32>) (%c: tensor<i32>, %d: tensor<i32>) {
      %s = stablehlo.add %a, %b : tensor<f32>
      %t = stablehlo.add %c, %d : tensor<i32>
      stablehlo.return %s, %t : tensor<f32>, tensor<i32>
    }
  %1:2 = stablehlo.reduce(%x init: %zero), (%i init: %izero) across dimensions = [0] : (tensor<4xf32>, tensor<4xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
    reducer(%a: tensor<f32>, %b: tensor<f32>) (%c: tensor<i32>, %d: tensor<i32>) {
      %p = stablehlo.compare GE, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %m = stablehlo.select %p, %a, %b : tensor<i1>, tensor<f32>
      %j = stablehlo.select %p, %c, %d : tensor<i1>, tensor<i32>
      stablehlo.return %m, %j : tensor<f32>, tensor<i32>
    }
  return %0#0, %1#1 : tensor<f32>, tensor<i32>
}
