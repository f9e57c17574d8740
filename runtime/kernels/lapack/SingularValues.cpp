//===- SingularValues.cpp - gesdd and gesvd -------------------------------===//
//
//   lapack_?gesdd_ffi / ?gesvd_ffi(a) {mode: 'A' full, 'S' reduced, 'N' none}
//     -> (a, s[batch, min(m,n)] real, u[batch, m, ucol], vt[batch, vrow, n],
//         info[batch] i32)                         (+ workspaces in 2024)
//   lapack_?gesdd(full_matrices, compute_uv, b, m, n, lwork, a)
//     -> (a, s, u, vt, info, workspaces...)      (older ABI)
// Matrices are batches of column-major matrices; a = u diag(s) vt.
//
//===----------------------------------------------------------------------===//

#include "runtime/kernels/KernelCall.h"
#include "runtime/kernels/lapack/LapackRoutines.h"

#include <algorithm>
#include <vector>

namespace oxla::kernels {
namespace {

using namespace lapack;

// One signature per routine for the four types; rwork is unused by the real
// ones, iwork by gesvd.
#define OXLA_SVD_REAL(p, T)                                                    \
  void sdd(char jobz, Int m, Int n, T *a, Int lda, T *s, T *u, Int ldu, T *vt,  \
           Int ldvt, T *work, Int lwork, T *, Int *iwork, Int *info) {          \
    p##gesdd_(&jobz, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work, &lwork,      \
              iwork, info, 1);                                                 \
  }                                                                            \
  void svd(char job, Int m, Int n, T *a, Int lda, T *s, T *u, Int ldu, T *vt,   \
           Int ldvt, T *work, Int lwork, T *, Int *info) {                      \
    p##gesvd_(&job, &job, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work,         \
              &lwork, info, 1, 1);                                             \
  }
OXLA_SVD_REAL(s, float)
OXLA_SVD_REAL(d, double)
#undef OXLA_SVD_REAL
#define OXLA_SVD_COMPLEX(p, T, R)                                              \
  void sdd(char jobz, Int m, Int n, T *a, Int lda, R *s, T *u, Int ldu, T *vt,  \
           Int ldvt, T *work, Int lwork, R *rwork, Int *iwork, Int *info) {     \
    p##gesdd_(&jobz, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work, &lwork,      \
              rwork, iwork, info, 1);                                          \
  }                                                                            \
  void svd(char job, Int m, Int n, T *a, Int lda, R *s, T *u, Int ldu, T *vt,   \
           Int ldvt, T *work, Int lwork, R *rwork, Int *info) {                 \
    p##gesvd_(&job, &job, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work,         \
              &lwork, rwork, info, 1, 1);                                      \
  }
OXLA_SVD_COMPLEX(c, c64, float)
OXLA_SVD_COMPLEX(z, c128, double)
#undef OXLA_SVD_COMPLEX

template <typename T> Status singularValues(KernelCall &call) {
  using R = Real<T>;
  bool divideAndConquer = call.routine == "gesdd";
  size_t a = call.ffi ? 0 : 6;
  if (call.operands.size() != a + 1 || call.results.size() < 5)
    return call.invalid("takes " + std::to_string(a + 1) +
                        " operand(s) and returns (a, s, u, vt, info[, workspaces...]), got " +
                        std::to_string(call.operands.size()) + " operand(s) and " +
                        std::to_string(call.results.size()) + " result(s)");
  const BufferType &type = call.operands[a].type;
  if (type.dims.size() < 2 || type.element != call.elementType())
    return call.invalid("operand #" + std::to_string(a) + " must be a batch of " +
                        spelling(call.elementType()) + " matrices, got " + type.str());
  int64_t m = type.dims[type.dims.size() - 2], n = type.dims.back();
  int64_t k = std::min(m, n), batch = batchSize(type.dims, 2);
  char job = 'A';
  if (call.ffi) {
    if (Status s = call.configChar("mode", "ASN", 'A', job); !s.isOk())
      return s;
  } else {
    int64_t full, computeUv, b, rows, columns, lwork;
    const char *names[] = {"full_matrices", "compute_uv", "batch", "m", "n", "lwork"};
    int64_t *values[] = {&full, &computeUv, &b, &rows, &columns, &lwork};
    for (size_t i = 0; i < 6; ++i)
      if (Status s = call.scalarInt(i, names[i], *values[i]); !s.isOk())
        return s;
    if (!call.verifying && (b != batch || rows != m || columns != n))
      return call.invalid("the batch and size operands (" + std::to_string(b) + ", " +
                          std::to_string(rows) + ", " + std::to_string(columns) +
                          ") do not match " + type.str());
    job = !computeUv ? 'N' : full ? 'A' : 'S';
    if (call.verifying) // the flags are known when it runs
      job = call.results[2].type.dims.size() == type.dims.size() &&
                    call.results[2].type.dims.back() == m
                ? 'A'
                : 'S';
  }
  std::vector<int64_t> outer = batchDims(type.dims, 2);
  const BufferType &uType = call.results[2].type, &vtType = call.results[3].type;
  if (Status s = call.expectType(call.results[0], "result #0", call.elementType(), type.dims);
      !s.isOk())
    return s;
  if (Status s = call.expectType(call.results[1], "result #1 (singular values)",
                                 call.realType(), concat(outer, {k}));
      !s.isOk())
    return s;
  // The shapes of u and vt follow the mode; with 'N' they are not written.
  if (job != 'N') {
    int64_t columns = job == 'A' ? m : k, rows = job == 'A' ? n : k;
    if (Status s = call.expectType(call.results[2], "result #2 (u)", call.elementType(),
                                   concat(outer, {m, columns}));
        !s.isOk())
      return s;
    if (Status s = call.expectType(call.results[3], "result #3 (vt)", call.elementType(),
                                   concat(outer, {rows, n}));
        !s.isOk())
      return s;
  } else if (uType.element != call.elementType() || vtType.element != call.elementType()) {
    return call.invalid("results #2 and #3 (u, vt) must hold " +
                        std::string(spelling(call.elementType())));
  }
  if (Status s = call.expectType(call.results[4], "result #4 (info)", ElementType::S32, outer);
      !s.isOk())
    return s;
  if (call.verifying)
    return Status::ok();
  for (size_t extra = 5; extra < call.results.size(); ++extra)
    zeroBuffer(call.results[extra]);
  copyBuffer(call.operands[a], call.results[0]);
  zeroBuffer(call.results[2]);
  zeroBuffer(call.results[3]);
  T *matrix = dataOf<T>(call.results[0]);
  R *s = dataOf<R>(call.results[1]);
  Int *info = dataOf<Int>(call.results[4]);
  // With 'N' LAPACK references neither u nor vt: point them at scratch.
  int64_t uColumns = job == 'N' ? 1 : uType.dims.back();
  int64_t vtRows = job == 'N' ? 1 : vtType.dims[vtType.dims.size() - 2];
  std::vector<T> scratchU(1), scratchVt(1);
  Int lda = std::max<int64_t>(1, m), ldu = std::max<int64_t>(1, m);
  Int ldvt = std::max<int64_t>(1, vtRows);
  // rwork: LAPACK's bound for the complex routines, covering both.
  int64_t mx = std::max(m, n);
  std::vector<R> rwork(std::max<int64_t>(
      1, std::max(5 * k * k + 5 * k, 2 * mx * k + 2 * k * k + k) + 5 * k));
  std::vector<Int> iwork(std::max<int64_t>(1, 8 * k));
  T query;
  Int status = 0;
  T *u0 = job == 'N' ? scratchU.data() : dataOf<T>(call.results[2]);
  T *vt0 = job == 'N' ? scratchVt.data() : dataOf<T>(call.results[3]);
  if (divideAndConquer)
    sdd(job, m, n, matrix, lda, s, u0, ldu, vt0, ldvt, &query, -1, rwork.data(), iwork.data(),
        &status);
  else
    svd(job, m, n, matrix, lda, s, u0, ldu, vt0, ldvt, &query, -1, rwork.data(), &status);
  std::vector<T> work(std::max<int64_t>(1, static_cast<int64_t>(std::real(query))));
  for (int64_t b = 0; b < batch; ++b) {
    T *u = job == 'N' ? scratchU.data() : dataOf<T>(call.results[2]) + b * m * uColumns;
    T *vt = job == 'N' ? scratchVt.data() : dataOf<T>(call.results[3]) + b * vtRows * n;
    if (divideAndConquer)
      sdd(job, m, n, matrix + b * m * n, lda, s + b * k, u, ldu, vt, ldvt, work.data(),
          static_cast<Int>(work.size()), rwork.data(), iwork.data(), info + b);
    else
      svd(job, m, n, matrix + b * m * n, lda, s + b * k, u, ldu, vt, ldvt, work.data(),
          static_cast<Int>(work.size()), rwork.data(), info + b);
  }
  return Status::ok();
}

} // namespace

Status runSingularValues(KernelCall &call) {
  switch (call.typeLetter) {
  case 's': return singularValues<float>(call);
  case 'd': return singularValues<double>(call);
  case 'c': return singularValues<c64>(call);
  default: return singularValues<c128>(call);
  }
}

} // namespace oxla::kernels
