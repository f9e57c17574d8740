// chlo.top_k with `largest = false` picks the k smallest elements, smallest
// first, ties by index; `largest = true` is the default. Interpreted and
// compiled, against values worked out by hand.
// RUN: oxla-interpret %s
// RUN: oxla-run %s

func.func public @main() {
  %x = stablehlo.constant dense<[[2.0, 1.0, 2.0, 1.0], [5.0, 0xFF800000, 0.5, -1.0]]> : tensor<2x4xf32>
  %v, %i = chlo.top_k(%x, k = 3) {largest = false} : tensor<2x4xf32> -> (tensor<2x3xf32>, tensor<2x3xi32>)
  check.expect_eq_const %v, dense<[[1.0, 1.0, 2.0], [0xFF800000, -1.0, 0.5]]> : tensor<2x3xf32>
  check.expect_eq_const %i, dense<[[1, 3, 0], [1, 3, 2]]> : tensor<2x3xi32>
  %lv, %li = chlo.top_k(%x, k = 3) {largest = true} : tensor<2x4xf32> -> (tensor<2x3xf32>, tensor<2x3xi32>)
  check.expect_eq_const %lv, dense<[[2.0, 2.0, 1.0], [5.0, 0.5, -1.0]]> : tensor<2x3xf32>
  check.expect_eq_const %li, dense<[[0, 2, 1], [0, 2, 3]]> : tensor<2x3xi32>
  // Signed and unsigned integers.
  %y = stablehlo.constant dense<[[-128, 7], [5, -3]]> : tensor<2x2xi8>
  %yv, %yi = chlo.top_k(%y, k = 1) {largest = false} : tensor<2x2xi8> -> (tensor<2x1xi8>, tensor<2x1xi32>)
  check.expect_eq_const %yv, dense<[[-128], [-3]]> : tensor<2x1xi8>
  check.expect_eq_const %yi, dense<[[0], [1]]> : tensor<2x1xi32>
  %u = stablehlo.constant dense<[200, 3, 200, 3]> : tensor<4xui8>
  %uv, %ui = chlo.top_k(%u, k = 3) {largest = false} : tensor<4xui8> -> (tensor<3xui8>, tensor<3xi32>)
  check.expect_eq_const %uv, dense<[3, 3, 200]> : tensor<3xui8>
  check.expect_eq_const %ui, dense<[1, 3, 0]> : tensor<3xi32>
  return
}
