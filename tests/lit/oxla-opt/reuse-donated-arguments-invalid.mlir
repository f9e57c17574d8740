// RUN: oxla-opt %s --oxla-reuse-donated-arguments --verify-diagnostics

// Donations are carried out on buffers, where results are out-parameters:
// a function still on tensors is refused.
// expected-error @+1 {{donated arguments: expected a function on buffers whose results are out-parameters}}
func.func @not_on_buffers(%p: tensor<4xf32>) -> tensor<4xf32>
    attributes {oxla.donations = array<i64: 0, 0>, oxla.entry_results = 1 : i64} {
  return %p : tensor<4xf32>
}
