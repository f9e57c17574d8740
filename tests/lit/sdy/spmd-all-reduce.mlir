// sdy.all_reduce says its operand is partial over the axes; the global
// value does not change. The partitioner sums what it left partial (a
// contraction over a split dimension) once, and a value it computed whole
// (a gather it ran on the replicated operand, where Shardy's local gather
// leaves partial values) is kept as it is: summing its copies would double it.
// RUN: oxla-interpret %s --split-input-file --devices 2 --print-results | FileCheck %s
// RUN: oxla-run %s --split-input-file --devices 2 --print-results | FileCheck %s

// CHECK: EXEC @gather
// CHECK-NEXT: 2x1xf32=[1][2]
sdy.mesh @mesh = <["x"=2]>
func.func @gather() -> tensor<2x1xf32> {
  %input = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]> : tensor<4x2xf32>
  %indices = stablehlo.constant dense<[0, 1]> : tensor<2xi64>
  %a = sdy.sharding_constraint %input <@mesh, [{"x"}, {}]> : tensor<4x2xf32>
  %0 = "stablehlo.gather"(%a, %indices) {
    dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [1], index_vector_dim = 1>,
    slice_sizes = array<i64: 1, 1>
  } : (tensor<4x2xf32>, tensor<2xi64>) -> tensor<2x1xf32>
  %1 = sdy.all_reduce {"x"} %0 out_sharding=<@mesh, [{}, {}]> : tensor<2x1xf32>
  return %1 : tensor<2x1xf32>
}

// -----

// CHECK: EXEC @contraction
// CHECK-NEXT: 2x2xf32=[10 10][26 26]
sdy.mesh @mesh = <["x"=2]>
func.func @contraction() -> tensor<2x2xf32> {
  %lhs = stablehlo.constant dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]> : tensor<2x4xf32>
  %rhs = stablehlo.constant dense<1.0> : tensor<4x2xf32>
  %l = sdy.sharding_constraint %lhs <@mesh, [{}, {"x"}]> : tensor<2x4xf32>
  %r = sdy.sharding_constraint %rhs <@mesh, [{"x"}, {}]> : tensor<4x2xf32>
  %0 = stablehlo.dot_general %l, %r, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
  %1 = sdy.all_reduce {"x"} %0 out_sharding=<@mesh, [{}, {}]> : tensor<2x2xf32>
  return %1 : tensor<2x2xf32>
}
