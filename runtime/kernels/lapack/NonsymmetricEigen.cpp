//===- NonsymmetricEigen.cpp - geev (eigenpairs) and gees (Schur) ---------===//
//
//   lapack_?geev_ffi(a) {compute_left, compute_right: 'V' or 'N'}
//     real:    -> (wr, wi, vl, vr, info)      vl, vr complex
//     complex: -> (w, vl, vr, info)
//   lapack_?geev(b, n, jobvl, jobvr, a)                       (older ABI)
//     real:    -> (a_work, vl_work, vr_work, wr, wi, vl, vr, info)
//     complex: -> (a_work, rwork, w, vl, vr, info)
//   lapack_?gees_ffi(a) {mode: 'V' or 'N', sort: 'N'}
//     real:    -> (t, vs, wr, wi, sdim, info)
//     complex: -> (t, vs, w, sdim, info)
//   lapack_?gees(b, n, jobvs, sort, a)                        (older ABI)
//     real:    -> (t, wr, wi, vs, sdim, info)
//     complex: -> (t, rwork, w, vs, sdim, info)
// Matrices are batches of column-major n x n matrices. The real geev
// returns complex eigenvectors: LAPACK's packed conjugate pairs unpacked.
// Workspace results are zeroed.
//
//===----------------------------------------------------------------------===//

#include "runtime/kernels/KernelCall.h"
#include "runtime/kernels/lapack/LapackRoutines.h"

#include <algorithm>
#include <vector>

namespace oxla::kernels {
namespace {

using namespace lapack;

//===- LAPACK overloads ---------------------------------------------------===//

void geevReal(char jobvl, char jobvr, Int n, float *a, float *wr, float *wi, float *vl,
              float *vr, float *work, Int lwork, Int *info) {
  Int ld = std::max(1, n);
  sgeev_(&jobvl, &jobvr, &n, a, &ld, wr, wi, vl, &ld, vr, &ld, work, &lwork, info, 1, 1);
}
void geevReal(char jobvl, char jobvr, Int n, double *a, double *wr, double *wi,
              double *vl, double *vr, double *work, Int lwork, Int *info) {
  Int ld = std::max(1, n);
  dgeev_(&jobvl, &jobvr, &n, a, &ld, wr, wi, vl, &ld, vr, &ld, work, &lwork, info, 1, 1);
}
void geevComplex(char jobvl, char jobvr, Int n, c64 *a, c64 *w, c64 *vl, c64 *vr,
                 c64 *work, Int lwork, float *rwork, Int *info) {
  Int ld = std::max(1, n);
  cgeev_(&jobvl, &jobvr, &n, a, &ld, w, vl, &ld, vr, &ld, work, &lwork, rwork, info, 1, 1);
}
void geevComplex(char jobvl, char jobvr, Int n, c128 *a, c128 *w, c128 *vl, c128 *vr,
                 c128 *work, Int lwork, double *rwork, Int *info) {
  Int ld = std::max(1, n);
  zgeev_(&jobvl, &jobvr, &n, a, &ld, w, vl, &ld, vr, &ld, work, &lwork, rwork, info, 1, 1);
}
void geesReal(char jobvs, Int n, float *a, Int *sdim, float *wr, float *wi, float *vs,
              float *work, Int lwork, Int *bwork, Int *info) {
  Int ld = std::max(1, n);
  char sort = 'N';
  sgees_(&jobvs, &sort, nullptr, &n, a, &ld, sdim, wr, wi, vs, &ld, work, &lwork, bwork,
         info, 1, 1);
}
void geesReal(char jobvs, Int n, double *a, Int *sdim, double *wr, double *wi, double *vs,
              double *work, Int lwork, Int *bwork, Int *info) {
  Int ld = std::max(1, n);
  char sort = 'N';
  dgees_(&jobvs, &sort, nullptr, &n, a, &ld, sdim, wr, wi, vs, &ld, work, &lwork, bwork,
         info, 1, 1);
}
void geesComplex(char jobvs, Int n, c64 *a, Int *sdim, c64 *w, c64 *vs, c64 *work,
                 Int lwork, float *rwork, Int *bwork, Int *info) {
  Int ld = std::max(1, n);
  char sort = 'N';
  cgees_(&jobvs, &sort, nullptr, &n, a, &ld, sdim, w, vs, &ld, work, &lwork, rwork, bwork,
         info, 1, 1);
}
void geesComplex(char jobvs, Int n, c128 *a, Int *sdim, c128 *w, c128 *vs, c128 *work,
                 Int lwork, double *rwork, Int *bwork, Int *info) {
  Int ld = std::max(1, n);
  char sort = 'N';
  zgees_(&jobvs, &sort, nullptr, &n, a, &ld, sdim, w, vs, &ld, work, &lwork, rwork, bwork,
         info, 1, 1);
}

//===- Shared decoding ----------------------------------------------------===//

/// The square matrix operand and, for the older ABI, its scalar operands
/// (b, n, job1, job2); the two flags are 'V'/'N' (or 1/0).
Status decodeSquare(KernelCall &call, size_t a, int64_t &batch, int64_t &n,
                    char flags[2], const char *names[2]) {
  const BufferType &type = call.operands[a].type;
  if (type.dims.size() < 2 || type.element != call.elementType() ||
      type.dims.back() != type.dims[type.dims.size() - 2])
    return call.invalid("operand #" + std::to_string(a) + " must be a batch of square " +
                        spelling(call.elementType()) + " matrices, got " + type.str());
  n = type.dims.back();
  batch = batchSize(type.dims, 2);
  if (call.ffi)
    return Status::ok();
  int64_t b, size;
  if (Status s = call.scalarInt(0, "batch", b); !s.isOk())
    return s;
  if (Status s = call.scalarInt(1, "n", size); !s.isOk())
    return s;
  if (!call.verifying && (b != batch || size != n))
    return call.invalid("the batch and size operands (" + std::to_string(b) + ", " +
                        std::to_string(size) + ") do not match " + type.str());
  for (int i = 0; i < 2; ++i) {
    int64_t value;
    if (Status s = call.scalarInt(2 + i, names[i], value); !s.isOk())
      return s;
    if (call.verifying)
      continue;
    if (value == 'V' || value == 1)
      flags[i] = 'V';
    else if (value == 'N' || value == 0)
      flags[i] = 'N';
    else if (value == 'S' && i == 1)
      flags[i] = 'S';
    else
      return call.invalid("operand #" + std::to_string(2 + i) + " (" + names[i] + ") is " +
                          std::to_string(value) + "; expected 'V' or 'N'");
  }
  return Status::ok();
}

/// Checks result `index` against (element, dims).
#define EXPECT_RESULT(index, what, element, dims)                              \
  if (Status s = call.expectType(call.results[index], what, element, dims); !s.isOk())     \
    return s;

ElementType complexOf(ElementType real) {
  return real == ElementType::F32 ? ElementType::C64 : ElementType::C128;
}

/// Unpacks LAPACK's real eigenvectors (a conjugate pair j, j+1 stored as
/// real and imaginary parts in columns j and j+1) into complex columns.
template <typename R>
void unpackEigenvectors(Int n, const R *wi, const R *packed, std::complex<R> *out) {
  for (Int j = 0; j < n; ++j) {
    if (wi[j] != R(0) && j + 1 < n) {
      for (Int i = 0; i < n; ++i) {
        R re = packed[i + j * n], im = packed[i + (j + 1) * n];
        out[i + j * n] = {re, im};
        out[i + (j + 1) * n] = {re, -im};
      }
      ++j;
    } else {
      for (Int i = 0; i < n; ++i)
        out[i + j * n] = {packed[i + j * n], R(0)};
    }
  }
}

//===- geev ---------------------------------------------------------------===//

template <typename T> Status geev(KernelCall &call) {
  constexpr bool complex = isComplex<T>;
  using R = Real<T>;
  using C = std::complex<R>;
  size_t a = call.ffi ? 0 : 4;
  size_t numResults = call.ffi ? (complex ? 4 : 5) : (complex ? 6 : 8);
  if (Status s = call.expectArity(a + 1, numResults); !s.isOk())
    return s;
  int64_t batch, n;
  char jobs[2] = {'V', 'V'};
  const char *names[2] = {"jobvl", "jobvr"};
  if (Status s = decodeSquare(call, a, batch, n, jobs, names); !s.isOk())
    return s;
  if (call.ffi) {
    if (Status s = call.configChar("compute_left", "VN", 'V', jobs[0]); !s.isOk())
      return s;
    if (Status s = call.configChar("compute_right", "VN", 'V', jobs[1]); !s.isOk())
      return s;
  }
  const std::vector<int64_t> &dims = call.operands[a].type.dims;
  std::vector<int64_t> outer = batchDims(dims, 2), values = concat(outer, {n});
  ElementType element = call.elementType(), vectors = complexOf(call.realType());
  // Where the eigenvalues and eigenvectors are among the results.
  size_t first = call.ffi ? 0 : (complex ? 2 : 3);
  size_t numValues = complex ? 1 : 2;
  for (size_t i = 0; i < numValues; ++i)
    EXPECT_RESULT(first + i, "result #" + std::to_string(first + i) + " (eigenvalues)",
                  element, values);
  size_t vl = first + numValues, vr = vl + 1, info = vr + 1;
  EXPECT_RESULT(vl, "result #" + std::to_string(vl) + " (left eigenvectors)", vectors, dims);
  EXPECT_RESULT(vr, "result #" + std::to_string(vr) + " (right eigenvectors)", vectors, dims);
  EXPECT_RESULT(info, "result #" + std::to_string(info) + " (info)", ElementType::S32, outer);
  if (call.verifying)
    return Status::ok();
  for (size_t i = 0; i < first; ++i)
    zeroBuffer(call.results[i]);
  zeroBuffer(call.results[vl]);
  zeroBuffer(call.results[vr]);

  Int size = static_cast<Int>(n), lwork = -1, status = 0;
  std::vector<T> matrix(std::max<int64_t>(1, n * n));
  std::vector<T> left(matrix.size()), right(matrix.size());
  std::vector<R> rwork(std::max<int64_t>(1, 2 * n));
  std::vector<R> imaginary(std::max<int64_t>(1, n));
  T query;
  if constexpr (complex)
    geevComplex(jobs[0], jobs[1], size, matrix.data(), dataOf<T>(call.results[first]),
                left.data(), right.data(), &query, -1, rwork.data(), &status);
  else
    geevReal(jobs[0], jobs[1], size, matrix.data(), dataOf<T>(call.results[first]),
             imaginary.data(), left.data(), right.data(), &query, -1, &status);
  lwork = std::max<Int>(1, static_cast<Int>(std::real(query)));
  std::vector<T> work(lwork);
  const T *input = dataOf<T>(call.operands[a]);
  for (int64_t b = 0; b < batch; ++b) {
    std::copy(input + b * n * n, input + (b + 1) * n * n, matrix.begin());
    C *outLeft = dataOf<C>(call.results[vl]) + b * n * n;
    C *outRight = dataOf<C>(call.results[vr]) + b * n * n;
    Int *outInfo = dataOf<Int>(call.results[info]) + b;
    if constexpr (complex) {
      T *w = dataOf<T>(call.results[first]) + b * n;
      geevComplex(jobs[0], jobs[1], size, matrix.data(), w, left.data(), right.data(),
                  work.data(), lwork, rwork.data(), outInfo);
      if (*outInfo == 0) {
        if (jobs[0] == 'V')
          std::copy(left.begin(), left.begin() + n * n, outLeft);
        if (jobs[1] == 'V')
          std::copy(right.begin(), right.begin() + n * n, outRight);
      }
    } else {
      T *wr = dataOf<T>(call.results[first]) + b * n;
      T *wi = dataOf<T>(call.results[first + 1]) + b * n;
      geevReal(jobs[0], jobs[1], size, matrix.data(), wr, wi, left.data(), right.data(),
               work.data(), lwork, outInfo);
      if (*outInfo == 0) {
        if (jobs[0] == 'V')
          unpackEigenvectors(size, wi, left.data(), outLeft);
        if (jobs[1] == 'V')
          unpackEigenvectors(size, wi, right.data(), outRight);
      }
    }
  }
  return Status::ok();
}

//===- gees ---------------------------------------------------------------===//

template <typename T> Status gees(KernelCall &call) {
  constexpr bool complex = isComplex<T>;
  using R = Real<T>;
  size_t a = call.ffi ? 0 : 4;
  size_t numResults = call.ffi && complex ? 5 : 6;
  if (Status s = call.expectArity(a + 1, numResults); !s.isOk())
    return s;
  int64_t batch, n;
  char flags[2] = {'V', 'N'};
  const char *names[2] = {"jobvs", "sort"};
  if (Status s = decodeSquare(call, a, batch, n, flags, names); !s.isOk())
    return s;
  if (call.ffi) {
    if (Status s = call.configChar("mode", "VN", 'V', flags[0]); !s.isOk())
      return s;
    if (Status s = call.configChar("sort", "NS", 'N', flags[1]); !s.isOk())
      return s;
  }
  if (flags[1] != 'N')
    return Status::unsupported("custom_call @" + call.target +
                               ": sorted Schur forms (sort = 'S') need a selection "
                               "function, which XLA's kernel does not take either");
  const std::vector<int64_t> &dims = call.operands[a].type.dims;
  std::vector<int64_t> outer = batchDims(dims, 2), values = concat(outer, {n});
  ElementType element = call.elementType();
  // Result positions: t, vs, the eigenvalue(s), sdim, info, and (older
  // complex ABI) rwork.
  size_t t = 0, vs, w, sdim, info, rworkIndex = SIZE_MAX;
  if (call.ffi) {
    vs = 1;
    w = 2;
  } else if (complex) {
    rworkIndex = 1;
    w = 2;
    vs = 3;
  } else {
    w = 1;
    vs = 3;
  }
  sdim = numResults - 2;
  info = numResults - 1;
  EXPECT_RESULT(t, "result #0 (Schur form)", element, dims);
  EXPECT_RESULT(vs, "result #" + std::to_string(vs) + " (Schur vectors)", element, dims);
  for (size_t i = 0; i < (complex ? 1u : 2u); ++i)
    EXPECT_RESULT(w + i, "result #" + std::to_string(w + i) + " (eigenvalues)", element,
                  values);
  EXPECT_RESULT(sdim, "result #" + std::to_string(sdim) + " (sdim)", ElementType::S32, outer);
  EXPECT_RESULT(info, "result #" + std::to_string(info) + " (info)", ElementType::S32, outer);
  if (call.verifying)
    return Status::ok();
  if (rworkIndex != SIZE_MAX)
    zeroBuffer(call.results[rworkIndex]);
  copyBuffer(call.operands[a], call.results[t]);
  zeroBuffer(call.results[vs]);

  Int size = static_cast<Int>(n), status = 0, ignored = 0;
  std::vector<R> rwork(std::max<int64_t>(1, n));
  std::vector<Int> bwork(std::max<int64_t>(1, n));
  std::vector<T> scratch(std::max<int64_t>(1, n * n));
  T query;
  if constexpr (complex)
    geesComplex(flags[0], size, scratch.data(), &ignored, dataOf<T>(call.results[w]),
                dataOf<T>(call.results[vs]), &query, -1, rwork.data(), bwork.data(), &status);
  else
    geesReal(flags[0], size, scratch.data(), &ignored, dataOf<T>(call.results[w]),
             dataOf<T>(call.results[w + 1]), dataOf<T>(call.results[vs]), &query, -1,
             bwork.data(), &status);
  Int lwork = std::max<Int>(1, static_cast<Int>(std::real(query)));
  std::vector<T> work(lwork);
  for (int64_t b = 0; b < batch; ++b) {
    T *matrix = dataOf<T>(call.results[t]) + b * n * n;
    T *vectors = dataOf<T>(call.results[vs]) + b * n * n;
    Int *outSdim = dataOf<Int>(call.results[sdim]) + b;
    Int *outInfo = dataOf<Int>(call.results[info]) + b;
    if constexpr (complex)
      geesComplex(flags[0], size, matrix, outSdim, dataOf<T>(call.results[w]) + b * n, vectors,
                  work.data(), lwork, rwork.data(), bwork.data(), outInfo);
    else
      geesReal(flags[0], size, matrix, outSdim, dataOf<T>(call.results[w]) + b * n,
               dataOf<T>(call.results[w + 1]) + b * n, vectors, work.data(), lwork,
               bwork.data(), outInfo);
  }
  return Status::ok();
}

} // namespace

Status runGeneralEigen(KernelCall &call) {
  switch (call.typeLetter) {
  case 's': return geev<float>(call);
  case 'd': return geev<double>(call);
  case 'c': return geev<c64>(call);
  default: return geev<c128>(call);
  }
}

Status runSchur(KernelCall &call) {
  switch (call.typeLetter) {
  case 's': return gees<float>(call);
  case 'd': return gees<double>(call);
  case 'c': return gees<c64>(call);
  default: return gees<c128>(call);
  }
}

} // namespace oxla::kernels
