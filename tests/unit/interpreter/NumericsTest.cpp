// Numerics corners of the elementwise ops (the spec's and oxla's
// implementation-defined choices, see docs/interpreter.md).

#include "interpreter/Numerics.h"
#include "interpreter/ops/ScalarFunctions.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace oxla::interp;
namespace s = oxla::interp::scalar;

namespace {

TEST(Numerics, IntegerArithmeticWraps) {
  EXPECT_EQ(s::Add{}(int32_t(INT32_MAX), int32_t(1)), INT32_MIN);
  EXPECT_EQ(s::Subtract{}(uint8_t(0), uint8_t(1)), uint8_t(255));
  EXPECT_EQ(s::Multiply{}(uint16_t(65535), uint16_t(65535)), uint16_t(1));
  EXPECT_EQ(s::Negate{}(int64_t(INT64_MIN)), INT64_MIN);
  EXPECT_EQ(s::Abs{}(int8_t(-128)), int8_t(-128));
  EXPECT_EQ(wrapToWidth<int8_t>(8, 4), -8) << "si4 wraps at 8";
  EXPECT_EQ(wrapToWidth<uint8_t>(17, 4), 1) << "ui4 wraps at 16";
}

TEST(Numerics, DivisionCorners) {
  EXPECT_EQ(s::Divide{}(int32_t(7), int32_t(0)), -1);
  EXPECT_EQ(s::Divide{}(uint32_t(7), uint32_t(0)), UINT32_MAX);
  EXPECT_EQ(s::Divide{}(int32_t(INT32_MIN), int32_t(-1)), INT32_MIN);
  EXPECT_EQ(s::Divide{}(int32_t(-7), int32_t(2)), -3) << "truncates toward zero";
  EXPECT_EQ(s::Remainder{}(int32_t(7), int32_t(0)), 7);
  EXPECT_EQ(s::Remainder{}(int32_t(INT32_MIN), int32_t(-1)), 0);
  EXPECT_EQ(s::Remainder{}(int32_t(-7), int32_t(2)), -1) << "sign of the dividend";
  EXPECT_EQ(s::Remainder{}(-7.5f, 2.0f), -1.5f);
}

TEST(Numerics, ShiftsByWidthOrMore) {
  EXPECT_EQ((s::ShiftLeft{32}(int32_t(1), int32_t(32))), 0);
  EXPECT_EQ((s::ShiftLeft{32}(int32_t(1), int32_t(-1))), 0);
  EXPECT_EQ((s::ShiftRightLogical{32}(int32_t(-1), int32_t(40))), 0);
  EXPECT_EQ((s::ShiftRightLogical{32}(int32_t(-1), int32_t(28))), 15);
  EXPECT_EQ((s::ShiftRightArithmetic{32}(int32_t(-8), int32_t(33))), -1);
  EXPECT_EQ((s::ShiftRightArithmetic{32}(int32_t(8), int32_t(33))), 0);
  // si4 in an int8: -8 >> 1 logical, within 4 bits, is 0b0100.
  EXPECT_EQ((s::ShiftRightLogical{4}(int8_t(-8), int8_t(1))), 4);
  EXPECT_EQ((s::CountLeadingZeros{4}(int8_t(1))), 3);
  EXPECT_EQ((s::PopulationCount{4}(int8_t(-1))), 4);
}

TEST(Numerics, MinMaxPropagateNaNAndOrderZeros) {
  float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_TRUE(std::isnan(s::Maximum{}(nan, 1.0f)));
  EXPECT_TRUE(std::isnan(s::Minimum{}(1.0f, nan)));
  EXPECT_FALSE(std::signbit(s::Maximum{}(-0.0f, 0.0f)));
  EXPECT_TRUE(std::signbit(s::Minimum{}(0.0f, -0.0f)));
}

TEST(Numerics, IntegerPower) {
  EXPECT_EQ(s::Power{}(int32_t(3), int32_t(4)), 81);
  EXPECT_EQ(s::Power{}(int32_t(2), int32_t(-1)), 0);
  EXPECT_EQ(s::Power{}(int32_t(-1), int32_t(-3)), -1);
  EXPECT_EQ(s::Power{}(uint8_t(2), uint8_t(9)), 0) << "wraps";
}

TEST(Numerics, NarrowFloatRounding) {
  // bf16: 1 + 2^-8 is halfway between 1 and 1 + 2^-7: ties to even (1).
  EXPECT_EQ(floatToBf16(1.0f + std::ldexp(1.0f, -8)), 0x3F80);
  EXPECT_EQ(floatToBf16(1.0f + 3 * std::ldexp(1.0f, -8)), 0x3F82);
  EXPECT_EQ(bf16ToFloat(0x3F82), 1.015625f);
  EXPECT_TRUE(std::isnan(bf16ToFloat(floatToBf16(std::nanf("")))));
  // f16: 65520 rounds to infinity, 65519 to the largest finite value.
  EXPECT_EQ(floatToF16(65520.0f), 0x7C00);
  EXPECT_EQ(floatToF16(65519.0f), 0x7BFF);
  EXPECT_EQ(f16ToFloat(0x0001), std::ldexp(1.0f, -24)) << "subnormal";
  // f8E4M3FN has no infinity: 448 is its largest value, overflow is NaN.
  EXPECT_EQ(f8ToFloat(ElementKind::F8E4M3FN, floatToF8(ElementKind::F8E4M3FN, 448.0f)), 448.0f);
  EXPECT_TRUE(std::isnan(f8ToFloat(ElementKind::F8E4M3FN, floatToF8(ElementKind::F8E4M3FN, 1e6f))));
  EXPECT_EQ(f8ToFloat(ElementKind::F8E5M2, floatToF8(ElementKind::F8E5M2, 1e6f)), INFINITY);
  EXPECT_EQ(f8ToFloat(ElementKind::F8E5M2, floatToF8(ElementKind::F8E5M2, 1.125f)), 1.0f)
      << "1.125 is halfway between 1 and 1.25 in E5M2: ties to even";
}

} // namespace
