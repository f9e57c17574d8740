//===- ChloPatterns2.cpp - The special functions of the chlo ops ----------===//
//
// Scalar f64 implementations of the chlo special functions, written as
// arith/math/scf IR (ChloPatterns.cpp builds the linalg.generic around them
// and rounds the f64 result once to the result type, as the interpreter
// does). They aim at close to double accuracy:
//  - erfc: 1 - erf(x) below 2, the continued fraction of erfc above;
//  - erf_inv: a closed-form first guess refined by Halley steps on erf
//    (on erfc away from 0, where 1 - |x| is exact);
//  - lgamma: the Lanczos approximation (g = 7, 9 terms) with reflection;
//  - digamma: reflection, recurrence up to 10, asymptotic series;
//  - zeta (Hurwitz): Euler-Maclaurin summation; polygamma through zeta;
//  - bessel_i1e: power series up to 40, asymptotic expansion above.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/StableHLOToLinalg/F64Builder.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

#include <cmath>
#include <limits>

using namespace mlir;

namespace oxla::chlo_lowering {
namespace {


/// f64 scalar arithmetic at one insertion point.
using F = F64Builder;

using Body = function_ref<SmallVector<Value>(F &, Value k, ValueRange)>;

/// for k = 0 .. n-1 (k as f64): iter = body(k, iter).
SmallVector<Value> loop(F &f, int64_t n, ValueRange inits, Body body) {
  Value lb = f.b.create<arith::ConstantIndexOp>(f.loc, 0);
  Value ub = f.b.create<arith::ConstantIndexOp>(f.loc, n);
  Value step = f.b.create<arith::ConstantIndexOp>(f.loc, 1);
  auto forOp = f.b.create<scf::ForOp>(
      f.loc, lb, ub, step, inits,
      [&](OpBuilder &nested, Location loc, Value iv, ValueRange args) {
        F g{nested, loc};
        Value i = nested.create<arith::IndexCastOp>(loc, nested.getI64Type(), iv);
        Value k = nested.create<arith::SIToFPOp>(loc, nested.getF64Type(), i);
        SmallVector<Value> next = body(g, k, args);
        nested.create<scf::YieldOp>(loc, next);
      });
  return SmallVector<Value>(forOp.getResults());
}

/// pi * cot(pi * x) after reducing x to r in [-1/2, 1/2]; near |r| = 1/2 as
/// pi * tan(pi * (1/2 - |r|)), whose argument is exact.
Value piCotPi(F &f, Value x) {
  Value r = f.sub(x, f.roundEven(x));
  Value ar = f.abs(r);
  Value nearHalf = f.copysign(f.mul(f.c(kPi), f.tan(f.mul(f.c(kPi), f.sub(f.c(0.5), ar)))), r);
  Value direct = f.div(f.c(kPi), f.tan(f.mul(f.c(kPi), r)));
  return f.sel(f.gt(ar, f.c(0.25)), nearHalf, direct);
}

} // namespace

Value erfcF64(OpBuilder &b, Location loc, Value x) {
  F f{b, loc};
  Value direct = f.sub(f.c(1), f.erf(x));
  // erfc(x) = exp(-x^2) / sqrt(pi) / (x + (1/2) / (x + 1 / (x + (3/2) / ...))),
  // evaluated from the back; 64 terms reach double accuracy from x = 2.
  Value ax = f.max(x, f.c(2));
  SmallVector<Value> t = loop(f, 64, {ax}, [&](F &g, Value k, ValueRange it) {
    Value n = g.sub(g.c(64), k);
    return SmallVector<Value>{g.add(ax, g.div(g.mul(n, g.c(0.5)), it[0]))};
  });
  Value fraction =
      f.div(f.exp(f.neg(f.mul(ax, ax))), f.mul(f.c(std::sqrt(kPi)), t[0]));
  return f.sel(f.lt(x, f.c(2)), direct, fraction);
}

Value erfInvF64(OpBuilder &b, Location loc, Value x) {
  F f{b, loc};
  Value ax = f.abs(x);
  // Winitzki's approximation (relative error about 2e-3); near 0 the
  // first term of the series.
  constexpr double a = 0.147;
  Value l = f.add(f.log1p(f.neg(ax)), f.log1p(ax)); // log(1 - x^2)
  Value t = f.add(f.c(2 / (kPi * a)), f.mul(l, f.c(0.5)));
  Value guess = f.sqrt(f.sub(f.sqrt(f.sub(f.mul(t, t), f.div(l, f.c(a)))), t));
  Value y = f.sel(f.lt(ax, f.c(0.01)), f.mul(ax, f.c(std::sqrt(kPi) / 2)), guess);
  Value complement = f.sub(f.c(1), ax); // exact for ax >= 1/2
  Value small = f.lt(ax, f.c(0.5));
  for (int i = 0; i < 4; ++i) {
    Value derivative = f.mul(f.c(2 / std::sqrt(kPi)), f.exp(f.neg(f.mul(y, y))));
    Value residual = f.sel(small, f.sub(f.erf(y), ax),
                           f.sub(complement, erfcF64(b, loc, y)));
    Value step = f.div(residual, derivative);
    // Halley: f'' / f' = -2y.
    Value next = f.sub(y, f.div(step, f.add(f.c(1), f.mul(y, step))));
    Value usable = f.andB(f.gt(derivative, f.c(0)),
                          f.notB(f.isNaN(next)));
    y = f.sel(usable, next, y);
  }
  Value result = f.copysign(y, x);
  result = f.sel(f.eq(ax, f.c(1)), f.copysign(f.c(kInf), x), result);
  result = f.sel(f.eq(ax, f.c(0)), x, result);
  // NaN and |x| > 1.
  return f.sel(f.notB(f.le(ax, f.c(1))), f.c(kNaN), result);
}

namespace {

/// lgamma for x >= 1/2 (Lanczos, g = 7).
Value lgammaRight(F &f, Value x) {
  static const double p[] = {0.99999999999980993,     676.5203681218851,
                             -1259.1392167224028,     771.32342877765313,
                             -176.61502916214059,     12.507343278686905,
                             -0.13857109526572012,    9.9843695780195716e-6,
                             1.5056327351493116e-7};
  Value z = f.sub(x, f.c(1));
  Value sum = f.c(p[0]);
  for (int i = 1; i < 9; ++i)
    sum = f.add(sum, f.div(f.c(p[i]), f.add(z, f.c(i))));
  Value t = f.add(z, f.c(7.5));
  Value result = f.add(f.c(0.91893853320467274178), // log(sqrt(2 pi))
                       f.mul(f.add(z, f.c(0.5)), f.log(t)));
  result = f.add(f.sub(result, t), f.log(sum));
  return f.sel(f.eq(x, f.c(kInf)), x, result);
}

} // namespace

Value lgammaF64(OpBuilder &b, Location loc, Value x) {
  F f{b, loc};
  Value right = lgammaRight(f, f.max(x, f.c(0.5)));
  // Reflection: lgamma(x) = log(pi / |sin(pi x)|) - lgamma(1 - x).
  Value reflectedX = f.sub(f.c(1), f.sel(f.lt(x, f.c(0.5)), x, f.c(0)));
  Value r = f.sub(x, f.roundEven(x));
  Value sinPi = f.abs(f.sin(f.mul(f.c(kPi), r)));
  Value left = f.sub(f.log(f.div(f.c(kPi), sinPi)), lgammaRight(f, reflectedX));
  Value result = f.sel(f.lt(x, f.c(0.5)), left, right);
  // Poles at the non-positive integers (and -inf).
  Value pole = f.andB(f.le(x, f.c(0)), f.isInteger(x));
  pole = f.orB(pole, f.eq(x, f.c(-kInf)));
  result = f.sel(pole, f.c(kInf), result);
  return f.sel(f.isNaN(x), x, result);
}

Value digammaF64(OpBuilder &b, Location loc, Value input) {
  F f{b, loc};
  Value reflect = f.lt(input, f.c(0.5));
  Value result = f.sel(reflect, f.neg(piCotPi(f, input)), f.c(0));
  Value x = f.sel(reflect, f.sub(f.c(1), input), input);
  // psi(x) = psi(x + 1) - 1/x up to 10.
  SmallVector<Value> state = loop(f, 10, {x, result}, [&](F &g, Value, ValueRange it) {
    Value below = g.lt(it[0], g.c(10));
    Value nextResult = g.sub(it[1], g.div(g.c(1), it[0]));
    Value nextX = g.add(it[0], g.c(1));
    return SmallVector<Value>{g.sel(below, nextX, it[0]), g.sel(below, nextResult, it[1])};
  });
  x = state[0];
  result = state[1];
  Value inv2 = f.div(f.c(1), f.mul(x, x));
  // sum B_2k / (2k x^2k), k = 1..7, by Horner in 1/x^2.
  static const double coefficients[] = {1.0 / 12,  -1.0 / 120,       1.0 / 252,
                                        -1.0 / 240, 1.0 / 132,      -691.0 / 32760,
                                        1.0 / 12};
  Value series = f.c(coefficients[6]);
  for (int k = 5; k >= 0; --k)
    series = f.add(f.c(coefficients[k]), f.mul(inv2, series));
  series = f.mul(inv2, series);
  result = f.add(result, f.sub(f.sub(f.log(x), f.div(f.c(0.5), x)), series));
  result = f.sel(f.eq(input, f.c(kInf)), input, result);
  Value pole = f.andB(f.le(input, f.c(0)), f.isInteger(input));
  return f.sel(f.orB(pole, f.isNaN(input)), f.c(kNaN), result);
}

Value zetaF64(OpBuilder &b, Location loc, Value s, Value q) {
  F f{b, loc};
  Type f64 = b.getF64Type(), i1 = b.getI1Type();
  // Direct terms (q + k)^-s until q + N is large enough for the tail,
  // stopping early once the rest is negligible.
  Value sMinusOne = f.sub(s, f.c(1));
  SmallVector<Value> inits = {q, f.c(0), f.c(0),
                              b.create<arith::ConstantOp>(loc, b.getBoolAttr(false))};
  SmallVector<Type> types = {f64, f64, f64, i1};
  SmallVector<Location> locs(4, loc);
  auto whileOp = b.create<scf::WhileOp>(loc, types, inits);
  {
    Block *before = b.createBlock(&whileOp.getBefore(), {}, types, locs);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(before);
    F g{b, loc};
    Value a = before->getArgument(0), n = before->getArgument(2);
    Value more = g.orB(g.lt(n, g.c(12)), g.orB(g.lt(a, g.c(9)), g.lt(a, s)));
    more = g.andB(more, g.notB(before->getArgument(3)));
    more = g.andB(more, g.lt(n, g.c(1e7)));
    b.create<scf::ConditionOp>(loc, more, before->getArguments());
  }
  {
    Block *after = b.createBlock(&whileOp.getAfter(), {}, types, locs);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(after);
    F g{b, loc};
    Value a = after->getArgument(0), sum = after->getArgument(1),
          n = after->getArgument(2);
    Value term = g.pow(a, g.neg(s));
    Value nextSum = g.add(sum, term);
    Value rest = g.div(g.mul(g.abs(term), g.abs(a)), sMinusOne);
    Value done = g.le(rest, g.mul(g.abs(nextSum), g.c(1e-17)));
    b.create<scf::YieldOp>(loc, ValueRange{g.add(a, g.c(1)), nextSum,
                                           g.add(n, g.c(1)), done});
  }
  b.setInsertionPointAfter(whileOp);
  Value a = whileOp.getResult(0), sum = whileOp.getResult(1);
  Value converged = whileOp.getResult(3);
  // With `done`, `a` was advanced past the last term: the tail starts there,
  // but it is negligible, so only the sum is kept.
  // Tail: a^(1-s)/(s-1) + a^-s/2 + sum_j B_2j/(2j)! s(s+1)..(s+2j-2) a^(-s-2j+1).
  static const double bernoulliOverFactorial[] = {
      1.0 / 12,         -1.0 / 720,
      1.0 / 30240,      -1.0 / 1209600,
      1.0 / 47900160,   -691.0 / 1307674368000.0,
      1.0 / 74724249600.0, -3617.0 / 10670622842880000.0,
      43867.0 / 5109094217170944000.0};
  Value power = f.pow(a, f.neg(s));
  Value tail = f.add(f.div(f.mul(a, power), sMinusOne), f.mul(f.c(0.5), power));
  Value rising = s, factor = f.div(power, a);
  for (int j = 0; j < 9; ++j) {
    tail = f.add(tail, f.mul(f.c(bernoulliOverFactorial[j]), f.mul(rising, factor)));
    rising = f.mul(rising, f.mul(f.add(s, f.c(2 * j + 1)), f.add(s, f.c(2 * j + 2))));
    factor = f.div(factor, f.mul(a, a));
  }
  Value result = f.sel(converged, sum, f.add(sum, tail));
  result = f.sel(f.eq(q, f.c(kInf)), f.c(0), result);
  // q <= 0: poles at the integers; otherwise s must be an integer.
  Value qInteger = f.isInteger(q);
  Value badQ = f.andB(f.le(q, f.c(0)), f.notB(qInteger));
  result = f.sel(f.andB(badQ, f.notB(f.isInteger(s))), f.c(kNaN), result);
  result = f.sel(f.andB(f.le(q, f.c(0)), qInteger), f.c(kInf), result);
  result = f.sel(f.lt(s, f.c(1)), f.c(kNaN), result);
  result = f.sel(f.eq(s, f.c(1)), f.c(kInf), result);
  return f.sel(f.orB(f.isNaN(s), f.isNaN(q)), f.c(kNaN), result);
}

Value polygammaF64(OpBuilder &b, Location loc, Value n, Value x) {
  F f{b, loc};
  // n! by products (inf from 171 on).
  Value clamped = f.sel(f.lt(n, f.c(200)), n, f.c(200));
  SmallVector<Value> factorial = loop(f, 200, {f.c(1)}, [&](F &g, Value k, ValueRange it) {
    Value factor = g.add(k, g.c(1));
    return SmallVector<Value>{g.sel(g.le(factor, clamped), g.mul(it[0], factor), it[0])};
  });
  Value odd = f.ne(f.sub(n, f.mul(f.c(2), f.floor(f.mul(n, f.c(0.5))))), f.c(0));
  Value sign = f.sel(odd, f.c(1), f.c(-1));
  Value order = f.max(n, f.c(1)); // keeps zeta away from its pole at n = 0
  Value result = f.mul(f.mul(sign, factorial[0]), zetaF64(b, loc, f.add(order, f.c(1)), x));
  result = f.sel(f.eq(n, f.c(0)), digammaF64(b, loc, x), result);
  Value bad = f.orB(f.lt(n, f.c(0)), f.notB(f.isInteger(n)));
  bad = f.orB(bad, f.orB(f.isNaN(n), f.isNaN(x)));
  return f.sel(bad, f.c(kNaN), result);
}

Value besselI1eF64(OpBuilder &b, Location loc, Value x) {
  F f{b, loc};
  Value ax = f.abs(x);
  // I1(x) = sum_k (x/2)^(2k+1) / (k! (k+1)!), for |x| <= 40.
  Value half = f.mul(f.sel(f.le(ax, f.c(40)), ax, f.c(40)), f.c(0.5));
  Value quarter = f.mul(half, half);
  SmallVector<Value> series = loop(f, 120, {half, half}, [&](F &g, Value k, ValueRange it) {
    Value k1 = g.add(k, g.c(1));
    Value term = g.mul(it[0], g.div(quarter, g.mul(k1, g.add(k1, g.c(1)))));
    return SmallVector<Value>{term, g.add(it[1], term)};
  });
  Value small = f.mul(series[1], f.exp(f.neg(f.mul(half, f.c(2)))));
  // I1(x) e^-x ~ 1/sqrt(2 pi x) sum_k (-1)^k a_k / x^k,
  // a_k = prod_{j=1..k} (4 - (2j-1)^2) / (k! 8^k), while the terms shrink.
  Value big = f.max(ax, f.c(40));
  Type i1 = b.getI1Type();
  (void)i1;
  SmallVector<Value> asymptotic = loop(
      f, 60, {f.c(1), f.c(1), b.create<arith::ConstantOp>(loc, b.getBoolAttr(false))},
      [&](F &g, Value k, ValueRange it) {
        Value k1 = g.add(k, g.c(1));
        Value oddValue = g.sub(g.mul(g.c(2), k1), g.c(1));
        Value next = g.div(g.mul(g.neg(it[0]), g.sub(g.c(4), g.mul(oddValue, oddValue))),
                           g.mul(k1, g.mul(g.c(8), big)));
        Value stop = g.orB(it[2], g.ge(g.abs(next), g.abs(it[0])));
        Value term = g.sel(stop, it[0], next);
        Value sum = g.sel(stop, it[1], g.add(it[1], next));
        return SmallVector<Value>{term, sum, stop};
      });
  Value large = f.div(asymptotic[1], f.sqrt(f.mul(f.c(2 * kPi), big)));
  Value result = f.sel(f.le(ax, f.c(40)), small, large);
  result = f.sel(f.eq(ax, f.c(kInf)), f.c(0), result);
  result = f.copysign(result, x);
  return f.sel(f.isNaN(x), x, result);
}

} // namespace oxla::chlo_lowering
