// RUN: oxla-interpret %s --split-input-file --print-results | FileCheck %s
// RUN: oxla-interpret %s --entry second --print-results | FileCheck %s --check-prefix=ENTRY

// Without a public @main, every public function without arguments runs.
// CHECK: EXEC @first
// CHECK-NEXT: i32=1
// CHECK: EXEC @second
// CHECK-NEXT: i32=2
// CHECK-NOT: EXEC @hidden
// The second split has a @main: only it runs.
// CHECK: EXEC @main
// CHECK-NEXT: 2xui8=[254 255]
// CHECK-NOT: EXEC
// ENTRY: EXEC @second
// ENTRY-NOT: EXEC @first
func.func public @first() -> tensor<i32> {
  %0 = stablehlo.constant dense<1> : tensor<i32>
  return %0 : tensor<i32>
}
func.func public @second() -> tensor<i32> {
  %0 = call @hidden() : () -> tensor<i32>
  return %0 : tensor<i32>
}
func.func private @hidden() -> tensor<i32> {
  %0 = stablehlo.constant dense<2> : tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func public @main() -> tensor<2xui8> {
  %0 = stablehlo.constant dense<[1, 0]> : tensor<2xui8>
  %1 = stablehlo.constant dense<[3, 1]> : tensor<2xui8>
  // Unsigned arithmetic wraps.
  %2 = stablehlo.subtract %0, %1 : tensor<2xui8>
  return %2 : tensor<2xui8>
}
func.func public @other() -> tensor<i32> {
  %0 = stablehlo.constant dense<9> : tensor<i32>
  return %0 : tensor<i32>
}
