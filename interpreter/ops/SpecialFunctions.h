//===- SpecialFunctions.h - Special functions of the chlo ops -------------===//
//
// Double-precision implementations of the functions the C++ library lacks
// (digamma, polygamma, Hurwitz zeta, erf_inv, bessel_i1e). The interpreter
// evaluates every real chlo function in double and rounds once, so these aim
// at close to double accuracy rather than at a particular library's
// approximation.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_INTERPRETER_OPS_SPECIALFUNCTIONS_H
#define OXLA_INTERPRETER_OPS_SPECIALFUNCTIONS_H

#include <cmath>
#include <limits>

namespace oxla::interp::special {

constexpr double kPi = 3.14159265358979323846;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

/// pi * cot(pi * x) after reducing x to r in [-1/2, 1/2]. Near |r| = 1/2
/// it is pi * tan(pi * (1/2 - |r|)), whose argument is exact, so that the
/// small cotangent there keeps its relative accuracy.
inline long double piCotPi(long double x) {
  const long double pi = 3.14159265358979323846264338327950288L;
  long double r = x - std::nearbyint(x);
  long double ar = std::fabs(r);
  if (ar > 0.25L)
    return std::copysign(pi * std::tan(pi * (0.5L - ar)), r);
  return pi / std::tan(pi * r);
}

/// psi(x) = d/dx log(Gamma(x)). Poles (non-positive integers) give NaN, as
/// in XLA. Evaluated in long double (where it is wider than double) so that
/// the recurrence and the reflection do not cost double ULPs.
inline double digamma(double input) {
  if (std::isnan(input) || input == -kInf)
    return kNaN;
  if (input == kInf)
    return kInf;
  if (input <= 0 && input == std::floor(input))
    return kNaN;
  long double x = input, result = 0;
  if (x < 0.5L) {
    // Reflection: psi(x) = psi(1 - x) - pi cot(pi x).
    result = -piCotPi(x);
    x = 1 - x;
  }
  // Recurrence psi(x) = psi(x + 1) - 1/x up to where the asymptotic series
  // is accurate.
  while (x < 16) {
    result -= 1 / x;
    x += 1;
  }
  long double inv2 = 1 / (x * x);
  // sum B_2k / (2k x^2k), k = 1..7, by Horner in 1/x^2.
  long double series =
      inv2 * (1.0L / 12 -
              inv2 * (1.0L / 120 -
                      inv2 * (1.0L / 252 -
                              inv2 * (1.0L / 240 -
                                      inv2 * (1.0L / 132 -
                                              inv2 * (691.0L / 32760 -
                                                      inv2 * (1.0L / 12)))))));
  return double(result + std::log(x) - 0.5L / x - series);
}

/// Hurwitz zeta(s, q) = sum_{k >= 0} (q + k)^-s by Euler-Maclaurin
/// summation. Defined for s > 1; s == 1 is a pole (+inf); q a non-positive
/// integer is a pole (+inf); q < 0 otherwise needs an integer s.
inline double zeta(double s, double q) {
  if (std::isnan(s) || std::isnan(q))
    return kNaN;
  if (s == 1)
    return kInf;
  if (s < 1)
    return kNaN;
  if (q <= 0) {
    if (q == std::floor(q))
      return kInf;
    if (s != std::floor(s))
      return kNaN;
  }
  if (q == kInf)
    return 0;
  // Direct terms until q + N is large enough for the tail expansion.
  constexpr int kTerms = 12;
  double sum = 0;
  double a = q;
  int n = 0;
  while (n < kTerms || a < 9 || a < s) {
    double term = std::pow(a, -s);
    sum += term;
    // The rest of the sum is at most about term * a / (s - 1).
    if (std::fabs(term) * std::fabs(a) / (s - 1) <= std::fabs(sum) * 1e-17)
      return sum;
    a += 1;
    ++n;
  }
  // Tail: a^(1-s)/(s-1) + a^-s/2 + sum_j B_2j/(2j)! s(s+1)..(s+2j-2) a^(-s-2j+1).
  static const double kBernoulliOverFactorial[] = {
      1.0 / 12,                    // B2 / 2!
      -1.0 / 720,                  // B4 / 4!
      1.0 / 30240,                 // B6 / 6!
      -1.0 / 1209600,              // B8 / 8!
      1.0 / 47900160,              // B10 / 10!
      -691.0 / 1307674368000.0,    // B12 / 12!
      1.0 / 74724249600.0,         // B14 / 14!
      -3617.0 / 10670622842880000.0, // B16 / 16!
      43867.0 / 5109094217170944000.0, // B18 / 18!
  };
  double power = std::pow(a, -s);
  sum += a * power / (s - 1) + 0.5 * power;
  double rising = s;      // s (s+1) ... (s+2j-2)
  double factor = power / a; // a^(-s-2j+1)
  for (int j = 0; j < 9; ++j) {
    double term = kBernoulliOverFactorial[j] * rising * factor;
    sum += term;
    if (std::fabs(term) <= std::fabs(sum) * 1e-17)
      break;
    rising *= (s + 2 * j + 1) * (s + 2 * j + 2);
    factor /= a * a;
  }
  return sum;
}

/// psi^(n)(x) = (-1)^(n+1) n! zeta(n + 1, x) for integer n >= 1; n == 0 is
/// digamma. Non-integer or negative n give NaN.
inline double polygamma(double n, double x) {
  if (std::isnan(n) || std::isnan(x))
    return kNaN;
  if (n < 0 || n != std::floor(n))
    return kNaN;
  if (n == 0)
    return digamma(x);
  double sign = std::fmod(n, 2) == 0 ? -1 : 1;
  // n! by products: exact up to 22!, within a few roundings beyond.
  double factorial = 1;
  for (double k = 2; k <= n && factorial < kInf; ++k)
    factorial *= k;
  return sign * factorial * zeta(n + 1, x);
}

/// The inverse of erf on [-1, 1]: a closed-form initial guess refined by
/// Halley steps on erf (or, away from 0, on erfc, where 1 - |x| is exact
/// and keeps the tail accurate).
inline double erfInv(double x) {
  if (std::isnan(x) || x < -1 || x > 1)
    return kNaN;
  if (x == 1)
    return kInf;
  if (x == -1)
    return -kInf;
  if (x == 0)
    return x;
  double ax = std::fabs(x);
  // Winitzki's approximation (relative error about 2e-3).
  constexpr double a = 0.147;
  double l = std::log1p(-ax) + std::log1p(ax); // log(1 - x^2)
  double t = 2 / (kPi * a) + l / 2;
  double y = std::sqrt(std::sqrt(t * t - l / a) - t);
  const double twoOverSqrtPi = 1.12837916709551257390;
  double complement = 1 - ax; // exact for ax >= 0.5
  for (int i = 0; i < 8; ++i) {
    double derivative = twoOverSqrtPi * std::exp(-y * y);
    if (derivative == 0)
      break;
    double f = ax < 0.5 ? std::erf(y) - ax : complement - std::erfc(y);
    double step = f / derivative;
    // Halley: f'' / f' = -2y.
    double next = y - step / (1 + y * step);
    if (next == y)
      break;
    y = next;
  }
  return std::copysign(y, x);
}

/// exp(-|x|) * I1(x), the exponentially scaled modified Bessel function of
/// order one. Power series for small |x| (all terms positive, so no
/// cancellation), the asymptotic expansion for large |x|.
inline double besselI1e(double x) {
  if (std::isnan(x))
    return kNaN;
  double ax = std::fabs(x);
  if (ax == kInf)
    return std::copysign(0.0, x);
  double result;
  if (ax <= 40) {
    // I1(x) = sum_k (x/2)^(2k+1) / (k! (k+1)!)
    double half = ax / 2, quarter = half * half;
    double term = half, sum = half;
    for (int k = 1; k < 500; ++k) {
      term *= quarter / (double(k) * double(k + 1));
      sum += term;
      if (term <= sum * 1e-17)
        break;
    }
    result = sum * std::exp(-ax);
  } else {
    // I1(x) e^-x ~ 1/sqrt(2 pi x) sum_k (-1)^k a_k / x^k,
    // a_k = prod_{j=1..k} (4 - (2j-1)^2) / (k! 8^k).
    double term = 1, sum = 1;
    for (int k = 1; k < 60; ++k) {
      double odd = 2.0 * k - 1;
      double next = -term * (4 - odd * odd) / (k * 8 * ax);
      if (std::fabs(next) >= std::fabs(term))
        break;
      term = next;
      sum += term;
      if (std::fabs(term) <= std::fabs(sum) * 1e-17)
        break;
    }
    result = sum / std::sqrt(2 * kPi * ax);
  }
  return std::copysign(result, x);
}

} // namespace oxla::interp::special

#endif // OXLA_INTERPRETER_OPS_SPECIALFUNCTIONS_H
