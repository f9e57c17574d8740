// RUN: oxla-opt %s --oxla-profile-kernels | FileCheck %s

// Each kernel of a public function is timed: a call of an outlined kernel,
// a call of a runtime routine, an outermost loop nest left in place. The
// end call names it (the i8 global), and passes its FLOPs and bytes per
// run: the kernel's float ops times constant trip counts (4 x (mul + add)
// = 8; a bound that is a kernel's argument is read at the call), the
// routine's 2 x M x N x K (2 x 2 x 3 x 4 = 48), the memrefs it takes or
// uses from above and the globals it reads, each once (16 + 16 + 16). A loop that allocates holds
// kernels and is not timed as one; private functions are not instrumented.
// CHECK-DAG: memref.global "private" constant @__oxla_profile_site_0 : memref<{{[0-9]+}}xi8>
// CHECK-DAG: func.func private @oxla_profile_begin()
// CHECK-DAG: func.func private @oxla_profile_end(memref<?xi8>, i64, i64)
// CHECK-LABEL: func.func private @f_kernel(
// CHECK-NOT: oxla_profile
// CHECK: return
// CHECK-LABEL: func.func @f(
// CHECK: call @oxla_profile_begin()
// CHECK-NEXT: call @f_kernel(
// CHECK-NEXT: memref.get_global @__oxla_profile_site_{{[0-9]+}} : memref<{{[0-9]+}}xi8>
// CHECK-NEXT: memref.cast
// CHECK-NEXT: %[[F1:.*]] = arith.constant 8 : i64
// CHECK-NEXT: %[[B1:.*]] = arith.constant 48 : i64
// CHECK-NEXT: call @oxla_profile_end(%{{.*}}, %[[F1]], %[[B1]])
// CHECK: call @oxla_profile_begin()
// CHECK-NEXT: call @oxla_matmul_f32(
// CHECK: %[[F2:.*]] = arith.constant 48 : i64
// CHECK-NEXT: %[[B2:.*]] = arith.constant 104 : i64
// CHECK-NEXT: call @oxla_profile_end(%{{.*}}, %[[F2]], %[[B2]])
// CHECK: call @oxla_profile_begin()
// CHECK-NEXT: scf.for
// CHECK: %[[F3:.*]] = arith.constant 4 : i64
// CHECK-NEXT: %[[B3:.*]] = arith.constant 16 : i64
// CHECK-NEXT: call @oxla_profile_end(%{{.*}}, %[[F3]], %[[B3]])
// CHECK: scf.for
// CHECK-NEXT: memref.alloc
// CHECK-NEXT: call @oxla_profile_begin()
// CHECK-NEXT: call @f_kernel(
// CHECK: return

func.func private @oxla_matmul_f32(memref<*xf32>, memref<*xf32>, memref<*xf32>) attributes {llvm.emit_c_interface}

memref.global "private" constant @table : memref<4xf32> = dense<1.0>

func.func private @f_kernel(%a: memref<4xf32>, %b: memref<4xf32>, %n: index) attributes {passthrough = ["noinline"]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = memref.get_global @table : memref<4xf32>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %a[%i] : memref<4xf32>
    %w = memref.load %t[%i] : memref<4xf32>
    %p = arith.mulf %x, %w : f32
    %s = arith.addf %p, %x : f32
    memref.store %s, %b[%i] : memref<4xf32>
  }
  return
}

func.func @f(%a: memref<4xf32>, %b: memref<4xf32>, %m: memref<2x4xf32>, %n: memref<4x3xf32>,
             %o: memref<2x3xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  call @f_kernel(%a, %b, %c4) : (memref<4xf32>, memref<4xf32>, index) -> ()
  %ma = memref.cast %m : memref<2x4xf32> to memref<*xf32>
  %na = memref.cast %n : memref<4x3xf32> to memref<*xf32>
  %oa = memref.cast %o : memref<2x3xf32> to memref<*xf32>
  call @oxla_matmul_f32(%ma, %na, %oa) : (memref<*xf32>, memref<*xf32>, memref<*xf32>) -> ()
  scf.for %i = %c0 to %c4 step %c1 {
    %x = memref.load %b[%i] : memref<4xf32>
    %y = arith.addf %x, %x : f32
    memref.store %y, %b[%i] : memref<4xf32>
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %t = memref.alloc() : memref<4xf32>
    func.call @f_kernel(%a, %t, %c4) : (memref<4xf32>, memref<4xf32>, index) -> ()
    memref.dealloc %t : memref<4xf32>
  }
  return
}
