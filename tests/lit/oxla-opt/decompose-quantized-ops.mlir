// RUN: oxla-opt --oxla-decompose-quantized-ops %s | FileCheck %s
// RUN: oxla-opt --oxla-decompose-quantized-ops %s | oxla-opt | FileCheck %s

// Elementwise ops: dequantize each quantized operand (once), compute on the
// expressed type, quantize the result.
// CHECK-LABEL: func.func @add
// CHECK-SAME: (%[[A:.*]]: tensor<2x!quant.uniform<i8:f32, 1.000000e-01:-30>>, %[[B:.*]]: tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-20>>)
// CHECK: %[[FA:.*]] = stablehlo.uniform_dequantize %[[A]] : (tensor<2x!quant.uniform<i8:f32, 1.000000e-01:-30>>) -> tensor<2xf32>
// CHECK: %[[FB:.*]] = stablehlo.uniform_dequantize %[[B]] : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-20>>) -> tensor<2xf32>
// CHECK: %[[SUM:.*]] = stablehlo.add %[[FA]], %[[FB]] : tensor<2xf32>
// CHECK: %[[Q:.*]] = stablehlo.uniform_quantize %[[SUM]] : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01:-20>>
// CHECK: %[[SQ:.*]] = stablehlo.uniform_dequantize %[[Q]]
// CHECK: %[[MUL:.*]] = stablehlo.multiply %[[SQ]], %[[SQ]] : tensor<2xf32>
// CHECK: %[[R:.*]] = stablehlo.uniform_quantize %[[MUL]]
// CHECK: return %[[R]]
func.func @add(%a: tensor<2x!quant.uniform<i8:f32, 0.1:-30>>,
               %b: tensor<2x!quant.uniform<i8:f32, 0.5:-20>>)
    -> tensor<2x!quant.uniform<i8:f32, 0.5:-20>> {
  %0 = stablehlo.add %a, %b : (tensor<2x!quant.uniform<i8:f32, 0.1:-30>>, tensor<2x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<2x!quant.uniform<i8:f32, 0.5:-20>>
  %1 = stablehlo.multiply %0, %0 : tensor<2x!quant.uniform<i8:f32, 0.5:-20>>
  return %1 : tensor<2x!quant.uniform<i8:f32, 0.5:-20>>
}

// Hybrid ops (float result) only dequantize their quantized operands.
// CHECK-LABEL: func.func @hybrid
// CHECK: %[[R:.*]] = stablehlo.uniform_dequantize %arg1 : (tensor<2x3x!quant.uniform<i8:f32, 5.000000e-01>>) -> tensor<2x3xf32>
// CHECK: %[[D:.*]] = stablehlo.dot_general %arg0, %[[R]], contracting_dims = [1] x [0] : (tensor<4x2xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
// CHECK-NOT: uniform_quantize
// CHECK: return %[[D]]
func.func @hybrid(%l: tensor<4x2xf32>, %r: tensor<2x3x!quant.uniform<i8:f32, 0.5>>) -> tensor<4x3xf32> {
  %0 = stablehlo.dot_general %l, %r, contracting_dims = [1] x [0] : (tensor<4x2xf32>, tensor<2x3x!quant.uniform<i8:f32, 0.5>>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// compare (dequantize_compare) compares floats: its compare type becomes
// FLOAT.
// CHECK-LABEL: func.func @compare
// CHECK: stablehlo.uniform_dequantize %arg0
// CHECK: stablehlo.uniform_dequantize %arg1
// CHECK: stablehlo.compare  LT, %{{.*}}, %{{.*}},  FLOAT : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
func.func @compare(%a: tensor<2x!quant.uniform<i8:f32, 0.1:-30>>,
                   %b: tensor<2x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<2xi1> {
  %0 = stablehlo.compare LT, %a, %b, SIGNED : (tensor<2x!quant.uniform<i8:f32, 0.1:-30>>, tensor<2x!quant.uniform<i8:f32, 0.5:-20>>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// Ops that only move elements keep the stored values when the parameters
// agree (a per-axis transpose moves the quantization dimension); quantize,
// dequantize, bitcast_convert and constants stay as they are.
// CHECK-LABEL: func.func @storage_ops
// CHECK-NOT: uniform_dequantize
// CHECK: stablehlo.transpose %arg0, dims = [1, 0] : (tensor<2x3x!quant.uniform<i8:f32:1, {1.000000e-01:-30,2.000000e-01:-30,3.000000e-01:-30}>>) -> tensor<3x2x!quant.uniform<i8:f32:0, {1.000000e-01:-30,2.000000e-01:-30,3.000000e-01:-30}>>
// CHECK-NEXT: stablehlo.reshape %{{.*}} : (tensor<3x2x!quant.uniform<i8:f32:0, {1.000000e-01:-30,2.000000e-01:-30,3.000000e-01:-30}>>) -> tensor<3x1x2x!quant.uniform<i8:f32:0, {1.000000e-01:-30,2.000000e-01:-30,3.000000e-01:-30}>>
// CHECK-NEXT: stablehlo.constant() <{value = dense<[1, 2]> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>
// CHECK-NEXT: stablehlo.bitcast_convert
// CHECK-NEXT: return
func.func @storage_ops(%a: tensor<2x3x!quant.uniform<i8:f32:1, {0.1:-30,0.2:-30,0.3:-30}>>)
    -> (tensor<3x1x2x!quant.uniform<i8:f32:0, {0.1:-30,0.2:-30,0.3:-30}>>, tensor<2xi8>) {
  %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<2x3x!quant.uniform<i8:f32:1, {0.1:-30,0.2:-30,0.3:-30}>>) -> tensor<3x2x!quant.uniform<i8:f32:0, {0.1:-30,0.2:-30,0.3:-30}>>
  %1 = stablehlo.reshape %0 : (tensor<3x2x!quant.uniform<i8:f32:0, {0.1:-30,0.2:-30,0.3:-30}>>) -> tensor<3x1x2x!quant.uniform<i8:f32:0, {0.1:-30,0.2:-30,0.3:-30}>>
  %2 = stablehlo.constant() {value = dense<[1, 2]> : tensor<2xi8>} : () -> tensor<2x!quant.uniform<i8:f32, 0.5>>
  %3 = stablehlo.bitcast_convert %2 : (tensor<2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2xi8>
  return %1, %3 : tensor<3x1x2x!quant.uniform<i8:f32:0, {0.1:-30,0.2:-30,0.3:-30}>>, tensor<2xi8>
}

// Ops with regions keep their quantized block arguments; the ops in the
// body are decomposed.
// CHECK-LABEL: func.func @reduce
// CHECK: stablehlo.reduce(%arg0 init: %arg1)
// CHECK: reducer(%[[X:.*]]: tensor<!quant.uniform<i8:f32, 5.000000e-01:-10>>, %[[Y:.*]]: tensor<!quant.uniform<i8:f32, 5.000000e-01:-10>>)
// CHECK: stablehlo.uniform_dequantize %[[X]]
// CHECK: stablehlo.uniform_dequantize %[[Y]]
// CHECK: stablehlo.add %{{.*}}, %{{.*}} : tensor<f32>
// CHECK: %[[S:.*]] = stablehlo.uniform_quantize
// CHECK: stablehlo.return %[[S]]
func.func @reduce(%a: tensor<3x!quant.uniform<i8:f32, 0.5:-10>>, %init: tensor<!quant.uniform<i8:f32, 0.5:-10>>)
    -> tensor<!quant.uniform<i8:f32, 0.5:-10>> {
  %0 = stablehlo.reduce(%a init: %init) applies stablehlo.add across dimensions = [0] : (tensor<3x!quant.uniform<i8:f32, 0.5:-10>>, tensor<!quant.uniform<i8:f32, 0.5:-10>>) -> tensor<!quant.uniform<i8:f32, 0.5:-10>>
  return %0 : tensor<!quant.uniform<i8:f32, 0.5:-10>>
}

// Programs without quantized types are unchanged.
// CHECK-LABEL: func.func @float
// CHECK-NEXT: stablehlo.add %arg0, %arg0 : tensor<2xf32>
func.func @float(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %a, %a : tensor<2xf32>
  return %0 : tensor<2xf32>
}
