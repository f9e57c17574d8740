// RUN: not oxla-opt %s -split-input-file 2>&1 | FileCheck %s
// RUN: oxla-opt %s -split-input-file; test $? -eq 2

// CHECK: import-round-trip-invalid.mlir:[[@LINE+1]]:{{[0-9]+}}: error: cannot read xla.sdy.meshes = "{mesh = #sdy.mesh<["a"=0]>}": axis "a" has size 0, expected a positive size
module attributes {mhlo.frontend_attributes = {xla.sdy.meshes = "{mesh = #sdy.mesh<[\22a\22=0]>}"}} {
}

// -----

// CHECK: import-round-trip-invalid.mlir:[[@LINE+2]]:{{[0-9]+}}: error: cannot read xla.sdy.sharding = "#sdy.sharding<@mesh, [{"a"}]>": it is not the expected kind of sdy attribute
func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.negate %arg0 {mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding<@mesh, [{\22a\22}]>"}} : tensor<8xf32>
  return %0 : tensor<8xf32>
}
