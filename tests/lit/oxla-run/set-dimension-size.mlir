// set_dimension_size keeps the first `size` elements of a dimension; the
// bounded dynamic result flows through elementwise ops (the bounds are
// dropped when lowering) and agrees with the interpreter.
// RUN: oxla-run %s --random-inputs --check-with-interpreter --print-results | FileCheck %s
// CHECK: EXEC @main
// CHECK-NEXT: 2x4xf32=

func.func @main(%x: tensor<2x6xf32>) -> tensor<2x4xf32> {
  %n = stablehlo.constant dense<4> : tensor<i32>
  %0 = stablehlo.set_dimension_size %x, %n, dim = 1 : (tensor<2x6xf32>, tensor<i32>) -> tensor<2x?xf32, #stablehlo.type_extensions<bounds = [?, 6]>>
  %1 = stablehlo.multiply %0, %0 : tensor<2x?xf32, #stablehlo.type_extensions<bounds = [?, 6]>>
  %2 = stablehlo.reshape %1 : (tensor<2x?xf32, #stablehlo.type_extensions<bounds = [?, 6]>>) -> tensor<2x4xf32>
  return %2 : tensor<2x4xf32>
}
