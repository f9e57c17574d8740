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
#endif

template <template <int64_t> class K, int64_t... Rows>
GemmKernels table(int64_t nr, std::integer_sequence<int64_t, Rows...>) {
  return {{K<Rows + 1>::run...}, nr};
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
    return table<Avx512>(32, rows);
  if (wanted != "portable" && __builtin_cpu_supports("avx2"))
    return table<Avx2>(16, rows);
#endif
  return table<Portable>(16, rows);
}

} // namespace

const GemmKernels &oxla::rt::gemmKernels() {
  static const GemmKernels kernels = chooseKernels();
  return kernels;
}
