// A shape-polymorphic export (JAX's dimension variable %n, then arrays of
// size n) is compiled for the arguments it gets: their shapes and the
// value of %n make every shape static.
// RUN: oxla-run %s --input i64=2 --input 2x4xf32=1,2,3,4,5,6,7,8 --input 2x2x4xf32 --print-results | FileCheck %s --check-prefix=TWO
// RUN: oxla-run %s --input i64=1 --input 1x4xf32=1,2,3,4 --input 2x1x4xf32=1,1,1,1,2,2,2,2 --print-results | FileCheck %s --check-prefix=ONE
// RUN: oxla-run %s --random-inputs --dim-size 5 --check-with-interpreter --print-results | FileCheck %s --check-prefix=RANDOM
// RUN: oxla-interpret %s --random-inputs --dim-size 5 --print-results | FileCheck %s --check-prefix=RANDOM
// RUN: not oxla-run %s --random-inputs --input i64=1 2>&1 | FileCheck %s --check-prefix=BOTH

// TWO: EXEC @main
// TWO-NEXT: 2x2x4xf32={{\[\[}}1 2 3 4][5 6 7 8]]{{\[\[}}1 2 3 4][5 6 7 8]]
// ONE: EXEC @main
// ONE-NEXT: 2x1x4xf32={{\[\[}}2 3 4 5]]{{\[\[}}3 4 5 6]]
// RANDOM: EXEC @main
// RANDOM-NEXT: 2x5x4xf32=
// BOTH: --random-inputs and --input exclude each other

func.func public @main(%n: tensor<i64>, %x: tensor<?x4xf32>, %y: tensor<2x?x4xf32>) -> tensor<2x?x4xf32> {
  %one = stablehlo.constant dense<1> : tensor<1xi32>
  %n32 = stablehlo.convert %n : (tensor<i64>) -> tensor<i32>
  %n1 = stablehlo.reshape %n32 : (tensor<i32>) -> tensor<1xi32>
  %four = stablehlo.constant dense<4> : tensor<1xi32>
  %shape = stablehlo.concatenate %one, %n1, %four, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
  %b = stablehlo.dynamic_broadcast_in_dim %x, %shape, dims = [1, 2] : (tensor<?x4xf32>, tensor<3xi32>) -> tensor<1x?x4xf32>
  %two = stablehlo.constant dense<2> : tensor<1xi32>
  %shape2 = stablehlo.concatenate %two, %n1, %four, dim = 0 : (tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xi32>
  %b2 = stablehlo.dynamic_broadcast_in_dim %b, %shape2, dims = [0, 1, 2] : (tensor<1x?x4xf32>, tensor<3xi32>) -> tensor<2x?x4xf32>
  %sum = stablehlo.add %b2, %y : tensor<2x?x4xf32>
  return %sum : tensor<2x?x4xf32>
}
