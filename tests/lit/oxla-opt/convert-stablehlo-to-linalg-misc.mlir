// RUN: oxla-opt --oxla-convert-stablehlo-to-linalg %s | FileCheck %s

func.func private @impl(%x: tensor<i64>) -> tensor<i64> {
  func.return %x : tensor<i64>
}

// CHECK-LABEL: func.func @composite
// CHECK: %[[R:.*]] = call @impl(%{{.*}}) : (tensor<i64>) -> tensor<i64>
// CHECK: return %[[R]]
func.func @composite(%x: tensor<i64>) -> tensor<i64> {
  %r = stablehlo.composite "oxla.id" %x {decomposition = @impl} : (tensor<i64>) -> tensor<i64>
  func.return %r : tensor<i64>
}

// CHECK-LABEL: func.func @tokens
// CHECK-NOT: after_all
// CHECK-NOT: create_token
// CHECK: return
func.func @tokens() {
  %t0 = stablehlo.create_token : !stablehlo.token
  %t1 = stablehlo.after_all %t0 : !stablehlo.token
  func.return
}

// CHECK-LABEL: func.func @integer_power
// CHECK: linalg.generic
// CHECK: scf.for
// CHECK: arith.muli
func.func @integer_power(%b: tensor<4xi32>, %e: tensor<4xi32>) -> tensor<4xi32> {
  %r = stablehlo.power %b, %e : tensor<4xi32>
  func.return %r : tensor<4xi32>
}

// CHECK-LABEL: func.func @complex_maximum
// CHECK: linalg.generic
// CHECK: arith.cmpf une
// CHECK: arith.select {{.*}} : complex<f64>
func.func @complex_maximum(%a: tensor<2xcomplex<f64>>, %b: tensor<2xcomplex<f64>>) -> tensor<2xcomplex<f64>> {
  %r = stablehlo.maximum %a, %b : tensor<2xcomplex<f64>>
  func.return %r : tensor<2xcomplex<f64>>
}
