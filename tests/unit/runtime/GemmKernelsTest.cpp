//===- GemmKernelsTest.cpp - The matmul micro-kernels' arithmetic ---------===//
//
// Every kernel this CPU runs, exact and fused, against scalar chains in k
// order: exact ones must equal c + round(a * b) step by step, fused ones
// fma(a, b, c) (std::fma, correctly rounded), bit for bit, on every row
// count of a tile and on row kernels with vector blocks and a tail; the
// from-zero tiles as the others on a tile of +0.
//
//===----------------------------------------------------------------------===//

#include "runtime/GemmKernels.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace oxla::rt;

namespace {

/// c + a * b, rounded like the kernel asked for.
float step(float c, float a, float b, bool fused) {
  if (fused)
    return std::fma(a, b, c);
  float product = a * b; // a separate statement: never contracted
  return c + product;
}

std::vector<float> randomFloats(size_t n, std::mt19937 &rng) {
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  std::vector<float> v(n);
  for (float &x : v)
    x = value(rng);
  return v;
}

struct Variant {
  GemmIsa isa;
  bool fused;
  std::string name;
};

const Variant kVariants[] = {
    {GemmIsa::Avx512, false, "avx512-exact"}, {GemmIsa::Avx512, true, "avx512-fused"},
    {GemmIsa::Avx2, false, "avx2-exact"},     {GemmIsa::Avx2, true, "avx2-fused"},
    {GemmIsa::Portable, false, "portable"},
};

uint32_t bits(float x) {
  uint32_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

TEST(GemmKernels, TilesSumInOrder) {
  std::mt19937 rng(7);
  constexpr int64_t kc = 37;
  for (const Variant &v : kVariants) {
    std::optional<GemmKernels> kernels = gemmKernelsFor(v.isa, v.fused);
    if (!kernels)
      continue;
    EXPECT_EQ(kernels->fused, v.fused) << v.name;
    int64_t nr = kernels->nr, ldc = nr + 3;
    // A packed [k][kMR] (aRow 1, aDepth kMR); B packed [k][nr].
    std::vector<float> a = randomFloats(kc * kMR, rng), b = randomFloats(kc * nr, rng);
    for (int64_t rows = 1; rows <= kMR; ++rows) {
      std::vector<float> c = randomFloats(kMR * ldc, rng), expected = c;
      kernels->byRows[rows - 1](kc, a.data(), 1, kMR, b.data(), nr, c.data(), ldc);
      for (int64_t i = 0; i < rows; ++i)
        for (int64_t j = 0; j < nr; ++j) {
          float acc = expected[i * ldc + j];
          for (int64_t k = 0; k < kc; ++k)
            acc = step(acc, a[k * kMR + i], b[k * nr + j], v.fused);
          ASSERT_EQ(bits(c[i * ldc + j]), bits(acc))
              << v.name << ": rows " << rows << ", C[" << i << ", " << j << "]";
        }
      // Rows past `rows` and columns past nr stay as they were.
      for (int64_t i = 0; i < kMR; ++i)
        for (int64_t j = 0; j < ldc; ++j)
          if (i >= rows || j >= nr)
            ASSERT_EQ(bits(c[i * ldc + j]), bits(expected[i * ldc + j])) << v.name;
    }
  }
}

TEST(GemmKernels, FromZeroTilesIgnoreCAndSumFromPositiveZero) {
  std::mt19937 rng(13);
  constexpr int64_t kc = 23;
  for (const Variant &v : kVariants) {
    std::optional<GemmKernels> kernels = gemmKernelsFor(v.isa, v.fused);
    if (!kernels)
      continue;
    int64_t nr = kernels->nr, ldc = nr + 3;
    std::vector<float> a = randomFloats(kc * kMR, rng), b = randomFloats(kc * nr, rng);
    // A product of -0 starts a sum from +0 at +0, as it does on a tile of +0.
    a[0] = -0.0f;
    b[0] = 1.0f;
    for (int64_t rows = 1; rows <= kMR; ++rows) {
      std::vector<float> c = randomFloats(kMR * ldc, rng), before = c;
      std::vector<float> zeros(kMR * ldc, 0.0f);
      kernels->byRowsFromZero[rows - 1](kc, a.data(), 1, kMR, b.data(), nr, c.data(), ldc);
      kernels->byRows[rows - 1](kc, a.data(), 1, kMR, b.data(), nr, zeros.data(), ldc);
      for (int64_t i = 0; i < kMR; ++i)
        for (int64_t j = 0; j < ldc; ++j) {
          bool inTile = i < rows && j < nr;
          ASSERT_EQ(bits(c[i * ldc + j]), bits(inTile ? zeros[i * ldc + j] : before[i * ldc + j]))
              << v.name << ": rows " << rows << ", C[" << i << ", " << j << "]";
        }
    }
  }
}

TEST(GemmKernels, RowKernelsSumInOrder) {
  std::mt19937 rng(11);
  constexpr int64_t kc = 29, aStride = 3;
  for (const Variant &v : kVariants) {
    std::optional<GemmKernels> kernels = gemmKernelsFor(v.isa, v.fused);
    if (!kernels)
      continue;
    // 64-column blocks, 16- or 8-column vectors and a scalar tail.
    for (int64_t n : {1, 7, 16, 40, 64, 93}) {
      int64_t ldb = n + 5;
      std::vector<float> a = randomFloats(kc * aStride, rng), b = randomFloats(kc * ldb, rng);
      std::vector<float> c = randomFloats(n, rng), expected = c;
      kernels->row(kc, a.data(), aStride, b.data(), ldb, c.data(), n);
      for (int64_t j = 0; j < n; ++j) {
        float acc = expected[j];
        for (int64_t k = 0; k < kc; ++k)
          acc = step(acc, a[k * aStride], b[k * ldb + j], v.fused);
        ASSERT_EQ(bits(c[j]), bits(acc)) << v.name << ": n " << n << ", c[" << j << "]";
      }
    }
  }
}

TEST(GemmKernels, FusedDiffersFromExactOnlyByRounding) {
  // The two variants are not the same arithmetic: some product's rounding
  // must show (otherwise the fused path would not be taken at all).
  std::optional<GemmKernels> fused = gemmKernelsFor(GemmIsa::Avx2, true);
  std::optional<GemmKernels> exact = gemmKernelsFor(GemmIsa::Avx2, false);
  if (!fused || !exact)
    GTEST_SKIP() << "this CPU has no AVX2 with FMA";
  std::mt19937 rng(3);
  constexpr int64_t kc = 64, n = 64;
  std::vector<float> a = randomFloats(kc, rng), b = randomFloats(kc * n, rng);
  std::vector<float> cf(n, 0.0f), ce(n, 0.0f);
  fused->row(kc, a.data(), 1, b.data(), n, cf.data(), n);
  exact->row(kc, a.data(), 1, b.data(), n, ce.data(), n);
  int differ = 0;
  for (int64_t j = 0; j < n; ++j) {
    differ += bits(cf[j]) != bits(ce[j]);
    EXPECT_NEAR(cf[j], ce[j], 1e-5f * kc);
  }
  EXPECT_GT(differ, 0);
}

} // namespace
