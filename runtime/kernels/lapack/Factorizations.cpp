//===- Factorizations.cpp - getrf, geqrf, orgqr/ungqr, potrf --------------===//
//
// Each operand matrix is a batch of column-major m x n matrices (the layout
// JAX declares). Typed FFI (`*_ffi`):
//   getrf(a) -> (lu, ipiv[batch, min(m,n)] i32 (1-based), info[batch] i32)
//   geqrf(a) -> (a, tau[batch, min(m,n)])            (+ a workspace in 2024)
//   orgqr(a, tau) -> (q)                             (+ info, workspace)
//   potrf(a) {uplo} -> (factor, info[batch] i32)
// Older ABI, sizes and flags as scalar operands before the matrix:
//   getrf(b, m, n, a) -> (lu, ipiv, info)
//   geqrf(b, m, n, lwork, a) -> (a, tau, info, work)
//   orgqr(b, m, n, k, lwork, a, tau) -> (q, info, work)
//   potrf(lower, b, n, a) -> (factor, info)
//
//===----------------------------------------------------------------------===//

#include "runtime/kernels/KernelCall.h"
#include "runtime/kernels/lapack/LapackRoutines.h"

#include <algorithm>
#include <vector>

namespace oxla::kernels {
namespace {

using lapack::Int;

/// Checks that the scalar sizes of the older ABI match the matrix; `names`
/// lists them, comma-separated.
Status checkSizes(const KernelCall &call, std::initializer_list<std::pair<size_t, int64_t>> sizes,
                  const char *names) {
  std::string list(names);
  for (auto [operand, expected] : sizes) {
    size_t end = list.find(',');
    std::string name = list.substr(0, end);
    list = end == std::string::npos ? "" : list.substr(end + 1);
    if (Status status = call.expectScalar(operand, name, expected); !status.isOk())
      return status;
  }
  return Status::ok();
}

/// The matrix operand: rank >= 2 and of the call's element type.
Status matrixOperand(const KernelCall &call, size_t index, int64_t &batch, int64_t &m,
                     int64_t &n) {
  const BufferType &type = call.operands[index].type;
  if (type.dims.size() < 2 || type.element != call.elementType())
    return call.invalid("operand #" + std::to_string(index) +
                        " must be a batch of matrices of " + spelling(call.elementType()) +
                        ", got " + type.str());
  m = type.dims[type.dims.size() - 2];
  n = type.dims.back();
  batch = batchSize(type.dims, 2);
  return Status::ok();
}

template <typename T> Status getrf(KernelCall &call) {
  size_t a = call.ffi ? 0 : 3;
  if (Status s = call.expectArity(a + 1, 3); !s.isOk())
    return s;
  int64_t batch, m, n;
  if (Status s = matrixOperand(call, a, batch, m, n); !s.isOk())
    return s;
  if (!call.ffi)
    if (Status s = checkSizes(call, {{0, batch}, {1, m}, {2, n}}, "batch,m,n"); !s.isOk())
      return s;
  const std::vector<int64_t> &dims = call.operands[a].type.dims;
  std::vector<int64_t> outer = batchDims(dims, 2);
  if (Status s = call.expectType(call.results[0], "result #0 (LU)", call.elementType(), dims);
      !s.isOk())
    return s;
  if (Status s = call.expectType(call.results[1], "result #1 (pivots)", ElementType::S32,
                                 concat(outer, {std::min(m, n)}));
      !s.isOk())
    return s;
  if (Status s = call.expectType(call.results[2], "result #2 (info)", ElementType::S32, outer);
      !s.isOk())
    return s;
  if (call.verifying)
    return Status::ok();
  copyBuffer(call.operands[a], call.results[0]);
  T *lu = dataOf<T>(call.results[0]);
  Int *pivots = dataOf<Int>(call.results[1]);
  Int *info = dataOf<Int>(call.results[2]);
  for (int64_t k = 0; k < batch; ++k)
    lapack::getrf(m, n, lu + k * m * n, std::max<int64_t>(1, m),
                  pivots + k * std::min(m, n), info + k);
  return Status::ok();
}

template <typename T> Status geqrf(KernelCall &call) {
  size_t a = call.ffi ? 0 : 4;
  // FFI: (a, tau), with (info, workspace) in an interim version.
  if (Status s = call.ffi ? call.expectArity(1, 2, 4) : call.expectArity(5, 4); !s.isOk())
    return s;
  int64_t batch, m, n;
  if (Status s = matrixOperand(call, a, batch, m, n); !s.isOk())
    return s;
  if (!call.ffi)
    if (Status s = checkSizes(call, {{0, batch}, {1, m}, {2, n}}, "batch,m,n"); !s.isOk())
      return s;
  int64_t lwork;
  if (!call.ffi)
    if (Status s = call.scalarInt(3, "lwork", lwork); !s.isOk())
      return s;
  const std::vector<int64_t> &dims = call.operands[a].type.dims;
  std::vector<int64_t> outer = batchDims(dims, 2);
  int64_t k = std::min(m, n);
  if (Status s = call.expectType(call.results[0], "result #0 (QR)", call.elementType(), dims);
      !s.isOk())
    return s;
  if (Status s = call.expectType(call.results[1], "result #1 (tau)", call.elementType(),
                                 concat(outer, {k}));
      !s.isOk())
    return s;
  bool hasInfo = call.results.size() > 2;
  if (hasInfo)
    if (Status s = call.expectType(call.results[2], "result #2 (info)", ElementType::S32, outer);
        !s.isOk())
      return s;
  if (call.verifying)
    return Status::ok();
  for (size_t extra = 3; extra < call.results.size(); ++extra)
    zeroBuffer(call.results[extra]);
  copyBuffer(call.operands[a], call.results[0]);
  T *qr = dataOf<T>(call.results[0]);
  T *tau = dataOf<T>(call.results[1]);
  Int lda = std::max<int64_t>(1, m), info = 0;
  T query;
  lapack::geqrf(m, n, qr, lda, tau, &query, -1, &info);
  std::vector<T> work(std::max<int64_t>(1, static_cast<int64_t>(std::real(query))));
  for (int64_t b = 0; b < batch; ++b) {
    lapack::geqrf(m, n, qr + b * m * n, lda, tau + b * k, work.data(),
                  static_cast<Int>(work.size()), &info);
    if (hasInfo)
      dataOf<Int>(call.results[2])[b] = info;
  }
  return Status::ok();
}

template <typename T> Status orgqr(KernelCall &call) {
  size_t a = call.ffi ? 0 : 5;
  if (Status s = call.ffi ? call.expectArity(2, 1, 3) : call.expectArity(7, 3); !s.isOk())
    return s;
  int64_t batch, m, n;
  if (Status s = matrixOperand(call, a, batch, m, n); !s.isOk())
    return s;
  const BufferType &tauType = call.operands[a + 1].type;
  std::vector<int64_t> outer = batchDims(call.operands[a].type.dims, 2);
  if (tauType.dims.size() != outer.size() + 1 || tauType.element != call.elementType() ||
      batchDims(tauType.dims, 1) != outer)
    return call.invalid("operand #" + std::to_string(a + 1) + " (tau) must be " +
                        BufferType{call.elementType(), concat(outer, {int64_t(0)})}.str() +
                        " with k for 0, got " + tauType.str());
  int64_t k = tauType.dims.back();
  if (k > n || n > m)
    return call.invalid("needs k <= n <= m, got m=" + std::to_string(m) + ", n=" +
                        std::to_string(n) + ", k=" + std::to_string(k));
  if (!call.ffi)
    if (Status s = checkSizes(call, {{0, batch}, {1, m}, {2, n}, {3, k}}, "batch,m,n,k");
        !s.isOk())
      return s;
  if (Status s = call.expectType(call.results[0], "result #0 (Q)", call.elementType(),
                                 call.operands[a].type.dims);
      !s.isOk())
    return s;
  bool hasInfo = call.results.size() > 1;
  if (hasInfo)
    if (Status s = call.expectType(call.results[1], "result #1 (info)", ElementType::S32, outer);
        !s.isOk())
      return s;
  if (call.verifying)
    return Status::ok();
  for (size_t extra = 2; extra < call.results.size(); ++extra)
    zeroBuffer(call.results[extra]);
  copyBuffer(call.operands[a], call.results[0]);
  T *q = dataOf<T>(call.results[0]);
  const T *tau = dataOf<T>(call.operands[a + 1]);
  Int lda = std::max<int64_t>(1, m), info = 0;
  T query;
  lapack::orgqr(m, n, k, q, lda, tau, &query, -1, &info);
  std::vector<T> work(std::max<int64_t>(1, static_cast<int64_t>(std::real(query))));
  for (int64_t b = 0; b < batch; ++b) {
    lapack::orgqr(m, n, k, q + b * m * n, lda, tau + b * k, work.data(),
                  static_cast<Int>(work.size()), &info);
    if (hasInfo)
      dataOf<Int>(call.results[1])[b] = info;
  }
  return Status::ok();
}

template <typename T> Status potrf(KernelCall &call) {
  size_t a = call.ffi ? 0 : 3;
  if (Status s = call.expectArity(a + 1, 2); !s.isOk())
    return s;
  int64_t batch, m, n;
  if (Status s = matrixOperand(call, a, batch, m, n); !s.isOk())
    return s;
  if (m != n)
    return call.invalid("needs square matrices, got " + call.operands[a].type.str());
  char uplo = 'L';
  if (call.ffi) {
    if (Status s = call.configChar("uplo", "LU", 'L', uplo); !s.isOk())
      return s;
  } else {
    int64_t lower;
    if (Status s = call.scalarInt(0, "lower", lower); !s.isOk())
      return s;
    if (Status s = checkSizes(call, {{1, batch}, {2, n}}, "batch,n"); !s.isOk())
      return s;
    uplo = lower ? 'L' : 'U';
  }
  std::vector<int64_t> outer = batchDims(call.operands[a].type.dims, 2);
  if (Status s = call.expectType(call.results[0], "result #0 (factor)", call.elementType(),
                                 call.operands[a].type.dims);
      !s.isOk())
    return s;
  if (Status s = call.expectType(call.results[1], "result #1 (info)", ElementType::S32, outer);
      !s.isOk())
    return s;
  if (call.verifying)
    return Status::ok();
  copyBuffer(call.operands[a], call.results[0]);
  T *factor = dataOf<T>(call.results[0]);
  Int *info = dataOf<Int>(call.results[1]);
  for (int64_t b = 0; b < batch; ++b)
    lapack::potrf(uplo, n, factor + b * n * n, std::max<int64_t>(1, n), info + b);
  return Status::ok();
}

template <typename T> Status run(KernelCall &call) {
  if (call.routine == "getrf")
    return getrf<T>(call);
  if (call.routine == "geqrf")
    return geqrf<T>(call);
  if (call.routine == "potrf")
    return potrf<T>(call);
  return orgqr<T>(call);
}

} // namespace

Status runFactorization(KernelCall &call) {
  switch (call.typeLetter) {
  case 's': return run<float>(call);
  case 'd': return run<double>(call);
  case 'c': return run<lapack::c64>(call);
  default: return run<lapack::c128>(call);
  }
}

} // namespace oxla::kernels
