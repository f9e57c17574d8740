//===- GemmKernels.cpp - Register-blocked f32 micro-kernels ---------------===//
//
// Compiled with -ffp-contract=off, so that the exact kernels round a product
// before they add it; the fused ones ask for fused multiply-adds by name.
// Intel cores run multiplies and adds on their FMA units, so separate ones
// reach half the FMA peak (W4_matmul_2048: 215 -> 171 ms on one thread of
// the Xeon measured); AMD Zen has separate multiply and add pipes, where
// the two variants run at the same speed.
//
//===----------------------------------------------------------------------===//

#include "runtime/GemmKernels.h"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

using namespace oxla::rt;

namespace {

template <int64_t MR, int64_t NR, bool FromZero>
void kernelPortable(int64_t kc, const float *a, int64_t aRow, int64_t aDepth, const float *b,
                    int64_t ldb, float *c, int64_t ldc) {
  for (int64_t i = 0; i < MR; ++i)
    for (int64_t j = 0; j < NR; ++j) {
      float acc = FromZero ? 0.0f : c[i * ldc + j];
      for (int64_t k = 0; k < kc; ++k) {
        float product = a[i * aRow + k * aDepth] * b[k * ldb + j];
        acc = acc + product;
      }
      c[i * ldc + j] = acc;
    }
}

void rowPortable(int64_t kc, const float *a, int64_t aStride, const float *b, int64_t ldb, float *c,
                 int64_t n) {
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
/// acc + x * y: rounded once (Fused) or twice.
template <bool Fused>
__attribute__((target("avx2,fma"), always_inline)) inline __m256 madd(__m256 acc, __m256 x,
                                                                      __m256 y) {
  if constexpr (Fused)
    return _mm256_fmadd_ps(x, y, acc);
  else
    return _mm256_add_ps(acc, _mm256_mul_ps(x, y));
}

template <bool Fused>
__attribute__((target("avx512f"), always_inline)) inline __m512 madd(__m512 acc, __m512 x,
                                                                     __m512 y) {
  if constexpr (Fused)
    return _mm512_fmadd_ps(x, y, acc);
  else
    return _mm512_add_ps(acc, _mm512_mul_ps(x, y));
}

/// The columns [j, n) of a row kernel, one at a time.
template <bool Fused>
__attribute__((target("avx2,fma"), always_inline)) inline void
rowColumns(int64_t kc, const float *a, int64_t aStride, const float *b, int64_t ldb, float *c,
           int64_t j, int64_t n) {
  for (; j < n; ++j) {
    float acc = c[j];
    for (int64_t k = 0; k < kc; ++k) {
      if constexpr (Fused)
        acc = __builtin_fmaf(a[k * aStride], b[k * ldb + j], acc);
      else
        acc = acc + a[k * aStride] * b[k * ldb + j];
    }
    c[j] = acc;
  }
}

// The tiles: MR rows of V vectors. AVX2 has 16 registers: 6 x 2
// accumulators, 2 of B, 1 broadcast. AVX-512 has 32: 6 x 4 accumulators
// take 4 B vectors and 6 broadcasts per 24 multiply-adds, where 6 x 2 took
// 2 and 6 per 12 (W4_matmul_256 1T 0.165 -> 0.155 ms). Narrower tiles
// compute the last columns of a product (GemmKernels.h).
template <int64_t MR, int V, bool Fused, bool FromZero>
__attribute__((target("avx2,fma"))) void kernelAvx2(int64_t kc, const float *a, int64_t aRow,
                                                    int64_t aDepth, const float *b, int64_t ldb,
                                                    float *c, int64_t ldc) {
  __m256 acc[MR][V];
  for (int64_t i = 0; i < MR; ++i)
    for (int v = 0; v < V; ++v)
      acc[i][v] = FromZero ? _mm256_setzero_ps() : _mm256_loadu_ps(c + i * ldc + 8 * v);
  for (int64_t k = 0; k < kc; ++k) {
    __m256 bk[V];
    for (int v = 0; v < V; ++v)
      bk[v] = _mm256_loadu_ps(b + k * ldb + 8 * v);
    for (int64_t i = 0; i < MR; ++i) {
      __m256 x = _mm256_broadcast_ss(a + i * aRow + k * aDepth);
      for (int v = 0; v < V; ++v)
        acc[i][v] = madd<Fused>(acc[i][v], x, bk[v]);
    }
  }
  for (int64_t i = 0; i < MR; ++i)
    for (int v = 0; v < V; ++v)
      _mm256_storeu_ps(c + i * ldc + 8 * v, acc[i][v]);
}

template <int64_t MR, int V, bool Fused, bool FromZero>
__attribute__((target("avx512f"))) void kernelAvx512(int64_t kc, const float *a, int64_t aRow,
                                                     int64_t aDepth, const float *b, int64_t ldb,
                                                     float *c, int64_t ldc) {
  __m512 acc[MR][V];
  for (int64_t i = 0; i < MR; ++i)
    for (int v = 0; v < V; ++v)
      acc[i][v] = FromZero ? _mm512_setzero_ps() : _mm512_loadu_ps(c + i * ldc + 16 * v);
  for (int64_t k = 0; k < kc; ++k) {
    __m512 bk[V];
    for (int v = 0; v < V; ++v)
      bk[v] = _mm512_loadu_ps(b + k * ldb + 16 * v);
    for (int64_t i = 0; i < MR; ++i) {
      __m512 x = _mm512_set1_ps(a[i * aRow + k * aDepth]);
      for (int v = 0; v < V; ++v)
        acc[i][v] = madd<Fused>(acc[i][v], x, bk[v]);
    }
  }
  for (int64_t i = 0; i < MR; ++i)
    for (int v = 0; v < V; ++v)
      _mm512_storeu_ps(c + i * ldc + 16 * v, acc[i][v]);
}

// The row kernels: columns in blocks of four vectors kept in registers over
// all of K, then one vector at a time, then the scalar rest.
template <bool Fused>
__attribute__((target("avx2,fma"))) void rowAvx2(int64_t kc, const float *a, int64_t aStride,
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
        acc[v] = madd<Fused>(acc[v], x, _mm256_loadu_ps(bk + v * 8));
    }
    for (int v = 0; v < 4; ++v)
      _mm256_storeu_ps(c + j + v * 8, acc[v]);
  }
  for (; j + 8 <= n; j += 8) {
    __m256 acc = _mm256_loadu_ps(c + j);
    for (int64_t k = 0; k < kc; ++k)
      acc = madd<Fused>(acc, _mm256_set1_ps(a[k * aStride]), _mm256_loadu_ps(b + k * ldb + j));
    _mm256_storeu_ps(c + j, acc);
  }
  rowColumns<Fused>(kc, a, aStride, b, ldb, c, j, n);
}

template <bool Fused>
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
        acc[v] = madd<Fused>(acc[v], x, _mm512_loadu_ps(bk + v * 16));
    }
    for (int v = 0; v < 4; ++v)
      _mm512_storeu_ps(c + j + v * 16, acc[v]);
  }
  for (; j + 16 <= n; j += 16) {
    __m512 acc = _mm512_loadu_ps(c + j);
    for (int64_t k = 0; k < kc; ++k)
      acc = madd<Fused>(acc, _mm512_set1_ps(a[k * aStride]), _mm512_loadu_ps(b + k * ldb + j));
    _mm512_storeu_ps(c + j, acc);
  }
  rowColumns<Fused>(kc, a, aStride, b, ldb, c, j, n);
}
#endif

template <template <int64_t, bool> class K, bool Fused, int64_t... Rows>
GemmKernels table(GemmIsa isa, int64_t nr, RowKernel row, std::integer_sequence<int64_t, Rows...>) {
  return {{K<Rows + 1, Fused>::run...}, {K<Rows + 1, Fused>::fromZero...}, nr, row, Fused, isa};
}

template <int64_t MR, bool Fused> struct Portable {
  static constexpr GemmKernel run = kernelPortable<MR, 16, false>;
  static constexpr GemmKernel fromZero = kernelPortable<MR, 16, true>;
};
#if defined(__x86_64__)
template <int V> struct Avx2 {
  template <int64_t MR, bool Fused> struct Tile {
    static constexpr GemmKernel run = kernelAvx2<MR, V, Fused, false>;
    static constexpr GemmKernel fromZero = kernelAvx2<MR, V, Fused, true>;
  };
};
template <int V> struct Avx512 {
  template <int64_t MR, bool Fused> struct Tile {
    static constexpr GemmKernel run = kernelAvx512<MR, V, Fused, false>;
    static constexpr GemmKernel fromZero = kernelAvx512<MR, V, Fused, true>;
  };
};
#endif

/// The tiles of `isa` `nr` columns wide, one of `Vectors` vectors of
/// `lanes` lanes (the widths gemmTileWidths lists).
template <template <int> class Isa, bool Fused, int... Vectors>
std::optional<GemmKernels> tilesOf(GemmIsa isa, int64_t lanes, int64_t nr, RowKernel row) {
  auto rows = std::make_integer_sequence<int64_t, kMR>();
  std::optional<GemmKernels> tiles;
  ((nr == Vectors * lanes
        ? (void)(tiles = table<Isa<Vectors>::template Tile, Fused>(isa, nr, row, rows))
        : (void)0),
   ...);
  return tiles;
}

} // namespace

// The vector counts that gemmKernelsFor instantiates (AVX-512 4, 2, 1; AVX2
// 2, 1) times their lanes.
std::vector<int64_t> oxla::rt::gemmTileWidths(GemmIsa isa) {
  switch (isa) {
  case GemmIsa::Avx512:
    return {64, 32, 16};
  case GemmIsa::Avx2:
    return {16, 8};
  case GemmIsa::Portable:
    return {16};
  }
  return {};
}

std::optional<GemmKernels> oxla::rt::gemmKernelsFor(GemmIsa isa, bool fused, int64_t nr) {
  std::vector<int64_t> widths = gemmTileWidths(isa);
  if (nr == 0)
    nr = widths.front();
  if (std::find(widths.begin(), widths.end(), nr) == widths.end())
    return std::nullopt;
#if defined(__x86_64__)
  __builtin_cpu_init();
  if (isa == GemmIsa::Avx512) {
    if (!__builtin_cpu_supports("avx512f"))
      return std::nullopt;
    return fused ? tilesOf<Avx512, true, 4, 2, 1>(isa, 16, nr, rowAvx512<true>)
                 : tilesOf<Avx512, false, 4, 2, 1>(isa, 16, nr, rowAvx512<false>);
  }
  if (isa == GemmIsa::Avx2) {
    if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma"))
      return std::nullopt;
    return fused ? tilesOf<Avx2, true, 2, 1>(isa, 8, nr, rowAvx2<true>)
                 : tilesOf<Avx2, false, 2, 1>(isa, 8, nr, rowAvx2<false>);
  }
#endif
  if (isa != GemmIsa::Portable || fused)
    return std::nullopt;
  return table<Portable, false>(isa, nr, rowPortable, std::make_integer_sequence<int64_t, kMR>());
}

namespace {
/// The chosen ISA's tiles, widest first.
std::vector<GemmKernels> chooseKernels() {
  const char *forced = std::getenv("OXLA_MATMUL_KERNEL");
  std::string wanted = forced ? forced : "";
  const char *exact = std::getenv("OXLA_EXACT_PRODUCTS");
  bool fused = !exact || !*exact || std::string(exact) == "0";
  auto setOf = [](GemmIsa isa, bool fused) {
    std::vector<GemmKernels> byWidth;
    for (int64_t nr : gemmTileWidths(isa))
      byWidth.push_back(*gemmKernelsFor(isa, fused, nr));
    return byWidth;
  };
  for (GemmIsa isa : {GemmIsa::Avx512, GemmIsa::Avx2}) {
    if ((isa == GemmIsa::Avx512 && !wanted.empty()) || wanted == "portable")
      continue;
    if (gemmKernelsFor(isa, fused))
      return setOf(isa, fused);
  }
  return setOf(GemmIsa::Portable, false);
}

const std::vector<GemmKernels> &kernelsByWidth() {
  static const std::vector<GemmKernels> byWidth = chooseKernels();
  return byWidth;
}
} // namespace

const GemmKernels &oxla::rt::gemmKernels() { return kernelsByWidth().front(); }

const GemmKernels &oxla::rt::gemmKernelsCovering(int64_t columns) {
  const std::vector<GemmKernels> &byWidth = kernelsByWidth();
  for (auto it = byWidth.rbegin(); it != byWidth.rend(); ++it)
    if (it->nr >= columns)
      return *it;
  return byWidth.front();
}

const GemmKernels &oxla::rt::gemmKernelsForColumns(int64_t columns) {
  for (const GemmKernels &kernels : kernelsByWidth()) {
    int64_t padded = (columns + kernels.nr - 1) / kernels.nr * kernels.nr;
    if (8 * (padded - columns) <= columns)
      return kernels;
  }
  return gemmKernelsCovering(columns);
}
