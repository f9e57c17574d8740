// RUN: oxla-opt %s --oxla-outline-kernels=min-ops=2 | FileCheck %s

// Kernels equal but for the globals they read, and the values of scalar
// constants that are no loop's bound, are one function: the globals and
// the constants become its arguments. Kernels that differ in a loop bound
// stay apart, and a global that every call passes stays in the kernel.
// CHECK-LABEL: func.func private @layers_kernel(
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<4xf32>, %[[W:[a-z0-9]+]]: memref<4xf32>, %[[Y:[a-z0-9]+]]: memref<4xf32>, %[[S:[a-z0-9]+]]: f32)
// CHECK-NOT: memref.get_global
// CHECK: scf.for
// CHECK: memref.load %[[W]]
// CHECK: arith.mulf %{{.*}}, %[[S]] : f32
// CHECK: return
// CHECK-NOT: func.func private @layers_kernel_0(
// CHECK-NOT: func.func private @layers_kernel_1(
// CHECK-LABEL: func.func private @layers_kernel_2(
// CHECK: memref.get_global @w0
// CHECK: arith.constant 3 : index
// CHECK-LABEL: func.func @layers
// CHECK-DAG: %[[W0:.*]] = memref.get_global @w0
// CHECK-DAG: %[[W1:.*]] = memref.get_global @w1
// CHECK: %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: call @layers_kernel(%arg0, %[[W0]], %arg1, %[[TWO]])
// CHECK: %[[THREE:.*]] = arith.constant 3.000000e+00 : f32
// CHECK-NEXT: call @layers_kernel(%arg1, %[[W1]], %arg0, %[[THREE]])
// CHECK: %[[TWO2:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: call @layers_kernel(%arg0, %[[W1]], %arg1, %[[TWO2]])
// CHECK-NEXT: call @layers_kernel_2(%arg1, %arg0)

memref.global "private" constant @w0 : memref<4xf32> = dense<1.0>
memref.global "private" constant @w1 : memref<4xf32> = dense<2.0>

func.func @layers(%a: memref<4xf32>, %b: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %w0 = memref.get_global @w0 : memref<4xf32>
  %w1 = memref.get_global @w1 : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %a[%i] : memref<4xf32>
    %w = memref.load %w0[%i] : memref<4xf32>
    %p = arith.mulf %x, %w : f32
    %q = arith.mulf %p, %two : f32
    memref.store %q, %b[%i] : memref<4xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %b[%i] : memref<4xf32>
    %w = memref.load %w1[%i] : memref<4xf32>
    %p = arith.mulf %x, %w : f32
    %q = arith.mulf %p, %three : f32
    memref.store %q, %a[%i] : memref<4xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %a[%i] : memref<4xf32>
    %w = memref.load %w1[%i] : memref<4xf32>
    %p = arith.mulf %x, %w : f32
    %q = arith.mulf %p, %two : f32
    memref.store %q, %b[%i] : memref<4xf32>
  }
  // Three iterations instead of four: a kernel of its own.
  scf.for %i = %c0 to %c3 step %c1 {
    %x = memref.load %b[%i] : memref<4xf32>
    %w = memref.load %w0[%i] : memref<4xf32>
    %p = arith.mulf %x, %w : f32
    %q = arith.mulf %p, %two : f32
    memref.store %q, %a[%i] : memref<4xf32>
  }
  return
}
