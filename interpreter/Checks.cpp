//===- Checks.cpp - Comparing a result with its expected value ------------===//

#include "interpreter/Checks.h"

#include "interpreter/Numerics.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <complex>

namespace oxla::interp {

std::string formatIndex(llvm::ArrayRef<int64_t> shape, int64_t linear) {
  Shape strides = stridesOf(shape);
  std::string text = "[";
  for (size_t d = 0; d < shape.size(); ++d) {
    if (d)
      text += ", ";
    text += std::to_string(shape[d] ? (linear / strides[d]) % shape[d] : 0);
  }
  return text + "]";
}

static std::string formatDouble(double value, int digits) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (std::isnan(value))
    os << "nan";
  else if (std::isinf(value))
    os << (value < 0 ? "-inf" : "inf");
  else
    os << llvm::format("%.*g", digits, value);
  return os.str();
}

std::string formatElement(const Tensor &tensor, int64_t index) {
  ElementType type = tensor.elementType();
  switch (type.kind()) {
  case ElementKind::I1:
    return tensor.data<uint8_t>()[index] ? "true" : "false";
  case ElementKind::SI64:
    return std::to_string(tensor.data<int64_t>()[index]);
  case ElementKind::UI64:
    return std::to_string(tensor.data<uint64_t>()[index]);
  case ElementKind::C64: {
    auto v = tensor.data<std::complex<float>>()[index];
    return "(" + formatDouble(v.real(), 9) + ", " + formatDouble(v.imag(), 9) + ")";
  }
  case ElementKind::C128: {
    auto v = tensor.data<std::complex<double>>()[index];
    return "(" + formatDouble(v.real(), 17) + ", " + formatDouble(v.imag(), 17) + ")";
  }
  default:
    break;
  }
  double value = tensor.elementAsDouble(index);
  if (type.isInt())
    return std::to_string(static_cast<int64_t>(value));
  return formatDouble(value, type.kind() == ElementKind::F64 ? 17 : 9);
}

namespace {

/// The raw bits of element `index` of a float tensor (a complex part when
/// `part` is 0 or 1), with the width of one float.
uint64_t floatBits(const Tensor &tensor, int64_t index, int part,
                   unsigned &width) {
  ElementType type = tensor.elementType();
  unsigned bytes = type.storageBytes();
  if (type.isComplex()) {
    bytes /= 2;
    index = index * 2 + part;
  }
  width = bytes * 8;
  uint64_t bits = 0;
  std::memcpy(&bits, tensor.bytes() + index * bytes, bytes);
  return bits;
}

struct FloatParts {
  double value;
  uint64_t bits;
  unsigned width;
};

FloatParts floatPart(const Tensor &tensor, int64_t index, int part) {
  FloatParts parts;
  parts.bits = floatBits(tensor, index, part, parts.width);
  ElementType type = tensor.elementType();
  if (type.kind() == ElementKind::C64 || type.kind() == ElementKind::F32) {
    parts.value = bitsToFloat(static_cast<uint32_t>(parts.bits));
  } else if (type.kind() == ElementKind::C128 || type.kind() == ElementKind::F64) {
    std::memcpy(&parts.value, &parts.bits, 8);
  } else {
    parts.value = smallFloatToFloat(type.kind(),
                                    reinterpret_cast<const uint8_t *>(&parts.bits));
  }
  return parts;
}

/// Position on the number line in ULPs: sign-magnitude bits as an integer,
/// so that -0 and +0 coincide.
int64_t ulpKey(uint64_t bits, unsigned width) {
  uint64_t sign = uint64_t(1) << (width - 1);
  int64_t magnitude = static_cast<int64_t>(bits & (sign - 1));
  return (bits & sign) ? -magnitude : magnitude;
}

CheckResult mismatch(const char *what, const Tensor &actual,
                     const Tensor &expected, int64_t index,
                     const std::string &detail) {
  CheckResult result;
  result.passed = false;
  result.message = std::string(what) + " failed at index " +
                   formatIndex(actual.shape(), index) + ": expected " +
                   formatElement(expected, index) + ", got " +
                   formatElement(actual, index) + detail;
  return result;
}

CheckResult shapeMismatch(const Tensor &actual, const Tensor &expected) {
  CheckResult result;
  if (actual.shape() != expected.shape() ||
      actual.elementType() != expected.elementType()) {
    result.passed = false;
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "expected a tensor of shape [";
    llvm::interleaveComma(expected.shape(), os);
    os << "] and type " << expected.elementType().name() << ", got shape [";
    llvm::interleaveComma(actual.shape(), os);
    os << "] and type " << actual.elementType().name();
    result.message = os.str();
  }
  return result;
}

bool bothNan(const FloatParts &a, const FloatParts &b) {
  return std::isnan(a.value) && std::isnan(b.value);
}

} // namespace

CheckResult checkEqual(const Tensor &actual, const Tensor &expected) {
  if (CheckResult shape = shapeMismatch(actual, expected); !shape.passed)
    return shape;
  ElementType type = actual.elementType();
  unsigned bytes = type.storageBytes();
  for (int64_t i = 0, n = actual.numElements(); i < n; ++i) {
    if (std::memcmp(actual.bytes() + i * bytes, expected.bytes() + i * bytes,
                    bytes) == 0)
      continue;
    if (type.isFloat() || type.isComplex()) {
      // Equal values with different bits: +0 and -0, or two NaNs.
      bool equal = true;
      for (int part = 0; part < (type.isComplex() ? 2 : 1); ++part) {
        FloatParts a = floatPart(actual, i, part), e = floatPart(expected, i, part);
        equal &= a.value == e.value || bothNan(a, e);
      }
      if (equal)
        continue;
    }
    return mismatch("check.expect_eq", actual, expected, i, "");
  }
  return {};
}

CheckResult checkClose(const Tensor &actual, const Tensor &expected,
                       uint64_t maxUlpDifference, uint64_t minUlpDifference) {
  if (CheckResult shape = shapeMismatch(actual, expected); !shape.passed)
    return shape;
  ElementType type = actual.elementType();
  if (!type.isFloat() && !type.isComplex())
    return checkEqual(actual, expected);
  for (int64_t i = 0, n = actual.numElements(); i < n; ++i) {
    uint64_t distance = 0;
    bool nonFiniteMismatch = false;
    for (int part = 0; part < (type.isComplex() ? 2 : 1); ++part) {
      FloatParts a = floatPart(actual, i, part), e = floatPart(expected, i, part);
      if (bothNan(a, e))
        continue;
      if (!std::isfinite(a.value) || !std::isfinite(e.value)) {
        nonFiniteMismatch |= a.bits != e.bits;
        continue;
      }
      int64_t ka = ulpKey(a.bits, a.width), ke = ulpKey(e.bits, e.width);
      uint64_t d = ka > ke ? uint64_t(ka - ke) : uint64_t(ke - ka);
      distance = std::max(distance, d);
    }
    if (nonFiniteMismatch)
      return mismatch("check.expect_close", actual, expected, i,
                      " (non-finite values differ)");
    if (distance > maxUlpDifference)
      return mismatch("check.expect_close", actual, expected, i,
                      " (" + std::to_string(distance) + " ULPs apart, at most " +
                          std::to_string(maxUlpDifference) + " allowed)");
    if (distance < minUlpDifference)
      return mismatch("check.expect_close", actual, expected, i,
                      " (" + std::to_string(distance) + " ULPs apart, at least " +
                          std::to_string(minUlpDifference) + " required)");
  }
  return {};
}

CheckResult checkScaled(const Tensor &actual, const Tensor &expected,
                        uint64_t maxUlpDifference, double rtol, double atol) {
  if (CheckResult shape = shapeMismatch(actual, expected); !shape.passed)
    return shape;
  ElementType type = actual.elementType();
  if (!type.isFloat() && !type.isComplex())
    return checkEqual(actual, expected);
  int parts = type.isComplex() ? 2 : 1;
  double squares = 0;
  int64_t finite = 0;
  for (int64_t i = 0, n = expected.numElements(); i < n; ++i)
    for (int part = 0; part < parts; ++part) {
      double value = floatPart(expected, i, part).value;
      if (std::isfinite(value)) {
        squares += value * value;
        ++finite;
      }
    }
  double rms = finite ? std::sqrt(squares / double(finite)) : 0.0;
  for (int64_t i = 0, n = actual.numElements(); i < n; ++i) {
    for (int part = 0; part < parts; ++part) {
      FloatParts a = floatPart(actual, i, part), e = floatPart(expected, i, part);
      if (bothNan(a, e))
        continue;
      if (!std::isfinite(a.value) || !std::isfinite(e.value)) {
        if (a.bits != e.bits)
          return mismatch("the cross-check", actual, expected, i,
                          " (non-finite values differ)");
        continue;
      }
      int64_t ka = ulpKey(a.bits, a.width), ke = ulpKey(e.bits, e.width);
      uint64_t ulps = ka > ke ? uint64_t(ka - ke) : uint64_t(ke - ka);
      double difference = std::fabs(a.value - e.value);
      double bound = atol + rtol * std::max(std::fabs(e.value), rms);
      if (ulps > maxUlpDifference && difference > bound) {
        std::string detail;
        llvm::raw_string_ostream os(detail);
        os << " (" << ulps << " ULPs and " << llvm::format("%.3g", difference)
           << " apart; allowed: " << maxUlpDifference << " ULPs or "
           << llvm::format("%.3g", bound) << " = atol " << llvm::format("%.3g", atol)
           << " + rtol " << llvm::format("%.3g", rtol) << " * max(|expected|, rms "
           << llvm::format("%.3g", rms) << "))";
        return mismatch("the cross-check", actual, expected, i, os.str());
      }
    }
  }
  return {};
}

CheckResult checkAlmostEqual(const Tensor &actual, const Tensor &expected,
                             double tolerance) {
  if (CheckResult shape = shapeMismatch(actual, expected); !shape.passed)
    return shape;
  ElementType type = actual.elementType();
  if (!type.isFloat() && !type.isComplex())
    return checkEqual(actual, expected);
  for (int64_t i = 0, n = actual.numElements(); i < n; ++i) {
    for (int part = 0; part < (type.isComplex() ? 2 : 1); ++part) {
      FloatParts a = floatPart(actual, i, part), e = floatPart(expected, i, part);
      if (bothNan(a, e))
        continue;
      bool ok;
      if (std::isnan(a.value) || std::isnan(e.value))
        ok = false;
      else if (std::isinf(a.value) || std::isinf(e.value))
        ok = a.value == e.value;
      else
        ok = std::fabs(a.value - e.value) <= tolerance;
      if (!ok) {
        std::string detail =
            " (difference " + formatDouble(std::fabs(a.value - e.value), 6) +
            " > tolerance " + formatDouble(tolerance, 6) + ")";
        return mismatch("check.expect_almost_eq", actual, expected, i, detail);
      }
    }
  }
  return {};
}

std::string formatShapeAssertion(llvm::StringRef message, llvm::ArrayRef<int64_t> values) {
  std::string out;
  size_t pos = 0;
  while (pos < message.size()) {
    size_t open = message.find('{', pos);
    if (open == llvm::StringRef::npos)
      break;
    size_t close = message.find('}', open);
    unsigned index;
    if (close == llvm::StringRef::npos ||
        message.slice(open + 1, close).getAsInteger(10, index) || index >= values.size()) {
      out += message.slice(pos, open + 1).str();
      pos = open + 1;
      continue;
    }
    out += message.slice(pos, open).str();
    out += std::to_string(values[index]);
    pos = close + 1;
  }
  out += message.substr(pos).str();
  return out;
}

} // namespace oxla::interp
