// RUN: oxla-opt %s --oxla-isolate-task-bodies | FileCheck %s

// A function an async task calls is kept out of the task's coroutine;
// others are left alone.
// CHECK-LABEL: func.func private @body
// CHECK-SAME: passthrough = ["noinline"]
func.func private @body(%m: memref<16xf32>) {
  return
}
// CHECK-LABEL: func.func private @elsewhere
// CHECK-NOT: passthrough
func.func private @elsewhere(%m: memref<16xf32>) {
  return
}
func.func @main(%m: memref<16xf32>) {
  %token = async.execute {
    func.call @body(%m) : (memref<16xf32>) -> ()
    async.yield
  }
  async.await %token : !async.token
  func.call @elsewhere(%m) : (memref<16xf32>) -> ()
  return
}
