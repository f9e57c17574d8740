// --time-phases prints, on stderr, the wall time of every step of the
// compilation in the order they ran: parsing, each phase of the CPU pipeline
// (CPUPipeline.cpp), LLVM's translation, the split into parts, each part's
// optimization and code generation, and the link; the library is written as
// without it.
// RUN: rm -rf %t && mkdir -p %t
// RUN: oxla-compile %s --time-phases --llvm-parts 2 -o %t/m.so 2> %t/lib.txt
// RUN: FileCheck %s --check-prefix=LIB < %t/lib.txt
// RUN: oxla-run %t/m.so --input=4xf32=1,2,3,4 --print-results | FileCheck %s --check-prefix=RESULT
// Other outputs time the steps they take.
// RUN: oxla-compile %s --time-phases --emit obj -o %t/m.o 2>&1 | FileCheck %s --check-prefix=OBJ
// RUN: oxla-compile %s --time-phases --emit linalg -o %t/m.mlir 2>&1 | FileCheck %s --check-prefix=LINALG
// Without the flag nothing is printed.
// RUN: oxla-compile %s -o %t/quiet.so 2>&1 | count 0

// LIB:      oxla: compile time (wall clock)
// LIB-NEXT: {{[0-9]+\.[0-9]{3} s +[0-9.]+%}}  parse
// LIB-NEXT: s {{.*}}  refined
// LIB-NEXT: s {{.*}}  linalg
// LIB-NEXT: s {{.*}}  fused
// LIB-NEXT: s {{.*}}  buffers
// LIB-NEXT: s {{.*}}  llvm-dialect
// LIB-NEXT: s {{.*}}  module ABI
// LIB-NEXT: s {{.*}}  llvm: translate to LLVM IR
// LIB-NEXT: s {{.*}}  llvm: split into 2 parts
// LIB-NEXT: s {{.*}}  llvm: optimize and generate code (2 parts on as many threads)
// The parts ran on threads of their own, in any order, inside that step.
// LIB-DAG:  s {{.*}}    part 0: optimize
// LIB-DAG:  s {{.*}}    part 0: generate code
// LIB-DAG:  s {{.*}}    part 1: optimize
// LIB-DAG:  s {{.*}}    part 1: generate code
// LIB:      s {{.*}}  link
// LIB-NEXT: s  100.0%  total

// OBJ:      llvm-dialect
// OBJ:      llvm: translate to LLVM IR
// OBJ-NEXT: llvm: optimize
// OBJ-NEXT: llvm: generate code
// OBJ-NEXT: total

// LINALG:      parse
// LINALG-NEXT: refined
// LINALG-NEXT: linalg
// LINALG-NEXT: total

// RESULT: 4xf32=[2 4 6 8]
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
