// RUN: oxla-opt %s --split-input-file --oxla-convert-stablehlo-to-linalg --verify-diagnostics | FileCheck %s

// A user kernel becomes a call of the runtime with the data addresses of the
// operands, then of freshly allocated results; the module's table says what
// call #0 is. The address list is an alloca at the function's entry (one
// in a loop body would grow the stack on every iteration).
// CHECK: module attributes {oxla.custom_calls = [{attributes = "api 1", backend_config = "alpha=2", operands = ["4xf32", "2x3xi32"], results = ["4xf32", "i32"], target = "my.kernel"}]}
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

// A dictionary backend_config is passed as its MLIR text; XLA's CPU kernels
// read its entries from `attributes`.
// CHECK: attributes = "api 4 attr scale f 0x1p-1", backend_config = "{scale = 5.000000e-01 : f32}"
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

// -----

// XLA's CPU targets: the table records the typed-FFI dictionary and the
// layouts; an output_operand_alias is a hint (the kernel writes its result).
// CHECK: oxla.custom_calls = [{attributes = "api 1 attr uplo i 76 operand_layouts 1 0,1 result_layouts 2 0,1 ~", backend_config = "", operands = ["3x3xf32"], results = ["3x3xf32", "i32"], target = "lapack_spotrf_ffi"}]
// CHECK-LABEL: func.func @xla_target
// CHECK-NOT: memref.copy
// CHECK: call @oxla_custom_call
func.func @xla_target(%a: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %0:2 = stablehlo.custom_call @lapack_spotrf_ffi(%a) {mhlo.backend_config = {uplo = 76 : ui8}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]} : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<i32>)
  return %0#0 : tensor<3x3xf32>
}

// -----

// For a user kernel, an aliased result starts as a copy of its operand.
// CHECK-LABEL: func.func @aliased
// CHECK: %[[B:.*]] = bufferization.to_memref %arg1 read_only : memref<2xf32>
// CHECK: %[[R1:.*]] = memref.alloc() : memref<2xf32>
// CHECK: %[[B2:.*]] = bufferization.to_memref %arg1 read_only : memref<2xf32>
// CHECK: memref.copy %[[B2]], %[[R1]]
// CHECK: call @oxla_custom_call
func.func @aliased(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<2xf32> {
  %0:2 = stablehlo.custom_call @user.in_place(%a, %b) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [1], operand_index = 1, operand_tuple_indices = []>]} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  return %0#1 : tensor<2xf32>
}

// -----

// A tuple result (the older LAPACK ABI) becomes one result per element.
// CHECK: results = ["2x2xf64", "2xf64", "i32"], target = "lapack_dsyevd"
// CHECK-LABEL: func.func @tuple_result
// CHECK: %[[V:.*]] = memref.alloc() : memref<2x2xf64>
// CHECK: %[[W:.*]] = memref.alloc() : memref<2xf64>
// CHECK: %[[INFO:.*]] = memref.alloc() : memref<i32>
// CHECK: call @oxla_custom_call
// CHECK: %[[WT:.*]] = bufferization.to_tensor %[[W]]
// CHECK: return %[[WT]]
func.func @tuple_result(%l: tensor<i32>, %n: tensor<i32>, %a: tensor<2x2xf64>) -> tensor<2xf64> {
  %0 = stablehlo.custom_call @lapack_dsyevd(%l, %l, %n, %a) {api_version = 2 : i32, operand_layouts = [dense<> : tensor<0xindex>, dense<> : tensor<0xindex>, dense<> : tensor<0xindex>, dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>]} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<2x2xf64>) -> tuple<tensor<2x2xf64>, tensor<2xf64>, tensor<i32>>
  %1 = stablehlo.get_tuple_element %0[1] : (tuple<tensor<2x2xf64>, tensor<2xf64>, tensor<i32>>) -> tensor<2xf64>
  return %1 : tensor<2xf64>
}

// -----

// A call XLA's kernel cannot take is reported at the op (oxla-run checks
// the same before compiling and exits 2).
func.func @wrong_signature(%a: tensor<3x3xf32>) -> tensor<3x3xf32> {
  // expected-error @+2 {{custom_call @lapack_spotrf_ffi: returns 2 result(s), got 1}}
  // expected-error @+1 {{unsupported: no compiler lowering for 'stablehlo.custom_call'}}
  %0 = stablehlo.custom_call @lapack_spotrf_ffi(%a) {mhlo.backend_config = {uplo = 76 : ui8}} : (tensor<3x3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}
