// RUN: oxla-opt %s --split-input-file --oxla-convert-stablehlo-to-linalg | FileCheck %s

// broadcast_in_dim: one linalg.generic; an expanding size-1 dimension reads
// index 0.
// CHECK-LABEL: func.func @broadcast_in_dim
// CHECK: linalg.generic {indexing_maps = [#[[IN:.*]], #[[OUT:.*]]], {{.*}} ins(%{{.*}} : tensor<1x3xf32>) outs(%{{.*}} : tensor<2x4x3xf32>)
// CHECK-NOT: stablehlo
func.func @broadcast_in_dim(%x: tensor<1x3xf32>) -> tensor<2x4x3xf32> {
  %0 = stablehlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<1x3xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// -----

// CHECK-DAG: #[[T:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-DAG: #[[R:.*]] = affine_map<(d0, d1) -> (-d0 + 2, d1)>
// CHECK-LABEL: func.func @transpose_reverse
// CHECK: linalg.generic {indexing_maps = [#[[T]], {{.*}} ins(%{{.*}} : tensor<2x3xi32>) outs(%{{.*}} : tensor<3x2xi32>)
// CHECK: linalg.generic {indexing_maps = [#[[R]], {{.*}} ins(%{{.*}} : tensor<3x2xi32>) outs(%{{.*}} : tensor<3x2xi32>)
func.func @transpose_reverse(%x: tensor<2x3xi32>) -> tensor<3x2xi32> {
  %0 = stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xi32>) -> tensor<3x2xi32>
  %1 = stablehlo.reverse %0, dims = [0] : tensor<3x2xi32>
  return %1 : tensor<3x2xi32>
}

// -----

// Signless types throughout; slice, concatenate and reshape are tensor ops.
// CHECK-LABEL: func.func @slice_concat_reshape
// CHECK-SAME: (%[[X:.*]]: tensor<8xi8>) -> tensor<2x3xi8>
// CHECK: %[[S:.*]] = tensor.extract_slice %[[X]][1] [3] [3] : tensor<8xi8> to tensor<3xi8>
// CHECK: %[[A:.*]] = tensor.insert_slice %[[S]] into %{{.*}}[0] [3] [1] : tensor<3xi8> into tensor<6xi8>
// CHECK: %[[B:.*]] = tensor.insert_slice %[[S]] into %[[A]][3] [3] [1] : tensor<3xi8> into tensor<6xi8>
// CHECK: tensor.reshape %[[B]](%{{.*}}) : (tensor<6xi8>, tensor<2xindex>) -> tensor<2x3xi8>
func.func @slice_concat_reshape(%x: tensor<8xui8>) -> tensor<2x3xui8> {
  %0 = stablehlo.slice %x [1:8:3] : (tensor<8xui8>) -> tensor<3xui8>
  %1 = stablehlo.concatenate %0, %0, dim = 0 : (tensor<3xui8>, tensor<3xui8>) -> tensor<6xui8>
  %2 = stablehlo.reshape %1 : (tensor<6xui8>) -> tensor<2x3xui8>
  return %2 : tensor<2x3xui8>
}

// -----

// pad: each result element divides its shifted position by interior + 1 and
// selects the operand element or the padding value.
// CHECK-LABEL: func.func @pad
// CHECK: %[[P:.*]] = tensor.extract %{{.*}}[] : tensor<i64>
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<4x5xi64>)
// CHECK: arith.divsi
// CHECK: arith.remsi
// CHECK: %[[E:.*]] = tensor.extract %{{.*}} : tensor<2x3xi64>
// CHECK: arith.select %{{.*}}, %[[E]], %[[P]] : i64
func.func @pad(%x: tensor<2x3xi64>, %p: tensor<i64>) -> tensor<4x5xi64> {
  %0 = stablehlo.pad %x, %p, low = [1, -1], high = [0, 1], interior = [1, 1] : (tensor<2x3xi64>, tensor<i64>) -> tensor<4x5xi64>
  return %0 : tensor<4x5xi64>
}

// -----

// iota of a narrow float: the index through f32, rounded once.
// CHECK-LABEL: func.func @iota
// CHECK: linalg.index 1 : index
// CHECK: arith.sitofp %{{.*}} : i64 to f32
// CHECK: arith.truncf %{{.*}} : f32 to bf16
func.func @iota() -> tensor<2x3xbf16> {
  %0 = stablehlo.iota dim = 1 : tensor<2x3xbf16>
  return %0 : tensor<2x3xbf16>
}

// -----

// dynamic_slice/dynamic_update_slice: unsigned start indices zero-extend and
// are clamped to [0, operand - size].
// CHECK-LABEL: func.func @dynamic_slice
// CHECK: arith.extui %{{.*}} : i32 to i64
// CHECK: arith.minsi
// CHECK: arith.maxsi
// CHECK: tensor.extract_slice %{{.*}}[%{{.*}}, %{{.*}}] [2, 2] [1, 1] : tensor<3x3xf32> to tensor<2x2xf32>
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[%{{.*}}, %{{.*}}] [1, 2] [1, 1] : tensor<1x2xf32> into tensor<3x3xf32>
func.func @dynamic_slice(%x: tensor<3x3xf32>, %i: tensor<ui32>, %j: tensor<ui32>, %u: tensor<1x2xf32>) -> (tensor<2x2xf32>, tensor<3x3xf32>) {
  %0 = stablehlo.dynamic_slice %x, %i, %j, sizes = [2, 2] : (tensor<3x3xf32>, tensor<ui32>, tensor<ui32>) -> tensor<2x2xf32>
  %1 = stablehlo.dynamic_update_slice %x, %u, %i, %j : (tensor<3x3xf32>, tensor<1x2xf32>, tensor<ui32>, tensor<ui32>) -> tensor<3x3xf32>
  return %0, %1 : tensor<2x2xf32>, tensor<3x3xf32>
}

// -----

// gather: the start index is read, clamped, and added to the offset.
// CHECK-LABEL: func.func @gather
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<3x2xi32>)
// CHECK: tensor.extract %{{.*}} : tensor<3x1xi32>
// CHECK: arith.minsi
// CHECK: arith.maxsi
// CHECK: tensor.extract %{{.*}} : tensor<3x2xi32>
func.func @gather(%x: tensor<3x2xi32>, %i: tensor<3x1xi32>) -> tensor<3x2xi32> {
  %0 = "stablehlo.gather"(%x, %i) {dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 2>} : (tensor<3x2xi32>, tensor<3x1xi32>) -> tensor<3x2xi32>
  return %0 : tensor<3x2xi32>
}

// -----

// bitcast_convert to a narrower type: a new minor dimension, least
// significant bits first.
// CHECK-LABEL: func.func @bitcast_split
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<2xi32>) outs(%{{.*}} : tensor<2x4xi8>)
// CHECK: linalg.index 1
// CHECK: arith.shrui
// CHECK: arith.trunci %{{.*}} : i32 to i8
func.func @bitcast_split(%x: tensor<2xi32>) -> tensor<2x4xui8> {
  %0 = stablehlo.bitcast_convert %x : (tensor<2xi32>) -> tensor<2x4xui8>
  return %0 : tensor<2x4xui8>
}

// -----

// bitcast_convert to a wider type: the minor dimension read through one map
// per element; a complex number has its real part in the low bits.
// CHECK-LABEL: func.func @bitcast_join
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<2xf32>, tensor<2xf32>) outs(%{{.*}} : tensor<complex<f32>>)
// CHECK: arith.extui %{{.*}} : i32 to i64
// CHECK: arith.shli
// CHECK: arith.ori
// CHECK: complex.create %{{.*}}, %{{.*}} : complex<f32>
func.func @bitcast_join(%x: tensor<2xf32>) -> tensor<complex<f32>> {
  %0 = stablehlo.bitcast_convert %x : (tensor<2xf32>) -> tensor<complex<f32>>
  return %0 : tensor<complex<f32>>
}

// -----

// CHECK-LABEL: func.func @torch_index_select
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<2x4xi32>)
// CHECK: tensor.extract %{{.*}} : tensor<4xi32>
// CHECK: arith.extui
// CHECK: tensor.extract %{{.*}} : tensor<2x3xi32>
func.func @torch_index_select(%x: tensor<2x3xi32>, %i: tensor<4xui32>) -> tensor<2x4xi32> {
  %0 = "stablehlo.torch_index_select"(%x, %i) {dim = 1 : i64, batch_dims = 0 : i64} : (tensor<2x3xi32>, tensor<4xui32>) -> tensor<2x4xi32>
  return %0 : tensor<2x4xi32>
}

// -----

// Dynamism ops with static result types read their operands at run time.
// CHECK-LABEL: func.func @dynamic_pad
// CHECK: tensor.extract %{{.*}} : tensor<2xi64>
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<3x5xi64>)
func.func @dynamic_pad(%x: tensor<2x3xi64>, %p: tensor<i64>, %l: tensor<2xi64>, %h: tensor<2xi64>, %i: tensor<2xi64>) -> tensor<3x5xi64> {
  %0 = stablehlo.dynamic_pad %x, %p, %l, %h, %i : (tensor<2x3xi64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<3x5xi64>
  return %0 : tensor<3x5xi64>
}

// -----

// CHECK-LABEL: func.func @real_dynamic_slice
// CHECK: tensor.extract_slice %{{.*}}[%{{.*}}, %{{.*}}] [2, 2] [%{{.*}}, %{{.*}}] : tensor<2x3xi32> to tensor<2x2xi32>
func.func @real_dynamic_slice(%x: tensor<2x3xi32>, %s: tensor<2xi64>, %l: tensor<2xi64>, %t: tensor<2xi64>) -> tensor<2x2xi32> {
  %0 = stablehlo.real_dynamic_slice %x, %s, %l, %t : (tensor<2x3xi32>, tensor<2xi64>, tensor<2xi64>, tensor<2xi64>) -> tensor<2x2xi32>
  return %0 : tensor<2x2xi32>
}

// -----

// CHECK-LABEL: func.func @dynamic_iota_reshape_broadcast
// CHECK: linalg.index 0
// CHECK: tensor.reshape
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<2x1xf32>) outs(%{{.*}} : tensor<2x3xf32>)
// CHECK-NOT: stablehlo
func.func @dynamic_iota_reshape_broadcast(%s: tensor<1xi64>, %r: tensor<2xi64>) -> tensor<2x3xf32> {
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xi64>) -> tensor<2xf32>
  %1 = stablehlo.dynamic_reshape %0, %r : (tensor<2xf32>, tensor<2xi64>) -> tensor<2x1xf32>
  %2 = stablehlo.dynamic_broadcast_in_dim %1, %r, dims = [0, 1] : (tensor<2x1xf32>, tensor<2xi64>) -> tensor<2x3xf32>
  return %2 : tensor<2x3xf32>
}
