//===- SupportRoutines.cpp - What lowered code calls besides checks -------===//
//
// MLIR's lowering and LLVM's code generation call a few library functions
// that neither libm nor this system's libgcc provide: `memrefCopy` (a
// strided memref.copy, from MLIR's runner utils) and `__truncsfbf2` and
// `__truncdfbf2` (f32 and f64 to bf16, from compiler-rt). The runtime provides them, so compiled modules
// need no MLIR or compiler-rt library at run time.
//
//===----------------------------------------------------------------------===//

#include "runtime/CheckRoutines.h"
#include "runtime/MemoryAccounting.h"
#include "runtime/MemRefDescriptor.h"
#include "runtime/CallRecovery.h"

#include <cstdint>
#include <malloc.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

/// Compiled code allocates its temporaries and results with malloc on every
/// call. glibc serves large blocks with mmap and unmaps them on free, so a
/// call that needs a few MiB would page-fault through all of them every
/// time; keeping them in the heap makes the second call as fast as the
/// rest. Set once, when the runtime is loaded.
struct KeepLargeAllocations {
  KeepLargeAllocations() {
    mallopt(M_MMAP_THRESHOLD, 512 << 20);
    mallopt(M_TRIM_THRESHOLD, 1024 << 20);
  }
} keepLargeAllocations;

} // namespace

using oxla::rt::UnrankedMemRef;

//===- Allocation ----------------------------------------------------------===//
//
// Compiled code allocates through these (finalize-memref-to-llvm with
// use-generic-functions) instead of malloc itself: a request the memory
// cannot serve stops the program with the bytes it asked for (a runtime
// error, exit code 1) instead of letting it write through a null pointer.
// Compiled code has no way to unwind: under the C API's recovery point the
// call is abandoned and reported (CallRecovery.h); elsewhere this ends
// the process.

[[noreturn]] static void outOfMemory(uint64_t bytes) {
  oxla::rt::recoverFromOutOfMemory(bytes);
  std::fprintf(stderr,
               "error: out of memory: compiled code could not allocate %llu "
               "bytes\n",
               static_cast<unsigned long long>(bytes));
  std::fflush(stderr);
  std::_Exit(1);
}

extern "C" void *_mlir_memref_to_llvm_alloc(uint64_t bytes) {
  void *memory = std::malloc(bytes);
  if (!memory && bytes != 0)
    outOfMemory(bytes);
  oxla::rt::noteAllocation(memory, bytes);
  oxla::rt::noteRecoverableAllocation(memory);
  return memory;
}

extern "C" void *_mlir_memref_to_llvm_aligned_alloc(uint64_t alignment,
                                                    uint64_t bytes) {
  // aligned_alloc wants a size that is a multiple of the alignment.
  uint64_t rounded = (bytes + alignment - 1) / alignment * alignment;
  if (rounded < bytes)
    outOfMemory(bytes);
  void *memory = std::aligned_alloc(alignment, rounded);
  if (!memory && rounded != 0)
    outOfMemory(bytes);
  oxla::rt::noteAllocation(memory, bytes);
  oxla::rt::noteRecoverableAllocation(memory);
  return memory;
}

extern "C" void _mlir_memref_to_llvm_free(void *memory) {
  oxla::rt::noteRelease(memory);
  oxla::rt::noteRecoverableRelease(memory);
  std::free(memory);
}

/// Whether `strides` are the row-major strides of `sizes`.
static bool isRowMajor(const int64_t *sizes, const int64_t *strides, int64_t rank) {
  int64_t expected = 1;
  for (int64_t d = rank - 1; d >= 0; --d) {
    if (sizes[d] != 1 && strides[d] != expected)
      return false;
    expected *= sizes[d];
  }
  return true;
}

/// memref.copy between two memrefs of one shape and element size, any
/// strides: one memmove when both are row-major, else one per innermost
/// row (when both rows are contiguous) or per element.
extern "C" void memrefCopy(int64_t elementSize, UnrankedMemRef *source,
                           UnrankedMemRef *destination) {
  int64_t rank = source->rank;
  auto *from = static_cast<int64_t *>(source->descriptor);
  auto *to = static_cast<int64_t *>(destination->descriptor);
  auto *fromData = reinterpret_cast<const char *>(from[1]) + from[2] * elementSize;
  auto *toData = reinterpret_cast<char *>(to[1]) + to[2] * elementSize;
  const int64_t *sizes = from + 3;
  const int64_t *fromStrides = from + 3 + rank, *toStrides = to + 3 + rank;
  int64_t count = 1;
  for (int64_t d = 0; d < rank; ++d)
    count *= sizes[d];
  if (count == 0)
    return;
  if (isRowMajor(sizes, fromStrides, rank) && isRowMajor(sizes, toStrides, rank)) {
    std::memmove(toData, fromData, count * elementSize);
    return;
  }
  // Rows: the innermost dimension when both sides have it contiguous.
  bool rows = rank > 0 && fromStrides[rank - 1] == 1 && toStrides[rank - 1] == 1;
  int64_t outerRank = rows ? rank - 1 : rank;
  int64_t chunk = rows ? sizes[rank - 1] : 1;
  std::vector<int64_t> index(outerRank, 0);
  for (int64_t i = 0; i < count / chunk; ++i) {
    int64_t a = 0, b = 0;
    for (int64_t d = 0; d < outerRank; ++d) {
      a += index[d] * fromStrides[d];
      b += index[d] * toStrides[d];
    }
    std::memmove(toData + b * elementSize, fromData + a * elementSize, chunk * elementSize);
    for (int64_t d = outerRank - 1; d >= 0; --d) {
      if (++index[d] < sizes[d])
        break;
      index[d] = 0;
    }
  }
}

/// f32 to bf16, rounding to nearest even; NaN stays a quiet NaN.
extern "C" __bf16 __truncsfbf2(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  uint16_t result;
  if ((bits & 0x7FFFFFFFu) > 0x7F800000u)
    result = static_cast<uint16_t>((bits >> 16) | 0x40);
  else
    result = static_cast<uint16_t>((bits + 0x7FFFu + ((bits >> 16) & 1)) >> 16);
  return __builtin_bit_cast(__bf16, result);
}

/// f64 to bf16 with one rounding: round to odd into f32 (which keeps more
/// than 2 * 8 + 2 bits), then to nearest even into bf16.
extern "C" __bf16 __truncdfbf2(double value) {
  float narrow = static_cast<float>(value);
  if (value == value && static_cast<double>(narrow) != value) {
    if (__builtin_isinf(narrow))
      narrow = __builtin_copysignf(3.40282347e38f, narrow);
    else if (__builtin_fabs(static_cast<double>(narrow)) > __builtin_fabs(value))
      narrow = __builtin_nextafterf(narrow, 0.0f);
    uint32_t bits;
    std::memcpy(&bits, &narrow, sizeof bits);
    bits |= 1;
    std::memcpy(&narrow, &bits, sizeof bits);
  }
  return __truncsfbf2(narrow);
}

extern "C" void _mlir_ciface_oxla_custom_call(int64_t, void *);
extern "C" void _mlir_ciface_oxla_matmul_f32(const UnrankedMemRef *, const UnrankedMemRef *,
                                             const UnrankedMemRef *);
extern "C" void _mlir_ciface_oxla_matmul_f32_zero(const UnrankedMemRef *, const UnrankedMemRef *,
                                                  const UnrankedMemRef *);
extern "C" void _mlir_ciface_oxla_convolution_f32(const UnrankedMemRef *,
                                                  const UnrankedMemRef *,
                                                  const UnrankedMemRef *,
                                                  const UnrankedMemRef *,
                                                  const UnrankedMemRef *);
extern "C" void _mlir_ciface_oxla_convolution_bias_f32(const UnrankedMemRef *,
                                                       const UnrankedMemRef *,
                                                       const UnrankedMemRef *,
                                                       const UnrankedMemRef *,
                                                       const UnrankedMemRef *,
                                                       const UnrankedMemRef *);
extern "C" void _mlir_ciface_oxla_convolution_bias_relu_f32(const UnrankedMemRef *,
                                                            const UnrankedMemRef *,
                                                            const UnrankedMemRef *,
                                                            const UnrankedMemRef *,
                                                            const UnrankedMemRef *,
                                                            const UnrankedMemRef *);
extern "C" void _mlir_ciface_oxla_depthwise_convolution_f32(const UnrankedMemRef *,
                                                            const UnrankedMemRef *,
                                                            const UnrankedMemRef *,
                                                            const UnrankedMemRef *);
extern "C" void _mlir_ciface_oxla_depthwise_convolution_bias_f32(
    const UnrankedMemRef *, const UnrankedMemRef *, const UnrankedMemRef *,
    const UnrankedMemRef *, const UnrankedMemRef *);
extern "C" void _mlir_ciface_oxla_depthwise_convolution_bias_relu_f32(
    const UnrankedMemRef *, const UnrankedMemRef *, const UnrankedMemRef *,
    const UnrankedMemRef *, const UnrankedMemRef *);

// The opt-in per-kernel profiler (KernelProfiler.cpp).
extern "C" void oxla_profile_begin();
extern "C" void oxla_profile_end(const char *, const char *, int64_t, int64_t, int64_t,
                                 int64_t, int64_t);

// f16 conversions come from libgcc. A JIT resolves names in the global
// scope, which lacks libgcc_s when the runtime was loaded privately (as
// Python loads extensions), so they are handed to the JIT by address.
extern "C" float __extendhfsf2(_Float16);
extern "C" _Float16 __truncsfhf2(float);
extern "C" _Float16 __truncdfhf2(double);

// The async runtime ABI (AsyncRoutines.cpp), for parallel loops.
#define OXLA_ASYNC_ROUTINES(X)                                                 \
  X(mlirAsyncRuntimeAddRef) X(mlirAsyncRuntimeDropRef)                         \
  X(mlirAsyncRuntimeCreateToken) X(mlirAsyncRuntimeCreateValue)                \
  X(mlirAsyncRuntimeCreateGroup) X(mlirAsyncRuntimeAddTokenToGroup)            \
  X(mlirAsyncRuntimeEmplaceToken) X(mlirAsyncRuntimeEmplaceValue)              \
  X(mlirAsyncRuntimeSetTokenError) X(mlirAsyncRuntimeSetValueError)            \
  X(mlirAsyncRuntimeIsTokenError) X(mlirAsyncRuntimeIsValueError)              \
  X(mlirAsyncRuntimeIsGroupError) X(mlirAsyncRuntimeAwaitToken)                \
  X(mlirAsyncRuntimeAwaitValue) X(mlirAsyncRuntimeAwaitAllInGroup)             \
  X(mlirAsyncRuntimeGetValueStorage) X(mlirAsyncRuntimeExecute)                \
  X(mlirAsyncRuntimeAwaitTokenAndExecute)                                      \
  X(mlirAsyncRuntimeAwaitValueAndExecute)                                      \
  X(mlirAsyncRuntimeAwaitAllInGroupAndExecute)                                 \
  X(mlirAsyncRuntimGetNumWorkerThreads)
#define OXLA_DECLARE_ASYNC_ROUTINE(name) extern "C" void name();
OXLA_ASYNC_ROUTINES(OXLA_DECLARE_ASYNC_ROUTINE)
#undef OXLA_DECLARE_ASYNC_ROUTINE

std::vector<std::pair<const char *, void *>> oxla::rt::supportRoutineSymbols() {
  return {{"memrefCopy", reinterpret_cast<void *>(&memrefCopy)},
          {"_mlir_memref_to_llvm_alloc",
           reinterpret_cast<void *>(&_mlir_memref_to_llvm_alloc)},
          {"_mlir_memref_to_llvm_aligned_alloc",
           reinterpret_cast<void *>(&_mlir_memref_to_llvm_aligned_alloc)},
          {"_mlir_memref_to_llvm_free",
           reinterpret_cast<void *>(&_mlir_memref_to_llvm_free)},
          {"oxla_arena_acquire", reinterpret_cast<void *>(&oxla_arena_acquire)},
          {"oxla_arena_release", reinterpret_cast<void *>(&oxla_arena_release)},
          {"_mlir_ciface_oxla_custom_call",
           reinterpret_cast<void *>(&_mlir_ciface_oxla_custom_call)},
          {"_mlir_ciface_oxla_matmul_f32",
           reinterpret_cast<void *>(&_mlir_ciface_oxla_matmul_f32)},
          {"_mlir_ciface_oxla_matmul_f32_zero",
           reinterpret_cast<void *>(&_mlir_ciface_oxla_matmul_f32_zero)},
          {"_mlir_ciface_oxla_convolution_f32",
           reinterpret_cast<void *>(&_mlir_ciface_oxla_convolution_f32)},
          {"_mlir_ciface_oxla_convolution_bias_f32",
           reinterpret_cast<void *>(&_mlir_ciface_oxla_convolution_bias_f32)},
          {"_mlir_ciface_oxla_convolution_bias_relu_f32",
           reinterpret_cast<void *>(&_mlir_ciface_oxla_convolution_bias_relu_f32)},
          {"oxla_profile_begin", reinterpret_cast<void *>(&oxla_profile_begin)},
          {"oxla_profile_end", reinterpret_cast<void *>(&oxla_profile_end)},
          {"_mlir_ciface_oxla_depthwise_convolution_f32",
           reinterpret_cast<void *>(&_mlir_ciface_oxla_depthwise_convolution_f32)},
          {"_mlir_ciface_oxla_depthwise_convolution_bias_f32",
           reinterpret_cast<void *>(&_mlir_ciface_oxla_depthwise_convolution_bias_f32)},
          {"_mlir_ciface_oxla_depthwise_convolution_bias_relu_f32",
           reinterpret_cast<void *>(&_mlir_ciface_oxla_depthwise_convolution_bias_relu_f32)},
          {"__extendhfsf2", reinterpret_cast<void *>(&__extendhfsf2)},
          {"__truncsfhf2", reinterpret_cast<void *>(&__truncsfhf2)},
          {"__truncdfhf2", reinterpret_cast<void *>(&__truncdfhf2)},
          {"__truncsfbf2", reinterpret_cast<void *>(&__truncsfbf2)},
          {"__truncdfbf2", reinterpret_cast<void *>(&__truncdfbf2)},
#define OXLA_ASYNC_SYMBOL(name) {#name, reinterpret_cast<void *>(&name)},
          OXLA_ASYNC_ROUTINES(OXLA_ASYNC_SYMBOL)
#undef OXLA_ASYNC_SYMBOL
  };
}

std::vector<std::pair<const char *, void *>> oxla::rt::routineSymbols() {
  std::vector<std::pair<const char *, void *>> symbols = checkRoutineSymbols();
  for (auto symbol : supportRoutineSymbols())
    symbols.push_back(symbol);
  return symbols;
}
