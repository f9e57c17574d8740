// RUN: oxla-opt %s --oxla-decompose-scan | FileCheck %s

// The loop state is the counter, the carry and the output; the step slices
// the input at the position, runs the body and writes the output slice.
// CHECK-LABEL: func.func @cumsum_rows
// CHECK-NOT: chlo.scan
// CHECK: %[[ZERO:.*]] = stablehlo.constant dense<0> : tensor<2x3xi32>
// CHECK: %[[W:.*]]:3 = stablehlo.while(%[[I:.*]] = %{{.*}}, %[[C:.*]] = %arg1, %[[O:.*]] = %[[ZERO]])
// CHECK: stablehlo.compare {{ *}}LT, %[[I]], %{{.*}}, {{ *}}SIGNED
// CHECK: %[[S:.*]] = stablehlo.dynamic_slice %arg0, %{{.*}}, %[[I]], sizes = [2, 1]
// CHECK: %[[X:.*]] = stablehlo.reshape %[[S]] : (tensor<2x1xi32>) -> tensor<2xi32>
// CHECK: %[[SUM:.*]] = stablehlo.add %[[X]], %[[C]] : tensor<2xi32>
// CHECK: %[[U:.*]] = stablehlo.reshape %[[SUM]] : (tensor<2xi32>) -> tensor<2x1xi32>
// CHECK: %[[O2:.*]] = stablehlo.dynamic_update_slice %[[O]], %[[U]], %{{.*}}, %[[I]]
// CHECK: stablehlo.return %{{.*}}, %[[SUM]], %[[O2]]
// CHECK: return %[[W]]#2, %[[W]]#1
func.func @cumsum_rows(%x: tensor<2x3xi32>, %init: tensor<2xi32>) -> (tensor<2x3xi32>, tensor<2xi32>) {
  %0:2 = chlo.scan(%x) inits(%init) dimension=1 {
  ^bb0(%a: tensor<2xi32>, %c: tensor<2xi32>):
    %s = stablehlo.add %a, %c : tensor<2xi32>
    stablehlo.return %s, %s : tensor<2xi32>, tensor<2xi32>
  } : (tensor<2x3xi32>, tensor<2xi32>) -> (tensor<2x3xi32>, tensor<2xi32>)
  return %0#0, %0#1 : tensor<2x3xi32>, tensor<2xi32>
}

// Reversed: the position counts down from the last one.
// CHECK-LABEL: func.func @reversed
// CHECK: %[[LAST:.*]] = stablehlo.constant dense<3> : tensor<i64>
// CHECK: %[[P:.*]] = stablehlo.subtract %[[LAST]], %{{.*}} : tensor<i64>
// CHECK: stablehlo.dynamic_slice %arg0, %[[P]], sizes = [1]
func.func @reversed(%x: tensor<4xf32>, %init: tensor<f32>) -> (tensor<4xf32>, tensor<f32>) {
  %0:2 = chlo.scan(%x) inits(%init) dimension=0 attributes {is_reverse = true} {
  ^bb0(%a: tensor<f32>, %c: tensor<f32>):
    %m = stablehlo.multiply %a, %c : tensor<f32>
    stablehlo.return %m, %m : tensor<f32>, tensor<f32>
  } : (tensor<4xf32>, tensor<f32>) -> (tensor<4xf32>, tensor<f32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<f32>
}
