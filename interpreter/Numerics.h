//===- Numerics.h - Scalar numerics shared by the evaluators --------------===//
//
// The narrow float types (f8 variants, bf16, f16) are computed in float and
// rounded back to nearest-even: float has more than 2p+2 bits of precision
// for each of them, so for +, -, *, / and sqrt the double rounding gives the
// correctly rounded result.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_INTERPRETER_NUMERICS_H
#define OXLA_INTERPRETER_NUMERICS_H

#include "interpreter/ElementType.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

namespace oxla::interp {

inline float bitsToFloat(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, 4);
  return value;
}
inline uint32_t floatToBits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  return bits;
}

inline float bf16ToFloat(uint16_t bits) { return bitsToFloat(uint32_t(bits) << 16); }
inline uint16_t floatToBf16(float value) {
  uint32_t bits = floatToBits(value);
  if (std::isnan(value))
    return static_cast<uint16_t>((bits >> 16) | 0x40); // quiet NaN, sign kept
  bits += 0x7FFF + ((bits >> 16) & 1);               // round to nearest even
  return static_cast<uint16_t>(bits >> 16);
}

inline float f16ToFloat(uint16_t bits) {
  _Float16 half;
  std::memcpy(&half, &bits, 2);
  return static_cast<float>(half);
}
inline uint16_t floatToF16(float value) {
  _Float16 half = static_cast<_Float16>(value); // correctly rounded
  uint16_t bits;
  std::memcpy(&bits, &half, 2);
  return bits;
}

/// f8 variants go through tables built from APFloat.
float f8ToFloat(ElementKind kind, uint8_t bits);
uint8_t floatToF8(ElementKind kind, float value);

/// A narrow float's bits (in a uint8 or uint16 slot) as a float.
inline float smallFloatToFloat(ElementKind kind, const uint8_t *slot) {
  switch (kind) {
  case ElementKind::BF16: {
    uint16_t bits;
    std::memcpy(&bits, slot, 2);
    return bf16ToFloat(bits);
  }
  case ElementKind::F16: {
    uint16_t bits;
    std::memcpy(&bits, slot, 2);
    return f16ToFloat(bits);
  }
  default:
    return f8ToFloat(kind, *slot);
  }
}

/// Rounds `value` to the narrow float `kind` and stores its bits.
inline void storeSmallFloat(ElementKind kind, float value, uint8_t *slot) {
  switch (kind) {
  case ElementKind::BF16: {
    uint16_t bits = floatToBf16(value);
    std::memcpy(slot, &bits, 2);
    return;
  }
  case ElementKind::F16: {
    uint16_t bits = floatToF16(value);
    std::memcpy(slot, &bits, 2);
    return;
  }
  default:
    *slot = floatToF8(kind, value);
    return;
  }
}

/// Wraps an integer computed in a wider type to the spec's N-bit two's
/// complement range (si2/si4/ui2/ui4 live in a byte).
template <typename T> inline T wrapToWidth(T value, unsigned bits) {
  constexpr unsigned storageBits = sizeof(T) * 8;
  if (bits >= storageBits)
    return value;
  using U = std::make_unsigned_t<T>;
  U mask = static_cast<U>((U(1) << bits) - 1);
  U raw = static_cast<U>(value) & mask;
  if constexpr (std::is_signed_v<T>) {
    U signBit = static_cast<U>(U(1) << (bits - 1));
    if (raw & signBit)
      raw |= static_cast<U>(~mask);
  }
  return static_cast<T>(raw);
}

/// Smallest and largest values of a (possibly narrow) integer type.
template <typename T> inline T intMin(unsigned bits) {
  if constexpr (std::is_signed_v<T>)
    return static_cast<T>(-(int64_t(1) << (bits - 1)));
  else
    return 0;
}
template <typename T> inline T intMax(unsigned bits) {
  if constexpr (std::is_signed_v<T>)
    return static_cast<T>((int64_t(1) << (bits - 1)) - 1);
  else
    return bits >= 64 ? std::numeric_limits<T>::max()
                      : static_cast<T>((uint64_t(1) << bits) - 1);
}

} // namespace oxla::interp

#endif // OXLA_INTERPRETER_NUMERICS_H
