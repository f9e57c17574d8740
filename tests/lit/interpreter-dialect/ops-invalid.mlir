// RUN: oxla-opt %s -split-input-file -verify-diagnostics

func.func @f(%x: tensor<i32>) -> tensor<i32> {
  return %x : tensor<i32>
}
func.func @empty() {
  // expected-error @+1 {{(C1) requires at least one row of programs}}
  "interpreter.run_parallel"() {programs = []} : () -> ()
  return
}

// -----

func.func @f(%x: tensor<i32>) -> tensor<i32> {
  return %x : tensor<i32>
}
func.func @ragged(%x: tensor<i32>) {
  // expected-error @+1 {{(C1) requires rows of 2 (one per partition, at least one) programs, but row 1 has 1}}
  %0:3 = "interpreter.run_parallel"(%x, %x, %x) {programs = [[@f, @f], [@f]]} : (tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>)
  return
}

// -----

func.func @unknown(%x: tensor<i32>) {
  // expected-error @+1 {{(C2) requires @g to name a function, but it does not}}
  %0 = "interpreter.run_parallel"(%x) {programs = [[@g]]} : (tensor<i32>) -> tensor<i32>
  return
}

// -----

func.func @f(%x: tensor<i32>) -> tensor<i32> {
  return %x : tensor<i32>
}
func.func @arg_type(%x: tensor<i64>) {
  // expected-error @+1 {{(C3) requires operand 0 of type 'tensor<i32>' (an argument of @f), but got 'tensor<i64>'}}
  %0 = "interpreter.run_parallel"(%x) {programs = [[@f]]} : (tensor<i64>) -> tensor<i32>
  return
}

// -----

func.func @f(%x: tensor<i32>) -> tensor<i32> {
  return %x : tensor<i32>
}
func.func @too_many_args(%x: tensor<i32>) {
  // expected-error @+1 {{(C3) requires 1 operands (the programs' arguments), but got 2}}
  %0 = "interpreter.run_parallel"(%x, %x) {programs = [[@f]]} : (tensor<i32>, tensor<i32>) -> tensor<i32>
  return
}

// -----

func.func @f(%x: tensor<i32>) -> tensor<i32> {
  return %x : tensor<i32>
}
func.func @too_few_args() {
  // expected-error @+1 {{(C3) requires an operand for every program argument, but @f needs more than the 0 given}}
  %0 = "interpreter.run_parallel"() {programs = [[@f]]} : () -> tensor<i32>
  return
}

// -----

func.func @f(%x: tensor<i32>) -> tensor<i32> {
  return %x : tensor<i32>
}
func.func @result_type(%x: tensor<i32>) {
  // expected-error @+1 {{(C4) requires result 0 of type 'tensor<i32>' (a result of @f), but got 'tensor<f32>'}}
  %0 = "interpreter.run_parallel"(%x) {programs = [[@f]]} : (tensor<i32>) -> tensor<f32>
  return
}

// -----

func.func @f(%x: tensor<i32>) -> tensor<i32> {
  return %x : tensor<i32>
}
func.func @result_count(%x: tensor<i32>) {
  // expected-error @+1 {{(C4) requires 1 results (the programs' results), but got 2}}
  %0:2 = "interpreter.run_parallel"(%x) {programs = [[@f]]} : (tensor<i32>) -> (tensor<i32>, tensor<i32>)
  return
}

// -----

func.func @f(%x: tensor<i32>) -> tensor<i32> {
  return %x : tensor<i32>
}
func.func @infeed_args(%x: tensor<i32>) {
  // expected-error @+1 {{(C5) requires infeed function @f to take no arguments, but it takes 1}}
  %0 = "interpreter.run_parallel"(%x) {infeed = [@f], programs = [[@f]]} : (tensor<i32>) -> tensor<i32>
  return
}

// -----

func.func @probe_id(%x: tensor<i32>) {
  // expected-error @+1 {{(C1) requires a non-empty probe_id}}
  %0 = interpreter.probe %x, probe_id = "" : tensor<i32>
  return
}

// -----

func.func @probe_type(%x: tensor<i32>) {
  // expected-error @+1 {{all of {operand, result} have same type}}
  %0 = "interpreter.probe"(%x) {probe_id = "p"} : (tensor<i32>) -> tensor<i64>
  return
}
