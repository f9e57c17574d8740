// Recursion through func.call: the interpreter runs it as deep as its
// stack allows and then stops with exit code 3 at the call that would go
// deeper (not a stack overflow); compiled code, which inlines every call,
// rejects recursion with exit code 3 at the recursive call.
// RUN: oxla-interpret %s --input i64=200 --print-results | FileCheck %s --check-prefix=SHALLOW
// RUN: oxla-interpret %s --input i64=100000000 > %t.deep 2>&1; test $? -eq 3
// RUN: FileCheck %s --check-prefix=DEEP < %t.deep
// RUN: oxla-run %s --input i64=3 > %t.jit 2>&1; test $? -eq 3
// RUN: FileCheck %s --check-prefix=JIT < %t.jit

// SHALLOW: EXEC @main
// SHALLOW-NEXT: i64=200
// DEEP: recursion-depth.mlir:[[@LINE+15]]:{{[0-9]+}}: error: unsupported: calls nested {{[0-9]+}} deep exhaust the interpreter's stack
// DEEP-NOT: see current operation
// JIT: recursion-depth.mlir:[[@LINE+13]]:{{[0-9]+}}: error: unsupported: recursive call of @count
func.func public @main(%n: tensor<i64>) -> tensor<i64> {
  %r = func.call @count(%n) : (tensor<i64>) -> tensor<i64>
  return %r : tensor<i64>
}
func.func private @count(%n: tensor<i64>) -> tensor<i64> {
  %zero = stablehlo.constant dense<0> : tensor<i64>
  %one = stablehlo.constant dense<1> : tensor<i64>
  %done = stablehlo.compare LE, %n, %zero : (tensor<i64>, tensor<i64>) -> tensor<i1>
  %r = "stablehlo.if"(%done) ({
    stablehlo.return %zero : tensor<i64>
  }, {
    %m = stablehlo.subtract %n, %one : tensor<i64>
    %c = func.call @count(%m) : (tensor<i64>) -> tensor<i64>
    %s = stablehlo.add %c, %one : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) : (tensor<i1>) -> tensor<i64>
  return %r : tensor<i64>
}
