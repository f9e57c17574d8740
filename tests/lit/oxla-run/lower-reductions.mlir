// Reductions over the last dimension, lowered by oxla-lower-reductions with
// OXLA_EXACT_SUMS=1 (float sums in order; reassociated-sums.mlir has the
// default),
// give exactly the interpreter's results (--max-ulp 0): float sums of rows
// in groups of 8 plus left-over rows (13 rows), a sum whose order matters
// (large terms that cancel), a variadic reduce (max with its index),
// order-free max and integer sum in 16 lanes with a tail, and dynamic
// sizes (19 x 19: two groups and three rows left over), and f64 and i64
// sums (vectors of 8 wider lanes).
// RUN: env OXLA_EXACT_SUMS=1 oxla-run %s --split-input-file --random-inputs --dim-size 19 --check-with-interpreter --max-ulp 0 --print-results | FileCheck %s
// RUN: oxla-run %s --split-input-file --random-inputs --emit buffers | FileCheck %s --check-prefix=IR
// By default the sums are reassociated, and the cancelling row keeps its 1:
// RUN: oxla-run %s --split-input-file --random-inputs --dim-size 19 --print-results | FileCheck %s --check-prefix=SUMS
// SUMS: EXEC @main
// SUMS: EXEC @main
// SUMS-NEXT: 9xf32=[2 2 2 2 2 2 2 2 2]
// CHECK: EXEC @main
// CHECK-NEXT: 3x13xf32=
// CHECK: EXEC @main
// CHECK-NEXT: 9xf32=[1 1 1 1 1 1 1 1 1]
// CHECK: EXEC @main
// CHECK-NEXT: 11xf32=
// CHECK-NEXT: 11xi32=
// CHECK: EXEC @main
// CHECK-NEXT: 5xf32=
// CHECK-NEXT: 5xi32=
// CHECK: EXEC @main
// CHECK-NEXT: 19xf32=
// CHECK: EXEC @main
// CHECK-NEXT: 10xf64=
// CHECK-NEXT: 10xi64=
// IR-COUNT-8: linalg.reduce

func.func @main(%x: tensor<3x13x77xf32>) -> tensor<3x13xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [2] : (tensor<3x13x77xf32>, tensor<f32>) -> tensor<3x13xf32>
  return %0 : tensor<3x13xf32>
}

// -----

// Each row is [1e8, 1, -1e8, 0...]: summed in order, 1e8 + 1 rounds to 1e8
// and the row sums to 0; any other grouping keeps the 1.
func.func @main() -> tensor<9xf32> {
  %big = stablehlo.constant dense<1.0e8> : tensor<9x1xf32>
  %one = stablehlo.constant dense<1.0> : tensor<9x1xf32>
  %neg = stablehlo.constant dense<-1.0e8> : tensor<9x1xf32>
  %rest = stablehlo.constant dense<0.0> : tensor<9x45xf32>
  %row = stablehlo.concatenate %big, %one, %neg, %rest, dim = 1 : (tensor<9x1xf32>, tensor<9x1xf32>, tensor<9x1xf32>, tensor<9x45xf32>) -> tensor<9x48xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %sum = stablehlo.reduce(%row init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<9x48xf32>, tensor<f32>) -> tensor<9xf32>
  %one9 = stablehlo.constant dense<1.0> : tensor<9xf32>
  %r = stablehlo.add %sum, %one9 : tensor<9xf32>
  return %r : tensor<9xf32>
}

// -----

// The largest element of each row and its index.
func.func @main(%x: tensor<11x40xf32>) -> (tensor<11xf32>, tensor<11xi32>) {
  %i = stablehlo.iota dim = 1 : tensor<11x40xi32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %0:2 = stablehlo.reduce(%x init: %ninf), (%i init: %z) across dimensions = [1] : (tensor<11x40xf32>, tensor<11x40xi32>, tensor<f32>, tensor<i32>) -> (tensor<11xf32>, tensor<11xi32>)
    reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>) {
      %gt = stablehlo.compare GT, %a, %c : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %v = stablehlo.select %gt, %a, %c : tensor<i1>, tensor<f32>
      %k = stablehlo.select %gt, %b, %d : tensor<i1>, tensor<i32>
      stablehlo.return %v, %k : tensor<f32>, tensor<i32>
    }
  return %0#0, %0#1 : tensor<11xf32>, tensor<11xi32>
}

// -----

func.func @main(%x: tensor<5x100xf32>, %y: tensor<5x100xi32>) -> (tensor<5xf32>, tensor<5xi32>) {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %z = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<5x100xf32>, tensor<f32>) -> tensor<5xf32>
  %1 = stablehlo.reduce(%y init: %z) applies stablehlo.add across dimensions = [1] : (tensor<5x100xi32>, tensor<i32>) -> tensor<5xi32>
  return %0, %1 : tensor<5xf32>, tensor<5xi32>
}

// -----

func.func @main(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<?x?xf32>, tensor<f32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @main(%x: tensor<10x27xf64>, %y: tensor<10x27xi64>) -> (tensor<10xf64>, tensor<10xi64>) {
  %zero = stablehlo.constant dense<0.0> : tensor<f64>
  %z = stablehlo.constant dense<0> : tensor<i64>
  %0 = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<10x27xf64>, tensor<f64>) -> tensor<10xf64>
  %1 = stablehlo.reduce(%y init: %z) applies stablehlo.add across dimensions = [1] : (tensor<10x27xi64>, tensor<i64>) -> tensor<10xi64>
  return %0, %1 : tensor<10xf64>, tensor<10xi64>
}
