// RUN: oxla-opt --split-input-file --verify-diagnostics %s

// Upstream requires its own spelling for dictionary keys and the accuracy
// mode; types MLIR 19 lacks and unknown names are reported where they stand.

// expected-error @+1 {{expected VHLO key attribute}}
func.func @key() attributes {vhlo.a = #vhlo.dict_v1<{"k" = #vhlo.array_v1<[]>}>} {
  return
}

// -----

// expected-error @+1 {{expected VHLO result accuracy mode}}
func.func @mode() attributes {vhlo.a = #vhlo.result_accuracy_v1<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #stablehlo.result_accuracy_mode<DEFAULT>>} {
  return
}

// -----

// expected-error @+1 {{element type !vhlo.f4E2M1FN_v1 is not supported: MLIR 19, which oxla is built on, has no such type}}
func.func @f4() attributes {vhlo.a = #vhlo.type_v1<!vhlo.f4E2M1FN_v1>} {
  return
}

// -----

// expected-error @+1 {{unknown vhlo type 'f7_v1'}}
func.func @unknown_type() attributes {vhlo.a = #vhlo.type_v1<!vhlo.f7_v1>} {
  return
}

// -----

// expected-error @+1 {{unknown vhlo attribute 'tensor_v9'}}
func.func @unknown_attribute() attributes {vhlo.a = #vhlo.tensor_v9<1>} {
  return
}

// -----

// expected-error @+1 {{unknown comparison direction 'EQUAL'}}
func.func @enum() attributes {vhlo.a = #vhlo<comparison_direction_v1 EQUAL>} {
  return
}

// -----

// expected-error @+1 {{#vhlo.integer_v1 of "one"}}
func.func @integer() attributes {vhlo.a = #vhlo.integer_v1<"one">} {
  return
}
