// --bisect runs each op of the entry compiled and in the interpreter, on the
// interpreter's values of its operands, and names the first op whose compiled
// result leaves the interpreter's by more than that op's own bound. The
// hidden --oxla-inject-miscompile makes the compiled code of one kind of op
// add 1 to its results, as a miscompile would.

// Correct code: every op agrees.
// RUN: oxla-run %s --random-inputs --bisect | FileCheck %s --check-prefix=AGREE
// AGREE: bisect @main: the compiled results of all 7 ops agree with the interpreter's

// A wrong multiply is found at its location, with the first element that
// differs; the ops before it agree, the ones after are not run.
// RUN: oxla-run %s --random-inputs --bisect --oxla-inject-miscompile=stablehlo.multiply > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=MULTIPLY < %t.out
// MULTIPLY: bisect.mlir:[[@LINE+26]]:9: error: --bisect: 'stablehlo.multiply' (op 2 of 7 of @main) is the first op whose compiled result leaves the interpreter's: result #0: the cross-check failed at index [0, 0]: expected {{.*}}, got {{.*}} ({{.*}}; allowed: 3 ULPs or {{.*}} = atol 0 + rtol 1.19e-07 * max(|expected|, rms {{.*}}))
// MULTIPLY-NOT: agree

// An op inside a region (the while loop's body) makes its loop the first
// wrong op; an integer result is compared exactly.
// RUN: not oxla-run %s --random-inputs --bisect --oxla-inject-miscompile=stablehlo.subtract 2>&1 | FileCheck %s --check-prefix=LOOP
// LOOP: bisect.mlir:[[@LINE+24]]:8: error: --bisect: 'stablehlo.while' (op 7 of 7 of @main) is the first op whose compiled result leaves the interpreter's: result #0: check.expect_eq failed at index []: expected 5, got 6

// The whole-program cross-check catches the same miscompile and, under its
// default tolerance, checks the program op by op to name the op; with a
// tolerance given, the whole-program bound alone decides.
// RUN: not oxla-run %s --random-inputs --check-with-interpreter --oxla-inject-miscompile=stablehlo.multiply 2>&1 | FileCheck %s --check-prefix=WHOLE
// WHOLE: note: @main result #1 differs from the interpreter's: {{.*}}; checking @main op by op
// WHOLE: bisect.mlir:[[@LINE+13]]:9: error: --check-with-interpreter: 'stablehlo.multiply' (op 2 of 7 of @main) is the first op whose compiled result leaves the interpreter's
// WHOLE: error: @main result #1 differs from the interpreter's: {{.*}} (the first op that differs is above)
// RUN: not oxla-run %s --random-inputs --check-with-interpreter --rtol 1e-3 --oxla-inject-miscompile=stablehlo.multiply 2>&1 | FileCheck %s --check-prefix=GIVEN
// GIVEN-NOT: op by op
// GIVEN: error: @main result #1 differs from the interpreter's

// An injected miscompile never goes into the compile cache.
// RUN: rm -rf %t.cache
// RUN: env OXLA_CACHE_DIR=%t.cache oxla-run %s --random-inputs --oxla-inject-miscompile=stablehlo.multiply --cache-report 2>&1 | FileCheck %s --check-prefix=CACHE --allow-empty
// CACHE-NOT: compile cache

func.func @main(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> (tensor<2x4xf32>, tensor<2x3xf32>, tensor<i32>) {
  %dot = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %sq = stablehlo.multiply %a, %a : tensor<2x3xf32>
  %r = func.call @scale(%dot) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %five = stablehlo.constant dense<5> : tensor<i32>
  %n = stablehlo.while(%i = %zero) : tensor<i32>
    cond {
      %lt = stablehlo.compare LT, %i, %five : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>
    } do {
      %minus = stablehlo.constant dense<-1> : tensor<i32>
      %next = stablehlo.subtract %i, %minus : tensor<i32>
      stablehlo.return %next : tensor<i32>
    }
  return %r, %sq, %n : tensor<2x4xf32>, tensor<2x3xf32>, tensor<i32>
}

func.func private @scale(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %c = stablehlo.constant dense<0.5> : tensor<2x4xf32>
  %y = stablehlo.add %x, %c : tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}
