// RUN: oxla-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{mesh has the axis "a" twice}}
sdy.mesh @mesh = <["a"=2, "a"=4]>

// -----

// expected-error @+1 {{axis "a" has size 0, expected a positive size}}
sdy.mesh @mesh = <["a"=0]>

// -----

// expected-error @+1 {{mesh has 3 device ids, but its axes make 4 devices}}
sdy.mesh @mesh = <["a"=2, "b"=2], device_ids=[0, 2, 1]>

// -----

// expected-error @+1 {{mesh device ids must be a permutation of 0..3}}
sdy.mesh @mesh = <["a"=2, "b"=2], device_ids=[0, 2, 1, 5]>

// -----

// expected-error @+1 {{mesh device ids must not be the identity order [0, ..., 3]; leave them out}}
sdy.mesh @mesh = <["a"=4], device_ids=[0, 1, 2, 3]>

// -----

// expected-error @+1 {{a mesh without axes has at most one device id, got 2}}
sdy.mesh @mesh = <[], device_ids=[0, 1]>

// -----

// expected-error @+1 {{mesh device ids must be non-negative}}
sdy.mesh @mesh = <[], device_ids=[-1]>

// -----

func.func @not_in_module() {
  // expected-error @+1 {{'sdy.mesh' op expects parent op 'builtin.module'}}
  "sdy.mesh"() <{sym_name = "m", mesh = #sdy.mesh<["a"=2]>}> : () -> ()
  return
}
