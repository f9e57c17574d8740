//===- SymmetricEigen.cpp - syevd / heevd ---------------------------------===//
//
//   lapack_?syevd_ffi / ?heevd_ffi(a) {mode ('V' vectors, 'N'), uplo}
//     -> (v, w[batch, n] real, info[batch] i32)   (+ workspaces in 2024)
//   lapack_?syevd / ?heevd(lower, b, n, a)
//     -> (v, w, info, work..., iwork)              (older ABI)
// a is a batch of column-major n x n matrices; only the triangle uplo says
// is read. w holds the eigenvalues in ascending order, v's columns the
// eigenvectors.
//
//===----------------------------------------------------------------------===//

#include "runtime/kernels/KernelCall.h"
#include "runtime/kernels/lapack/LapackRoutines.h"

#include <algorithm>
#include <vector>

namespace oxla::kernels {
namespace {

using namespace lapack;

// One signature for both: rwork is unused by the real routines.
void evd(char jobz, char uplo, Int n, float *a, Int lda, float *w, float *work, Int lwork,
         float *, Int, Int *iwork, Int liwork, Int *info) {
  ssyevd_(&jobz, &uplo, &n, a, &lda, w, work, &lwork, iwork, &liwork, info, 1, 1);
}
void evd(char jobz, char uplo, Int n, double *a, Int lda, double *w, double *work,
         Int lwork, double *, Int, Int *iwork, Int liwork, Int *info) {
  dsyevd_(&jobz, &uplo, &n, a, &lda, w, work, &lwork, iwork, &liwork, info, 1, 1);
}
void evd(char jobz, char uplo, Int n, c64 *a, Int lda, float *w, c64 *work, Int lwork,
         float *rwork, Int lrwork, Int *iwork, Int liwork, Int *info) {
  cheevd_(&jobz, &uplo, &n, a, &lda, w, work, &lwork, rwork, &lrwork, iwork, &liwork, info,
          1, 1);
}
void evd(char jobz, char uplo, Int n, c128 *a, Int lda, double *w, c128 *work, Int lwork,
         double *rwork, Int lrwork, Int *iwork, Int liwork, Int *info) {
  zheevd_(&jobz, &uplo, &n, a, &lda, w, work, &lwork, rwork, &lrwork, iwork, &liwork, info,
          1, 1);
}

template <typename T> Status eigh(KernelCall &call) {
  size_t a = call.ffi ? 0 : 3;
  if (call.operands.size() != a + 1 || call.results.size() < 3)
    return call.invalid("takes " + std::to_string(a + 1) +
                        " operand(s) and returns (v, w, info[, workspaces...]), got " +
                        std::to_string(call.operands.size()) + " operand(s) and " +
                        std::to_string(call.results.size()) + " result(s)");
  const BufferType &type = call.operands[a].type;
  if (type.dims.size() < 2 || type.element != call.elementType() ||
      type.dims.back() != type.dims[type.dims.size() - 2])
    return call.invalid("operand #" + std::to_string(a) + " must be a batch of square " +
                        spelling(call.elementType()) + " matrices, got " + type.str());
  int64_t n = type.dims.back(), batch = batchSize(type.dims, 2);
  char jobz = 'V', uplo = 'L';
  if (call.ffi) {
    if (Status s = call.configChar("mode", "VN", 'V', jobz); !s.isOk())
      return s;
    if (Status s = call.configChar("uplo", "LU", 'L', uplo); !s.isOk())
      return s;
  } else {
    int64_t lower, b, size;
    if (Status s = call.scalarInt(0, "lower", lower); !s.isOk())
      return s;
    if (Status s = call.scalarInt(1, "batch", b); !s.isOk())
      return s;
    if (Status s = call.scalarInt(2, "n", size); !s.isOk())
      return s;
    if (!call.verifying && (b != batch || size != n))
      return call.invalid("the batch and size operands (" + std::to_string(b) + ", " +
                          std::to_string(size) + ") do not match " + type.str());
    uplo = lower ? 'L' : 'U';
  }
  std::vector<int64_t> outer = batchDims(type.dims, 2);
  if (Status s = call.expectType(call.results[0], "result #0 (eigenvectors)",
                                 call.elementType(), type.dims);
      !s.isOk())
    return s;
  if (Status s = call.expectType(call.results[1], "result #1 (eigenvalues)", call.realType(),
                                 concat(outer, {n}));
      !s.isOk())
    return s;
  if (Status s = call.expectType(call.results[2], "result #2 (info)", ElementType::S32, outer);
      !s.isOk())
    return s;
  if (call.verifying)
    return Status::ok();
  for (size_t extra = 3; extra < call.results.size(); ++extra)
    zeroBuffer(call.results[extra]);
  copyBuffer(call.operands[a], call.results[0]);
  T *v = dataOf<T>(call.results[0]);
  Real<T> *w = dataOf<Real<T>>(call.results[1]);
  Int *info = dataOf<Int>(call.results[2]);
  Int lda = std::max<int64_t>(1, n);
  // Workspace sizes from a query.
  T workQuery;
  Real<T> rworkQuery = 0;
  Int iworkQuery = 0, queryInfo = 0;
  evd(jobz, uplo, n, v, lda, w, &workQuery, -1, &rworkQuery, -1, &iworkQuery, -1, &queryInfo);
  std::vector<T> work(std::max<int64_t>(1, static_cast<int64_t>(std::real(workQuery))));
  std::vector<Real<T>> rwork(std::max<int64_t>(1, static_cast<int64_t>(rworkQuery)));
  std::vector<Int> iwork(std::max<Int>(1, iworkQuery));
  for (int64_t b = 0; b < batch; ++b)
    evd(jobz, uplo, n, v + b * n * n, lda, w + b * n, work.data(),
        static_cast<Int>(work.size()), rwork.data(), static_cast<Int>(rwork.size()),
        iwork.data(), static_cast<Int>(iwork.size()), info + b);
  return Status::ok();
}

} // namespace

Status runSymmetricEigen(KernelCall &call) {
  switch (call.typeLetter) {
  case 's': return eigh<float>(call);
  case 'd': return eigh<double>(call);
  case 'c': return eigh<c64>(call);
  default: return eigh<c128>(call);
  }
}

} // namespace oxla::kernels
