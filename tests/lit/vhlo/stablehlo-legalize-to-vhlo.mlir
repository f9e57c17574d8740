// RUN: oxla-opt --stablehlo-legalize-to-vhlo %s | FileCheck %s
// RUN: oxla-opt --stablehlo-legalize-to-vhlo --vhlo-legalize-to-stablehlo %s | FileCheck %s --check-prefix=BACK

// Every op becomes the newest version of its vhlo op, with its operands,
// attributes (inherent and discardable) and regions as they were.

// CHECK-LABEL: "vhlo.func_v1"() ({
// CHECK-NEXT: ^bb0(%[[X:.*]]: tensor<4xf32>, %[[Y:.*]]: tensor<f32>):
// CHECK-NEXT: %[[C:.*]] = "vhlo.cbrt_v2"(%[[X]]) {result_accuracy = #stablehlo.result_accuracy<{{.*}}HIGHEST>>} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[R:.*]] = "vhlo.reduce_v1"(%[[C]], %[[Y]]) ({
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>):
// CHECK-NEXT: %[[S:.*]] = "vhlo.add_v1"(%[[A]], %[[B]])
// CHECK-NEXT: "vhlo.return_v1"(%[[S]])
// CHECK-NEXT: }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
// CHECK-NEXT: %[[K:.*]] = "vhlo.call_v1"(%[[R]]) {callee = @id} : (tensor<f32>) -> tensor<f32>
// CHECK-NEXT: "vhlo.return_v1"(%[[K]]) : (tensor<f32>) -> ()
// CHECK-NEXT: }) {function_type = (tensor<4xf32>, tensor<f32>) -> tensor<f32>, jax.uses_shape_polymorphism = true, sym_name = "main"} : () -> ()
// CHECK: "vhlo.func_v1"() ({
// CHECK: sym_name = "id", sym_visibility = "private"

// BACK-LABEL: func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<f32>) -> tensor<f32> attributes {jax.uses_shape_polymorphism = true} {
// BACK-NEXT: stablehlo.cbrt %arg0 {result_accuracy = {{.*}}HIGHEST
// BACK-NEXT: stablehlo.reduce(%0 init: %arg1) applies stablehlo.add across dimensions = [0]
// BACK-NEXT: call @id(%1)
// BACK-NEXT: return
// BACK: func.func private @id
func.func @main(%x: tensor<4xf32>, %init: tensor<f32>) -> tensor<f32>
    attributes {jax.uses_shape_polymorphism = true} {
  %0 = "stablehlo.cbrt"(%x) {
    result_accuracy = #stablehlo.result_accuracy<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #stablehlo.result_accuracy_mode<HIGHEST>>
  } : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "stablehlo.reduce"(%0, %init) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = "stablehlo.add"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "stablehlo.return"(%s) : (tensor<f32>) -> ()
  }) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  %2 = func.call @id(%1) : (tensor<f32>) -> tensor<f32>
  return %2 : tensor<f32>
}

func.func private @id(%a: tensor<f32>) -> tensor<f32> {
  return %a : tensor<f32>
}
