// RUN: oxla-opt %s --split-input-file --oxla-simplify | FileCheck %s

// Exact float identities: x*1, 1*x, x/1, x+(-0.0), x-(+0.0).
// CHECK-LABEL: func.func @float_identities
// CHECK-NOT: stablehlo.multiply
// CHECK-NOT: stablehlo.divide
// CHECK-NOT: stablehlo.add
// CHECK-NOT: stablehlo.subtract
// CHECK: return %arg0, %arg0, %arg0, %arg0, %arg0
func.func @float_identities(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %one = stablehlo.constant dense<1.0> : tensor<4xf32>
  %nz = stablehlo.constant dense<-0.0> : tensor<4xf32>
  %pz = stablehlo.constant dense<0.0> : tensor<4xf32>
  %0 = stablehlo.multiply %x, %one : tensor<4xf32>
  %1 = stablehlo.multiply %one, %x : tensor<4xf32>
  %2 = stablehlo.divide %x, %one : tensor<4xf32>
  %3 = stablehlo.add %nz, %x : tensor<4xf32>
  %4 = stablehlo.subtract %x, %pz : tensor<4xf32>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// Not exact for floats, left alone: x+(+0.0) (-0.0 + +0.0 is +0.0),
// x-(-0.0), x*0 and x-x (NaN, infinities), and 1/x.
// CHECK-LABEL: func.func @float_not_identities
// CHECK: stablehlo.add %arg0
// CHECK: stablehlo.subtract %arg0
// CHECK: stablehlo.multiply %arg0
// CHECK: stablehlo.subtract %arg0, %arg0
// CHECK: stablehlo.divide
func.func @float_not_identities(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %one = stablehlo.constant dense<1.0> : tensor<4xf32>
  %nz = stablehlo.constant dense<-0.0> : tensor<4xf32>
  %pz = stablehlo.constant dense<0.0> : tensor<4xf32>
  %0 = stablehlo.add %x, %pz : tensor<4xf32>
  %1 = stablehlo.subtract %x, %nz : tensor<4xf32>
  %2 = stablehlo.multiply %x, %pz : tensor<4xf32>
  %3 = stablehlo.subtract %x, %x : tensor<4xf32>
  %4 = stablehlo.divide %one, %x : tensor<4xf32>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// Integer identities: x+0, x-0, x*1, x*0, x-x, x^x, x&allones, x|0, x&x,
// max(x,x), negate(negate(x)), compare(x, x).
// CHECK-LABEL: func.func @integer_identities
// CHECK-DAG: %[[Z:.*]] = stablehlo.constant dense<0> : tensor<4xi32>
// CHECK-DAG: %[[T:.*]] = stablehlo.constant dense<true> : tensor<4xi1>
// CHECK-DAG: %[[F:.*]] = stablehlo.constant dense<false> : tensor<4xi1>
// CHECK-NOT: stablehlo.add
// CHECK-NOT: stablehlo.negate
// CHECK: return %arg0, %arg0, %arg0, %[[Z]], %[[Z]], %[[Z]], %arg0, %arg0, %arg0, %arg0, %arg0, %[[T]], %[[F]]
func.func @integer_identities(%x: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi1>, tensor<4xi1>) {
  %zero = stablehlo.constant dense<0> : tensor<4xi32>
  %one = stablehlo.constant dense<1> : tensor<4xi32>
  %ones = stablehlo.constant dense<-1> : tensor<4xi32>
  %0 = stablehlo.add %x, %zero : tensor<4xi32>
  %1 = stablehlo.subtract %x, %zero : tensor<4xi32>
  %2 = stablehlo.multiply %one, %x : tensor<4xi32>
  %3 = stablehlo.multiply %x, %zero : tensor<4xi32>
  %4 = stablehlo.subtract %x, %x : tensor<4xi32>
  %5 = stablehlo.xor %x, %x : tensor<4xi32>
  %6 = stablehlo.and %x, %ones : tensor<4xi32>
  %7 = stablehlo.or %zero, %x : tensor<4xi32>
  %8 = stablehlo.and %x, %x : tensor<4xi32>
  %9 = stablehlo.maximum %x, %x : tensor<4xi32>
  %n = stablehlo.negate %x : tensor<4xi32>
  %10 = stablehlo.negate %n : tensor<4xi32>
  %11 = stablehlo.compare LE, %x, %x : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  %12 = stablehlo.compare NE, %x, %x : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi1>, tensor<4xi1>
}

// -----

// A float compare of x with itself stays (NaN != NaN); maximum(x, x) of
// floats is x.
// CHECK-LABEL: func.func @float_compare
// CHECK: %[[C:.*]] = stablehlo.compare {{ *}}EQ, %arg0, %arg0
// CHECK: return %[[C]], %arg0
func.func @float_compare(%x: tensor<4xf32>) -> (tensor<4xi1>, tensor<4xf32>) {
  %0 = stablehlo.compare EQ, %x, %x : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = stablehlo.maximum %x, %x : tensor<4xf32>
  return %0, %1 : tensor<4xi1>, tensor<4xf32>
}

// -----

// select on a constant predicate, select of one value; a select on a
// run-time predicate stays.
// CHECK-LABEL: func.func @select
// CHECK: %[[S:.*]] = stablehlo.select %arg2, %arg0, %arg1
// CHECK: return %arg0, %arg1, %arg1, %[[S]]
func.func @select(%a: tensor<4xf32>, %b: tensor<4xf32>, %p: tensor<4xi1>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %t = stablehlo.constant dense<true> : tensor<i1>
  %f = stablehlo.constant dense<false> : tensor<4xi1>
  %0 = stablehlo.select %t, %a, %b : tensor<i1>, tensor<4xf32>
  %1 = stablehlo.select %f, %a, %b : tensor<4xi1>, tensor<4xf32>
  %2 = stablehlo.select %p, %b, %b : tensor<4xi1>, tensor<4xf32>
  %3 = stablehlo.select %p, %a, %b : tensor<4xi1>, tensor<4xf32>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
