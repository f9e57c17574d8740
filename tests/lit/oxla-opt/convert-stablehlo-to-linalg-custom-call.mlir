// RUN: oxla-opt %s --split-input-file --oxla-convert-stablehlo-to-linalg --verify-diagnostics | FileCheck %s

// A user kernel becomes a call of the runtime with the data addresses of the
// operands, then of freshly allocated results; the module's table says what
// call #0 is. The address list is an alloca at the function's entry (one
// in a loop body would grow the stack on every iteration).
// CHECK: module attributes {oxla.custom_calls = [{backend_config = "alpha=2", operands = ["4xf32", "2x3xi32"], results = ["4xf32", "i32"], target = "my.kernel"}]}
// CHECK: func.func private @oxla_custom_call(i64, memref<?xindex>) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @two_results
// CHECK-NEXT: %[[LIST:.*]] = memref.alloca() : memref<4xindex>
// CHECK: %[[A:.*]] = bufferization.to_memref %arg0 read_only : memref<4xf32>
// CHECK: %[[PA:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
// CHECK: %[[R0:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[R1:.*]] = memref.alloc() : memref<i32>
// CHECK: memref.store %[[PA]], %[[LIST]]
// CHECK: %[[CAST:.*]] = memref.cast %[[LIST]] : memref<4xindex> to memref<?xindex>
// CHECK: %[[ID:.*]] = arith.constant 0 : i64
// CHECK: call @oxla_custom_call(%[[ID]], %[[CAST]])
// CHECK: bufferization.to_tensor %[[R0]] restrict writable
// CHECK: bufferization.to_tensor %[[R1]] restrict writable
func.func @two_results(%a: tensor<4xf32>, %b: tensor<2x3xi32>) -> (tensor<4xf32>, tensor<i32>) {
  %0:2 = stablehlo.custom_call @my.kernel(%a, %b) {backend_config = "alpha=2"} : (tensor<4xf32>, tensor<2x3xi32>) -> (tensor<4xf32>, tensor<i32>)
  return %0#0, %0#1 : tensor<4xf32>, tensor<i32>
}

// -----

// A dictionary backend_config is passed as its MLIR text.
// CHECK: backend_config = "{scale = 5.000000e-01 : f32}"
// CHECK-SAME: operands = ["3xui8"], results = []
func.func @dictionary_config(%a: tensor<3xui8>) {
  stablehlo.custom_call @side.effect(%a) {api_version = 4 : i32, backend_config = {scale = 0.5 : f32}, has_side_effect = true} : (tensor<3xui8>) -> ()
  return
}

// -----

// A kernel gets buffers of known size: dynamic shapes are not lowered.
func.func @dynamic(%a: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{unsupported: no compiler lowering for 'stablehlo.custom_call' with these operand and result types}}
  %0 = stablehlo.custom_call @my.kernel(%a) : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
