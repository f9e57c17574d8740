//===- GemmKernelsTest.cpp - The matmul micro-kernels' arithmetic ---------===//
//
// Every kernel this CPU runs, exact and fused, against scalar chains in k
// order: exact ones must equal c + round(a * b) step by step, fused ones
// fma(a, b, c) (std::fma, correctly rounded), bit for bit, on every row
// count and width of a tile and on row kernels with vector blocks and a
// tail; the from-zero tiles as the others on a tile of +0.
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

/// The tiles of every width of `v` this CPU runs.
std::vector<GemmKernels> tilesOf(const Variant &v) {
  std::vector<GemmKernels> tiles;
  for (int64_t nr : gemmTileWidths(v.isa))
    if (std::optional<GemmKernels> kernels = gemmKernelsFor(v.isa, v.fused, nr)) {
      EXPECT_EQ(kernels->nr, nr) << v.name;
      tiles.push_back(*kernels);
    }
  return tiles;
}

uint32_t bits(float x) {
  uint32_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

TEST(GemmKernels, TilesSumInOrder) {
  std::mt19937 rng(7);
  constexpr int64_t kc = 37;
  for (const Variant &v : kVariants)
    for (const GemmKernels &kernels : tilesOf(v)) {
      EXPECT_EQ(kernels.fused, v.fused) << v.name;
      int64_t nr = kernels.nr, ldc = nr + 3;
      // A packed [k][kMR] (aRow 1, aDepth kMR); B packed [k][nr].
      std::vector<float> a = randomFloats(kc * kMR, rng), b = randomFloats(kc * nr, rng);
      for (int64_t rows = 1; rows <= kMR; ++rows) {
        std::vector<float> c = randomFloats(kMR * ldc, rng), expected = c;
        kernels.byRows[rows - 1](kc, a.data(), 1, kMR, b.data(), nr, c.data(), ldc);
        for (int64_t i = 0; i < rows; ++i)
          for (int64_t j = 0; j < nr; ++j) {
            float acc = expected[i * ldc + j];
            for (int64_t k = 0; k < kc; ++k)
              acc = step(acc, a[k * kMR + i], b[k * nr + j], v.fused);
            ASSERT_EQ(bits(c[i * ldc + j]), bits(acc))
                << v.name << " x" << nr << ": rows " << rows << ", C[" << i << ", " << j << "]";
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
  for (const Variant &v : kVariants)
    for (const GemmKernels &kernels : tilesOf(v)) {
      int64_t nr = kernels.nr, ldc = nr + 3;
      std::vector<float> a = randomFloats(kc * kMR, rng), b = randomFloats(kc * nr, rng);
      // A product of -0 starts a sum from +0 at +0, as it does on a tile of +0.
      a[0] = -0.0f;
      b[0] = 1.0f;
      for (int64_t rows = 1; rows <= kMR; ++rows) {
        std::vector<float> c = randomFloats(kMR * ldc, rng), before = c;
        std::vector<float> zeros(kMR * ldc, 0.0f);
        kernels.byRowsFromZero[rows - 1](kc, a.data(), 1, kMR, b.data(), nr, c.data(), ldc);
        kernels.byRows[rows - 1](kc, a.data(), 1, kMR, b.data(), nr, zeros.data(), ldc);
        for (int64_t i = 0; i < kMR; ++i)
          for (int64_t j = 0; j < ldc; ++j) {
            bool inTile = i < rows && j < nr;
            ASSERT_EQ(bits(c[i * ldc + j]), bits(inTile ? zeros[i * ldc + j] : before[i * ldc + j]))
                << v.name << " x" << nr << ": rows " << rows << ", C[" << i << ", " << j << "]";
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

TEST(GemmKernels, NarrowTilesForTheLastColumns) {
  // A product's last panel takes the narrowest tiles that cover it; a
  // convolution, whose panels share one width, the widest that pads its
  // features by at most an eighth.
  const GemmKernels &widest = gemmKernels();
  auto covering = [](int64_t cols) { return gemmKernelsCovering(cols).nr; };
  auto forColumns = [](int64_t cols) { return gemmKernelsForColumns(cols).nr; };
  EXPECT_EQ(covering(widest.nr), widest.nr);
  EXPECT_EQ(covering(widest.nr + 1), widest.nr);
  EXPECT_EQ(forColumns(4 * widest.nr), widest.nr);
  if (widest.isa == GemmIsa::Avx512) {
    EXPECT_EQ(covering(10), 16);
    EXPECT_EQ(covering(29), 32);
    EXPECT_EQ(covering(33), 64);
    EXPECT_EQ(forColumns(96), 32);
    EXPECT_EQ(forColumns(200), 32); // 224 = 7 x 32 pads 12%; 256 would pad 28%
    EXPECT_EQ(forColumns(10), 16);
  } else if (widest.isa == GemmIsa::Avx2) {
    EXPECT_EQ(covering(5), 8);
    EXPECT_EQ(covering(9), 16);
    EXPECT_EQ(forColumns(24), 8);
    EXPECT_EQ(forColumns(62), 16);
  }
  for (int64_t cols = 1; cols <= 4 * widest.nr; ++cols) {
    const GemmKernels &tiles = gemmKernelsCovering(cols);
    EXPECT_EQ(tiles.isa, widest.isa);
    EXPECT_EQ(tiles.fused, widest.fused);
    EXPECT_TRUE(tiles.nr >= cols || tiles.nr == widest.nr) << cols;
  }
}
