//===- KernelCall.h - One call of a target, as its kernel sees it ---------===//
//
// Internal to the kernel library. The dispatcher (XlaCpuTargets.cpp) has
// laid every operand out in its declared layout; a kernel reads them and
// writes its results in their declared layouts, as XLA's kernels do: a
// LAPACK matrix operand with layout (r-2, r-1, r-3, ..., 0) is a batch of
// column-major matrices. A kernel first checks the call's signature
// (counts, element types, shapes, attributes); when `verifying` it stops
// there, and its buffers have no data.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_RUNTIME_KERNELS_KERNELCALL_H
#define OXLA_RUNTIME_KERNELS_KERNELCALL_H

#include "runtime/kernels/XlaCpuTargets.h"

#include <complex>
#include <cstring>
#include <string>

namespace oxla::kernels {

struct KernelCall {
  std::string target;
  /// The routine without type letter and ABI suffix: "getrf", "trsm", ...
  std::string routine;
  /// 's', 'd', 'c', 'z'; 0 for targets without one.
  char typeLetter = 0;
  /// The typed-FFI ABI (`*_ffi`); else the older one.
  bool ffi = false;
  const CallAttributes *attributes = nullptr;
  std::vector<Buffer> operands, results;
  bool verifying = false;

  Status invalid(const std::string &what) const {
    return Status::invalid("custom_call @" + target + ": " + what);
  }

  /// The element type the type letter names.
  ElementType elementType() const;
  /// Its real counterpart (f32 for 'c').
  ElementType realType() const;

  Status expectArity(size_t numOperands, size_t minResults, size_t maxResults) const;
  Status expectArity(size_t numOperands, size_t numResults) const {
    return expectArity(numOperands, numResults, numResults);
  }
  /// `buffer` has element type `type` and dims `dims`.
  Status expectType(const Buffer &buffer, const std::string &what, ElementType type,
                    const std::vector<int64_t> &dims) const;
  /// An integer scalar operand's value (any integer width); when verifying,
  /// checks that it is one and returns 0.
  Status scalarInt(size_t operand, const std::string &what, int64_t &value) const;
  /// The older ABI's size operand `operand` (an integer scalar) equals
  /// `expected`, the size its matrix operand has.
  Status expectScalar(size_t operand, const std::string &what, int64_t expected) const;
  /// A one-character attribute of the FFI dictionary (`uplo = 76 : ui8`),
  /// `fallback` when absent; checks that it is one of `allowed`.
  Status configChar(const std::string &name, const char *allowed, char fallback,
                    char &value) const;
  Status configInt(const std::string &name, int64_t fallback, int64_t &value) const;
};

/// The product of `dims`, all but the last `trailing`.
int64_t batchSize(const std::vector<int64_t> &dims, size_t trailing);
/// `dims` without its last `trailing` entries.
std::vector<int64_t> batchDims(const std::vector<int64_t> &dims, size_t trailing);
/// `prefix` followed by `tail`.
std::vector<int64_t> concat(std::vector<int64_t> prefix, std::vector<int64_t> tail);

template <typename T> T *dataOf(const Buffer &buffer) {
  return static_cast<T *>(buffer.data);
}

/// Copies operand bytes to a result (what the ABIs alias in place).
inline void copyBuffer(const Buffer &from, const Buffer &to) {
  std::memcpy(to.data, from.data, from.type.numElements() * byteWidth(from.type.element));
}
/// Zeroes a result the kernel does not compute (a workspace).
inline void zeroBuffer(const Buffer &buffer) {
  std::memset(buffer.data, 0, buffer.type.numElements() * byteWidth(buffer.type.element));
}

// The families, one per file (lapack/, fft/).
Status runFactorization(KernelCall &call);   // getrf geqrf orgqr ungqr potrf
Status runTriangularSolve(KernelCall &call); // trsm (lapack_*_ffi, blas_*)
Status runTridiagonalSolve(KernelCall &call);  // gtsv
Status runSymmetricEigen(KernelCall &call);  // syevd heevd
Status runGeneralEigen(KernelCall &call);    // geev
Status runSchur(KernelCall &call);           // gees
Status runReduction(KernelCall &call);       // gehrd sytrd hetrd
Status runSingularValues(KernelCall &call);  // gesdd gesvd
Status runDuccFft(KernelCall &call);         // ducc_fft dynamic_ducc_fft

} // namespace oxla::kernels

#endif // OXLA_RUNTIME_KERNELS_KERNELCALL_H
