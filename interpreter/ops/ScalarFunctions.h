//===- ScalarFunctions.h - The spec's elementwise functions on scalars ----===//
//
// One functor per elementwise op. Each has call operators only for the C++
// types the op supports (constrained templates, so that mapUnary/mapBinary
// can tell an unsupported element type). Integer arithmetic wraps (two's
// complement); implementation-defined corners are documented in
// docs/interpreter.md.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_INTERPRETER_OPS_SCALARFUNCTIONS_H
#define OXLA_INTERPRETER_OPS_SCALARFUNCTIONS_H

#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace oxla::interp::scalar {

template <typename T> struct IsComplexT : std::false_type {};
template <typename T> struct IsComplexT<std::complex<T>> : std::true_type {};

template <typename T>
using Bool = std::enable_if_t<std::is_same_v<T, bool>, int>;
template <typename T>
using Int = std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int>;
template <typename T>
using SInt = std::enable_if_t<std::is_integral_v<T> && std::is_signed_v<T>, int>;
template <typename T>
using Float = std::enable_if_t<std::is_floating_point_v<T>, int>;
template <typename T>
using Cplx = std::enable_if_t<IsComplexT<T>::value, int>;
template <typename T>
using FloatOrCplx = std::enable_if_t<std::is_floating_point_v<T> || IsComplexT<T>::value, int>;
template <typename T>
using Numeric = std::enable_if_t<(std::is_integral_v<T> && !std::is_same_v<T, bool>) ||
                                     std::is_floating_point_v<T> || IsComplexT<T>::value,
                                 int>;

/// complex<float> functions are computed in complex<double> and rounded
/// once: the float versions lose several ULPs to cancellation.
template <typename T> struct Widened { using type = T; };
template <> struct Widened<std::complex<float>> { using type = std::complex<double>; };

template <typename T> using U = std::make_unsigned_t<T>;

// --- arithmetic ---------------------------------------------------------

struct Add {
  template <typename T, Bool<T> = 0> bool operator()(T a, T b) const { return a || b; }
  template <typename T, Int<T> = 0> T operator()(T a, T b) const { return T(U<T>(a) + U<T>(b)); }
  template <typename T, FloatOrCplx<T> = 0> T operator()(T a, T b) const { return a + b; }
};
struct Subtract {
  template <typename T, Int<T> = 0> T operator()(T a, T b) const { return T(U<T>(a) - U<T>(b)); }
  template <typename T, FloatOrCplx<T> = 0> T operator()(T a, T b) const { return a - b; }
};
struct Multiply {
  template <typename T, Bool<T> = 0> bool operator()(T a, T b) const { return a && b; }
  template <typename T, Int<T> = 0> T operator()(T a, T b) const {
    // Promote so that e.g. uint16 * uint16 does not overflow a signed int.
    using W = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, U<T>>;
    return T(W(U<T>(a)) * W(U<T>(b)));
  }
  template <typename T, FloatOrCplx<T> = 0> T operator()(T a, T b) const { return a * b; }
};
/// x / 0 is -1 (all bits set); INT_MIN / -1 is INT_MIN.
struct Divide {
  template <typename T, Int<T> = 0> T operator()(T a, T b) const {
    if (b == 0)
      return T(~U<T>(0));
    if constexpr (std::is_signed_v<T>)
      if (b == -1)
        return T(U<T>(0) - U<T>(a));
    return a / b;
  }
  template <typename T, FloatOrCplx<T> = 0> T operator()(T a, T b) const { return a / b; }
};
/// Sign of the dividend; x % 0 is x; INT_MIN % -1 is 0.
struct Remainder {
  template <typename T, Int<T> = 0> T operator()(T a, T b) const {
    if (b == 0)
      return a;
    if constexpr (std::is_signed_v<T>)
      if (b == -1)
        return 0;
    return a % b;
  }
  template <typename T, Float<T> = 0> T operator()(T a, T b) const { return std::fmod(a, b); }
};
/// Integers: exponentiation by squaring; a negative exponent gives 0 except
/// for bases 1 and -1.
struct Power {
  template <typename T, Int<T> = 0> T operator()(T base, T exponent) const {
    if constexpr (std::is_signed_v<T>) {
      if (exponent < 0) {
        if (base == 1)
          return 1;
        if (base == -1)
          return (exponent % 2) ? T(-1) : T(1);
        return 0;
      }
    }
    U<T> result = 1, b = U<T>(base);
    for (U<T> e = U<T>(exponent); e; e >>= 1) {
      if (e & 1)
        result = U<T>(Multiply{}(T(result), T(b)));
      b = U<T>(Multiply{}(T(b), T(b)));
    }
    return T(result);
  }
  template <typename T, FloatOrCplx<T> = 0> T operator()(T a, T b) const { return std::pow(a, b); }
};
/// IEEE-754 maximum/minimum: NaN propagates, -0 < +0. Complex numbers
/// compare lexicographically (real part first).
struct Maximum {
  template <typename T, Bool<T> = 0> bool operator()(T a, T b) const { return a || b; }
  template <typename T, Int<T> = 0> T operator()(T a, T b) const { return a > b ? a : b; }
  template <typename T, Float<T> = 0> T operator()(T a, T b) const {
    if (std::isnan(a) || std::isnan(b))
      return std::numeric_limits<T>::quiet_NaN();
    if (a == b)
      return std::signbit(a) ? b : a;
    return a > b ? a : b;
  }
  template <typename T, Cplx<T> = 0> T operator()(T a, T b) const {
    if (a.real() != b.real())
      return a.real() > b.real() ? a : b;
    return a.imag() >= b.imag() ? a : b;
  }
};
struct Minimum {
  template <typename T, Bool<T> = 0> bool operator()(T a, T b) const { return a && b; }
  template <typename T, Int<T> = 0> T operator()(T a, T b) const { return a < b ? a : b; }
  template <typename T, Float<T> = 0> T operator()(T a, T b) const {
    if (std::isnan(a) || std::isnan(b))
      return std::numeric_limits<T>::quiet_NaN();
    if (a == b)
      return std::signbit(a) ? a : b;
    return a < b ? a : b;
  }
  template <typename T, Cplx<T> = 0> T operator()(T a, T b) const {
    if (a.real() != b.real())
      return a.real() < b.real() ? a : b;
    return a.imag() <= b.imag() ? a : b;
  }
};
struct Atan2 {
  template <typename T, Float<T> = 0> T operator()(T a, T b) const { return std::atan2(a, b); }
  /// Spec: atan2(y, x) = -i * log((x + i * y) / sqrt(x^2 + y^2)).
  template <typename T, Cplx<T> = 0> T operator()(T y, T x) const {
    using W = typename Widened<T>::type;
    W wy(y), wx(x), i(0, 1);
    return T(-i * std::log((wx + i * wy) / std::sqrt(wx * wx + wy * wy)));
  }
};

// --- bitwise and logical ------------------------------------------------

struct And {
  template <typename T, Bool<T> = 0> bool operator()(T a, T b) const { return a && b; }
  template <typename T, Int<T> = 0> T operator()(T a, T b) const { return a & b; }
};
struct Or {
  template <typename T, Bool<T> = 0> bool operator()(T a, T b) const { return a || b; }
  template <typename T, Int<T> = 0> T operator()(T a, T b) const { return a | b; }
};
struct Xor {
  template <typename T, Bool<T> = 0> bool operator()(T a, T b) const { return a != b; }
  template <typename T, Int<T> = 0> T operator()(T a, T b) const { return a ^ b; }
};
struct Not {
  template <typename T, Bool<T> = 0> bool operator()(T a) const { return !a; }
  template <typename T, Int<T> = 0> T operator()(T a) const { return T(~U<T>(a)); }
};

/// Shifts by an amount outside [0, bits) give 0 (left, logical) or the sign
/// fill (arithmetic). `bits` is the spec width (4 for si4).
struct ShiftLeft {
  unsigned bits;
  template <typename T, Int<T> = 0> T operator()(T a, T b) const {
    if (b < 0 || uint64_t(b) >= bits)
      return 0;
    return T(U<T>(a) << b);
  }
};
struct ShiftRightLogical {
  unsigned bits;
  template <typename T, Int<T> = 0> T operator()(T a, T b) const {
    if (b < 0 || uint64_t(b) >= bits)
      return 0;
    // Only the spec's `bits` low bits take part (si4 lives in an int8).
    U<T> mask = bits >= sizeof(T) * 8 ? U<T>(~U<T>(0)) : U<T>((U<T>(1) << bits) - 1);
    return T((U<T>(a) & mask) >> b);
  }
};
struct ShiftRightArithmetic {
  unsigned bits;
  template <typename T, Int<T> = 0> T operator()(T a, T b) const {
    using S = std::make_signed_t<T>;
    S value = S(a); // storage is sign-extended for signed types
    if constexpr (std::is_unsigned_v<T>) {
      // Reinterpret the spec-width bits as signed.
      unsigned shift = sizeof(T) * 8 - bits;
      value = S(S(U<T>(a) << shift) >> shift);
    }
    if (b < 0 || uint64_t(b) >= bits)
      return T(value < 0 ? ~U<T>(0) : U<T>(0));
    return T(value >> b);
  }
};
struct CountLeadingZeros {
  unsigned bits;
  template <typename T, Int<T> = 0> T operator()(T a) const {
    uint64_t value = uint64_t(U<T>(a));
    if (bits < 64)
      value &= (uint64_t(1) << bits) - 1;
    unsigned count = 0;
    for (int bit = int(bits) - 1; bit >= 0 && !((value >> bit) & 1); --bit)
      ++count;
    return T(count);
  }
};
struct PopulationCount {
  unsigned bits;
  template <typename T, Int<T> = 0> T operator()(T a) const {
    uint64_t value = uint64_t(U<T>(a));
    if (bits < 64)
      value &= (uint64_t(1) << bits) - 1;
    return T(__builtin_popcountll(value));
  }
};

// --- unary arithmetic ---------------------------------------------------

struct Negate {
  template <typename T, Int<T> = 0> T operator()(T a) const { return T(U<T>(0) - U<T>(a)); }
  template <typename T, FloatOrCplx<T> = 0> T operator()(T a) const { return -a; }
};
/// abs(INT_MIN) wraps to INT_MIN; complex gives the magnitude.
struct Abs {
  template <typename T, SInt<T> = 0> T operator()(T a) const {
    return a < 0 ? T(U<T>(0) - U<T>(a)) : a;
  }
  template <typename T, Float<T> = 0> T operator()(T a) const { return std::fabs(a); }
  template <typename T, Cplx<T> = 0> typename T::value_type operator()(T a) const {
    return std::abs(a);
  }
};
struct Sign {
  template <typename T, SInt<T> = 0> T operator()(T a) const { return T((a > 0) - (a < 0)); }
  template <typename T, Float<T> = 0> T operator()(T a) const {
    if (std::isnan(a) || a == 0)
      return a;
    return a > 0 ? T(1) : T(-1);
  }
  template <typename T, Cplx<T> = 0> T operator()(T a) const {
    if (std::isnan(a.real()) || std::isnan(a.imag()))
      return T(std::numeric_limits<typename T::value_type>::quiet_NaN(),
               std::numeric_limits<typename T::value_type>::quiet_NaN());
    if (a == T(0))
      return a;
    return a / std::abs(a);
  }
};

#define OXLA_FLOAT_FUNCTION(NAME, EXPR)                                        \
  struct NAME {                                                                \
    template <typename T, Float<T> = 0> T operator()(T x) const { return EXPR; } \
  };
#define OXLA_FLOAT_OR_COMPLEX_FUNCTION(NAME, EXPR)                             \
  struct NAME {                                                                \
    template <typename T, FloatOrCplx<T> = 0> T operator()(T narrow) const {   \
      using std::exp; using std::log; using std::sqrt; using std::sin;         \
      using std::cos; using std::tan; using std::tanh;                         \
      using W = typename Widened<T>::type;                                     \
      W x(narrow);                                                             \
      return T(EXPR);                                                          \
    }                                                                          \
  };

OXLA_FLOAT_FUNCTION(Ceil, std::ceil(x))
OXLA_FLOAT_FUNCTION(Floor, std::floor(x))
OXLA_FLOAT_FUNCTION(RoundAwayFromZero, std::round(x))
OXLA_FLOAT_FUNCTION(RoundNearestEven, std::nearbyint(x))
OXLA_FLOAT_OR_COMPLEX_FUNCTION(Exp, exp(x))
OXLA_FLOAT_OR_COMPLEX_FUNCTION(Log, log(x))
OXLA_FLOAT_OR_COMPLEX_FUNCTION(Sqrt, sqrt(x))
OXLA_FLOAT_OR_COMPLEX_FUNCTION(Rsqrt, W(1) / sqrt(x))
OXLA_FLOAT_OR_COMPLEX_FUNCTION(Sine, sin(x))
OXLA_FLOAT_OR_COMPLEX_FUNCTION(Cosine, cos(x))
OXLA_FLOAT_OR_COMPLEX_FUNCTION(Tan, tan(x))
OXLA_FLOAT_OR_COMPLEX_FUNCTION(Tanh, tanh(x))
OXLA_FLOAT_OR_COMPLEX_FUNCTION(Logistic, W(1) / (W(1) + exp(-x)))
#undef OXLA_FLOAT_FUNCTION
#undef OXLA_FLOAT_OR_COMPLEX_FUNCTION

struct Cbrt {
  template <typename T, Float<T> = 0> T operator()(T x) const { return std::cbrt(x); }
  /// The principal cube root.
  template <typename T, Cplx<T> = 0> T operator()(T x) const {
    using W = typename Widened<T>::type;
    return T(std::exp(std::log(W(x)) / typename W::value_type(3)));
  }
};
struct Expm1 {
  template <typename T, Float<T> = 0> T operator()(T x) const { return std::expm1(x); }
  template <typename T, Cplx<T> = 0> T operator()(T x) const {
    // exp(x) - 1 = expm1(re) * cos(im) + (cos(im) - 1) + i exp(re) sin(im),
    // accurate near 0.
    using R = typename T::value_type;
    R re = x.real(), im = x.imag();
    R cosm1 = -2 * std::sin(im / 2) * std::sin(im / 2);
    return T(std::expm1(re) * std::cos(im) + cosm1, std::exp(re) * std::sin(im));
  }
};
struct Log1p {
  template <typename T, Float<T> = 0> T operator()(T x) const { return std::log1p(x); }
  template <typename T, Cplx<T> = 0> T operator()(T x) const {
    using R = typename T::value_type;
    R re = x.real(), im = x.imag();
    // log|1+x| = 0.5 * log1p(2 re + re^2 + im^2), accurate near 0.
    R magnitude = R(0.5) * std::log1p(re * (2 + re) + im * im);
    return T(magnitude, std::atan2(im, re + 1));
  }
};
struct IsFinite {
  template <typename T, Float<T> = 0> bool operator()(T x) const { return std::isfinite(x); }
};
struct Real {
  template <typename T, Float<T> = 0> T operator()(T x) const { return x; }
  template <typename T, Cplx<T> = 0> typename T::value_type operator()(T x) const { return x.real(); }
};
struct Imag {
  template <typename T, Float<T> = 0> T operator()(T) const { return T(0); }
  template <typename T, Cplx<T> = 0> typename T::value_type operator()(T x) const { return x.imag(); }
};

} // namespace oxla::interp::scalar

#endif // OXLA_INTERPRETER_OPS_SCALARFUNCTIONS_H
