// The attention block of memory-schedule-attention.mlir written head by head
// (the order that needs the least memory, by hand).
func.func @main(%x: tensor<128x32xf32>, %wq: tensor<32x32xf32>, %wk: tensor<32x32xf32>, %wv: tensor<32x32xf32>, %wo: tensor<32x32xf32>) -> tensor<128x32xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %q = stablehlo.dot %x, %wq : (tensor<128x32xf32>, tensor<32x32xf32>) -> tensor<128x32xf32>
  %k = stablehlo.dot %x, %wk : (tensor<128x32xf32>, tensor<32x32xf32>) -> tensor<128x32xf32>
  %v = stablehlo.dot %x, %wv : (tensor<128x32xf32>, tensor<32x32xf32>) -> tensor<128x32xf32>
  %q0 = stablehlo.slice %q [0:128, 0:8] : (tensor<128x32xf32>) -> tensor<128x8xf32>
  %k0 = stablehlo.slice %k [0:128, 0:8] : (tensor<128x32xf32>) -> tensor<128x8xf32>
  %v0 = stablehlo.slice %v [0:128, 0:8] : (tensor<128x32xf32>) -> tensor<128x8xf32>
  %s0 = stablehlo.dot_general %q0, %k0, contracting_dims = [1] x [1] : (tensor<128x8xf32>, tensor<128x8xf32>) -> tensor<128x128xf32>
  %m0 = stablehlo.reduce(%s0 init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<128x128xf32>, tensor<f32>) -> tensor<128xf32>
  %mb0 = stablehlo.broadcast_in_dim %m0, dims = [0] : (tensor<128xf32>) -> tensor<128x128xf32>
  %d0 = stablehlo.subtract %s0, %mb0 : tensor<128x128xf32>
  %e0 = stablehlo.exponential %d0 : tensor<128x128xf32>
  %z0 = stablehlo.reduce(%e0 init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<128x128xf32>, tensor<f32>) -> tensor<128xf32>
  %zb0 = stablehlo.broadcast_in_dim %z0, dims = [0] : (tensor<128xf32>) -> tensor<128x128xf32>
  %p0 = stablehlo.divide %e0, %zb0 : tensor<128x128xf32>
  %o0 = stablehlo.dot %p0, %v0 : (tensor<128x128xf32>, tensor<128x8xf32>) -> tensor<128x8xf32>
  %q1 = stablehlo.slice %q [0:128, 8:16] : (tensor<128x32xf32>) -> tensor<128x8xf32>
  %k1 = stablehlo.slice %k [0:128, 8:16] : (tensor<128x32xf32>) -> tensor<128x8xf32>
  %v1 = stablehlo.slice %v [0:128, 8:16] : (tensor<128x32xf32>) -> tensor<128x8xf32>
  %s1 = stablehlo.dot_general %q1, %k1, contracting_dims = [1] x [1] : (tensor<128x8xf32>, tensor<128x8xf32>) -> tensor<128x128xf32>
  %m1 = stablehlo.reduce(%s1 init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<128x128xf32>, tensor<f32>) -> tensor<128xf32>
  %mb1 = stablehlo.broadcast_in_dim %m1, dims = [0] : (tensor<128xf32>) -> tensor<128x128xf32>
  %d1 = stablehlo.subtract %s1, %mb1 : tensor<128x128xf32>
  %e1 = stablehlo.exponential %d1 : tensor<128x128xf32>
  %z1 = stablehlo.reduce(%e1 init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<128x128xf32>, tensor<f32>) -> tensor<128xf32>
  %zb1 = stablehlo.broadcast_in_dim %z1, dims = [0] : (tensor<128xf32>) -> tensor<128x128xf32>
  %p1 = stablehlo.divide %e1, %zb1 : tensor<128x128xf32>
  %o1 = stablehlo.dot %p1, %v1 : (tensor<128x128xf32>, tensor<128x8xf32>) -> tensor<128x8xf32>
  %q2 = stablehlo.slice %q [0:128, 16:24] : (tensor<128x32xf32>) -> tensor<128x8xf32>
  %k2 = stablehlo.slice %k [0:128, 16:24] : (tensor<128x32xf32>) -> tensor<128x8xf32>
  %v2 = stablehlo.slice %v [0:128, 16:24] : (tensor<128x32xf32>) -> tensor<128x8xf32>
  %s2 = stablehlo.dot_general %q2, %k2, contracting_dims = [1] x [1] : (tensor<128x8xf32>, tensor<128x8xf32>) -> tensor<128x128xf32>
  %m2 = stablehlo.reduce(%s2 init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<128x128xf32>, tensor<f32>) -> tensor<128xf32>
  %mb2 = stablehlo.broadcast_in_dim %m2, dims = [0] : (tensor<128xf32>) -> tensor<128x128xf32>
  %d2 = stablehlo.subtract %s2, %mb2 : tensor<128x128xf32>
  %e2 = stablehlo.exponential %d2 : tensor<128x128xf32>
  %z2 = stablehlo.reduce(%e2 init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<128x128xf32>, tensor<f32>) -> tensor<128xf32>
  %zb2 = stablehlo.broadcast_in_dim %z2, dims = [0] : (tensor<128xf32>) -> tensor<128x128xf32>
  %p2 = stablehlo.divide %e2, %zb2 : tensor<128x128xf32>
  %o2 = stablehlo.dot %p2, %v2 : (tensor<128x128xf32>, tensor<128x8xf32>) -> tensor<128x8xf32>
  %q3 = stablehlo.slice %q [0:128, 24:32] : (tensor<128x32xf32>) -> tensor<128x8xf32>
  %k3 = stablehlo.slice %k [0:128, 24:32] : (tensor<128x32xf32>) -> tensor<128x8xf32>
  %v3 = stablehlo.slice %v [0:128, 24:32] : (tensor<128x32xf32>) -> tensor<128x8xf32>
  %s3 = stablehlo.dot_general %q3, %k3, contracting_dims = [1] x [1] : (tensor<128x8xf32>, tensor<128x8xf32>) -> tensor<128x128xf32>
  %m3 = stablehlo.reduce(%s3 init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<128x128xf32>, tensor<f32>) -> tensor<128xf32>
  %mb3 = stablehlo.broadcast_in_dim %m3, dims = [0] : (tensor<128xf32>) -> tensor<128x128xf32>
  %d3 = stablehlo.subtract %s3, %mb3 : tensor<128x128xf32>
  %e3 = stablehlo.exponential %d3 : tensor<128x128xf32>
  %z3 = stablehlo.reduce(%e3 init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<128x128xf32>, tensor<f32>) -> tensor<128xf32>
  %zb3 = stablehlo.broadcast_in_dim %z3, dims = [0] : (tensor<128xf32>) -> tensor<128x128xf32>
  %p3 = stablehlo.divide %e3, %zb3 : tensor<128x128xf32>
  %o3 = stablehlo.dot %p3, %v3 : (tensor<128x128xf32>, tensor<128x8xf32>) -> tensor<128x8xf32>
  %cat = stablehlo.concatenate %o0, %o1, %o2, %o3, dim = 1 : (tensor<128x8xf32>, tensor<128x8xf32>, tensor<128x8xf32>, tensor<128x8xf32>) -> tensor<128x32xf32>
  %out = stablehlo.dot %cat, %wo : (tensor<128x32xf32>, tensor<32x32xf32>) -> tensor<128x32xf32>
  return %out : tensor<128x32xf32>
}
