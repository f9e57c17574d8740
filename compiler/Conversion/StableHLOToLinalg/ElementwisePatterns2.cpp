//===- ElementwisePatterns2.cpp - More elementwise scalar helpers ---------===//
//
// Scalar bodies used by ElementwisePatterns.cpp for the rarer type
// combinations: integer power, complex maximum/minimum, and the complex
// atan2, logistic and cbrt the interpreter computes (ScalarFunctions.h).
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/StableHLOToLinalg/ScalarBuilder.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

namespace oxla {

/// Exponentiation by squaring with wrapping multiplies; for signed types a
/// negative exponent gives 0 except for bases 1 and -1.
Value buildIntegerPower(ScalarBuilder &s, Value base, Value exponent, bool isUnsigned) {
  Type t = base.getType();
  unsigned width = t.getIntOrFloatBitWidth();
  Value zero = s.intConstant(t, 0), one = s.intConstant(t, 1);
  Value lower = s.create<arith::ConstantIndexOp>(0);
  Value upper = s.create<arith::ConstantIndexOp>(width);
  Value step = s.create<arith::ConstantIndexOp>(1);
  auto loop = s.b.create<scf::ForOp>(
      s.loc, lower, upper, step, ValueRange{one, base, exponent},
      [&](OpBuilder &b, Location l, Value, ValueRange iter) {
        Value result = iter[0], square = iter[1], e = iter[2];
        Value c1 = b.create<arith::ConstantOp>(l, b.getIntegerAttr(t, 1));
        Value c0 = b.create<arith::ConstantOp>(l, b.getIntegerAttr(t, 0));
        Value bit = b.create<arith::AndIOp>(l, e, c1);
        Value odd = b.create<arith::CmpIOp>(l, arith::CmpIPredicate::ne, bit, c0);
        Value product = b.create<arith::MulIOp>(l, result, square);
        result = b.create<arith::SelectOp>(l, odd, product, result);
        square = b.create<arith::MulIOp>(l, square, square);
        e = b.create<arith::ShRUIOp>(l, e, c1);
        b.create<scf::YieldOp>(l, ValueRange{result, square, e});
      });
  Value result = loop.getResult(0);
  if (isUnsigned || width == 1)
    return result;
  Value minusOne = s.intConstant(t, -1);
  Value negative = s.create<arith::CmpIOp>(arith::CmpIPredicate::slt, exponent, zero);
  Value odd = s.create<arith::CmpIOp>(arith::CmpIPredicate::ne,
                                      s.create<arith::AndIOp>(exponent, one), zero);
  Value isOne = s.create<arith::CmpIOp>(arith::CmpIPredicate::eq, base, one);
  Value isMinusOne = s.create<arith::CmpIOp>(arith::CmpIPredicate::eq, base, minusOne);
  Value onNegative = s.create<arith::SelectOp>(
      isOne, one,
      s.create<arith::SelectOp>(isMinusOne,
                                s.create<arith::SelectOp>(odd, minusOne, one), zero));
  return s.create<arith::SelectOp>(negative, onNegative, result);
}

/// Lexicographic (real part first) maximum or minimum of complex numbers.
Value buildComplexMaxMin(ScalarBuilder &s, Value a, Value b, bool maximum) {
  Value ra = s.create<complex::ReOp>(a), rb = s.create<complex::ReOp>(b);
  Value ia = s.create<complex::ImOp>(a), ib = s.create<complex::ImOp>(b);
  using P = arith::CmpFPredicate;
  Value realsDiffer = s.create<arith::CmpFOp>(P::UNE, ra, rb);
  Value byReal = s.create<arith::CmpFOp>(maximum ? P::OGT : P::OLT, ra, rb);
  Value byImag = s.create<arith::CmpFOp>(maximum ? P::OGE : P::OLE, ia, ib);
  Value pickA = s.create<arith::SelectOp>(realsDiffer, byReal, byImag);
  return s.create<arith::SelectOp>(pickA, a, b);
}

static Value complexConstant(ScalarBuilder &s, ComplexType type, double re, double im) {
  Type part = type.getElementType();
  return s.create<complex::CreateOp>(type, s.constant(part, re), s.constant(part, im));
}

/// atan2(y, x) = -i * log((x + i * y) / sqrt(x^2 + y^2)).
Value buildComplexAtan2(ScalarBuilder &s, Value y, Value x) {
  auto type = cast<ComplexType>(x.getType());
  Value i = complexConstant(s, type, 0.0, 1.0);
  Value minusI = complexConstant(s, type, -0.0, -1.0);
  Value numerator = s.create<complex::AddOp>(x, s.create<complex::MulOp>(i, y));
  Value sumOfSquares = s.create<complex::AddOp>(s.create<complex::MulOp>(x, x),
                                                s.create<complex::MulOp>(y, y));
  Value quotient = s.create<complex::DivOp>(numerator, s.create<complex::SqrtOp>(sumOfSquares));
  return s.create<complex::MulOp>(minusI, s.create<complex::LogOp>(quotient));
}

/// 1 / (1 + exp(-x)).
Value buildComplexLogistic(ScalarBuilder &s, Value x) {
  auto type = cast<ComplexType>(x.getType());
  Value one = complexConstant(s, type, 1.0, 0.0);
  Value denominator =
      s.create<complex::AddOp>(one, s.create<complex::ExpOp>(s.create<complex::NegOp>(x)));
  return s.create<complex::DivOp>(one, denominator);
}

/// The principal cube root: exp(log(x) / 3).
Value buildComplexCbrt(ScalarBuilder &s, Value x) {
  auto type = cast<ComplexType>(x.getType());
  Type part = type.getElementType();
  Value log = s.create<complex::LogOp>(x);
  Value three = s.constant(part, 3.0);
  Value third = s.create<complex::CreateOp>(
      type, s.create<arith::DivFOp>(s.create<complex::ReOp>(log), three),
      s.create<arith::DivFOp>(s.create<complex::ImOp>(log), three));
  return s.create<complex::ExpOp>(third);
}

} // namespace oxla
