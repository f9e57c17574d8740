// RUN: oxla-opt %s | FileCheck %s
// RUN: oxla-opt %s | oxla-opt | FileCheck %s
// RUN: oxla-opt %s --mlir-print-op-generic | oxla-opt | FileCheck %s

// CHECK-LABEL: func.func @checks
func.func @checks(%i: tensor<3xi64>, %f: tensor<f64>, %h: tensor<f16>, %c: tensor<2xcomplex<f32>>, %d: tensor<?xi64>) {
  // CHECK: check.expect_eq %{{.*}}, %{{.*}} : tensor<3xi64>
  check.expect_eq %i, %i : tensor<3xi64>
  // A dynamic dimension is compatible with a static one.
  // CHECK: check.expect_eq %{{.*}}, %{{.*}} : tensor<3xi64>, tensor<?xi64>
  check.expect_eq %i, %d : tensor<3xi64>, tensor<?xi64>
  // CHECK: check.expect_almost_eq %{{.*}}, %{{.*}} : tensor<f64>
  check.expect_almost_eq %f, %f : tensor<f64>
  // CHECK: check.expect_almost_eq %{{.*}}, %{{.*}}, tolerance = 1.000000e-01 : tensor<f64>
  check.expect_almost_eq %f, %f, tolerance = 0.1 : tensor<f64>
  // CHECK: check.expect_eq_const %{{.*}}, dense<[1, 2, 3]> : tensor<3xi64>
  check.expect_eq_const %i, dense<[1, 2, 3]> : tensor<3xi64>
  // CHECK: check.expect_almost_eq_const %{{.*}}, dense<5.100000e+00> : tensor<f64> {tolerance = 1.000000e-01 : f64}
  check.expect_almost_eq_const %f, dense<5.1> : tensor<f64> {tolerance = 0.1 : f64}
  // CHECK: check.expect_almost_eq_const %{{.*}}, dense<(1.500000e+00,-2.500000e+00)> : tensor<2xcomplex<f32>>
  check.expect_almost_eq_const %c, dense<(1.5, -2.5)> : tensor<2xcomplex<f32>>
  // CHECK: check.expect_close %{{.*}}, %{{.*}}, max_ulp_difference = 3 : tensor<f16>, tensor<f16>
  check.expect_close %h, %h, max_ulp_difference = 3 : tensor<f16>, tensor<f16>
  // CHECK: check.expect_close %{{.*}}, %{{.*}}, max_ulp_difference = 4, min_ulp_difference = 1 : tensor<f16>, tensor<f16>
  check.expect_close %h, %h, min_ulp_difference = 1, max_ulp_difference = 4 : tensor<f16>, tensor<f16>
  // CHECK: check.expect_close %{{.*}}, %{{.*}} : tensor<f16>, tensor<f16>
  check.expect_close %h, %h : tensor<f16>, tensor<f16>
  // CHECK: check.expect_serialized_eq %{{.*}}, probe_id = "probe/0" : tensor<3xi64>
  check.expect_serialized_eq %i, probe_id = "probe/0" : tensor<3xi64>
  // CHECK: check.expect_serialized_eq %{{.*}}, probe_id = "probe_iterations", iter = 1 : tensor<f64>
  check.expect_serialized_eq %f, probe_id = "probe_iterations", iter = 1 : tensor<f64>
  return
}

// The generic forms of testdata/quantized.
// CHECK-LABEL: func.func @generic
func.func @generic(%u: tensor<2xui16>, %c: tensor<2xcomplex<f64>>) {
  // CHECK: check.expect_eq_const %{{.*}}, dense<0> : tensor<2xui16>
  "check.expect_eq_const"(%u) <{value = dense<0> : tensor<2xui16>}> : (tensor<2xui16>) -> ()
  // CHECK: check.expect_almost_eq_const %{{.*}}, dense<[(-1.500000e+00,-2.500000e+00), (-3.500000e+00,-4.500000e+00)]> : tensor<2xcomplex<f64>>
  "check.expect_almost_eq_const"(%c) <{value = dense<[(-1.500000e+00,-2.500000e+00), (-3.500000e+00,-4.500000e+00)]> : tensor<2xcomplex<f64>>}> : (tensor<2xcomplex<f64>>) -> ()
  return
}

// Checks have effects: canonicalization keeps them.
// RUN: oxla-opt %s --canonicalize | FileCheck %s --check-prefix=CANON
// CANON-LABEL: func.func @kept
// CANON: check.expect_eq_const
func.func @kept(%i: tensor<3xi64>) {
  check.expect_eq_const %i, dense<[1, 2, 3]> : tensor<3xi64>
  return
}
