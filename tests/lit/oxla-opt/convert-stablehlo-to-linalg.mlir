// RUN: oxla-opt %s --split-input-file --oxla-convert-stablehlo-to-linalg | FileCheck %s

// Signatures become signless; an elementwise op is one linalg.generic.
// CHECK-LABEL: func.func @add_unsigned
// CHECK-SAME: (%[[A:.*]]: tensor<4xi8>, %[[B:.*]]: tensor<4xi8>) -> tensor<4xi8>
// CHECK: %[[INIT:.*]] = tensor.empty() : tensor<4xi8>
// CHECK: linalg.generic {{.*}} ins(%[[A]], %[[B]] : tensor<4xi8>, tensor<4xi8>) outs(%[[INIT]] : tensor<4xi8>)
// CHECK: arith.addi
// CHECK: linalg.yield
func.func @add_unsigned(%a: tensor<4xui8>, %b: tensor<4xui8>) -> tensor<4xui8> {
  %0 = stablehlo.add %a, %b : tensor<4xui8>
  return %0 : tensor<4xui8>
}

// -----

// Unsigned division picks divui and guards the divisor.
// CHECK-LABEL: func.func @divide_unsigned
// CHECK: arith.cmpi eq
// CHECK: arith.divui
// CHECK-NOT: arith.divsi
func.func @divide_unsigned(%a: tensor<4xui32>, %b: tensor<4xui32>) -> tensor<4xui32> {
  %0 = stablehlo.divide %a, %b : tensor<4xui32>
  return %0 : tensor<4xui32>
}

// -----

// bf16 is computed in f32 and rounded once.
// CHECK-LABEL: func.func @bf16_multiply
// CHECK: arith.extf {{.*}} : bf16 to f32
// CHECK: arith.mulf {{.*}} : f32
// CHECK: arith.truncf {{.*}} : f32 to bf16
func.func @bf16_multiply(%a: tensor<3xbf16>) -> tensor<3xbf16> {
  %0 = stablehlo.multiply %a, %a : tensor<3xbf16>
  return %0 : tensor<3xbf16>
}

// -----

// A check becomes a call of the runtime routine for its element type, and its
// description goes into the module's check table.
// CHECK: module attributes {oxla.checks = [{kind = "close", location = "{{.*}}convert-stablehlo-to-linalg.mlir{{.*}}", max_ulp = 3 : i64, min_ulp = 0 : i64, op = "check.expect_close", tolerance = 0.000000e+00 : f64}]}
// CHECK: func.func private @oxla_check_f32(i64, memref<*xf32>, memref<*xf32>) -> i1 attributes {llvm.emit_c_interface}
// CHECK-LABEL: func.func @checked
// CHECK: bufferization.to_memref
// CHECK: memref.cast {{.*}} to memref<*xf32>
// CHECK: call @oxla_check_f32(%{{.*}}, %{{.*}}, %{{.*}}) : (i64, memref<*xf32>, memref<*xf32>) -> i1
func.func @checked(%a: tensor<2xf32>, %b: tensor<2xf32>) {
  stablehlo.custom_call @check.expect_close(%a, %b) {has_side_effect = true} : (tensor<2xf32>, tensor<2xf32>) -> ()
  return
}

