//===- GemmKernels.cpp - Register-blocked f32 micro-kernels ---------------===//
//
// Compiled with -ffp-contract=off: a product is rounded before it is added.
// On CPUs whose multiply and add pipes are separate (AMD Zen), separate
// multiplies and adds reach the FMA peak.
//
//===----------------------------------------------------------------------===//

#include "runtime/GemmKernels.h"

#include <cstdlib>
#include <string>
#include <utility>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

using namespace oxla::rt;

namespace {

template <int64_t MR, int64_t NR>
void kernelPortable(int64_t kc, const float *a, int64_t aRow, int64_t aDepth, const float *b,
                    int64_t ldb, float *c, int64_t ldc) {
  for (int64_t i = 0; i < MR; ++i)
    for (int64_t j = 0; j < NR; ++j) {
      float acc = c[i * ldc + j];
      for (int64_t k = 0; k < kc; ++k) {
        float product = a[i * aRow + k * aDepth] * b[k * ldb + j];
        acc = acc + product;
      }
      c[i * ldc + j] = acc;
    }
}

void rowPortable(int64_t kc, const float *a, int64_t aStride, const float *b, int64_t ldb,
                 float *c, int64_t n) {
  for (int64_t j = 0; j < n; ++j) {
    float acc = c[j];
    for (int64_t k = 0; k < kc; ++k) {
      float product = a[k * aStride] * b[k * ldb + j];
      acc = acc + product;
    }
    c[j] = acc;
  }
}

#if defined(__x86_64__)
template <int64_t MR>
__attribute__((target("avx2"))) void kernelAvx2(int64_t kc, const float *a, int64_t aRow,
                                                int64_t aDepth, const float *b, int64_t ldb,
                                                float *c, int64_t ldc) {
  __m256 acc[MR][2];
  for (int64_t i = 0; i < MR; ++i) {
    acc[i][0] = _mm256_loadu_ps(c + i * ldc);
    acc[i][1] = _mm256_loadu_ps(c + i * ldc + 8);
  }
  for (int64_t k = 0; k < kc; ++k) {
    __m256 b0 = _mm256_loadu_ps(b + k * ldb), b1 = _mm256_loadu_ps(b + k * ldb + 8);
    for (int64_t i = 0; i < MR; ++i) {
      __m256 x = _mm256_broadcast_ss(a + i * aRow + k * aDepth);
      acc[i][0] = _mm256_add_ps(acc[i][0], _mm256_mul_ps(x, b0));
      acc[i][1] = _mm256_add_ps(acc[i][1], _mm256_mul_ps(x, b1));
    }
  }
  for (int64_t i = 0; i < MR; ++i) {
    _mm256_storeu_ps(c + i * ldc, acc[i][0]);
    _mm256_storeu_ps(c + i * ldc + 8, acc[i][1]);
  }
}

template <int64_t MR>
__attribute__((target("avx512f"))) void kernelAvx512(int64_t kc, const float *a, int64_t aRow,
                                                     int64_t aDepth, const float *b, int64_t ldb,
                                                     float *c, int64_t ldc) {
  __m512 acc[MR][2];
  for (int64_t i = 0; i < MR; ++i) {
    acc[i][0] = _mm512_loadu_ps(c + i * ldc);
    acc[i][1] = _mm512_loadu_ps(c + i * ldc + 16);
  }
  for (int64_t k = 0; k < kc; ++k) {
    __m512 b0 = _mm512_loadu_ps(b + k * ldb), b1 = _mm512_loadu_ps(b + k * ldb + 16);
    for (int64_t i = 0; i < MR; ++i) {
      __m512 x = _mm512_set1_ps(a[i * aRow + k * aDepth]);
      acc[i][0] = _mm512_add_ps(acc[i][0], _mm512_mul_ps(x, b0));
      acc[i][1] = _mm512_add_ps(acc[i][1], _mm512_mul_ps(x, b1));
    }
  }
  for (int64_t i = 0; i < MR; ++i) {
    _mm512_storeu_ps(c + i * ldc, acc[i][0]);
    _mm512_storeu_ps(c + i * ldc + 16, acc[i][1]);
  }
}

// The row kernels: columns in blocks of four vectors kept in registers over
// all of K, then one vector at a time, then the scalar rest.
__attribute__((target("avx2"))) void rowAvx2(int64_t kc, const float *a, int64_t aStride,
                                             const float *b, int64_t ldb, float *c, int64_t n) {
  int64_t j = 0;
  for (; j + 32 <= n; j += 32) {
    __m256 acc[4];
    for (int v = 0; v < 4; ++v)
      acc[v] = _mm256_loadu_ps(c + j + v * 8);
    for (int64_t k = 0; k < kc; ++k) {
      __m256 x = _mm256_set1_ps(a[k * aStride]);
      const float *bk = b + k * ldb + j;
      for (int v = 0; v < 4; ++v)
        acc[v] = _mm256_add_ps(acc[v], _mm256_mul_ps(x, _mm256_loadu_ps(bk + v * 8)));
    }
    for (int v = 0; v < 4; ++v)
      _mm256_storeu_ps(c + j + v * 8, acc[v]);
  }
  for (; j + 8 <= n; j += 8) {
    __m256 acc = _mm256_loadu_ps(c + j);
    for (int64_t k = 0; k < kc; ++k)
      acc = _mm256_add_ps(
          acc, _mm256_mul_ps(_mm256_set1_ps(a[k * aStride]), _mm256_loadu_ps(b + k * ldb + j)));
    _mm256_storeu_ps(c + j, acc);
  }
  if (j < n)
    rowPortable(kc, a, aStride, b + j, ldb, c + j, n - j);
}

__attribute__((target("avx512f"))) void rowAvx512(int64_t kc, const float *a, int64_t aStride,
                                                  const float *b, int64_t ldb, float *c,
                                                  int64_t n) {
  int64_t j = 0;
  for (; j + 64 <= n; j += 64) {
    __m512 acc[4];
    for (int v = 0; v < 4; ++v)
      acc[v] = _mm512_loadu_ps(c + j + v * 16);
    for (int64_t k = 0; k < kc; ++k) {
      __m512 x = _mm512_set1_ps(a[k * aStride]);
      const float *bk = b + k * ldb + j;
      for (int v = 0; v < 4; ++v)
        acc[v] = _mm512_add_ps(acc[v], _mm512_mul_ps(x, _mm512_loadu_ps(bk + v * 16)));
    }
    for (int v = 0; v < 4; ++v)
      _mm512_storeu_ps(c + j + v * 16, acc[v]);
  }
  for (; j + 16 <= n; j += 16) {
    __m512 acc = _mm512_loadu_ps(c + j);
    for (int64_t k = 0; k < kc; ++k)
      acc = _mm512_add_ps(
          acc, _mm512_mul_ps(_mm512_set1_ps(a[k * aStride]), _mm512_loadu_ps(b + k * ldb + j)));
    _mm512_storeu_ps(c + j, acc);
  }
  if (j < n)
    rowPortable(kc, a, aStride, b + j, ldb, c + j, n - j);
}
#endif

template <template <int64_t> class K, int64_t... Rows>
GemmKernels table(int64_t nr, RowKernel row, std::integer_sequence<int64_t, Rows...>) {
  return {{K<Rows + 1>::run...}, nr, row};
}

template <int64_t MR> struct Portable {
  static constexpr GemmKernel run = kernelPortable<MR, 16>;
};
#if defined(__x86_64__)
template <int64_t MR> struct Avx2 {
  static constexpr GemmKernel run = kernelAvx2<MR>;
};
template <int64_t MR> struct Avx512 {
  static constexpr GemmKernel run = kernelAvx512<MR>;
};
#endif

GemmKernels chooseKernels() {
  const char *forced = std::getenv("OXLA_MATMUL_KERNEL");
  std::string wanted = forced ? forced : "";
  auto rows = std::make_integer_sequence<int64_t, kMR>();
#if defined(__x86_64__)
  __builtin_cpu_init();
  if (wanted.empty() && __builtin_cpu_supports("avx512f"))
    return table<Avx512>(32, rowAvx512, rows);
  if (wanted != "portable" && __builtin_cpu_supports("avx2"))
    return table<Avx2>(16, rowAvx2, rows);
#endif
  return table<Portable>(16, rowPortable, rows);
}

} // namespace

const GemmKernels &oxla::rt::gemmKernels() {
  static const GemmKernels kernels = chooseKernels();
  return kernels;
}
