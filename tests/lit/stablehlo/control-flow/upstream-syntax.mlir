// The short forms upstream StableHLO prints for these ops (docs/syntax.md), in the
// module oxla-opt prints: each line parses and prints back character for character
// (--strict-whitespace, e.g. `compare  LT`), also after the generic form.
// RUN: oxla-opt %s | FileCheck %s --strict-whitespace
// RUN: oxla-opt %s | oxla-opt | FileCheck %s --strict-whitespace
// RUN: oxla-opt %s --mlir-print-op-generic | oxla-opt | FileCheck %s --strict-whitespace

// CHECK-LABEL: func.func @controlflow(
func.func @controlflow(%arg0: tensor<i64>, %arg1: tensor<i1>, %arg2: tensor<i32>) -> tensor<i64> {
// CHECK-NEXT: %c = stablehlo.constant dense<10> : tensor<i64>
  %c = stablehlo.constant dense<10> : tensor<i64>
// CHECK-NEXT: %c_0 = stablehlo.constant dense<1> : tensor<i64>
  %c_0 = stablehlo.constant dense<1> : tensor<i64>
// CHECK-NEXT: %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_1 = %c) : tensor<i64>, tensor<i64>
  %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_1 = %c) : tensor<i64>, tensor<i64>
// CHECK-NEXT: cond {
   cond {
// CHECK-NEXT: %4 = stablehlo.compare  LT, %iterArg, %iterArg_1,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %4 = stablehlo.compare  LT, %iterArg, %iterArg_1,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
// CHECK-NEXT: stablehlo.return %4 : tensor<i1>
    stablehlo.return %4 : tensor<i1>
// CHECK-NEXT: } do {
  } do {
// CHECK-NEXT: %4 = stablehlo.add %iterArg, %c_0 : tensor<i64>
    %4 = stablehlo.add %iterArg, %c_0 : tensor<i64>
// CHECK-NEXT: stablehlo.return %4, %iterArg_1 : tensor<i64>, tensor<i64>
    stablehlo.return %4, %iterArg_1 : tensor<i64>, tensor<i64>
// CHECK-NEXT: }
  }
// CHECK-NEXT: %1 = "stablehlo.if"(%arg1) ({
  %1 = "stablehlo.if"(%arg1) ({
// CHECK-NEXT: stablehlo.return %arg0 : tensor<i64>
    stablehlo.return %arg0 : tensor<i64>
// CHECK-NEXT: }, {
  }, {
// CHECK-NEXT: stablehlo.return %c : tensor<i64>
    stablehlo.return %c : tensor<i64>
// CHECK-NEXT: }) : (tensor<i1>) -> tensor<i64>
  }) : (tensor<i1>) -> tensor<i64>
// CHECK-NEXT: %2 = "stablehlo.case"(%arg2) ({
  %2 = "stablehlo.case"(%arg2) ({
// CHECK-NEXT: stablehlo.return %arg0 : tensor<i64>
    stablehlo.return %arg0 : tensor<i64>
// CHECK-NEXT: }, {
  }, {
// CHECK-NEXT: stablehlo.return %c : tensor<i64>
    stablehlo.return %c : tensor<i64>
// CHECK-NEXT: }) : (tensor<i32>) -> tensor<i64>
  }) : (tensor<i32>) -> tensor<i64>
// CHECK-NEXT: %3 = stablehlo.while(%iterArg = %arg0) : tensor<i64> attributes {foo = 1 : i64}
  %3 = stablehlo.while(%iterArg = %arg0) : tensor<i64> attributes {foo = 1 : i64}
// CHECK-NEXT: cond {
   cond {
// CHECK-NEXT: %4 = stablehlo.compare  LT, %iterArg, %c,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %4 = stablehlo.compare  LT, %iterArg, %c,  SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
// CHECK-NEXT: stablehlo.return %4 : tensor<i1>
    stablehlo.return %4 : tensor<i1>
// CHECK-NEXT: } do {
  } do {
// CHECK-NEXT: stablehlo.return %iterArg : tensor<i64>
    stablehlo.return %iterArg : tensor<i64>
// CHECK-NEXT: }
  }
// CHECK-NEXT: return %0#0 : tensor<i64>
  return %0#0 : tensor<i64>
// CHECK-NEXT: }
}
