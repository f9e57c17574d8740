//===- Solves.cpp - Triangular (trsm) and tridiagonal (gtsv) solves -------===//
//
//   lapack_?trsm_ffi(a, b[, alpha]) {side, uplo, trans_x, diag} -> x
//     op(a) x = alpha b (side 'L') or x op(a) = alpha b (side 'R'), for
//     every batch element; a is k x k (k = m or n), b m x n, column-major.
//   blas_?trsm(left_side, lower, trans (0 N, 1 T, 2 C), unit_diag, m, n,
//              batch, alpha, a, b) -> x                  (older ABI)
//   lapack_?gtsv_ffi(dl, d, du, b) -> (dl, d, du, x, info)
//     dl, d, du: [batch, n] (dl[0] and du[n-1] unused, as JAX writes
//     them), b: [batch, n, nrhs] column-major; results as LAPACK leaves
//     them.
//
//===----------------------------------------------------------------------===//

#include "runtime/kernels/KernelCall.h"
#include "runtime/kernels/lapack/LapackRoutines.h"

#include <algorithm>

namespace oxla::kernels {
namespace {

using lapack::Int;

template <typename T> Status trsm(KernelCall &call) {
  bool legacy = !call.ffi && call.target.rfind("blas_", 0) == 0;
  size_t a = legacy ? 8 : 0;
  size_t numOperands = call.operands.size();
  if (!legacy && numOperands != 2 && numOperands != 3)
    return call.invalid("takes 2 or 3 operands (a, b[, alpha]), got " +
                        std::to_string(numOperands));
  if (Status s = call.expectArity(legacy ? 10 : numOperands, 1); !s.isOk())
    return s;
  const BufferType &aType = call.operands[a].type;
  const BufferType &bType = call.operands[a + 1].type;
  ElementType element = call.elementType();
  if (bType.dims.size() < 2 || bType.element != element)
    return call.invalid("b must be a batch of matrices of " + std::string(spelling(element)) +
                        ", got " + bType.str());
  int64_t m = bType.dims[bType.dims.size() - 2], n = bType.dims.back();
  char side = 'L', uplo = 'L', trans = 'N', diag = 'N';
  T alpha = T(1);
  size_t alphaIndex = legacy ? 7 : 2;
  if (legacy) {
    int64_t left, lower, transpose, unit;
    for (auto [index, name, value] :
         {std::tuple<size_t, const char *, int64_t *>{0, "left_side", &left},
          {1, "lower", &lower}, {2, "trans_a", &transpose}, {3, "diag", &unit}})
      if (Status s = call.scalarInt(index, name, *value); !s.isOk())
        return s;
    for (size_t index : {4, 5, 6}) {
      int64_t ignored;
      if (Status s = call.scalarInt(index, "size", ignored); !s.isOk())
        return s;
    }
    if (!call.verifying && (transpose < 0 || transpose > 2))
      return call.invalid("operand #2 (trans_a) is " + std::to_string(transpose) +
                          "; expected 0, 1 or 2");
    side = left ? 'L' : 'R';
    uplo = lower ? 'L' : 'U';
    trans = "NTC"[std::clamp<int64_t>(transpose, 0, 2)];
    diag = unit ? 'U' : 'N';
  } else {
    for (auto [name, allowed, value] :
         {std::tuple<const char *, const char *, char *>{"side", "LR", &side},
          {"uplo", "LU", &uplo}, {"trans_x", "NTC", &trans}, {"diag", "NU", &diag}})
      if (Status s = call.configChar(name, allowed, *value, *value); !s.isOk())
        return s;
  }
  if (legacy || numOperands == 3) {
    if (Status s = call.expectType(call.operands[alphaIndex], "alpha", element, {}); !s.isOk())
      return s;
    if (!call.verifying)
      alpha = *dataOf<T>(call.operands[alphaIndex]);
  }
  int64_t k = side == 'L' ? m : n;
  // The older ABI's side is a scalar operand, known only when it runs.
  if (legacy && call.verifying && aType.dims.size() >= 2 && aType.dims.back() == n)
    k = n;
  std::vector<int64_t> outer = batchDims(bType.dims, 2);
  // a may be shared by the whole batch (rank 2) or batched like b.
  bool sharedA = aType.dims.size() == 2;
  if (aType.element != element ||
      (sharedA ? aType.dims != std::vector<int64_t>{k, k}
               : aType.dims != concat(outer, {k, k})))
    return call.invalid("a must be " + BufferType{element, concat(outer, {k, k})}.str() +
                        ", got " + aType.str());
  if (Status s = call.expectType(call.results[0], "result #0", element, bType.dims); !s.isOk())
    return s;
  if (call.verifying)
    return Status::ok();
  copyBuffer(call.operands[a + 1], call.results[0]);
  const T *matrix = dataOf<T>(call.operands[a]);
  T *x = dataOf<T>(call.results[0]);
  int64_t batch = batchSize(bType.dims, 2);
  for (int64_t b = 0; b < batch; ++b)
    lapack::trsm(side, uplo, trans, diag, m, n, alpha, matrix + (sharedA ? 0 : b * k * k),
                 std::max<int64_t>(1, k), x + b * m * n, std::max<int64_t>(1, m));
  return Status::ok();
}

template <typename T> Status gtsv(KernelCall &call) {
  if (Status s = call.expectArity(4, 5); !s.isOk())
    return s;
  ElementType element = call.elementType();
  const BufferType &bType = call.operands[3].type;
  if (bType.dims.size() < 2 || bType.element != element)
    return call.invalid("b must be a batch of matrices of " + std::string(spelling(element)) +
                        ", got " + bType.str());
  int64_t n = bType.dims[bType.dims.size() - 2], nrhs = bType.dims.back();
  std::vector<int64_t> diagonal = concat(batchDims(bType.dims, 2), {n});
  for (size_t i = 0; i < 3; ++i) {
    const char *names[] = {"dl", "d", "du"};
    if (Status s = call.expectType(call.operands[i], names[i], element, diagonal); !s.isOk())
      return s;
    if (Status s = call.expectType(call.results[i], std::string("result ") + names[i], element,
                                   diagonal);
        !s.isOk())
      return s;
  }
  if (Status s = call.expectType(call.results[3], "result #3 (x)", element, bType.dims);
      !s.isOk())
    return s;
  if (Status s = call.expectType(call.results[4], "result #4 (info)", ElementType::S32,
                                 batchDims(bType.dims, 2));
      !s.isOk())
    return s;
  if (call.verifying)
    return Status::ok();
  for (size_t i = 0; i < 4; ++i)
    copyBuffer(call.operands[i], call.results[i]);
  T *dl = dataOf<T>(call.results[0]), *d = dataOf<T>(call.results[1]);
  T *du = dataOf<T>(call.results[2]), *x = dataOf<T>(call.results[3]);
  Int *info = dataOf<Int>(call.results[4]);
  int64_t batch = batchSize(bType.dims, 2);
  for (int64_t b = 0; b < batch; ++b)
    lapack::gtsv(n, nrhs, dl + b * n + 1, d + b * n, du + b * n, x + b * n * nrhs,
                 std::max<int64_t>(1, n), info + b);
  return Status::ok();
}

template <typename T> Status run(KernelCall &call) {
  return call.routine == "trsm" ? trsm<T>(call) : gtsv<T>(call);
}

Status dispatch(KernelCall &call) {
  switch (call.typeLetter) {
  case 's': return run<float>(call);
  case 'd': return run<double>(call);
  case 'c': return run<lapack::c64>(call);
  default: return run<lapack::c128>(call);
  }
}

} // namespace

Status runTriangularSolve(KernelCall &call) { return dispatch(call); }
Status runTridiagonalSolve(KernelCall &call) { return dispatch(call); }

} // namespace oxla::kernels
