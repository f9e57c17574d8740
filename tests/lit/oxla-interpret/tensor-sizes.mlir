// Sizes that do not fit in 64 bits (runtime/CheckedSize.h) are invalid input
// everywhere: in a program's types (located at the op), in --input shapes,
// .npy headers and --dim-size. Memory that cannot be had is a runtime
// error (exit code 1) that names the bytes asked for.

// RUN: split-file %s %t
// RUN: oxla-opt %t/broadcast.mlir > %t.out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=BROADCAST < %t.out
// BROADCAST: broadcast.mlir:2:8: error: 'stablehlo.broadcast_in_dim' op result #0: type 'tensor<4294967296x4294967296xf32>' has more elements than a 64-bit size counts
// RUN: oxla-interpret %t/argument.mlir > %t.out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=ARGUMENT < %t.out
// ARGUMENT: argument.mlir:1:1: error: 'func.func' op argument #0: type 'tensor<9223372036854775807x9223372036854775807xf32>' has more elements than a 64-bit size counts
// RUN: oxla-run %t/bytes.mlir > %t.out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=BYTES < %t.out
// BYTES: bytes.mlir:2:8: error: 'stablehlo.broadcast_in_dim' op result #0: type 'tensor<2305843009213693952xf32>' takes more than 2^63-1 bytes

// RUN: oxla-interpret %t/dynamic.mlir --input 4611686018427387904x2xf32 > %t.out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=INPUT < %t.out
// INPUT: --input #0: tensor<4611686018427387904x2xf32> has more bytes than a 64-bit size holds
// RUN: oxla-interpret %t/dynamic.mlir --random-inputs --dim-size=4294967296 > %t.out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=DIMSIZE < %t.out
// DIMSIZE: error: --random-inputs: argument #0 ('tensor<?x?xf32>' with --dim-size=4294967296): tensor<4294967296x4294967296xf32> has more bytes than a 64-bit size holds
// RUN: oxla-run %t/dynamic.mlir --random-inputs --dim-size=-5 > %t.out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=NEGATIVE < %t.out
// NEGATIVE: oxla-run: --dim-size=-5: a size must be 0 or more

// Sizes the program computes (a pad, a dynamic_reshape's shape operand) are
// checked where shape refinement fixes them, as written ones are.
// RUN: oxla-run %t/computed.mlir --entry pad --random-inputs > %t.out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=PAD < %t.out
// PAD: computed.mlir:4:8: error: 'stablehlo.pad' op result #0: type 'tensor<4611686018427387905xf32>' takes more than 2^63-1 bytes
// RUN: oxla-interpret %t/computed-shape.mlir --entry reshape --random-inputs > %t.out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=RESHAPE < %t.out
// RESHAPE: computed-shape.mlir:3:8: error: 'stablehlo.dynamic_reshape' op result #0: type 'tensor<4294967296x4294967296xf32>' has more elements than a 64-bit size counts

// An .npy header may claim any shape: checked before anything is allocated.
// RUN: %python -c "import sys; h = b\"{'descr': '<f4', 'fortran_order': False, 'shape': (4611686018427387904, 4), }\"; h += b' ' * (63 - len(h) %% 64) + b'\n'; open(sys.argv[1], 'wb').write(b'\x93NUMPY\x01\x00' + len(h).to_bytes(2, 'little') + h + bytes(16))" %t/huge.npy
// RUN: oxla-interpret %t/dynamic.mlir --input @%t/huge.npy > %t.out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=NPY < %t.out
// NPY: huge.npy: the shape (4611686018427387904, 4) has more bytes than a 64-bit size holds
// RUN: %python -c "import numpy, sys; numpy.save(sys.argv[1], numpy.zeros((2, 2), numpy.float32))" %t/small.npy
// RUN: %python -c "import sys; d = open(sys.argv[1], 'rb').read().replace(b'(2, 2)', b'(9999999, 2)'); open(sys.argv[2], 'wb').write(d)" %t/small.npy %t/short.npy
// RUN: oxla-interpret %t/dynamic.mlir --input @%t/short.npy > %t.out 2>&1; test $? -eq 2
// RUN: FileCheck %s --check-prefix=SHORT < %t.out
// SHORT: short.npy: expected 79999992 bytes of data, found {{[0-9]+}}

// More memory than the system has: exit code 1 with the bytes.
// RUN: env ASAN_OPTIONS=allocator_may_return_null=1 oxla-interpret %t/dynamic.mlir --input 70368744177664x2xf32 > %t.out 2>&1; test $? -eq 1
// RUN: FileCheck %s --check-prefix=MEMORY < %t.out
// MEMORY: --input #0: out of memory: cannot allocate 562949953421312 bytes for a tensor<70368744177664x2xf32>

//--- broadcast.mlir
func.func public @main(%x: tensor<f32>) -> tensor<4294967296x4294967296xf32> {
  %b = stablehlo.broadcast_in_dim %x, dims = [] : (tensor<f32>) -> tensor<4294967296x4294967296xf32>
  return %b : tensor<4294967296x4294967296xf32>
}
//--- argument.mlir
func.func public @main(%x: tensor<9223372036854775807x9223372036854775807xf32>) -> tensor<9223372036854775807x9223372036854775807xf32> {
  return %x : tensor<9223372036854775807x9223372036854775807xf32>
}
//--- bytes.mlir
func.func public @main(%x: tensor<f32>) -> tensor<2305843009213693952xf32> {
  %b = stablehlo.broadcast_in_dim %x, dims = [] : (tensor<f32>) -> tensor<2305843009213693952xf32>
  return %b : tensor<2305843009213693952xf32>
}
//--- dynamic.mlir
func.func public @main(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  return %x : tensor<?x?xf32>
}
//--- computed.mlir
func.func public @pad(%a: tensor<4xf32>) -> tensor<?xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  // A result of 2^62 + 1 elements.
  %0 = stablehlo.pad %a, %z, low = [-3], high = [4611686018427387904], interior = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
//--- computed-shape.mlir
func.func public @reshape(%a: tensor<4xf32>) -> tensor<?x?xf32> {
  %s = stablehlo.constant dense<[4294967296, 4294967296]> : tensor<2xi64>
  %0 = stablehlo.dynamic_reshape %a, %s : (tensor<4xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
