// Float sums by default (oxla-lower-reductions without in-order-sums):
// each row in 16 lanes, 4 vectors side by side on long rows, the lanes
// combined in a tree; the elementwise op that writes the summed buffer is
// computed inside the reduction's loop (softmax's exp(x - max), a sum of
// squares). Against the interpreter, which sums each row in order: both
// orders round differently, and the in-order sum of n positive terms is
// itself only accurate to about sqrt(n) ULPs (n = 200 to 1000 here, 17 ULPs
// apart seen; exp is within 1 ULP), so the results may differ by up to 32. With
// OXLA_EXACT_SUMS=1 the sums are the interpreter's and only exp's rounding
// remains (softmax: exp, then a sum and a quotient of such values).
// RUN: oxla-run %s --split-input-file --random-inputs --check-with-interpreter --max-ulp 32 --print-results | FileCheck %s
// RUN: env OXLA_EXACT_SUMS=1 oxla-run %s --split-input-file --random-inputs --check-with-interpreter --max-ulp 4 --print-results | FileCheck %s
// CHECK: EXEC @main
// CHECK-NEXT: 13x200xf32=
// CHECK: EXEC @main
// CHECK-NEXT: 9xf32=
// CHECK: EXEC @main
// CHECK-NEXT: 5xf32=

func.func @main(%x: tensor<13x200xf32>) -> tensor<13x200xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %max = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<13x200xf32>, tensor<f32>) -> tensor<13xf32>
  %mb = stablehlo.broadcast_in_dim %max, dims = [0] : (tensor<13xf32>) -> tensor<13x200xf32>
  %d = stablehlo.subtract %x, %mb : tensor<13x200xf32>
  %e = stablehlo.exponential %d : tensor<13x200xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<13x200xf32>, tensor<f32>) -> tensor<13xf32>
  %sb = stablehlo.broadcast_in_dim %sum, dims = [0] : (tensor<13xf32>) -> tensor<13x200xf32>
  %y = stablehlo.divide %e, %sb : tensor<13x200xf32>
  return %y : tensor<13x200xf32>
}

// -----

func.func @main(%x: tensor<9x300xf32>, %m: tensor<9xf32>) -> tensor<9xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<9xf32>) -> tensor<9x300xf32>
  %d = stablehlo.subtract %x, %mb : tensor<9x300xf32>
  %sq = stablehlo.multiply %d, %d : tensor<9x300xf32>
  %ss = stablehlo.reduce(%sq init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<9x300xf32>, tensor<f32>) -> tensor<9xf32>
  return %ss : tensor<9xf32>
}

// -----

func.func @main(%x: tensor<5x1000xf32>) -> tensor<5xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %e = stablehlo.exponential %x : tensor<5x1000xf32>
  %sum = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<5x1000xf32>, tensor<f32>) -> tensor<5xf32>
  return %sum : tensor<5xf32>
}
