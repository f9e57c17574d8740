// RUN: oxla-opt %s | FileCheck %s
// RUN: oxla-opt %s | oxla-opt | FileCheck %s
// RUN: oxla-opt %s --mlir-print-op-generic | oxla-opt | FileCheck %s

// CHECK-LABEL: func.func @shapes
func.func @shapes(%x: tensor<2x3xf32>, %s: tensor<f32>, %i: tensor<i64>, %d: tensor<?x3xi8>, %qa: tensor<2x2x!quant.uniform<i8:f32, 0.1:-3>>) {
  // CHECK: stablehlo.broadcast_in_dim %{{.*}}, dims = [1, 2] : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
  %0 = stablehlo.broadcast_in_dim %x, dims = [1, 2] : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
  // CHECK: stablehlo.broadcast_in_dim %{{.*}}, dims = [] : (tensor<f32>) -> tensor<2xf32>
  %1 = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<2xf32>
  // CHECK: stablehlo.broadcast %{{.*}}, sizes = [4] : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
  %2 = "stablehlo.broadcast"(%x) {broadcast_sizes = array<i64: 4>} : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
  // CHECK: stablehlo.concatenate %{{.*}}, %{{.*}}, dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  %3 = stablehlo.concatenate %x, %x, dim = 0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  // CHECK: stablehlo.concatenate %{{.*}}, %{{.*}}, dim = 0 : (tensor<?x3xi8>, tensor<?x3xi8>) -> tensor<?x3xi8>
  %4 = stablehlo.concatenate %d, %d, dim = 0 : (tensor<?x3xi8>, tensor<?x3xi8>) -> tensor<?x3xi8>
  // CHECK: stablehlo.pad %{{.*}}, %{{.*}}, low = [0, 1], high = [1, -1], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x3xf32>
  %5 = stablehlo.pad %x, %s, low = [0, 1], high = [1, -1], interior = [1, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x3xf32>
  // CHECK: stablehlo.reshape %{{.*}} : (tensor<2x3xf32>) -> tensor<6xf32>
  %6 = stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  // CHECK: stablehlo.reverse %{{.*}}, dims = [0, 1] : tensor<2x3xf32>
  %7 = stablehlo.reverse %x, dims = [0, 1] : tensor<2x3xf32>
  // CHECK: stablehlo.transpose %{{.*}}, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %8 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  // CHECK: stablehlo.transpose %{{.*}}, dims = [1, 0] : (tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01:-3>>) -> tensor<2x2x!quant.uniform<i8:f32, 1.000000e-01:-3>>
  %9 = "stablehlo.transpose"(%qa) {permutation = array<i64: 1, 0>} : (tensor<2x2x!quant.uniform<i8:f32, 0.1:-3>>) -> tensor<2x2x!quant.uniform<i8:f32, 0.1:-3>>
  return
}

// CHECK-LABEL: func.func @slices
func.func @slices(%x: tensor<2x6xf32>, %i: tensor<i64>, %j: tensor<i32>, %u: tensor<1x2xf32>, %idx: tensor<3xi32>) {
  // CHECK: stablehlo.slice %{{.*}} [0:2:2, 1:6] : (tensor<2x6xf32>) -> tensor<1x5xf32>
  %0 = stablehlo.slice %x [0:2:2, 1:6] : (tensor<2x6xf32>) -> tensor<1x5xf32>
  // CHECK: stablehlo.slice %{{.*}} [0:1, 1:6:3] : (tensor<2x6xf32>) -> tensor<1x2xf32>
  %1 = "stablehlo.slice"(%x) {start_indices = array<i64: 0, 1>, limit_indices = array<i64: 1, 6>, strides = array<i64: 1, 3>} : (tensor<2x6xf32>) -> tensor<1x2xf32>
  // CHECK: stablehlo.dynamic_slice %{{.*}}, %{{.*}}, %{{.*}}, sizes = [1, 2] : (tensor<2x6xf32>, tensor<i64>, tensor<i64>) -> tensor<1x2xf32>
  %2 = stablehlo.dynamic_slice %x, %i, %i, sizes = [1, 2] : (tensor<2x6xf32>, tensor<i64>, tensor<i64>) -> tensor<1x2xf32>
  // CHECK: stablehlo.dynamic_slice %{{.*}}, %{{.*}}, %{{.*}}, sizes = [2, 0] : (tensor<2x6xf32>, tensor<i32>, tensor<i32>) -> tensor<2x0xf32>
  %3 = "stablehlo.dynamic_slice"(%x, %j, %j) {slice_sizes = array<i64: 2, 0>} : (tensor<2x6xf32>, tensor<i32>, tensor<i32>) -> tensor<2x0xf32>
  // CHECK: stablehlo.dynamic_update_slice %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<2x6xf32>, tensor<1x2xf32>, tensor<i64>, tensor<i64>) -> tensor<2x6xf32>
  %4 = stablehlo.dynamic_update_slice %x, %u, %i, %i : (tensor<2x6xf32>, tensor<1x2xf32>, tensor<i64>, tensor<i64>) -> tensor<2x6xf32>
  // CHECK: "stablehlo.torch_index_select"(%{{.*}}, %{{.*}}) <{batch_dims = 0 : i64, dim = 1 : i64}> : (tensor<2x6xf32>, tensor<3xi32>) -> tensor<2x3xf32>
  %5 = "stablehlo.torch_index_select"(%x, %idx) {dim = 1 : i64, batch_dims = 0 : i64} : (tensor<2x6xf32>, tensor<3xi32>) -> tensor<2x3xf32>
  return
}
