//===- WinogradConvolutionTest.cpp - F(2x2, 3x3) against an f64 reference ===//
//
// winogradConvolution on NHWC views against a direct f64 convolution: every
// output within 64 ULPs (of 1) of the sum of its terms' magnitudes, a bound
// that a wrong transform, tile or padding misses by orders of magnitude
// (the transforms' rounding stays near 10 ULPs of it). Shapes with partial
// tiles (odd output sizes), feature counts that fill no whole vector or
// kernel panel, padding on either side or none, a reversed window, padded
// input rows, bias and ReLU (NaN bias propagates), a thread pool; and the
// windows it declines (stride, dilation, kernel size, few features or
// tiles), which the direct routine computes. Through the routine's C entry:
// an infinite input gives the direct sums' infinities and NaN, only where
// they are (its rows go back to the direct routine), an infinite weight
// leaves the whole convolution to it (padding never multiplies it).
//
//===----------------------------------------------------------------------===//

#include "runtime/ConvolutionViews.h"
#include "runtime/GemmKernels.h"
#include "runtime/MemRefDescriptor.h"
#include "runtime/ThreadPool.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

using namespace oxla::rt;

extern "C" void _mlir_ciface_oxla_convolution_f32(const UnrankedMemRef *input,
                                                  const UnrankedMemRef *kernel,
                                                  const UnrankedMemRef *output,
                                                  const UnrankedMemRef *window,
                                                  const UnrankedMemRef *cache);

namespace {

struct Shape {
  int64_t n, h, w, ci, co;
  int64_t padLow[2], padHigh[2];
  bool reversed[2] = {false, false};
  int64_t rowPadding = 0; ///< extra floats after each input row
};

/// Strides of a dense NHWC buffer whose rows have `rowPadding` extra floats.
std::vector<int64_t> stridesOf(const std::vector<int64_t> &sizes, int64_t rowPadding = 0) {
  int64_t c = 1, w = sizes[3], h = sizes[2] * w + rowPadding;
  return {sizes[1] * h, h, w, c};
}

struct Buffer {
  std::vector<float> data;
  std::vector<int64_t> sizes, strides;
  ConvView view() { return {data.data(), sizes.data(), strides.data(), 4}; }
  float &at(int64_t a, int64_t b, int64_t c, int64_t d) {
    return data[a * strides[0] + b * strides[1] + c * strides[2] + d * strides[3]];
  }
};

Buffer make(std::vector<int64_t> sizes, std::vector<int64_t> strides, std::mt19937 &rng) {
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  Buffer b{std::vector<float>(static_cast<size_t>(sizes[0] * strides[0])), sizes, strides};
  for (float &x : b.data)
    x = value(rng);
  return b;
}

/// Runs the Winograd path on `shape`; false where it declined.
bool runAndCheck(const Shape &s, bool bias, bool relu, int64_t stride = 1,
                 int64_t dilation = 1, int64_t kernelSize = 3) {
  std::mt19937 rng(7);
  int64_t oh = (s.h + s.padLow[0] + s.padHigh[0] - dilation * (kernelSize - 1) - 1) / stride + 1;
  int64_t ow = (s.w + s.padLow[1] + s.padHigh[1] - dilation * (kernelSize - 1) - 1) / stride + 1;
  Buffer in = make({s.n, s.h, s.w, s.ci}, stridesOf({s.n, s.h, s.w, s.ci}, s.rowPadding), rng);
  Buffer ker = make({kernelSize, kernelSize, s.ci, s.co},
                    stridesOf({kernelSize, kernelSize, s.ci, s.co}), rng);
  Buffer out = make({s.n, oh, ow, s.co}, stridesOf({s.n, oh, ow, s.co}), rng);
  std::vector<float> biasValues(static_cast<size_t>(s.co));
  for (float &b : biasValues)
    b = std::uniform_real_distribution<float>(-0.5f, 0.5f)(rng);
  biasValues[3] = std::numeric_limits<float>::quiet_NaN();
  ConvEpilogue epilogue;
  if (bias)
    epilogue = ConvEpilogue{biasValues.data(), 1, relu};
  std::vector<ConvWindow> window;
  for (int d = 0; d < 2; ++d)
    window.push_back({stride, dilation, s.padLow[d], s.reversed[d]});
  std::vector<int64_t> directRows;
  if (!winogradConvolution(in.view(), ker.view(), out.view(), window, epilogue, directRows))
    return false;
  EXPECT_TRUE(directRows.empty()) << "finite inputs need no direct rows";
  for (int64_t b = 0; b < s.n; ++b)
    for (int64_t y = 0; y < oh; ++y)
      for (int64_t x = 0; x < ow; ++x)
        for (int64_t co = 0; co < s.co; ++co) {
          double sum = 0, magnitude = 0;
          for (int64_t ky = 0; ky < 3; ++ky)
            for (int64_t kx = 0; kx < 3; ++kx) {
              int64_t iy = y - s.padLow[0] + (s.reversed[0] ? 2 - ky : ky);
              int64_t ix = x - s.padLow[1] + (s.reversed[1] ? 2 - kx : kx);
              if (iy < 0 || iy >= s.h || ix < 0 || ix >= s.w)
                continue;
              for (int64_t ci = 0; ci < s.ci; ++ci) {
                double term = double(in.at(b, iy, ix, ci)) * ker.at(ky, kx, ci, co);
                sum += term;
                magnitude += std::fabs(term);
              }
            }
          float got = out.at(b, y, x, co);
          if (bias) {
            sum += biasValues[co];
            magnitude += std::fabs(biasValues[co]);
            if (std::isnan(biasValues[co])) {
              EXPECT_TRUE(std::isnan(got)) << "at " << b << "," << y << "," << x << "," << co;
              continue;
            }
            if (relu)
              sum = std::max(sum, 0.0);
          }
          double bound = 64 * std::numeric_limits<float>::epsilon() * magnitude;
          EXPECT_NEAR(got, sum, bound) << "at " << b << "," << y << "," << x << "," << co;
          if (relu && bias)
            EXPECT_FALSE(std::signbit(got)) << "-0 or negative at " << co;
        }
  return true;
}

class WinogradConvolutionTest : public ::testing::Test {
protected:
  void SetUp() override {
    if (!gemmKernels().fused)
      GTEST_SKIP() << "the Winograd path runs with the fused kernels only "
                      "(OXLA_EXACT_PRODUCTS=1 or a CPU without FMA keeps direct sums)";
  }
};

TEST_F(WinogradConvolutionTest, SamePaddingPartialTilesBiasRelu) {
  // 13 x 11 outputs: the last tile row and column half outside; 40 input
  // features (a vector and a tail), 48 outputs (a panel and a half).
  EXPECT_TRUE(runAndCheck({2, 13, 11, 40, 48, {1, 1}, {1, 1}}, true, true));
}

TEST_F(WinogradConvolutionTest, ValidPaddingNoEpilogue) {
  EXPECT_TRUE(runAndCheck({1, 20, 18, 32, 32, {0, 0}, {0, 0}}, false, false));
}

TEST_F(WinogradConvolutionTest, OneSidedPaddingReversedPaddedRows) {
  Shape s{1, 17, 16, 33, 64, {2, 0}, {0, 2}};
  s.reversed[1] = true;
  s.rowPadding = 8;
  EXPECT_TRUE(runAndCheck(s, true, false));
}

TEST_F(WinogradConvolutionTest, OnThreads) {
  ThreadPool pool(2);
  ScopedPool scope(&pool);
  EXPECT_TRUE(runAndCheck({3, 16, 16, 64, 64, {1, 1}, {1, 1}}, true, true));
}

TEST_F(WinogradConvolutionTest, DeclinesOtherWindows) {
  Shape s{2, 16, 16, 32, 32, {1, 1}, {1, 1}};
  EXPECT_FALSE(runAndCheck(s, false, false, /*stride=*/2));
  EXPECT_FALSE(runAndCheck(s, false, false, 1, /*dilation=*/2));
  EXPECT_FALSE(runAndCheck({2, 16, 16, 32, 32, {2, 2}, {2, 2}}, false, false, 1, 1,
                           /*kernelSize=*/5));
  EXPECT_FALSE(runAndCheck({2, 16, 16, 16, 32, {1, 1}, {1, 1}}, false, false));
  EXPECT_FALSE(runAndCheck({1, 8, 8, 32, 32, {1, 1}, {1, 1}}, false, false));
}

/// A memref descriptor of `b` for the routine's C entry.
struct Descriptor {
  std::vector<int64_t> fields;
  UnrankedMemRef memref;
  explicit Descriptor(Buffer &b) {
    auto base = reinterpret_cast<int64_t>(b.data.data());
    fields = {base, base, 0};
    fields.insert(fields.end(), b.sizes.begin(), b.sizes.end());
    fields.insert(fields.end(), b.strides.begin(), b.strides.end());
    memref = {4, fields.data()};
  }
};

/// Same padding, 3x3, through the routine's C entry (Winograd where it
/// applies, the direct sums where it hands them back), against f64 sums
/// that skip the padding: infinite and NaN results where those are, the
/// finite ones within the Winograd bound.
void checkThroughRoutine(Buffer &in, Buffer &ker) {
  int64_t n = in.sizes[0], h = in.sizes[1], w = in.sizes[2], ci = in.sizes[3],
          co = ker.sizes[3];
  std::mt19937 rng(3);
  Buffer out = make({n, h, w, co}, stridesOf({n, h, w, co}), rng);
  std::vector<int64_t> window = {1, 1, 1, 0, 1, 1, 1, 0};
  std::vector<int64_t> windowFields = {reinterpret_cast<int64_t>(window.data()),
                                       reinterpret_cast<int64_t>(window.data()), 0, 8, 1};
  UnrankedMemRef windowRef{1, windowFields.data()};
  Descriptor input(in), kernel(ker), output(out);
  // No cache: an empty vector.
  std::vector<int64_t> noCacheFields = {0, 0, 0, 0, 1};
  UnrankedMemRef noCache{1, noCacheFields.data()};
  _mlir_ciface_oxla_convolution_f32(&input.memref, &kernel.memref, &output.memref, &windowRef,
                                    &noCache);
  int64_t nonFinite = 0;
  for (int64_t b = 0; b < n; ++b)
    for (int64_t y = 0; y < h; ++y)
      for (int64_t x = 0; x < w; ++x)
        for (int64_t o = 0; o < co; ++o) {
          double sum = 0, magnitude = 0;
          for (int64_t ky = 0; ky < 3; ++ky)
            for (int64_t kx = 0; kx < 3; ++kx) {
              int64_t iy = y - 1 + ky, ix = x - 1 + kx;
              if (iy < 0 || iy >= h || ix < 0 || ix >= w)
                continue;
              for (int64_t c = 0; c < ci; ++c) {
                double term = double(in.at(b, iy, ix, c)) * ker.at(ky, kx, c, o);
                sum += term;
                magnitude += std::fabs(term);
              }
            }
          float got = out.at(b, y, x, o);
          std::string at = std::to_string(b) + "," + std::to_string(y) + "," +
                           std::to_string(x) + "," + std::to_string(o);
          if (!std::isfinite(sum)) {
            ++nonFinite;
            EXPECT_EQ(std::isnan(got), std::isnan(sum)) << at;
            if (std::isinf(sum))
              EXPECT_EQ(got, float(sum)) << at;
            continue;
          }
          EXPECT_NEAR(got, sum, 64 * std::numeric_limits<float>::epsilon() * magnitude) << at;
        }
  EXPECT_GT(nonFinite, 0) << "the test should reach a non-finite sum";
}

TEST_F(WinogradConvolutionTest, InfiniteInputThroughRoutine) {
  std::mt19937 rng(11);
  Buffer in = make({2, 12, 12, 32}, stridesOf({2, 12, 12, 32}), rng);
  Buffer ker = make({3, 3, 32, 32}, stridesOf({3, 3, 32, 32}), rng);
  in.at(1, 5, 7, 3) = std::numeric_limits<float>::infinity();
  in.at(0, 0, 0, 9) = std::numeric_limits<float>::quiet_NaN();
  checkThroughRoutine(in, ker);
}

TEST_F(WinogradConvolutionTest, InfiniteWeightThroughRoutine) {
  std::mt19937 rng(13);
  Buffer in = make({2, 12, 12, 32}, stridesOf({2, 12, 12, 32}), rng);
  Buffer ker = make({3, 3, 32, 32}, stridesOf({3, 3, 32, 32}), rng);
  // Its window position is padding for the first row and column of outputs.
  ker.at(0, 0, 5, 2) = -std::numeric_limits<float>::infinity();
  checkThroughRoutine(in, ker);
}

} // namespace
