// W7 transformer encoder block: batch 8, seq 128, d_model 256, 4 heads, FFN 1024 (ReLU), post-norm, f32.
module @jit_main {
  func.func public @main(%x: tensor<8x128x256xf32>, %wq: tensor<256x256xf32>, %bq: tensor<256xf32>, %wk: tensor<256x256xf32>, %bk: tensor<256xf32>, %wv: tensor<256x256xf32>, %bv: tensor<256xf32>, %wo: tensor<256x256xf32>, %bo: tensor<256xf32>, %ln1_g: tensor<256xf32>, %ln1_b: tensor<256xf32>, %w1: tensor<256x1024xf32>, %b1: tensor<1024xf32>, %w2: tensor<1024x256xf32>, %b2: tensor<256xf32>, %ln2_g: tensor<256xf32>, %ln2_b: tensor<256xf32>) -> (tensor<8x128x256xf32>) {
    %0 = stablehlo.dot_general %x, %wq, contracting_dims = [2] x [0] : (tensor<8x128x256xf32>, tensor<256x256xf32>) -> tensor<8x128x256xf32>
    %1 = stablehlo.broadcast_in_dim %bq, dims = [2] : (tensor<256xf32>) -> tensor<8x128x256xf32>
    %2 = stablehlo.add %0, %1 : tensor<8x128x256xf32>
    %3 = stablehlo.reshape %2 : (tensor<8x128x256xf32>) -> tensor<8x128x4x64xf32>
    %4 = stablehlo.transpose %3, dims = [0, 2, 1, 3] : (tensor<8x128x4x64xf32>) -> tensor<8x4x128x64xf32>
    %5 = stablehlo.dot_general %x, %wk, contracting_dims = [2] x [0] : (tensor<8x128x256xf32>, tensor<256x256xf32>) -> tensor<8x128x256xf32>
    %6 = stablehlo.broadcast_in_dim %bk, dims = [2] : (tensor<256xf32>) -> tensor<8x128x256xf32>
    %7 = stablehlo.add %5, %6 : tensor<8x128x256xf32>
    %8 = stablehlo.reshape %7 : (tensor<8x128x256xf32>) -> tensor<8x128x4x64xf32>
    %9 = stablehlo.transpose %8, dims = [0, 2, 1, 3] : (tensor<8x128x4x64xf32>) -> tensor<8x4x128x64xf32>
    %10 = stablehlo.dot_general %x, %wv, contracting_dims = [2] x [0] : (tensor<8x128x256xf32>, tensor<256x256xf32>) -> tensor<8x128x256xf32>
    %11 = stablehlo.broadcast_in_dim %bv, dims = [2] : (tensor<256xf32>) -> tensor<8x128x256xf32>
    %12 = stablehlo.add %10, %11 : tensor<8x128x256xf32>
    %13 = stablehlo.reshape %12 : (tensor<8x128x256xf32>) -> tensor<8x128x4x64xf32>
    %14 = stablehlo.transpose %13, dims = [0, 2, 1, 3] : (tensor<8x128x4x64xf32>) -> tensor<8x4x128x64xf32>
    %15 = stablehlo.dot_general %4, %9, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [3] : (tensor<8x4x128x64xf32>, tensor<8x4x128x64xf32>) -> tensor<8x4x128x128xf32>
    %16 = stablehlo.constant dense<1.250000000e-01> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [] : (tensor<f32>) -> tensor<8x4x128x128xf32>
    %18 = stablehlo.multiply %15, %17 : tensor<8x4x128x128xf32>
    %19 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %20 = stablehlo.reduce(%18 init: %19) applies stablehlo.maximum across dimensions = [3] : (tensor<8x4x128x128xf32>, tensor<f32>) -> tensor<8x4x128xf32>
    %21 = stablehlo.broadcast_in_dim %20, dims = [0, 1, 2] : (tensor<8x4x128xf32>) -> tensor<8x4x128x128xf32>
    %22 = stablehlo.subtract %18, %21 : tensor<8x4x128x128xf32>
    %23 = stablehlo.exponential %22 : tensor<8x4x128x128xf32>
    %24 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %25 = stablehlo.reduce(%23 init: %24) applies stablehlo.add across dimensions = [3] : (tensor<8x4x128x128xf32>, tensor<f32>) -> tensor<8x4x128xf32>
    %26 = stablehlo.broadcast_in_dim %25, dims = [0, 1, 2] : (tensor<8x4x128xf32>) -> tensor<8x4x128x128xf32>
    %27 = stablehlo.divide %23, %26 : tensor<8x4x128x128xf32>
    %28 = stablehlo.dot_general %27, %14, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : (tensor<8x4x128x128xf32>, tensor<8x4x128x64xf32>) -> tensor<8x4x128x64xf32>
    %29 = stablehlo.transpose %28, dims = [0, 2, 1, 3] : (tensor<8x4x128x64xf32>) -> tensor<8x128x4x64xf32>
    %30 = stablehlo.reshape %29 : (tensor<8x128x4x64xf32>) -> tensor<8x128x256xf32>
    %31 = stablehlo.dot_general %30, %wo, contracting_dims = [2] x [0] : (tensor<8x128x256xf32>, tensor<256x256xf32>) -> tensor<8x128x256xf32>
    %32 = stablehlo.broadcast_in_dim %bo, dims = [2] : (tensor<256xf32>) -> tensor<8x128x256xf32>
    %33 = stablehlo.add %31, %32 : tensor<8x128x256xf32>
    %34 = stablehlo.add %x, %33 : tensor<8x128x256xf32>
    %35 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %36 = stablehlo.reduce(%34 init: %35) applies stablehlo.add across dimensions = [2] : (tensor<8x128x256xf32>, tensor<f32>) -> tensor<8x128xf32>
    %37 = stablehlo.constant dense<3.906250000e-03> : tensor<8x128xf32>
    %38 = stablehlo.multiply %36, %37 : tensor<8x128xf32>
    %39 = stablehlo.broadcast_in_dim %38, dims = [0, 1] : (tensor<8x128xf32>) -> tensor<8x128x256xf32>
    %40 = stablehlo.subtract %34, %39 : tensor<8x128x256xf32>
    %41 = stablehlo.multiply %40, %40 : tensor<8x128x256xf32>
    %42 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %43 = stablehlo.reduce(%41 init: %42) applies stablehlo.add across dimensions = [2] : (tensor<8x128x256xf32>, tensor<f32>) -> tensor<8x128xf32>
    %44 = stablehlo.multiply %43, %37 : tensor<8x128xf32>
    %45 = stablehlo.constant dense<1.000000000e-05> : tensor<8x128xf32>
    %46 = stablehlo.add %44, %45 : tensor<8x128xf32>
    %47 = stablehlo.rsqrt %46 : tensor<8x128xf32>
    %48 = stablehlo.broadcast_in_dim %47, dims = [0, 1] : (tensor<8x128xf32>) -> tensor<8x128x256xf32>
    %49 = stablehlo.multiply %40, %48 : tensor<8x128x256xf32>
    %50 = stablehlo.broadcast_in_dim %ln1_g, dims = [2] : (tensor<256xf32>) -> tensor<8x128x256xf32>
    %51 = stablehlo.multiply %49, %50 : tensor<8x128x256xf32>
    %52 = stablehlo.broadcast_in_dim %ln1_b, dims = [2] : (tensor<256xf32>) -> tensor<8x128x256xf32>
    %53 = stablehlo.add %51, %52 : tensor<8x128x256xf32>
    %54 = stablehlo.dot_general %53, %w1, contracting_dims = [2] x [0] : (tensor<8x128x256xf32>, tensor<256x1024xf32>) -> tensor<8x128x1024xf32>
    %55 = stablehlo.broadcast_in_dim %b1, dims = [2] : (tensor<1024xf32>) -> tensor<8x128x1024xf32>
    %56 = stablehlo.add %54, %55 : tensor<8x128x1024xf32>
    %57 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %58 = stablehlo.broadcast_in_dim %57, dims = [] : (tensor<f32>) -> tensor<8x128x1024xf32>
    %59 = stablehlo.maximum %56, %58 : tensor<8x128x1024xf32>
    %60 = stablehlo.dot_general %59, %w2, contracting_dims = [2] x [0] : (tensor<8x128x1024xf32>, tensor<1024x256xf32>) -> tensor<8x128x256xf32>
    %61 = stablehlo.broadcast_in_dim %b2, dims = [2] : (tensor<256xf32>) -> tensor<8x128x256xf32>
    %62 = stablehlo.add %60, %61 : tensor<8x128x256xf32>
    %63 = stablehlo.add %53, %62 : tensor<8x128x256xf32>
    %64 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %65 = stablehlo.reduce(%63 init: %64) applies stablehlo.add across dimensions = [2] : (tensor<8x128x256xf32>, tensor<f32>) -> tensor<8x128xf32>
    %66 = stablehlo.constant dense<3.906250000e-03> : tensor<8x128xf32>
    %67 = stablehlo.multiply %65, %66 : tensor<8x128xf32>
    %68 = stablehlo.broadcast_in_dim %67, dims = [0, 1] : (tensor<8x128xf32>) -> tensor<8x128x256xf32>
    %69 = stablehlo.subtract %63, %68 : tensor<8x128x256xf32>
    %70 = stablehlo.multiply %69, %69 : tensor<8x128x256xf32>
    %71 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %72 = stablehlo.reduce(%70 init: %71) applies stablehlo.add across dimensions = [2] : (tensor<8x128x256xf32>, tensor<f32>) -> tensor<8x128xf32>
    %73 = stablehlo.multiply %72, %66 : tensor<8x128xf32>
    %74 = stablehlo.constant dense<1.000000000e-05> : tensor<8x128xf32>
    %75 = stablehlo.add %73, %74 : tensor<8x128xf32>
    %76 = stablehlo.rsqrt %75 : tensor<8x128xf32>
    %77 = stablehlo.broadcast_in_dim %76, dims = [0, 1] : (tensor<8x128xf32>) -> tensor<8x128x256xf32>
    %78 = stablehlo.multiply %69, %77 : tensor<8x128x256xf32>
    %79 = stablehlo.broadcast_in_dim %ln2_g, dims = [2] : (tensor<256xf32>) -> tensor<8x128x256xf32>
    %80 = stablehlo.multiply %78, %79 : tensor<8x128x256xf32>
    %81 = stablehlo.broadcast_in_dim %ln2_b, dims = [2] : (tensor<256xf32>) -> tensor<8x128x256xf32>
    %82 = stablehlo.add %80, %81 : tensor<8x128x256xf32>
    return %82 : tensor<8x128x256xf32>
  }
}
