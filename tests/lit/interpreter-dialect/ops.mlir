// RUN: oxla-opt %s | FileCheck %s
// RUN: oxla-opt %s | oxla-opt | FileCheck %s
// RUN: oxla-opt %s --mlir-print-op-generic | oxla-opt | FileCheck %s

module {
  func.func @send(%x: tensor<2x2xi64>, %t: !stablehlo.token) -> !stablehlo.token {
    return %t : !stablehlo.token
  }
  func.func @recv(%t: !stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token) {
    %0 = stablehlo.constant dense<1> : tensor<2x2xi64>
    return %0, %t : tensor<2x2xi64>, !stablehlo.token
  }
  func.func @id() -> tensor<ui32> {
    %0 = stablehlo.constant dense<0> : tensor<ui32>
    // CHECK: interpreter.print %{{.*}} : tensor<ui32>
    interpreter.print %0 : tensor<ui32>
    return %0 : tensor<ui32>
  }
  func.func @queue() -> tensor<2x2xi64> {
    %0 = stablehlo.constant dense<1> : tensor<2x2xi64>
    return %0 : tensor<2x2xi64>
  }
  // CHECK-LABEL: func.func @main
  func.func @main(%x: tensor<2x2xi64>) {
    %t = stablehlo.after_all : !stablehlo.token
    // CHECK: "interpreter.run_parallel"(%{{.*}}, %{{.*}}, %{{.*}}) <{programs = {{\[}}[@send], [@recv]]}> : (tensor<2x2xi64>, !stablehlo.token, !stablehlo.token) -> (!stablehlo.token, tensor<2x2xi64>, !stablehlo.token)
    %0:3 = "interpreter.run_parallel"(%x, %t, %t) {
      programs = [[@send], [@recv]]
    } : (tensor<2x2xi64>, !stablehlo.token, !stablehlo.token) -> (!stablehlo.token, tensor<2x2xi64>, !stablehlo.token)
    // CHECK: "interpreter.run_parallel"() <{programs = {{\[}}[@id, @id]]}> : () -> (tensor<ui32>, tensor<ui32>)
    %1:2 = "interpreter.run_parallel"() {programs = [[@id, @id]]} : () -> (tensor<ui32>, tensor<ui32>)
    // CHECK: "interpreter.run_parallel"(%{{.*}}) <{infeed = [@queue, @queue], programs = {{\[}}[@recv]]}>
    %2:2 = "interpreter.run_parallel"(%t) {infeed = [@queue, @queue], programs = [[@recv]]} : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
    // CHECK: interpreter.probe %{{.*}}, probe_id = "probe/0" : tensor<2x2xi64>
    %3 = interpreter.probe %x, probe_id = "probe/0" : tensor<2x2xi64>
    return
  }
}
