// RUN: oxla-opt %s --split-input-file --oxla-widen-narrow-contractions | FileCheck %s

// f16 operands and result: both operands converted, an f32 product, the
// result rounded back to f16.
// CHECK-LABEL: func.func @dot_f16
// CHECK-DAG: %[[A:.*]] = stablehlo.convert %arg0 : (tensor<4x8xf16>) -> tensor<4x8xf32>
// CHECK-DAG: %[[B:.*]] = stablehlo.convert %arg1 : (tensor<8x5xf16>) -> tensor<8x5xf32>
// CHECK: %[[P:.*]] = stablehlo.dot_general %[[A]], %[[B]], contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
// CHECK: %[[R:.*]] = stablehlo.convert %[[P]] : (tensor<4x5xf32>) -> tensor<4x5xf16>
// CHECK: return %[[R]]
func.func @dot_f16(%a: tensor<4x8xf16>, %b: tensor<8x5xf16>) -> tensor<4x5xf16> {
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf16>, tensor<8x5xf16>) -> tensor<4x5xf16>
  return %0 : tensor<4x5xf16>
}

// -----

// bf16 operands with an f32 result (preferred_element_type): the operands
// are converted, the result is already f32. A constant operand is
// converted now.
// CHECK-LABEL: func.func @dot_bf16_f32
// CHECK-DAG: %[[A:.*]] = stablehlo.convert %arg0 : (tensor<4x8xbf16>) -> tensor<4x8xf32>
// CHECK-DAG: %[[B:.*]] = stablehlo.constant dense<1.500000e+00> : tensor<8x5xf32>
// CHECK: %[[P:.*]] = stablehlo.dot %[[A]], %[[B]] : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
// CHECK-NOT: stablehlo.convert
// CHECK: return %[[P]]
func.func @dot_bf16_f32(%a: tensor<4x8xbf16>) -> tensor<4x5xf32> {
  %b = stablehlo.constant dense<1.5> : tensor<8x5xbf16>
  %0 = stablehlo.dot %a, %b : (tensor<4x8xbf16>, tensor<8x5xbf16>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// A bf16 convolution: input, kernel and result as for dot_general.
// CHECK-LABEL: func.func @convolution_bf16
// CHECK-DAG: %[[X:.*]] = stablehlo.convert %arg0 : (tensor<1x6x6x3xbf16>) -> tensor<1x6x6x3xf32>
// CHECK-DAG: %[[W:.*]] = stablehlo.convert %arg1 : (tensor<3x3x3x4xbf16>) -> tensor<3x3x3x4xf32>
// CHECK: %[[C:.*]] = stablehlo.convolution(%[[X]], %[[W]]) {{.*}} : (tensor<1x6x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x4x4x4xf32>
// CHECK: stablehlo.convert %[[C]] : (tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xbf16>
func.func @convolution_bf16(%x: tensor<1x6x6x3xbf16>, %w: tensor<3x3x3x4xbf16>) -> tensor<1x4x4x4xbf16> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x6x6x3xbf16>, tensor<3x3x3x4xbf16>) -> tensor<1x4x4x4xbf16>
  return %0 : tensor<1x4x4x4xbf16>
}

// -----

// Left alone: bf16 operands of an f16 product are rounded to f16 first
// (bf16 has the wider range), so converting them to f32 would change the
// sums; f32 products; a dot algorithm, which names its own types.
// CHECK-LABEL: func.func @unchanged
// CHECK-NOT: stablehlo.convert
// CHECK: stablehlo.dot_general %arg0, %arg0, {{.*}} -> tensor<8x8xf16>
// CHECK: stablehlo.dot_general %arg2, %arg2, {{.*}} -> tensor<4x4xf32>
// CHECK: stablehlo.dot_general %arg1, %arg1, {{.*}} algorithm
// CHECK-NOT: stablehlo.convert
func.func @unchanged(%a: tensor<4x8xbf16>, %b: tensor<8x5xf16>, %c: tensor<4x8xf32>) -> (tensor<8x8xf16>, tensor<4x4xf32>, tensor<5x5xf16>) {
  %0 = stablehlo.dot_general %a, %a, contracting_dims = [0] x [0] : (tensor<4x8xbf16>, tensor<4x8xbf16>) -> tensor<8x8xf16>
  %1 = stablehlo.dot_general %c, %c, contracting_dims = [1] x [1] : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x4xf32>
  %2 = stablehlo.dot_general %b, %b, contracting_dims = [0] x [0], algorithm = <lhs_precision_type = f16, rhs_precision_type = f16, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<8x5xf16>, tensor<8x5xf16>) -> tensor<5x5xf16>
  return %0, %1, %2 : tensor<8x8xf16>, tensor<4x4xf32>, tensor<5x5xf16>
}
