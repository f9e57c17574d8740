// RUN: oxla-opt %s | FileCheck %s
// RUN: oxla-opt %s | oxla-opt | FileCheck %s
// RUN: oxla-opt %s --mlir-print-op-generic | oxla-opt | FileCheck %s

// CHECK-LABEL: func.func @unary
func.func @unary(%f: tensor<20x20xf32>, %c: tensor<4xcomplex<f64>>, %d: tensor<?x20xbf16>) {
  // CHECK: chlo.lgamma %{{.*}} : tensor<20x20xf32> -> tensor<20x20xf32>
  %0 = chlo.lgamma %f : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.digamma %{{.*}} : tensor<20x20xf32> -> tensor<20x20xf32>
  %1 = chlo.digamma %f : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.erf %{{.*}} : tensor<20x20xf32> -> tensor<20x20xf32>
  %2 = chlo.erf %f : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.erfc %{{.*}} : tensor<20x20xf32> -> tensor<20x20xf32>
  %3 = chlo.erfc %f : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.erf_inv %{{.*}} : tensor<20x20xf32> -> tensor<20x20xf32>
  %4 = chlo.erf_inv %f : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.bessel_i1e %{{.*}} : tensor<20x20xf32> -> tensor<20x20xf32>
  %5 = chlo.bessel_i1e %f : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.tan %{{.*}} : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %6 = chlo.tan %c : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  // CHECK: chlo.acosh %{{.*}} : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %7 = chlo.acosh %c : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  // CHECK: chlo.asinh %{{.*}} : tensor<20x20xf32> -> tensor<20x20xf32>
  %8 = chlo.asinh %f : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.atanh %{{.*}} : tensor<20x20xf32> -> tensor<20x20xf32>
  %9 = chlo.atanh %f : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.asin %{{.*}} : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %10 = chlo.asin %c : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  // CHECK: chlo.acos %{{.*}} : tensor<20x20xf32> -> tensor<20x20xf32>
  %11 = chlo.acos %f : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.atan %{{.*}} : tensor<20x20xf32> -> tensor<20x20xf32>
  %12 = chlo.atan %f : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.sinh %{{.*}} : tensor<20x20xf32> -> tensor<20x20xf32>
  %13 = chlo.sinh %f : tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.cosh %{{.*}} : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %14 = chlo.cosh %c : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  // CHECK: chlo.conj %{{.*}} : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  %15 = chlo.conj %c : tensor<4xcomplex<f64>> -> tensor<4xcomplex<f64>>
  // CHECK: chlo.is_inf %{{.*}} : tensor<20x20xf32> -> tensor<20x20xi1>
  %16 = chlo.is_inf %f : tensor<20x20xf32> -> tensor<20x20xi1>
  // CHECK: chlo.is_neg_inf %{{.*}} : tensor<20x20xf32> -> tensor<20x20xi1>
  %17 = chlo.is_neg_inf %f : tensor<20x20xf32> -> tensor<20x20xi1>
  // CHECK: chlo.is_pos_inf %{{.*}} : tensor<20x20xf32> -> tensor<20x20xi1>
  %18 = chlo.is_pos_inf %f : tensor<20x20xf32> -> tensor<20x20xi1>
  // A dynamic dimension is compatible with a static one.
  // CHECK: chlo.lgamma %{{.*}} : tensor<?x20xbf16> -> tensor<3x20xbf16>
  %19 = chlo.lgamma %d : tensor<?x20xbf16> -> tensor<3x20xbf16>
  return
}

// CHECK-LABEL: func.func @binary
func.func @binary(%x: tensor<20x20xf32>, %i: tensor<3xi8>, %u: tensor<2xui8>) {
  // CHECK: chlo.next_after %{{.*}}, %{{.*}} : tensor<20x20xf32>, tensor<20x20xf32> -> tensor<20x20xf32>
  %0 = chlo.next_after %x, %x : tensor<20x20xf32>, tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.polygamma %{{.*}}, %{{.*}} : tensor<20x20xf32>, tensor<20x20xf32> -> tensor<20x20xf32>
  %1 = chlo.polygamma %x, %x : tensor<20x20xf32>, tensor<20x20xf32> -> tensor<20x20xf32>
  // CHECK: chlo.zeta %{{.*}}, %{{.*}} : tensor<20x20xf32>, tensor<20x20xf32> -> tensor<20x20xf32>
  %2 = chlo.zeta %x, %x : tensor<20x20xf32>, tensor<20x20xf32> -> tensor<20x20xf32>
  // The generic form the corpus uses for mulhi.
  // CHECK: chlo.mulhi %{{.*}}, %{{.*}} : tensor<3xi8>, tensor<3xi8> -> tensor<3xi8>
  %3 = "chlo.mulhi"(%i, %i) : (tensor<3xi8>, tensor<3xi8>) -> tensor<3xi8>
  // CHECK: chlo.mulhi %{{.*}}, %{{.*}} : tensor<2xui8>, tensor<2xui8> -> tensor<2xui8>
  %4 = chlo.mulhi %u, %u : tensor<2xui8>, tensor<2xui8> -> tensor<2xui8>
  return
}

// CHECK-LABEL: func.func @top_k
func.func @top_k(%a: tensor<5x3xbf16>, %b: tensor<6xi32>, %c: tensor<?x?xf32>) {
  // CHECK: %{{.*}}, %{{.*}} = chlo.top_k(%{{.*}}, k = 2) : tensor<5x3xbf16> -> (tensor<5x2xbf16>, tensor<5x2xi32>)
  %values, %indices = chlo.top_k(%a, k = 2) : tensor<5x3xbf16> -> (tensor<5x2xbf16>, tensor<5x2xi32>)
  // CHECK: chlo.top_k(%{{.*}}, k = 3) : tensor<6xi32> -> (tensor<3xi32>, tensor<3xi32>)
  %0:2 = chlo.top_k(%b, k = 3) : tensor<6xi32> -> (tensor<3xi32>, tensor<3xi32>)
  // CHECK: chlo.top_k(%{{.*}}, k = 4) : tensor<?x?xf32> -> (tensor<?x4xf32>, tensor<?x4xi32>)
  %1:2 = chlo.top_k(%c, k = 4) : tensor<?x?xf32> -> (tensor<?x4xf32>, tensor<?x4xi32>)
  // `largest` is printed as written.
  // CHECK: chlo.top_k(%{{.*}}, k = 2) {largest = false} : tensor<6xi32> -> (tensor<2xi32>, tensor<2xi32>)
  %2:2 = chlo.top_k(%b, k = 2) {largest = false} : tensor<6xi32> -> (tensor<2xi32>, tensor<2xi32>)
  // CHECK: chlo.top_k(%{{.*}}, k = 2) {largest = true} : tensor<6xi32> -> (tensor<2xi32>, tensor<2xi32>)
  %3:2 = chlo.top_k(%b, k = 2) {largest = true} : tensor<6xi32> -> (tensor<2xi32>, tensor<2xi32>)
  return
}

// CHECK-LABEL: func.func @ragged_dot
func.func @ragged_dot(%lhs: tensor<11x5xf32>, %rhs: tensor<3x5x7xf32>, %g: tensor<3xi64>,
                      %blhs: tensor<2x11x5xf32>, %brhs: tensor<3x2x5x7xf32>,
                      %rhs2: tensor<5x7xf32>) {
  // CHECK: "chlo.ragged_dot"(%{{.*}}, %{{.*}}, %{{.*}}) <{precision_config = [#chlo<precision DEFAULT>, #chlo<precision HIGHEST>], ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  %0 = "chlo.ragged_dot"(%lhs, %rhs, %g) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [],
      rhs_batching_dimensions = [],
      lhs_contracting_dimensions = [1],
      rhs_contracting_dimensions = [1],
      lhs_ragged_dimensions = [0],
      rhs_group_dimensions = [0]
    >,
    precision_config = [#chlo<precision DEFAULT>, #chlo<precision HIGHEST>]
  } : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  // Batching dimensions come first in the result.
  // CHECK: lhs_batching_dimensions = [0], rhs_batching_dimensions = [1]
  %1 = "chlo.ragged_dot"(%blhs, %brhs, %g) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_batching_dimensions = [0], rhs_batching_dimensions = [1],
      lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2],
      lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>
  } : (tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<3xi64>) -> tensor<2x11x7xf32>
  // A ragged contracting dimension adds a leading group dimension; missing
  // fields are empty.
  // CHECK: lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1], rhs_group_dimensions = []>}> : (tensor<11x5xf32>, tensor<5x7xf32>, tensor<3xi64>) -> tensor<3x11x7xf32>
  %2 = "chlo.ragged_dot"(%lhs, %rhs2, %g) {
    ragged_dot_dimension_numbers = #chlo.ragged_dot<
      lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0],
      lhs_ragged_dimensions = [1]>
  } : (tensor<11x5xf32>, tensor<5x7xf32>, tensor<3xi64>) -> tensor<3x11x7xf32>
  return
}

// CHECK-LABEL: func.func @scan
func.func @scan(%input: tensor<2x3xi32>, %init: tensor<2xi32>, %v: tensor<5xi32>, %s: tensor<i32>) {
  // CHECK: chlo.scan(%{{.*}}) inits(%{{.*}}) dimension = 1 {
  // CHECK-NEXT: ^bb0(%{{.*}}: tensor<2xi32>, %{{.*}}: tensor<2xi32>):
  // CHECK: } : (tensor<2x3xi32>, tensor<2xi32>) -> (tensor<2x3xi32>, tensor<2xi32>)
  %0:2 = chlo.scan(%input) inits(%init) dimension=1 {
  ^bb0(%a: tensor<2xi32>, %b: tensor<2xi32>):
    %1 = stablehlo.add %a, %b : tensor<2xi32>
    stablehlo.return %1, %1 : tensor<2xi32>, tensor<2xi32>
  } : (tensor<2x3xi32>, tensor<2xi32>) -> (tensor<2x3xi32>, tensor<2xi32>)
  // CHECK: chlo.scan(%{{.*}}, %{{.*}}) inits(%{{.*}}, %{{.*}}) dimension = 0 attributes {is_reverse = true} {
  %2:4 = chlo.scan(%v, %v) inits(%s, %s) dimension=0 attributes {is_reverse = true} {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<i32>, %d: tensor<i32>):
    stablehlo.return %a, %b, %c, %d : tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>
  } : (tensor<5xi32>, tensor<5xi32>, tensor<i32>, tensor<i32>)
      -> (tensor<5xi32>, tensor<5xi32>, tensor<i32>, tensor<i32>)
  return
}
