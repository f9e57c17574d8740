//===- SupportRoutinesTest.cpp - memrefCopy and __truncsfbf2 --------------===//

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>

namespace {
struct UnrankedMemRef {
  int64_t rank;
  void *descriptor;
};
} // namespace

extern "C" void memrefCopy(int64_t elementSize, UnrankedMemRef *source,
                           UnrankedMemRef *destination);
extern "C" __bf16 __truncsfbf2(float value);
extern "C" __bf16 __truncdfbf2(double value);

namespace {

uint16_t bf16Bits(float value) {
  return __builtin_bit_cast(uint16_t, __truncsfbf2(value));
}

TEST(SupportRoutines, TruncToBF16RoundsToNearestEven) {
  EXPECT_EQ(bf16Bits(1.0f), 0x3F80);
  // 1 + 2^-8 lies halfway between 1 and 1 + 2^-7: ties go to the even 1.
  EXPECT_EQ(bf16Bits(1.00390625f), 0x3F80);
  // 1 + 3 * 2^-8 lies halfway between 1 + 2^-7 and 1 + 2^-6: up to even.
  EXPECT_EQ(bf16Bits(1.01171875f), 0x3F82);
  EXPECT_EQ(bf16Bits(-0.0f), 0x8000);
  float infinity = __builtin_inff();
  EXPECT_EQ(bf16Bits(infinity), 0x7F80);
  // The largest float rounds up to infinity.
  EXPECT_EQ(bf16Bits(3.4028235e38f), 0x7F80);
  uint16_t nan = bf16Bits(__builtin_nanf(""));
  EXPECT_EQ(nan & 0x7F80, 0x7F80);
  EXPECT_NE(nan & 0x007F, 0);
}

TEST(SupportRoutines, TruncDoubleToBF16RoundsOnce) {
  auto bits = [](double value) { return __builtin_bit_cast(uint16_t, __truncdfbf2(value)); };
  EXPECT_EQ(bits(1.0), 0x3F80);
  // Just above the halfway point between 1 and 1 + 2^-7: rounds up. Going
  // through f32 with round-to-nearest would land on the tie and round down.
  EXPECT_EQ(bits(1.00390625 + 1e-12), 0x3F81);
  EXPECT_EQ(bits(1.00390625), 0x3F80);
  EXPECT_EQ(bits(1e300), 0x7F80);
  EXPECT_EQ(bits(-1e-300), 0x8000);
}

TEST(SupportRoutines, MemrefCopyFollowsStrides) {
  // Copy the transpose view of a 2x3 row-major matrix into a 3x2 buffer.
  int32_t source[6] = {1, 2, 3, 4, 5, 6};
  int32_t destination[6] = {};
  int64_t from[7] = {reinterpret_cast<int64_t>(source), reinterpret_cast<int64_t>(source),
                     0, 3, 2, 1, 3};
  int64_t to[7] = {reinterpret_cast<int64_t>(destination),
                   reinterpret_cast<int64_t>(destination), 0, 3, 2, 2, 1};
  UnrankedMemRef a{2, from}, b{2, to};
  memrefCopy(sizeof(int32_t), &a, &b);
  int32_t expected[6] = {1, 4, 2, 5, 3, 6};
  EXPECT_EQ(std::memcmp(destination, expected, sizeof expected), 0);
}

TEST(SupportRoutines, MemrefCopyOfNothing) {
  int64_t from[5] = {0, 0, 0, 0, 1}, to[5] = {0, 0, 0, 0, 1};
  UnrankedMemRef a{1, from}, b{1, to};
  memrefCopy(4, &a, &b); // a zero-size copy touches no memory
}

} // namespace
