// RUN: oxla-opt %s | FileCheck %s
// RUN: oxla-opt %s | oxla-opt | FileCheck %s
// RUN: oxla-opt %s --mlir-print-op-generic | oxla-opt | FileCheck %s

// CHECK-LABEL: func.func @dynamic
func.func @dynamic(%x: tensor<?x?xf32>, %shape: tensor<2xindex>, %s3: tensor<3xi32>, %p: tensor<f32>, %v: tensor<1xi64>, %n: tensor<i32>) {
  // CHECK: stablehlo.dynamic_broadcast_in_dim %{{.*}}, %{{.*}}, dims = [1, 2] : (tensor<?x?xf32>, tensor<3xi32>) -> tensor<?x?x?xf32>
  %0 = stablehlo.dynamic_broadcast_in_dim %x, %s3, dims = [1, 2] : (tensor<?x?xf32>, tensor<3xi32>) -> tensor<?x?x?xf32>
  // CHECK: stablehlo.dynamic_broadcast_in_dim %{{.*}}, %{{.*}}, dims = [0, 1] {known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 1>} : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %1 = "stablehlo.dynamic_broadcast_in_dim"(%x, %shape) {
    broadcast_dimensions = array<i64: 0, 1>,
    known_expanding_dimensions = array<i64: 0>,
    known_nonexpanding_dimensions = array<i64: 1>
  } : (tensor<?x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  // CHECK: stablehlo.dynamic_iota %{{.*}}, dim = 1 : (tensor<2xindex>) -> tensor<?x?xi32>
  %2 = "stablehlo.dynamic_iota"(%shape) {iota_dimension = 1 : i64} : (tensor<2xindex>) -> tensor<?x?xi32>
  // CHECK: stablehlo.dynamic_pad %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<?x?xf32>, tensor<f32>, tensor<2xindex>, tensor<2xindex>, tensor<2xindex>) -> tensor<?x?xf32>
  %3 = stablehlo.dynamic_pad %x, %p, %shape, %shape, %shape : (tensor<?x?xf32>, tensor<f32>, tensor<2xindex>, tensor<2xindex>, tensor<2xindex>) -> tensor<?x?xf32>
  // CHECK: stablehlo.dynamic_reshape %{{.*}}, %{{.*}} : (tensor<?x?xf32>, tensor<1xi64>) -> tensor<?xf32>
  %4 = stablehlo.dynamic_reshape %x, %v : (tensor<?x?xf32>, tensor<1xi64>) -> tensor<?xf32>
  // CHECK: stablehlo.get_dimension_size %{{.*}}, dim = 1 : (tensor<?x?xf32>) -> tensor<i32>
  %5 = "stablehlo.get_dimension_size"(%x) {dimension = 1 : i64} : (tensor<?x?xf32>) -> tensor<i32>
  // CHECK: stablehlo.real_dynamic_slice %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<?x?xf32>, tensor<2xindex>, tensor<2xindex>, tensor<2xindex>) -> tensor<?x?xf32>
  %6 = stablehlo.real_dynamic_slice %x, %shape, %shape, %shape : (tensor<?x?xf32>, tensor<2xindex>, tensor<2xindex>, tensor<2xindex>) -> tensor<?x?xf32>
  // CHECK: stablehlo.set_dimension_size %{{.*}}, %{{.*}}, dim = 0 : (tensor<?x?xf32>, tensor<i32>) -> tensor<16x?xf32>
  %7 = "stablehlo.set_dimension_size"(%x, %n) {dimension = 0 : i64} : (tensor<?x?xf32>, tensor<i32>) -> tensor<16x?xf32>
  return
}

// CHECK-LABEL: func.func @constants
func.func @constants(%x: tensor<5x4xi64>, %p: tensor<i64>) -> tensor<7x5xi64> {
  %low = stablehlo.constant dense<[1, -1]> : tensor<2xi64>
  %high = stablehlo.constant dense<[1, -1]> : tensor<2xi64>
  %interior = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  // CHECK: stablehlo.dynamic_pad {{.*}} -> tensor<7x5xi64>
  %0 = stablehlo.dynamic_pad %x, %p, %low, %high, %interior : (tensor<5x4xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<7x5xi64>
  %start = stablehlo.constant dense<[1, 0]> : tensor<2xi64>
  %limit = stablehlo.constant dense<[4, 4]> : tensor<2xi64>
  %strides = stablehlo.constant dense<[1, 3]> : tensor<2xi64>
  // CHECK: stablehlo.real_dynamic_slice {{.*}} -> tensor<3x2xi64>
  %1 = stablehlo.real_dynamic_slice %x, %start, %limit, %strides : (tensor<5x4xi64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<3x2xi64>
  return %0 : tensor<7x5xi64>
}

// CHECK-LABEL: func.func @dynamic_gather
func.func @dynamic_gather(%x: tensor<2x4x9xf32>, %i: tensor<1x5x2xi32>, %sizes: tensor<3xi32>) -> tensor<1x5x8xf32> {
  // CHECK: "stablehlo.dynamic_gather"(%{{.*}}, %{{.*}}, %{{.*}}) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 2>}> : (tensor<2x4x9xf32>, tensor<1x5x2xi32>, tensor<3xi32>) -> tensor<1x5x8xf32>
  %0 = "stablehlo.dynamic_gather"(%x, %i, %sizes) {
    dimension_numbers = #stablehlo.gather<
      offset_dims = [2],
      collapsed_slice_dims = [0, 1],
      start_index_map = [0, 1],
      index_vector_dim = 2
    >
  } : (tensor<2x4x9xf32>, tensor<1x5x2xi32>, tensor<3xi32>) -> tensor<1x5x8xf32>
  return %0 : tensor<1x5x8xf32>
}

// Bounded dimensions: #stablehlo.type_extensions<bounds = [...]> and its
// shorthand #stablehlo.bounds<...> are one attribute, which prints as the
// shorthand (as upstream prints it).
// CHECK-LABEL: func.func @bounds
// CHECK-SAME: tensor<?x4xf32, #stablehlo.bounds<16, ?>>
// CHECK-SAME: tensor<?xi32, #stablehlo.bounds<8>>
func.func @bounds(%x: tensor<?x4xf32, #stablehlo.bounds<16, ?>>, %y: tensor<?xi32, #stablehlo.type_extensions<bounds = [8]>>) {
  return
}
