// RUN: oxla-opt %s --oxla-outline-kernels=min-ops=2 | FileCheck %s

// Each outermost loop nest that allocates nothing becomes a private noinline
// function: values from above are arguments, constants and global addresses
// are cloned into it, its results are the function's. A loop that
// allocates (the body of a program's while loop) is searched for kernels.
// The kernels come before the function they were taken from.
// CHECK-LABEL: func.func private @two_kernel(%{{.*}}: memref<4xf32>, %{{.*}}: memref<4xf32>) -> f32
// CHECK-SAME: passthrough = ["noinline"]
// CHECK-DAG: memref.get_global @table
// CHECK-DAG: arith.constant 0.000000e+00 : f32
// CHECK: %[[R:.*]] = scf.for
// CHECK: return %[[R]] : f32
// CHECK-LABEL: func.func private @two_kernel_0(%{{.*}}: memref<4xf32>, %{{.*}}: f32)
// CHECK-LABEL: func.func @two
// CHECK-NOT: scf.for
// CHECK: %[[SUM:.*]] = call @two_kernel(%arg0, %arg1) : (memref<4xf32>, memref<4xf32>) -> f32
// CHECK-NEXT: call @two_kernel_0(%arg1, %[[SUM]])
// CHECK-NEXT: return
// CHECK-LABEL: func.func private @while_body_kernel(
// CHECK-LABEL: func.func private @while_body_kernel_1(
// CHECK-LABEL: func.func @while_body
// CHECK: scf.for
// CHECK-NEXT: memref.alloc
// CHECK-NEXT: call @while_body_kernel(
// CHECK-NEXT: call @while_body_kernel_1(
// CHECK-NEXT: memref.dealloc
// A function that is one kernel stays as it is.
// CHECK-LABEL: func.func @one
// CHECK-NEXT: arith.constant
// CHECK-NOT: call
// CHECK: scf.for

memref.global "private" constant @table : memref<4xf32> = dense<1.0>

func.func @two(%a: memref<4xf32>, %b: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %t = memref.get_global @table : memref<4xf32>
  %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> f32 {
    %x = memref.load %a[%i] : memref<4xf32>
    %y = memref.load %t[%i] : memref<4xf32>
    %p = arith.mulf %x, %y : f32
    memref.store %p, %b[%i] : memref<4xf32>
    %s = arith.addf %acc, %p : f32
    scf.yield %s : f32
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %b[%i] : memref<4xf32>
    %y = arith.addf %x, %sum : f32
    memref.store %y, %b[%i] : memref<4xf32>
  }
  return
}



func.func @while_body(%a: memref<4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %k = %c0 to %n step %c1 {
    %tmp = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %x = memref.load %a[%i] : memref<4xf32>
      %y = arith.addf %x, %x : f32
      memref.store %y, %tmp[%i] : memref<4xf32>
    }
    scf.for %i = %c0 to %c4 step %c1 {
      %x = memref.load %tmp[%i] : memref<4xf32>
      %y = arith.mulf %x, %x : f32
      memref.store %y, %a[%i] : memref<4xf32>
    }
    memref.dealloc %tmp : memref<4xf32>
  }
  return
}

func.func @one(%a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %a[%i] : memref<4xf32>
    %y = arith.addf %x, %x : f32
    memref.store %y, %a[%i] : memref<4xf32>
  }
  return
}
