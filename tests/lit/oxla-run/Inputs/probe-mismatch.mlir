func.func @main() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  %b = stablehlo.add %a, %a : tensor<2xi32>
  %c = interpreter.probe %b, probe_id = "doubled" : tensor<2xi32>
  // %a is [1, 2], the probed value [2, 4].
  check.expect_serialized_eq %a, probe_id = "doubled" : tensor<2xi32>
  func.return
}
