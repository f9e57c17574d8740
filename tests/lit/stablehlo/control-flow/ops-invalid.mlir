// RUN: oxla-opt %s -split-input-file -verify-diagnostics

func.func @while_cond_args(%a: tensor<i64>) {
  // expected-error @+1 {{(C1) requires cond arguments of types}}
  %0 = "stablehlo.while"(%a) ({
    ^bb0(%x: tensor<i32>):
      %c = stablehlo.constant dense<true> : tensor<i1>
      "stablehlo.return"(%c) : (tensor<i1>) -> ()
    }, {
    ^bb0(%x: tensor<i64>):
      "stablehlo.return"(%x) : (tensor<i64>) -> ()
  }) : (tensor<i64>) -> tensor<i64>
  return
}

// -----

func.func @while_cond_result(%a: tensor<i64>) {
  // expected-error @+1 {{(C1) requires cond to return one tensor<i1>}}
  %0 = stablehlo.while(%iterArg = %a) : tensor<i64>
   cond {
    stablehlo.return %iterArg : tensor<i64>
  } do {
    stablehlo.return %iterArg : tensor<i64>
  }
  return
}

// -----

func.func @while_body_result(%a: tensor<i64>, %b: tensor<i32>) {
  // expected-error @+1 {{(C2) requires body to return}}
  %0 = stablehlo.while(%iterArg = %a) : tensor<i64>
   cond {
    %c = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    stablehlo.return %b : tensor<i32>
  }
  return
}

// -----

func.func @while_results(%a: tensor<i64>) {
  // expected-error @+1 {{(C3) requires result types}}
  %0 = "stablehlo.while"(%a) ({
    ^bb0(%x: tensor<i64>):
      %c = stablehlo.constant dense<true> : tensor<i1>
      "stablehlo.return"(%c) : (tensor<i1>) -> ()
    }, {
    ^bb0(%x: tensor<i64>):
      "stablehlo.return"(%x) : (tensor<i64>) -> ()
  }) : (tensor<i64>) -> tensor<i32>
  return
}

// -----

func.func @if_branch_args(%p: tensor<i1>, %x: tensor<f32>) {
  // expected-error @+1 {{(C1) requires branches without arguments}}
  %0 = "stablehlo.if"(%p) ({
  ^bb0(%y: tensor<f32>):
    "stablehlo.return"(%y) : (tensor<f32>) -> ()
  }, {
    "stablehlo.return"(%x) : (tensor<f32>) -> ()
  }) : (tensor<i1>) -> tensor<f32>
  return
}

// -----

func.func @if_branch_outputs(%p: tensor<i1>, %x: tensor<f32>, %y: tensor<i32>) {
  // expected-error @+1 {{(C2) requires all branches to return}}
  %0 = "stablehlo.if"(%p) ({
    "stablehlo.return"(%x) : (tensor<f32>) -> ()
  }, {
    "stablehlo.return"(%y) : (tensor<i32>) -> ()
  }) : (tensor<i1>) -> tensor<f32>
  return
}

// -----

func.func @if_results(%p: tensor<i1>, %x: tensor<f32>) {
  // expected-error @+1 {{(C3) requires result types}}
  %0 = "stablehlo.if"(%p) ({
    "stablehlo.return"(%x) : (tensor<f32>) -> ()
  }, {
    "stablehlo.return"(%x) : (tensor<f32>) -> ()
  }) : (tensor<i1>) -> tensor<f64>
  return
}

// -----

func.func @if_pred_rank(%p: tensor<2xi1>, %x: tensor<f32>) {
  // expected-error @+1 {{(C4) requires a 0-dimensional pred}}
  %0 = "stablehlo.if"(%p) ({
    "stablehlo.return"(%x) : (tensor<f32>) -> ()
  }, {
    "stablehlo.return"(%x) : (tensor<f32>) -> ()
  }) : (tensor<2xi1>) -> tensor<f32>
  return
}

// -----

func.func @case_no_branches(%i: tensor<i32>) {
  // expected-error @+1 {{(C1) requires at least one branch}}
  "stablehlo.case"(%i) : (tensor<i32>) -> ()
  return
}

// -----

func.func @case_branch_args(%i: tensor<i32>, %x: tensor<f32>) {
  // expected-error @+1 {{(C2) requires branches without arguments}}
  %0 = "stablehlo.case"(%i) ({
  ^bb0(%y: tensor<f32>):
    "stablehlo.return"(%y) : (tensor<f32>) -> ()
  }) : (tensor<i32>) -> tensor<f32>
  return
}

// -----

func.func @case_branch_outputs(%i: tensor<i32>, %x: tensor<f32>, %y: tensor<i32>) {
  // expected-error @+1 {{(C3) requires all branches to return}}
  %0 = "stablehlo.case"(%i) ({
    "stablehlo.return"(%x) : (tensor<f32>) -> ()
  }, {
    "stablehlo.return"(%y) : (tensor<i32>) -> ()
  }) : (tensor<i32>) -> tensor<f32>
  return
}

// -----

func.func @case_results(%i: tensor<i32>, %x: tensor<f32>) {
  // expected-error @+1 {{(C4) requires result types}}
  %0 = "stablehlo.case"(%i) ({
    "stablehlo.return"(%x) : (tensor<f32>) -> ()
  }) : (tensor<i32>) -> tensor<i32>
  return
}
