// Meshes print as Shardy prints them, and printing is a fixpoint.
// RUN: oxla-opt %s | FileCheck %s
// RUN: oxla-opt %s > %t.1.mlir && oxla-opt %t.1.mlir > %t.2.mlir && diff %t.1.mlir %t.2.mlir

// CHECK: sdy.mesh @empty_mesh = <[]>
sdy.mesh @empty_mesh = <[]>
// CHECK: sdy.mesh @maximal_mesh = <[], device_ids=[0]>
sdy.mesh @maximal_mesh = <[], device_ids=[0]>
// CHECK: sdy.mesh @mesh = <["a"=2, "b"=4]>
sdy.mesh @mesh = <["a"=2, "b"=4]>
// CHECK: sdy.mesh @reordered = <["x"=2, "y"=4], device_ids=[7, 6, 5, 4, 3, 2, 1, 0]>
sdy.mesh @reordered = <["x"=2, "y"=4], device_ids=[7, 6, 5, 4, 3, 2, 1, 0]>
// CHECK: sdy.mesh @ones = <["x"=1, "y"=1]>
sdy.mesh @ones = <["x"=1,"y"=1]>
// Meshes of different device counts may share a module (Shardy's tests do).
// CHECK: sdy.mesh @three = <["a"=3]>
sdy.mesh @three = <["a"=3]>

// The mesh attribute on its own.
// CHECK: func.func @f() attributes {m = #sdy.mesh<["q"=8]>}
func.func @f() attributes {m = #sdy.mesh<["q"=8]>} {
  return
}
