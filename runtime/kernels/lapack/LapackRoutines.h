//===- LapackRoutines.h - The LAPACK/BLAS routines the kernels call -------===//
//
// Debian's reference LAPACK and BLAS (liblapack3, libblas3) through their
// Fortran symbols (`sgetrf_`, ...), with one C++ overload per element type
// so that the kernels are written once as templates. Character arguments
// are followed, as gfortran passes them, by their hidden lengths.
// Arguments are column-major matrices with leading dimension `ld*`.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_RUNTIME_KERNELS_LAPACK_LAPACKROUTINES_H
#define OXLA_RUNTIME_KERNELS_LAPACK_LAPACKROUTINES_H

#include <complex>
#include <cstddef>
#include <type_traits>

namespace oxla::kernels::lapack {

using c64 = std::complex<float>;
using c128 = std::complex<double>;
using Int = int;
using Len = size_t;
using SelectReal = Int (*)(const void *, const void *);
using SelectComplex = Int (*)(const void *);

extern "C" {
#define OXLA_LAPACK_TYPED(X)                                                   \
  X(s, float, float) X(d, double, double) X(c, c64, float) X(z, c128, double)

#define OXLA_DECLARE(p, T, R)                                                  \
  void p##getrf_(const Int *, const Int *, T *, const Int *, Int *, Int *);    \
  void p##geqrf_(const Int *, const Int *, T *, const Int *, T *, T *,         \
                 const Int *, Int *);                                          \
  void p##potrf_(const char *, const Int *, T *, const Int *, Int *, Len);     \
  void p##trsm_(const char *, const char *, const char *, const char *,        \
                const Int *, const Int *, const T *, const T *, const Int *,   \
                T *, const Int *, Len, Len, Len, Len);                         \
  void p##gtsv_(const Int *, const Int *, T *, T *, T *, T *, const Int *,     \
                Int *);                                                        \
  void p##gehrd_(const Int *, const Int *, const Int *, T *, const Int *, T *, \
                 T *, const Int *, Int *);
OXLA_LAPACK_TYPED(OXLA_DECLARE)
#undef OXLA_DECLARE

#define OXLA_DECLARE_REAL(p, T)                                                \
  void p##orgqr_(const Int *, const Int *, const Int *, T *, const Int *,      \
                 const T *, T *, const Int *, Int *);                          \
  void p##syevd_(const char *, const char *, const Int *, T *, const Int *,    \
                 T *, T *, const Int *, Int *, const Int *, Int *, Len, Len);  \
  void p##geev_(const char *, const char *, const Int *, T *, const Int *,     \
                T *, T *, T *, const Int *, T *, const Int *, T *,             \
                const Int *, Int *, Len, Len);                                 \
  void p##gees_(const char *, const char *, SelectReal, const Int *, T *,      \
                const Int *, Int *, T *, T *, T *, const Int *, T *,           \
                const Int *, Int *, Int *, Len, Len);                          \
  void p##sytrd_(const char *, const Int *, T *, const Int *, T *, T *, T *,   \
                 T *, const Int *, Int *, Len);                                \
  void p##gesdd_(const char *, const Int *, const Int *, T *, const Int *,     \
                 T *, T *, const Int *, T *, const Int *, T *, const Int *,    \
                 Int *, Int *, Len);                                           \
  void p##gesvd_(const char *, const char *, const Int *, const Int *, T *,    \
                 const Int *, T *, T *, const Int *, T *, const Int *, T *,    \
                 const Int *, Int *, Len, Len);
OXLA_DECLARE_REAL(s, float)
OXLA_DECLARE_REAL(d, double)
#undef OXLA_DECLARE_REAL

#define OXLA_DECLARE_COMPLEX(p, T, R)                                          \
  void p##ungqr_(const Int *, const Int *, const Int *, T *, const Int *,      \
                 const T *, T *, const Int *, Int *);                          \
  void p##heevd_(const char *, const char *, const Int *, T *, const Int *,    \
                 R *, T *, const Int *, R *, const Int *, Int *, const Int *,  \
                 Int *, Len, Len);                                             \
  void p##geev_(const char *, const char *, const Int *, T *, const Int *,     \
                T *, T *, const Int *, T *, const Int *, T *, const Int *,     \
                R *, Int *, Len, Len);                                         \
  void p##gees_(const char *, const char *, SelectComplex, const Int *, T *,   \
                const Int *, Int *, T *, T *, const Int *, T *, const Int *,   \
                R *, Int *, Int *, Len, Len);                                  \
  void p##hetrd_(const char *, const Int *, T *, const Int *, R *, R *, T *,   \
                 T *, const Int *, Int *, Len);                                \
  void p##gesdd_(const char *, const Int *, const Int *, T *, const Int *,     \
                 R *, T *, const Int *, T *, const Int *, T *, const Int *,    \
                 R *, Int *, Int *, Len);                                      \
  void p##gesvd_(const char *, const char *, const Int *, const Int *, T *,    \
                 const Int *, R *, T *, const Int *, T *, const Int *, T *,    \
                 const Int *, R *, Int *, Len, Len);
OXLA_DECLARE_COMPLEX(c, c64, float)
OXLA_DECLARE_COMPLEX(z, c128, double)
#undef OXLA_DECLARE_COMPLEX
}

/// The real type of T (T itself for real types).
template <typename T> struct RealOf { using type = T; };
template <typename R> struct RealOf<std::complex<R>> { using type = R; };
template <typename T> using Real = typename RealOf<T>::type;
template <typename T> constexpr bool isComplex = !std::is_same_v<T, Real<T>>;

// Routines every type has, overloaded on the element type.
#define OXLA_OVERLOAD(p, T, R)                                                 \
  inline void getrf(Int m, Int n, T *a, Int lda, Int *ipiv, Int *info) {       \
    p##getrf_(&m, &n, a, &lda, ipiv, info);                                    \
  }                                                                            \
  inline void geqrf(Int m, Int n, T *a, Int lda, T *tau, T *work, Int lwork,   \
                    Int *info) {                                               \
    p##geqrf_(&m, &n, a, &lda, tau, work, &lwork, info);                       \
  }                                                                            \
  inline void potrf(char uplo, Int n, T *a, Int lda, Int *info) {              \
    p##potrf_(&uplo, &n, a, &lda, info, 1);                                    \
  }                                                                            \
  inline void trsm(char side, char uplo, char trans, char diag, Int m, Int n,  \
                   T alpha, const T *a, Int lda, T *b, Int ldb) {              \
    p##trsm_(&side, &uplo, &trans, &diag, &m, &n, &alpha, a, &lda, b, &ldb, 1, \
             1, 1, 1);                                                         \
  }                                                                            \
  inline void gtsv(Int n, Int nrhs, T *dl, T *d, T *du, T *b, Int ldb,         \
                   Int *info) {                                                \
    p##gtsv_(&n, &nrhs, dl, d, du, b, &ldb, info);                             \
  }                                                                            \
  inline void gehrd(Int n, Int ilo, Int ihi, T *a, Int lda, T *tau, T *work,   \
                    Int lwork, Int *info) {                                    \
    p##gehrd_(&n, &ilo, &ihi, a, &lda, tau, work, &lwork, info);               \
  }
OXLA_LAPACK_TYPED(OXLA_OVERLOAD)
#undef OXLA_OVERLOAD
#undef OXLA_LAPACK_TYPED

// Q of a QR factorization: orgqr for real types, ungqr for complex ones.
inline void orgqr(Int m, Int n, Int k, float *a, Int lda, const float *tau, float *work,
                  Int lwork, Int *info) {
  sorgqr_(&m, &n, &k, a, &lda, tau, work, &lwork, info);
}
inline void orgqr(Int m, Int n, Int k, double *a, Int lda, const double *tau,
                  double *work, Int lwork, Int *info) {
  dorgqr_(&m, &n, &k, a, &lda, tau, work, &lwork, info);
}
inline void orgqr(Int m, Int n, Int k, c64 *a, Int lda, const c64 *tau, c64 *work,
                  Int lwork, Int *info) {
  cungqr_(&m, &n, &k, a, &lda, tau, work, &lwork, info);
}
inline void orgqr(Int m, Int n, Int k, c128 *a, Int lda, const c128 *tau, c128 *work,
                  Int lwork, Int *info) {
  zungqr_(&m, &n, &k, a, &lda, tau, work, &lwork, info);
}

} // namespace oxla::kernels::lapack

#endif // OXLA_RUNTIME_KERNELS_LAPACK_LAPACKROUTINES_H
