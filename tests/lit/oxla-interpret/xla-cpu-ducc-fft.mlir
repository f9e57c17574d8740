// XLA's CPU FFT kernels as JAX called them until 2024: ducc_fft, whose
// first operand is a flatbuffer descriptor (kind, element type, shape,
// strides, axes, direction, scale), and dynamic_ducc_fft, which passes the
// shape, strides and scale as operands. Expected values from numpy.fft.
// RUN: oxla-interpret %s

func.func public @main() {
  // R2C along axis 1 of a 2x6 f32 array: 6 / 2 + 1 = 4 outputs per row.
  %desc_r2c = stablehlo.constant dense<"0x18000000140028000400050008000C001000140018002000140000000002000024000000380000004C0000005C0000000100000000000000000000000000F03F0000000002000000020000000000000006000000000000000000000002000000060000000000000001000000000000000000000002000000040000000000000001000000000000000100000001000000"> : tensor<144xui8>
  %x = stablehlo.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0], [0.0, 1.0, 0.0, -1.0, 2.0, 0.5]]> : tensor<2x6xf32>
  %y = stablehlo.custom_call @ducc_fft(%desc_r2c, %x) {api_version = 2 : i32, operand_layouts = [dense<0> : tensor<1xindex>, dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<144xui8>, tensor<2x6xf32>) -> tensor<2x4xcomplex<f32>>
  check.expect_almost_eq_const %y, dense<[[(21.0, 0.0), (-3.0, 5.1961524227), (-3.0, 1.7320508076), (-3.0, 0.0)], [(2.5, 0.0), (0.75, 1.2990381057), (-2.75, -2.1650635095), (1.5, 0.0)]]> : tensor<2x4xcomplex<f32>> {tolerance = 1.0e-5 : f64}

  // C2R (inverse, scale 1/6) in f64 gives the signal back.
  %desc_c2r = stablehlo.constant dense<"0x18000000140028000400050008000C001000140018002000140000000101000024000000380000004C0000005C0000000000000000000000555555555555C53F0000000002000000020000000000000006000000000000000000000002000000040000000000000001000000000000000000000002000000060000000000000001000000000000000100000001000000"> : tensor<144xui8>
  %yd = stablehlo.convert %y : (tensor<2x4xcomplex<f32>>) -> tensor<2x4xcomplex<f64>>
  %back = stablehlo.custom_call @ducc_fft(%desc_c2r, %yd) {api_version = 2 : i32, operand_layouts = [dense<0> : tensor<1xindex>, dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<144xui8>, tensor<2x4xcomplex<f64>>) -> tensor<2x6xf64>
  check.expect_almost_eq_const %back, dense<[[1.0, 2.0, 3.0, 4.0, 5.0, 6.0], [0.0, 1.0, 0.0, -1.0, 2.0, 0.5]]> : tensor<2x6xf64> {tolerance = 1.0e-5 : f64}

  // C2C over both axes (a 2-D FFT); length 3 is not a power of two.
  %desc_c2c = stablehlo.constant dense<"0x18000000140028000400050008000C001000140018002000140000000000000024000000380000004C0000005C0000000100000000000000000000000000F03F000000000200000002000000000000000300000000000000000000000200000003000000000000000100000000000000000000000200000003000000000000000100000000000000020000000000000001000000"> : tensor<148xui8>
  %c = stablehlo.constant dense<[[(1.0, 1.0), (2.0, 0.0), (0.0, 3.0)], [(0.0, 0.0), (-1.0, 0.0), (1.0, -1.0)]]> : tensor<2x3xcomplex<f32>>
  %f = stablehlo.custom_call @ducc_fft(%desc_c2c, %c) {api_version = 2 : i32, operand_layouts = [dense<0> : tensor<1xindex>, dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<148xui8>, tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
  check.expect_almost_eq_const %f, dense<[[(3.0, 3.0), (-1.7320508076, 0.0), (1.7320508076, 0.0)], [(3.0, 5.0), (-3.4641016151, -4.4641016151), (3.4641016151, 2.4641016151)]]> : tensor<2x3xcomplex<f32>> {tolerance = 1.0e-5 : f64}

  // dynamic_ducc_fft: (descriptor {ndims 2, C2C, axes [1], forward}, x,
  // shape, strides_in, strides_out, scale, output shape).
  %desc_dyn = stablehlo.constant dense<[20, 0, 0, 0, 0, 0, 14, 0, 16, 0, 8, 0, 0, 0, 0, 0, 12, 0, 7, 0, 14, 0, 0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 4, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]> : tensor<44xui8>
  %shape = stablehlo.constant dense<[2, 3]> : tensor<2xi32>
  %strides = stablehlo.constant dense<[3, 1]> : tensor<2xi32>
  %scale = stablehlo.constant dense<1.0> : tensor<1xf64>
  %rows = stablehlo.custom_call @dynamic_ducc_fft(%desc_dyn, %c, %shape, %strides, %strides, %scale, %shape) {api_version = 2 : i32, indices_of_shape_operands = dense<6> : tensor<1xi64>, operand_layouts = [dense<0> : tensor<1xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<44xui8>, tensor<2x3xcomplex<f32>>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<1xf64>, tensor<2xi32>) -> tensor<2x3xcomplex<f32>>
  check.expect_almost_eq_const %rows, dense<[[(3.0, 4.0), (-2.5980762114, -2.2320508076), (2.5980762114, 1.2320508076)], [(0.0, -1.0), (0.8660254038, 2.2320508076), (-0.8660254038, -1.2320508076)]]> : tensor<2x3xcomplex<f32>> {tolerance = 1.0e-5 : f64}
  return
}
