// RUN: oxla-run %s
// Each function checks its own results; exit 0 means every check passed.

// Loop-carried values yielded in another order than they came in.
func.func @while_count() {
  %i0 = stablehlo.constant dense<0> : tensor<i64>
  %s0 = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %ten = stablehlo.constant dense<10> : tensor<i64>
  %r:2 = stablehlo.while(%i = %i0, %s = %s0) : tensor<i64>, tensor<i64>
  cond {
    %c = stablehlo.compare LT, %i, %ten : (tensor<i64>, tensor<i64>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %i1 = stablehlo.add %i, %one : tensor<i64>
    %s1 = stablehlo.add %s, %i : tensor<i64>
    stablehlo.return %i1, %s1 : tensor<i64>, tensor<i64>
  }
  check.expect_eq_const %r#0, dense<10> : tensor<i64>
  check.expect_eq_const %r#1, dense<45> : tensor<i64>
  func.return
}

// Swapping the carried values each trip; a reduce in the body.
func.func @while_swap_and_reduce() {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<[3.0, 4.0]> : tensor<2xf32>
  %n0 = stablehlo.constant dense<0> : tensor<i32>
  %s0 = stablehlo.constant dense<0.0> : tensor<f32>
  %three = stablehlo.constant dense<3> : tensor<i32>
  %one = stablehlo.constant dense<1> : tensor<i32>
  %r:4 = stablehlo.while(%x = %a, %y = %b, %n = %n0, %s = %s0) : tensor<2xf32>, tensor<2xf32>, tensor<i32>, tensor<f32>
  cond {
    %c = stablehlo.compare LT, %n, %three : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %zero = stablehlo.constant dense<0.0> : tensor<f32>
    %sum = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
    %s1 = stablehlo.add %s, %sum : tensor<f32>
    %x1 = stablehlo.add %y, %x : tensor<2xf32>
    %n1 = stablehlo.add %n, %one : tensor<i32>
    stablehlo.return %x1, %x, %n1, %s1 : tensor<2xf32>, tensor<2xf32>, tensor<i32>, tensor<f32>
  }
  check.expect_almost_eq_const %r#0, dense<[9.0, 14.0]> : tensor<2xf32>
  check.expect_almost_eq_const %r#1, dense<[5.0, 8.0]> : tensor<2xf32>
  check.expect_eq_const %r#2, dense<3> : tensor<i32>
  check.expect_almost_eq_const %r#3, dense<26.0> : tensor<f32>
  func.return
}

func.func @while_never_runs() {
  %x = stablehlo.constant dense<5> : tensor<i32>
  %r = stablehlo.while(%v = %x) : tensor<i32>
  cond {
    %f = stablehlo.constant dense<false> : tensor<i1>
    stablehlo.return %f : tensor<i1>
  } do {
    %w = stablehlo.add %v, %v : tensor<i32>
    stablehlo.return %w : tensor<i32>
  }
  check.expect_eq_const %r, dense<5> : tensor<i32>
  func.return
}

func.func @if_both_ways() {
  %t = stablehlo.constant dense<true> : tensor<i1>
  %f = stablehlo.constant dense<false> : tensor<i1>
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xui32>
  %r0 = "stablehlo.if"(%t) ({
    %d = stablehlo.add %a, %a : tensor<2xui32>
    stablehlo.return %d : tensor<2xui32>
  }, {
    stablehlo.return %a : tensor<2xui32>
  }) : (tensor<i1>) -> tensor<2xui32>
  %r1 = "stablehlo.if"(%f) ({
    %d = stablehlo.add %a, %a : tensor<2xui32>
    stablehlo.return %d : tensor<2xui32>
  }, {
    stablehlo.return %a : tensor<2xui32>
  }) : (tensor<i1>) -> tensor<2xui32>
  check.expect_eq_const %r0, dense<[2, 4]> : tensor<2xui32>
  check.expect_eq_const %r1, dense<[1, 2]> : tensor<2xui32>
  func.return
}

// Indices -1 and 3 are out of range and run the last branch.
func.func @case_indices() {
  %m1 = stablehlo.constant dense<-1> : tensor<i32>
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %c3 = stablehlo.constant dense<3> : tensor<i32>
  %b0 = stablehlo.constant dense<10> : tensor<i64>
  %b1 = stablehlo.constant dense<11> : tensor<i64>
  %b2 = stablehlo.constant dense<12> : tensor<i64>
  %r0 = "stablehlo.case"(%m1) ({ stablehlo.return %b0 : tensor<i64> },
                             { stablehlo.return %b1 : tensor<i64> },
                             { stablehlo.return %b2 : tensor<i64> }) : (tensor<i32>) -> tensor<i64>
  %r1 = "stablehlo.case"(%c0) ({ stablehlo.return %b0 : tensor<i64> },
                             { stablehlo.return %b1 : tensor<i64> },
                             { stablehlo.return %b2 : tensor<i64> }) : (tensor<i32>) -> tensor<i64>
  %r2 = "stablehlo.case"(%c1) ({ stablehlo.return %b0 : tensor<i64> },
                             { stablehlo.return %b1 : tensor<i64> },
                             { stablehlo.return %b2 : tensor<i64> }) : (tensor<i32>) -> tensor<i64>
  %r3 = "stablehlo.case"(%c3) ({ stablehlo.return %b0 : tensor<i64> },
                             { stablehlo.return %b1 : tensor<i64> },
                             { stablehlo.return %b2 : tensor<i64> }) : (tensor<i32>) -> tensor<i64>
  check.expect_eq_const %r0, dense<12> : tensor<i64>
  check.expect_eq_const %r1, dense<10> : tensor<i64>
  check.expect_eq_const %r2, dense<11> : tensor<i64>
  check.expect_eq_const %r3, dense<12> : tensor<i64>
  func.return
}

func.func @barrier_and_tuples() {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf64>
  %b = stablehlo.constant dense<3> : tensor<i64>
  %x, %y = stablehlo.optimization_barrier %a, %b : tensor<2xf64>, tensor<i64>
  %inner = stablehlo.tuple %y : tuple<tensor<i64>>
  %t = stablehlo.tuple %x, %inner : tuple<tensor<2xf64>, tuple<tensor<i64>>>
  %e0 = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xf64>, tuple<tensor<i64>>>) -> tensor<2xf64>
  %e1 = stablehlo.get_tuple_element %t[1] : (tuple<tensor<2xf64>, tuple<tensor<i64>>>) -> tuple<tensor<i64>>
  %e2 = stablehlo.get_tuple_element %e1[0] : (tuple<tensor<i64>>) -> tensor<i64>
  check.expect_almost_eq_const %e0, dense<[1.0, 2.0]> : tensor<2xf64>
  check.expect_eq_const %e2, dense<3> : tensor<i64>
  func.return
}
