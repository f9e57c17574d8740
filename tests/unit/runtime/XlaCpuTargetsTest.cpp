//===- XlaCpuTargetsTest.cpp - The kernel library of XLA's CPU targets ----===//

#include "runtime/kernels/XlaCpuTargets.h"
#include "runtime/kernels/fft/Fft.h"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <random>

using namespace oxla::kernels;

namespace {

using Complex = std::complex<double>;

/// The DFT by its definition, as the reference.
std::vector<Complex> naiveDft(const std::vector<Complex> &x, bool forward) {
  size_t n = x.size();
  std::vector<Complex> out(n);
  const double pi = std::acos(-1.0);
  for (size_t k = 0; k < n; ++k)
    for (size_t j = 0; j < n; ++j) {
      double angle = (forward ? -2 : 2) * pi * double((j * k) % n) / double(n);
      out[k] += x[j] * Complex(std::cos(angle), std::sin(angle));
    }
  return out;
}

TEST(XlaCpuTargets, FftMatchesTheDefinitionForEveryLength) {
  std::mt19937 random(7);
  std::uniform_real_distribution<double> value(-1, 1);
  for (size_t n = 1; n <= 40; ++n) {
    for (bool forward : {true, false}) {
      std::vector<Complex> x(n);
      for (Complex &element : x)
        element = {value(random), value(random)};
      std::vector<Complex> expected = naiveDft(x, forward);
      fft::transform(x, forward);
      for (size_t k = 0; k < n; ++k)
        EXPECT_NEAR(std::abs(x[k] - expected[k]), 0.0, 1e-12 * n) << "n=" << n << " k=" << k;
    }
  }
}

TEST(XlaCpuTargets, RealTransformsRoundTrip) {
  // r2c then c2r along the last axis of a 2x5 array, scaled by 1/5.
  fft::Plan r2c;
  r2c.kind = fft::Kind::R2C;
  r2c.single = false;
  r2c.shape = {2, 5};
  r2c.stridesIn = {5, 1};
  r2c.stridesOut = {3, 1};
  r2c.axes = {1};
  std::vector<double> signal = {1, 2, 3, 4, 5, -1, 0, 2, 0, 7};
  std::vector<Complex> spectrum(6);
  fft::execute(r2c, signal.data(), spectrum.data());
  EXPECT_NEAR(spectrum[0].real(), 15, 1e-12);
  EXPECT_NEAR(spectrum[3].real(), 8, 1e-12);
  fft::Plan c2r = r2c;
  c2r.kind = fft::Kind::C2R;
  c2r.stridesIn = {3, 1};
  c2r.stridesOut = {5, 1};
  c2r.forward = false;
  c2r.scale = 1.0 / 5;
  std::vector<double> back(10);
  fft::execute(c2r, spectrum.data(), back.data());
  for (size_t i = 0; i < signal.size(); ++i)
    EXPECT_NEAR(back[i], signal[i], 1e-12);
}

TEST(XlaCpuTargets, AttributesRoundTripThroughText) {
  CallAttributes attributes;
  attributes.apiVersion = 4;
  attributes.config["uplo"].integer = 'L';
  attributes.config["scale"] = {AttributeValue::Kind::Float, 0, 0.1, ""};
  attributes.config["name with space"] = {AttributeValue::Kind::String, 0, 0, "a b%c"};
  attributes.operandLayouts = {std::vector<int64_t>{0, 1}, std::vector<int64_t>{}};
  attributes.resultLayouts = {Layout(), std::vector<int64_t>{1, 2, 0}};
  std::string text = attributes.serialize();
  EXPECT_EQ(text.find('\n'), std::string::npos);
  std::optional<CallAttributes> back = CallAttributes::parse(text);
  ASSERT_TRUE(back) << text;
  EXPECT_EQ(back->apiVersion, 4);
  EXPECT_EQ(back->config.at("uplo").integer, 'L');
  EXPECT_EQ(back->config.at("scale").real, 0.1);
  EXPECT_EQ(back->config.at("name with space").text, "a b%c");
  EXPECT_EQ(back->operandLayouts, attributes.operandLayouts);
  EXPECT_EQ(back->resultLayouts, attributes.resultLayouts);
  EXPECT_FALSE(CallAttributes::parse("api 4 attr x q 1"));
}

TEST(XlaCpuTargets, BufferTypesParseTheirSpelling) {
  std::optional<BufferType> type = BufferType::parse("2x3xcomplex<f64>");
  ASSERT_TRUE(type);
  EXPECT_EQ(type->element, ElementType::C128);
  EXPECT_EQ(type->dims, (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(type->str(), "2x3xcomplex<f64>");
  EXPECT_EQ(BufferType::parse("i32")->dims.size(), 0u);
  EXPECT_FALSE(BufferType::parse("?x2xf32"));
  EXPECT_FALSE(BufferType::parse("2xtf32"));
}

TEST(XlaCpuTargets, LuOfAColumnMajorMatrix) {
  // a = [[1, 2], [3, 4]] (row-major here; the layout says column-major to
  // the kernel). LAPACK pivots row 2 first: P a = L U with L = [[1, 0],
  // [1/3, 1]], U = [[3, 4], [0, 2/3]].
  std::vector<double> a = {1, 2, 3, 4}, lu(4);
  std::vector<int32_t> pivots(2), info(1, -1);
  CallAttributes attributes;
  attributes.operandLayouts = {std::vector<int64_t>{0, 1}};
  attributes.resultLayouts = {std::vector<int64_t>{0, 1}, std::vector<int64_t>{0},
                              std::vector<int64_t>{}};
  Status status = runXlaCpuCall(
      "lapack_dgetrf_ffi", attributes, {{{ElementType::F64, {2, 2}}, a.data()}},
      {{{ElementType::F64, {2, 2}}, lu.data()},
       {{ElementType::S32, {2}}, pivots.data()},
       {{ElementType::S32, {}}, info.data()}});
  ASSERT_TRUE(status.isOk()) << status.message;
  EXPECT_EQ(info[0], 0);
  EXPECT_EQ(pivots, (std::vector<int32_t>{2, 2}));
  EXPECT_NEAR(lu[0], 3, 1e-15);
  EXPECT_NEAR(lu[1], 4, 1e-15);
  EXPECT_NEAR(lu[2], 1.0 / 3, 1e-15);
  EXPECT_NEAR(lu[3], 2.0 / 3, 1e-15);
}

TEST(XlaCpuTargets, WrongSignaturesAreInvalid) {
  CallAttributes attributes;
  Status status = verifyXlaCpuCall("lapack_spotrf_ffi", attributes,
                                   {{ElementType::F32, {3, 3}}},
                                   {{ElementType::F32, {3, 3}}});
  EXPECT_EQ(status.code, Status::Code::Invalid);
  EXPECT_NE(status.message.find("returns 2 result(s), got 1"), std::string::npos)
      << status.message;
  status = verifyXlaCpuCall("lapack_spotrf_ffi", attributes, {{ElementType::F64, {3, 3}}},
                            {{ElementType::F64, {3, 3}}, {ElementType::S32, {}}});
  EXPECT_EQ(status.code, Status::Code::Invalid);
  attributes.config["uplo"].integer = 'X';
  status = verifyXlaCpuCall("lapack_spotrf_ffi", attributes, {{ElementType::F32, {3, 3}}},
                            {{ElementType::F32, {3, 3}}, {ElementType::S32, {}}});
  EXPECT_EQ(status.code, Status::Code::Invalid);
  EXPECT_NE(status.message.find("'uplo'"), std::string::npos) << status.message;
  EXPECT_FALSE(isXlaCpuTarget("lapack_sorgqr_ffi_extra"));
  EXPECT_TRUE(isXlaCpuTarget("lapack_cheevd_ffi"));
  EXPECT_TRUE(isXlaCpuTarget("lapack_ssyevd_ffi"));
  EXPECT_TRUE(isXlaCpuTarget("blas_ztrsm"));
  EXPECT_FALSE(isXlaCpuTarget("lapack_csyevd_ffi"));
  EXPECT_TRUE(gpuTargetAdvice("cusolver_getrf_ffi"));
  EXPECT_NE(gpuTargetAdvice("cusolver_getrf_ffi")->find("lapack_?getrf_ffi"),
            std::string::npos);
  EXPECT_FALSE(gpuTargetAdvice("lapack_sgetrf_ffi"));
}

} // namespace
