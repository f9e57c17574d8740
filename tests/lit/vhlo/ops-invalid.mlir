// RUN: oxla-opt %s -split-input-file -verify-diagnostics

// Only the versions that StableHLO released exist: abs has one.
// expected-error @+1 {{unregistered operation 'vhlo.abs_v2' found in dialect ('vhlo') that does not allow unknown operations}}
%0 = "vhlo.abs_v2"() : () -> tensor<f32>

// -----

// return_v1 ends a region.
"vhlo.func_v1"() ({
^bb0(%arg0: tensor<f32>):
  // expected-error @+1 {{must be the last operation in the parent block}}
  "vhlo.return_v1"(%arg0) : (tensor<f32>) -> ()
  %0 = "vhlo.abs_v1"(%arg0) : (tensor<f32>) -> tensor<f32>
}) {sym_name = "main"} : () -> ()
