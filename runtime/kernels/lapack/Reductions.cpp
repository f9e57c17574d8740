//===- Reductions.cpp - gehrd (Hessenberg) and sytrd/hetrd (tridiagonal) --===//
//
//   lapack_?gehrd_ffi(a) {low, high} -> (a, tau[batch, n-1], info)
//   lapack_?gehrd(n, ilo, ihi, lda, b, lwork, a) -> (a, tau, info, work)
//   lapack_?sytrd_ffi / ?hetrd_ffi(a) {uplo}
//     -> (a, d[batch, n] real, e[batch, n-1] real, tau[batch, n-1], info)
//   lapack_?sytrd / ?hetrd(n, lower, lda, b, lwork, a)
//     -> (a, d, e, tau, info, work)
// a is a batch of column-major n x n matrices; low/high (ilo/ihi) are
// LAPACK's 1-based bounds. The reduced matrix and the reflectors are
// returned as LAPACK leaves them in a.
//
//===----------------------------------------------------------------------===//

#include "runtime/kernels/KernelCall.h"
#include "runtime/kernels/lapack/LapackRoutines.h"

#include <algorithm>
#include <vector>

namespace oxla::kernels {
namespace {

using namespace lapack;

void trd(char uplo, Int n, float *a, Int lda, float *d, float *e, float *tau, float *work,
         Int lwork, Int *info) {
  ssytrd_(&uplo, &n, a, &lda, d, e, tau, work, &lwork, info, 1);
}
void trd(char uplo, Int n, double *a, Int lda, double *d, double *e, double *tau,
         double *work, Int lwork, Int *info) {
  dsytrd_(&uplo, &n, a, &lda, d, e, tau, work, &lwork, info, 1);
}
void trd(char uplo, Int n, c64 *a, Int lda, float *d, float *e, c64 *tau, c64 *work,
         Int lwork, Int *info) {
  chetrd_(&uplo, &n, a, &lda, d, e, tau, work, &lwork, info, 1);
}
void trd(char uplo, Int n, c128 *a, Int lda, double *d, double *e, c128 *tau, c128 *work,
         Int lwork, Int *info) {
  zhetrd_(&uplo, &n, a, &lda, d, e, tau, work, &lwork, info, 1);
}

Status squareOperand(const KernelCall &call, size_t a, int64_t &batch, int64_t &n) {
  const BufferType &type = call.operands[a].type;
  if (type.dims.size() < 2 || type.element != call.elementType() ||
      type.dims.back() != type.dims[type.dims.size() - 2])
    return call.invalid("operand #" + std::to_string(a) + " must be a batch of square " +
                        spelling(call.elementType()) + " matrices, got " + type.str());
  n = type.dims.back();
  batch = batchSize(type.dims, 2);
  return Status::ok();
}

template <typename T> Status gehrd(KernelCall &call) {
  size_t a = call.ffi ? 0 : 6;
  if (Status s = call.ffi ? call.expectArity(1, 3, 4) : call.expectArity(7, 4); !s.isOk())
    return s;
  int64_t batch, n, low = 1, high;
  if (Status s = squareOperand(call, a, batch, n); !s.isOk())
    return s;
  high = n;
  if (call.ffi) {
    if (Status s = call.configInt("low", 1, low); !s.isOk())
      return s;
    if (Status s = call.configInt("high", n, high); !s.isOk())
      return s;
  } else {
    if (Status s = call.expectScalar(0, "n", n); !s.isOk())
      return s;
    if (Status s = call.scalarInt(1, "ilo", low); !s.isOk())
      return s;
    if (Status s = call.scalarInt(2, "ihi", high); !s.isOk())
      return s;
    if (Status s = call.expectScalar(3, "lda", std::max<int64_t>(1, n)); !s.isOk())
      return s;
    if (Status s = call.expectScalar(4, "batch", batch); !s.isOk())
      return s;
    int64_t lwork;
    if (Status s = call.scalarInt(5, "lwork", lwork); !s.isOk())
      return s;
    if (call.verifying)
      low = 1, high = n;
  }
  if (n > 0 && (low < 1 || high > n || low > high))
    return call.invalid("needs 1 <= low <= high <= n, got low=" + std::to_string(low) +
                        ", high=" + std::to_string(high) + ", n=" + std::to_string(n));
  const std::vector<int64_t> &dims = call.operands[a].type.dims;
  std::vector<int64_t> outer = batchDims(dims, 2);
  int64_t reflectors = std::max<int64_t>(0, n - 1);
  if (Status s = call.expectType(call.results[0], "result #0", call.elementType(), dims);
      !s.isOk())
    return s;
  if (Status s = call.expectType(call.results[1], "result #1 (tau)", call.elementType(),
                                 concat(outer, {reflectors}));
      !s.isOk())
    return s;
  if (Status s = call.expectType(call.results[2], "result #2 (info)", ElementType::S32, outer);
      !s.isOk())
    return s;
  if (call.verifying)
    return Status::ok();
  if (call.results.size() > 3)
    zeroBuffer(call.results[3]);
  copyBuffer(call.operands[a], call.results[0]);
  zeroBuffer(call.results[1]);
  T *matrix = dataOf<T>(call.results[0]);
  T *tau = dataOf<T>(call.results[1]);
  Int *info = dataOf<Int>(call.results[2]);
  Int lda = std::max<int64_t>(1, n), status = 0;
  T query;
  lapack::gehrd(n, low, high, matrix, lda, tau, &query, -1, &status);
  std::vector<T> work(std::max<int64_t>(1, static_cast<int64_t>(std::real(query))));
  for (int64_t b = 0; b < batch; ++b)
    lapack::gehrd(n, low, high, matrix + b * n * n, lda, tau + b * reflectors, work.data(),
                  static_cast<Int>(work.size()), info + b);
  return Status::ok();
}

template <typename T> Status sytrd(KernelCall &call) {
  size_t a = call.ffi ? 0 : 5;
  if (Status s = call.ffi ? call.expectArity(1, 5, 6) : call.expectArity(6, 6); !s.isOk())
    return s;
  int64_t batch, n;
  if (Status s = squareOperand(call, a, batch, n); !s.isOk())
    return s;
  char uplo = 'L';
  if (call.ffi) {
    if (Status s = call.configChar("uplo", "LU", 'L', uplo); !s.isOk())
      return s;
  } else {
    int64_t lower, lwork;
    if (Status s = call.expectScalar(0, "n", n); !s.isOk())
      return s;
    if (Status s = call.scalarInt(1, "lower", lower); !s.isOk())
      return s;
    if (Status s = call.expectScalar(2, "lda", std::max<int64_t>(1, n)); !s.isOk())
      return s;
    if (Status s = call.expectScalar(3, "batch", batch); !s.isOk())
      return s;
    if (Status s = call.scalarInt(4, "lwork", lwork); !s.isOk())
      return s;
    uplo = lower ? 'L' : 'U';
  }
  const std::vector<int64_t> &dims = call.operands[a].type.dims;
  std::vector<int64_t> outer = batchDims(dims, 2);
  int64_t off = std::max<int64_t>(0, n - 1);
  ElementType element = call.elementType(), real = call.realType();
  if (Status s = call.expectType(call.results[0], "result #0", element, dims); !s.isOk())
    return s;
  if (Status s = call.expectType(call.results[1], "result #1 (d)", real, concat(outer, {n}));
      !s.isOk())
    return s;
  if (Status s = call.expectType(call.results[2], "result #2 (e)", real, concat(outer, {off}));
      !s.isOk())
    return s;
  if (Status s = call.expectType(call.results[3], "result #3 (tau)", element,
                                 concat(outer, {off}));
      !s.isOk())
    return s;
  if (Status s = call.expectType(call.results[4], "result #4 (info)", ElementType::S32, outer);
      !s.isOk())
    return s;
  if (call.verifying)
    return Status::ok();
  if (call.results.size() > 5)
    zeroBuffer(call.results[5]);
  copyBuffer(call.operands[a], call.results[0]);
  T *matrix = dataOf<T>(call.results[0]);
  Real<T> *d = dataOf<Real<T>>(call.results[1]);
  Real<T> *e = dataOf<Real<T>>(call.results[2]);
  T *tau = dataOf<T>(call.results[3]);
  Int *info = dataOf<Int>(call.results[4]);
  Int lda = std::max<int64_t>(1, n), status = 0;
  T query;
  trd(uplo, n, matrix, lda, d, e, tau, &query, -1, &status);
  std::vector<T> work(std::max<int64_t>(1, static_cast<int64_t>(std::real(query))));
  for (int64_t b = 0; b < batch; ++b)
    trd(uplo, n, matrix + b * n * n, lda, d + b * n, e + b * off, tau + b * off, work.data(),
        static_cast<Int>(work.size()), info + b);
  return Status::ok();
}

template <typename T> Status run(KernelCall &call) {
  return call.routine == "gehrd" ? gehrd<T>(call) : sytrd<T>(call);
}

} // namespace

Status runReduction(KernelCall &call) {
  switch (call.typeLetter) {
  case 's': return run<float>(call);
  case 'd': return run<double>(call);
  case 'c': return run<c64>(call);
  default: return run<c128>(call);
  }
}

} // namespace oxla::kernels
