//===- ElementwisePatterns.cpp - Elementwise StableHLO ops to linalg ------===//
//
// Every elementwise op becomes one linalg.generic over the result's index
// space whose body is `ScalarLowering<Op>::build`. Scalar operands of
// select/clamp are read through a constant indexing map. The integer and
// float semantics match the interpreter's (docs/interpreter.md, Numerics):
// wrapping integers, XLA's division by zero, saturating float->int convert,
// narrow floats computed in f32.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/StableHLOToLinalg/Patterns.h"
#include "compiler/Conversion/StableHLOToLinalg/ScalarBuilder.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

#include <cmath>
#include <limits>

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace oxla {

// ElementwisePatterns2.cpp.
Value buildIntegerPower(ScalarBuilder &s, Value base, Value exponent, bool isUnsigned);
Value buildComplexMaxMin(ScalarBuilder &s, Value a, Value b, bool maximum);
Value buildComplexAtan2(ScalarBuilder &s, Value y, Value x);
Value buildComplexLogistic(ScalarBuilder &s, Value x);
Value buildComplexCbrt(ScalarBuilder &s, Value x);

//===- ScalarBuilder -------------------------------------------------------===//

Value ScalarBuilder::constant(Type type, double value) {
  if (auto floatType = dyn_cast<FloatType>(type))
    return b.create<arith::ConstantOp>(loc, b.getFloatAttr(floatType, value));
  return intConstant(type, static_cast<int64_t>(value));
}

Value ScalarBuilder::intConstant(Type type, int64_t value) {
  return b.create<arith::ConstantOp>(loc, b.getIntegerAttr(type, value));
}

Value ScalarBuilder::widen(Value x) {
  if (!isNarrowFloat(x.getType()))
    return x;
  return b.create<arith::ExtFOp>(loc, b.getF32Type(), x);
}

Value ScalarBuilder::narrow(Value x, Type type) {
  if (x.getType() == type)
    return x;
  return b.create<arith::TruncFOp>(loc, type, x);
}

namespace {

bool isInteger(Type type) { return isa<IntegerType>(type); }
bool isBool(Type type) { return type.isInteger(1); }
bool isFloat(Type type) { return isa<FloatType>(type); }
bool isComplex(Type type) { return isa<ComplexType>(type); }

/// The op that fits the element type; `Unsupported` (void) for none.
template <typename SignedOp, typename UnsignedOp, typename FloatOp,
          typename ComplexOp = void>
Value arithmetic(ScalarBuilder &s, ValueRange a) {
  Type t = s.resultType;
  if (isInteger(t)) {
    if (isUnsignedInteger(t))
      return s.create<UnsignedOp>(a[0], a[1]);
    return s.create<SignedOp>(a[0], a[1]);
  }
  if (isFloat(t))
    return s.inWideFloat(t, a, [&](ValueRange w) { return s.create<FloatOp>(w[0], w[1]); });
  if constexpr (!std::is_void_v<ComplexOp>)
    if (isComplex(t))
      return s.create<ComplexOp>(a[0], a[1]);
  return {};
}

/// Applies `fn` to complex<f32> operands as complex<f64> and rounds the
/// result's parts once, as the interpreter computes complex<f32> functions.
template <typename Fn>
Value inWideComplex(ScalarBuilder &s, ValueRange args, Fn &&fn) {
  auto type = dyn_cast<ComplexType>(args[0].getType());
  if (!type || !type.getElementType().isF32())
    return fn(args);
  Type f64 = s.b.getF64Type();
  auto wideType = ComplexType::get(f64);
  SmallVector<Value, 2> wide;
  for (Value arg : args) {
    Value re = s.create<arith::ExtFOp>(f64, s.create<complex::ReOp>(arg));
    Value im = s.create<arith::ExtFOp>(f64, s.create<complex::ImOp>(arg));
    wide.push_back(s.create<complex::CreateOp>(wideType, re, im));
  }
  Value result = fn(ValueRange(wide));
  Type f32 = type.getElementType();
  Value re = s.create<arith::TruncFOp>(f32, s.create<complex::ReOp>(result));
  Value im = s.create<arith::TruncFOp>(f32, s.create<complex::ImOp>(result));
  return s.create<complex::CreateOp>(type, re, im);
}

/// A float (or complex) function of one argument; complex<f32> is computed
/// as complex<f64> unless `wideComplex` is false.
template <typename FloatOp, typename ComplexOp = void, bool wideComplex = true>
Value unaryMath(ScalarBuilder &s, ValueRange a) {
  Type t = s.resultType;
  if (isFloat(t))
    return s.inWideFloat(t, a, [&](ValueRange w) { return s.create<FloatOp>(w[0]); });
  if constexpr (!std::is_void_v<ComplexOp>)
    if (isComplex(t)) {
      if (!wideComplex)
        return s.create<ComplexOp>(a[0]);
      return inWideComplex(s, a, [&](ValueRange w) { return s.create<ComplexOp>(w[0]); });
    }
  return {};
}

/// x as f64 (narrow floats through f32) and back, rounding once.
Value floatToF64(ScalarBuilder &s, Value x) {
  x = s.widen(x);
  return x.getType().isF64() ? x : s.create<arith::ExtFOp>(s.b.getF64Type(), x);
}
Value f64ToFloat(ScalarBuilder &s, Value x, Type type) {
  if (type.isF64())
    return x;
  return s.narrow(s.create<arith::TruncFOp>(s.b.getF32Type(), x), type);
}

} // namespace

/// Lowers one element of `OpTy`; a null Value means "not for these types".
template <typename OpTy> struct ScalarLowering;

#define OXLA_SCALAR(OP)                                                        \
  template <> struct ScalarLowering<hlo::OP> {                                 \
    static Value build(ScalarBuilder &s, ValueRange a, hlo::OP op);            \
  };                                                                           \
  Value ScalarLowering<hlo::OP>::build(ScalarBuilder &s, ValueRange a,         \
                                       [[maybe_unused]] hlo::OP op)

//===- Arithmetic ----------------------------------------------------------===//

OXLA_SCALAR(AddOp) {
  if (isBool(s.resultType))
    return s.create<arith::OrIOp>(a[0], a[1]);
  return arithmetic<arith::AddIOp, arith::AddIOp, arith::AddFOp, complex::AddOp>(s, a);
}

OXLA_SCALAR(SubtractOp) {
  return arithmetic<arith::SubIOp, arith::SubIOp, arith::SubFOp, complex::SubOp>(s, a);
}

OXLA_SCALAR(MulOp) {
  if (isBool(s.resultType))
    return s.create<arith::AndIOp>(a[0], a[1]);
  return arithmetic<arith::MulIOp, arith::MulIOp, arith::MulFOp, complex::MulOp>(s, a);
}

/// XLA's integer division: x / 0 is -1 (all bits set), INT_MIN / -1 is
/// INT_MIN; x % 0 is x, INT_MIN % -1 is 0.
static Value integerDivision(ScalarBuilder &s, ValueRange a, bool remainder) {
  Type t = a[0].getType();
  Value zero = s.intConstant(t, 0), one = s.intConstant(t, 1);
  Value byZero = s.create<arith::CmpIOp>(arith::CmpIPredicate::eq, a[1], zero);
  if (isUnsignedInteger(s.resultType)) {
    Value divisor = s.create<arith::SelectOp>(byZero, one, a[1]);
    Value q = remainder ? s.create<arith::RemUIOp>(a[0], divisor)
                        : s.create<arith::DivUIOp>(a[0], divisor);
    Value onZero = remainder ? a[0] : s.intConstant(t, -1);
    return s.create<arith::SelectOp>(byZero, onZero, q);
  }
  unsigned width = t.getIntOrFloatBitWidth();
  Value minValue = s.create<arith::ConstantOp>(
      s.b.getIntegerAttr(t, APInt::getSignedMinValue(width)));
  Value minusOne = s.intConstant(t, -1);
  Value overflow = s.create<arith::AndIOp>(
      s.create<arith::CmpIOp>(arith::CmpIPredicate::eq, a[0], minValue),
      s.create<arith::CmpIOp>(arith::CmpIPredicate::eq, a[1], minusOne));
  Value unsafe = s.create<arith::OrIOp>(byZero, overflow);
  Value divisor = s.create<arith::SelectOp>(unsafe, one, a[1]);
  Value q = remainder ? s.create<arith::RemSIOp>(a[0], divisor)
                      : s.create<arith::DivSIOp>(a[0], divisor);
  Value onOverflow = remainder ? zero : minValue;
  Value onZero = remainder ? a[0] : minusOne;
  return s.create<arith::SelectOp>(
      byZero, onZero, s.create<arith::SelectOp>(overflow, onOverflow, q));
}

OXLA_SCALAR(DivOp) {
  if (isInteger(s.resultType))
    return integerDivision(s, a, /*remainder=*/false);
  return arithmetic<arith::DivSIOp, arith::DivUIOp, arith::DivFOp, complex::DivOp>(s, a);
}

OXLA_SCALAR(RemOp) {
  if (isInteger(s.resultType))
    return integerDivision(s, a, /*remainder=*/true);
  return arithmetic<arith::RemSIOp, arith::RemUIOp, arith::RemFOp>(s, a);
}

OXLA_SCALAR(MaxOp) {
  // maximumf propagates NaN and orders -0 below +0, as the spec wants.
  if (isComplex(s.resultType))
    return buildComplexMaxMin(s, a[0], a[1], /*maximum=*/true);
  return arithmetic<arith::MaxSIOp, arith::MaxUIOp, arith::MaximumFOp>(s, a);
}

OXLA_SCALAR(MinOp) {
  if (isComplex(s.resultType))
    return buildComplexMaxMin(s, a[0], a[1], /*maximum=*/false);
  return arithmetic<arith::MinSIOp, arith::MinUIOp, arith::MinimumFOp>(s, a);
}

OXLA_SCALAR(AndOp) { return s.create<arith::AndIOp>(a[0], a[1]); }
OXLA_SCALAR(OrOp) { return s.create<arith::OrIOp>(a[0], a[1]); }
OXLA_SCALAR(XorOp) { return s.create<arith::XOrIOp>(a[0], a[1]); }

OXLA_SCALAR(NotOp) {
  Type t = a[0].getType();
  return s.create<arith::XOrIOp>(a[0], s.intConstant(t, -1));
}

OXLA_SCALAR(NegOp) {
  Type t = s.resultType;
  if (isInteger(t))
    return s.create<arith::SubIOp>(s.intConstant(a[0].getType(), 0), a[0]);
  return unaryMath<arith::NegFOp, complex::NegOp>(s, a);
}

OXLA_SCALAR(AbsOp) {
  Type t = s.operandTypes[0];
  if (isInteger(t))
    return s.create<math::AbsIOp>(a[0]);
  if (isComplex(t))
    return s.create<complex::AbsOp>(a[0]);
  return unaryMath<math::AbsFOp>(s, a);
}

/// Shifts by the bit width or more (or by a negative amount, which is the
/// same unsigned) give 0, or the sign fill for the arithmetic right shift.
static Value shift(ScalarBuilder &s, ValueRange a, bool left, bool arithmeticShift) {
  Type t = a[0].getType();
  unsigned width = t.getIntOrFloatBitWidth();
  Value widthValue = s.intConstant(t, width);
  Value tooFar = s.create<arith::CmpIOp>(arith::CmpIPredicate::uge, a[1], widthValue);
  Value amount = s.create<arith::SelectOp>(tooFar, s.intConstant(t, 0), a[1]);
  if (left)
    return s.create<arith::SelectOp>(tooFar, s.intConstant(t, 0),
                                     s.create<arith::ShLIOp>(a[0], amount));
  if (!arithmeticShift)
    return s.create<arith::SelectOp>(tooFar, s.intConstant(t, 0),
                                     s.create<arith::ShRUIOp>(a[0], amount));
  Value signFill = s.create<arith::ShRSIOp>(a[0], s.intConstant(t, width - 1));
  return s.create<arith::SelectOp>(tooFar, signFill,
                                   s.create<arith::ShRSIOp>(a[0], amount));
}

OXLA_SCALAR(ShiftLeftOp) { return shift(s, a, true, false); }
OXLA_SCALAR(ShiftRightLogicalOp) { return shift(s, a, false, false); }
OXLA_SCALAR(ShiftRightArithmeticOp) { return shift(s, a, false, true); }

OXLA_SCALAR(PopulationCountOp) { return s.create<math::CtPopOp>(a[0]); }
OXLA_SCALAR(ClzOp) { return s.create<math::CountLeadingZerosOp>(a[0]); }

//===- Transcendental and rounding -----------------------------------------===//

OXLA_SCALAR(ExpOp) { return unaryMath<math::ExpOp, complex::ExpOp>(s, a); }
/// expm1 and log1p in f64 (the LLVM lowering of math.expm1/log1p is
/// exp(x) - 1 and log(1 + x), which cancel near 0): expm1 by its Taylor
/// series for |x| < 1/2, log1p as log(u) * x / (u - 1), u = 1 + x.
OXLA_SCALAR(Expm1Op) {
  Type t = s.resultType;
  if (isComplex(t))
    return s.create<complex::Expm1Op>(a[0]);
  if (!isFloat(t))
    return {};
  Value x = floatToF64(s, a[0]);
  Type f64 = x.getType();
  Value series = s.constant(f64, 1.0);
  for (int n = 18; n >= 2; --n)
    series = s.create<arith::AddFOp>(
        s.constant(f64, 1.0),
        s.create<arith::DivFOp>(s.create<arith::MulFOp>(x, series), s.constant(f64, n)));
  series = s.create<arith::MulFOp>(x, series);
  Value direct = s.create<arith::SubFOp>(s.create<math::ExpOp>(x), s.constant(f64, 1.0));
  Value small = s.create<arith::CmpFOp>(arith::CmpFPredicate::OLT,
                                        s.create<math::AbsFOp>(x), s.constant(f64, 0.5));
  return f64ToFloat(s, s.create<arith::SelectOp>(small, series, direct), t);
}
OXLA_SCALAR(LogOp) { return unaryMath<math::LogOp, complex::LogOp>(s, a); }
OXLA_SCALAR(Log1pOp) {
  Type t = s.resultType;
  if (isComplex(t))
    return s.create<complex::Log1pOp>(a[0]);
  if (!isFloat(t))
    return {};
  Value x = floatToF64(s, a[0]);
  Type f64 = x.getType();
  Value one = s.constant(f64, 1.0);
  Value u = s.create<arith::AddFOp>(one, x);
  Value r = s.create<arith::DivFOp>(s.create<arith::MulFOp>(s.create<math::LogOp>(u), x),
                                    s.create<arith::SubFOp>(u, one));
  Value inf = s.constant(f64, std::numeric_limits<double>::infinity());
  r = s.create<arith::SelectOp>(
      s.create<arith::CmpFOp>(arith::CmpFPredicate::OEQ, u, inf), u, r);
  r = s.create<arith::SelectOp>(
      s.create<arith::CmpFOp>(arith::CmpFPredicate::OEQ, u, one), x, r);
  return f64ToFloat(s, r, t);
}
OXLA_SCALAR(SqrtOp) { return unaryMath<math::SqrtOp, complex::SqrtOp>(s, a); }
OXLA_SCALAR(RsqrtOp) { return unaryMath<math::RsqrtOp, complex::RsqrtOp>(s, a); }
OXLA_SCALAR(CbrtOp) {
  if (isComplex(s.resultType))
    return inWideComplex(s, a, [&](ValueRange w) { return buildComplexCbrt(s, w[0]); });
  return unaryMath<math::CbrtOp>(s, a);
}
OXLA_SCALAR(SineOp) { return unaryMath<math::SinOp, complex::SinOp>(s, a); }
OXLA_SCALAR(CosineOp) { return unaryMath<math::CosOp, complex::CosOp>(s, a); }
OXLA_SCALAR(TanOp) { return unaryMath<math::TanOp, complex::TanOp>(s, a); }
OXLA_SCALAR(TanhOp) { return unaryMath<math::TanhOp, complex::TanhOp>(s, a); }
OXLA_SCALAR(FloorOp) { return unaryMath<math::FloorOp>(s, a); }
OXLA_SCALAR(CeilOp) { return unaryMath<math::CeilOp>(s, a); }
OXLA_SCALAR(RoundOp) { return unaryMath<math::RoundOp>(s, a); }
OXLA_SCALAR(RoundNearestEvenOp) { return unaryMath<math::RoundEvenOp>(s, a); }

OXLA_SCALAR(Atan2Op) {
  if (isComplex(s.resultType))
    return inWideComplex(s, a, [&](ValueRange w) { return buildComplexAtan2(s, w[0], w[1]); });
  if (!isFloat(s.resultType))
    return {};
  return s.inWideFloat(s.resultType, a, [&](ValueRange w) {
    return s.create<math::Atan2Op>(w[0], w[1]);
  });
}

OXLA_SCALAR(PowOp) {
  if (isFloat(s.resultType))
    return s.inWideFloat(s.resultType, a, [&](ValueRange w) {
      return s.create<math::PowFOp>(w[0], w[1]);
    });
  if (isComplex(s.resultType))
    return inWideComplex(s, a, [&](ValueRange w) { return s.create<complex::PowOp>(w[0], w[1]); });
  if (isInteger(s.resultType) && !isBool(s.resultType))
    return buildIntegerPower(s, a[0], a[1], isUnsignedInteger(s.resultType));
  return {};
}

OXLA_SCALAR(LogisticOp) {
  // 1 / (1 + exp(-x)), in the widened type.
  if (isComplex(s.resultType))
    return inWideComplex(s, a, [&](ValueRange w) { return buildComplexLogistic(s, w[0]); });
  if (!isFloat(s.resultType))
    return {};
  return s.inWideFloat(s.resultType, a, [&](ValueRange w) {
    Type t = w[0].getType();
    Value negated = s.create<arith::NegFOp>(w[0]);
    Value one = s.constant(t, 1.0);
    Value denominator = s.create<arith::AddFOp>(one, s.create<math::ExpOp>(negated));
    return s.create<arith::DivFOp>(one, denominator);
  });
}

OXLA_SCALAR(SignOp) {
  Type t = s.resultType;
  if (isInteger(t)) {
    // (x > 0) - (x < 0)
    Type it = a[0].getType();
    Value zero = s.intConstant(it, 0);
    Value positive = s.create<arith::ExtUIOp>(
        it, s.create<arith::CmpIOp>(arith::CmpIPredicate::sgt, a[0], zero));
    Value negative = s.create<arith::ExtUIOp>(
        it, s.create<arith::CmpIOp>(arith::CmpIPredicate::slt, a[0], zero));
    return s.create<arith::SubIOp>(positive, negative);
  }
  if (auto complexType = dyn_cast<ComplexType>(t)) {
    // z / |z| in the part type; 0 stays 0, a NaN part gives (NaN, NaN).
    Type part = complexType.getElementType();
    if (!part.isF32() && !part.isF64())
      return {};
    Value re = s.create<complex::ReOp>(a[0]), im = s.create<complex::ImOp>(a[0]);
    Value re64 = floatToF64(s, re), im64 = floatToF64(s, im);
    Type f64 = re64.getType();
    Value m = s.create<arith::MaximumFOp>(s.create<math::AbsFOp>(re64),
                                          s.create<math::AbsFOp>(im64));
    // Scaled by a power of two away from overflow and underflow.
    Value scale = s.create<arith::SelectOp>(
        s.create<arith::CmpFOp>(arith::CmpFPredicate::OGT, m, s.constant(f64, 1e150)),
        s.constant(f64, std::ldexp(1.0, -600)),
        s.create<arith::SelectOp>(
            s.create<arith::CmpFOp>(arith::CmpFPredicate::OLT, m, s.constant(f64, 1e-150)),
            s.constant(f64, std::ldexp(1.0, 600)), s.constant(f64, 1.0)));
    Value rs = s.create<arith::MulFOp>(re64, scale), is = s.create<arith::MulFOp>(im64, scale);
    Value magnitude = s.create<arith::DivFOp>(
        s.create<math::SqrtOp>(s.create<arith::AddFOp>(s.create<arith::MulFOp>(rs, rs),
                                                        s.create<arith::MulFOp>(is, is))),
        scale);
    magnitude = f64ToFloat(s, magnitude, part);
    Value zero = s.constant(part, 0.0);
    Value isZero = s.create<arith::AndIOp>(
        s.create<arith::CmpFOp>(arith::CmpFPredicate::OEQ, re, zero),
        s.create<arith::CmpFOp>(arith::CmpFPredicate::OEQ, im, zero));
    Value anyNaN = s.create<arith::CmpFOp>(arith::CmpFPredicate::UNO, re, im);
    Value nan = s.constant(part, std::numeric_limits<double>::quiet_NaN());
    Value one = s.constant(part, 1.0);
    Value divisor = s.create<arith::SelectOp>(isZero, one, magnitude);
    Value outRe = s.create<arith::DivFOp>(re, divisor);
    Value outIm = s.create<arith::DivFOp>(im, divisor);
    outRe = s.create<arith::SelectOp>(anyNaN, nan, outRe);
    outIm = s.create<arith::SelectOp>(anyNaN, nan, outIm);
    return s.create<complex::CreateOp>(t, outRe, outIm);
  }
  if (!isFloat(t))
    return {};
  return s.inWideFloat(t, a, [&](ValueRange w) -> Value {
    // NaN stays NaN, +-0 stays +-0, others become +-1.
    Type ft = w[0].getType();
    Value zero = s.constant(ft, 0.0);
    Value one = s.create<math::CopySignOp>(s.constant(ft, 1.0), w[0]);
    Value isZeroOrNaN = s.create<arith::CmpFOp>(arith::CmpFPredicate::UEQ, w[0], zero);
    return s.create<arith::SelectOp>(isZeroOrNaN, w[0], one);
  });
}

/// Rounds the mantissa to mantissa_bits (nearest, ties to even) and clamps
/// the exponent range to exponent_bits, on the bits of the f32 (narrow
/// floats) or f64 value; NaNs stay NaN (with no mantissa bits, infinity, as
/// the interpreter does).
OXLA_SCALAR(ReducePrecisionOp) {
  Type t = s.resultType;
  if (!isFloat(t))
    return {};
  Value x = s.widen(a[0]);
  Type ft = x.getType();
  if (!ft.isF32() && !ft.isF64())
    return {};
  bool isDouble = ft.isF64();
  unsigned width = isDouble ? 64 : 32, srcMantissa = isDouble ? 52 : 23,
           srcExponent = isDouble ? 11 : 8;
  unsigned exponentBits = op.getExponentBits(), mantissaBits = op.getMantissaBits();
  Type it = s.b.getIntegerType(width);
  auto c = [&](uint64_t v) {
    uint64_t mask = width == 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
    return s.create<arith::ConstantOp>(s.b.getIntegerAttr(it, APInt(width, v & mask)));
  };
  uint64_t expMask = ((uint64_t(1) << srcExponent) - 1) << srcMantissa;
  uint64_t mantissaMask = (uint64_t(1) << srcMantissa) - 1;
  Value original = s.create<arith::BitcastOp>(it, x);
  Value bits = original;
  if (mantissaBits < srcMantissa) {
    unsigned drop = srcMantissa - mantissaBits;
    uint64_t lastKept = uint64_t(1) << drop;
    Value odd = s.create<arith::ShRUIOp>(s.create<arith::AndIOp>(bits, c(lastKept)), c(drop));
    Value bias = s.create<arith::AddIOp>(c((lastKept >> 1) - 1), odd);
    bits = s.create<arith::AndIOp>(s.create<arith::AddIOp>(bits, bias), c(~(lastKept - 1)));
  }
  if (exponentBits < srcExponent) {
    Value sign = s.create<arith::AndIOp>(bits, c(uint64_t(1) << (width - 1)));
    Value exponent = s.create<arith::AndIOp>(bits, c(expMask));
    int64_t bias = (int64_t(1) << (srcExponent - 1)) - 1;
    int64_t reducedBias = (int64_t(1) << (exponentBits - 1)) - 1;
    Value maxExponent = c(uint64_t(bias + reducedBias) << srcMantissa);
    Value minExponent = c(uint64_t(bias - reducedBias) << srcMantissa);
    Value overflow = s.create<arith::CmpIOp>(arith::CmpIPredicate::ugt, exponent, maxExponent);
    Value underflow = s.create<arith::CmpIOp>(arith::CmpIPredicate::ule, exponent, minExponent);
    bits = s.create<arith::SelectOp>(underflow, sign, bits);
    bits = s.create<arith::SelectOp>(overflow, s.create<arith::OrIOp>(sign, c(expMask)), bits);
  }
  Value isNaN = s.create<arith::CmpFOp>(arith::CmpFPredicate::UNO, x, x);
  Value nanBits = mantissaBits > 0 ? original
                                   : s.create<arith::AndIOp>(original, c(~mantissaMask));
  bits = s.create<arith::SelectOp>(isNaN, nanBits, bits);
  return s.narrow(s.create<arith::BitcastOp>(ft, bits), t);
}

OXLA_SCALAR(IsFiniteOp) {
  Value x = s.widen(a[0]);
  Value magnitude = s.create<math::AbsFOp>(x);
  Value infinity = s.create<arith::ConstantOp>(s.b.getFloatAttr(
      x.getType(), APFloat::getInf(cast<FloatType>(x.getType()).getFloatSemantics())));
  // Ordered "less than" is false for NaN and for infinities.
  return s.create<arith::CmpFOp>(arith::CmpFPredicate::OLT, magnitude, infinity);
}

OXLA_SCALAR(RealOp) {
  if (isComplex(s.operandTypes[0]))
    return s.create<complex::ReOp>(a[0]);
  return a[0];
}

OXLA_SCALAR(ImagOp) {
  if (isComplex(s.operandTypes[0]))
    return s.create<complex::ImOp>(a[0]);
  return s.constant(a[0].getType(), 0.0);
}

OXLA_SCALAR(ComplexOp) {
  return s.create<complex::CreateOp>(s.resultType, a[0], a[1]);
}

//===- compare, select, clamp ---------------------------------------------===//

/// A float as an integer that orders like the spec's total order:
/// -NaN < -Inf < ... < -0 < +0 < ... < +Inf < +NaN.
static Value totalOrderKey(ScalarBuilder &s, Value x) {
  unsigned width = x.getType().getIntOrFloatBitWidth();
  Type it = s.b.getIntegerType(width);
  Value bits = s.create<arith::BitcastOp>(it, x);
  // Negative values: flip the magnitude bits so that larger magnitudes
  // order lower.
  Value sign = s.create<arith::ShRSIOp>(bits, s.intConstant(it, width - 1));
  Value magnitudeMask = s.create<arith::ShRUIOp>(sign, s.intConstant(it, 1));
  return s.create<arith::XOrIOp>(bits, magnitudeMask);
}

OXLA_SCALAR(CompareOp) {
  using Dir = hlo::ComparisonDirection;
  Dir direction = op.getComparisonDirection();
  Type t = s.operandTypes[0];
  std::optional<hlo::ComparisonType> compareType = op.getCompareType();
  if (isInteger(t) || (isFloat(t) && compareType == hlo::ComparisonType::TOTALORDER)) {
    bool isUnsigned = isUnsignedInteger(t);
    if (compareType == hlo::ComparisonType::UNSIGNED)
      isUnsigned = true;
    else if (compareType == hlo::ComparisonType::SIGNED)
      isUnsigned = false;
    Value lhs = a[0], rhs = a[1];
    if (isFloat(t)) {
      lhs = totalOrderKey(s, lhs);
      rhs = totalOrderKey(s, rhs);
      isUnsigned = false;
    }
    using P = arith::CmpIPredicate;
    P predicate;
    switch (direction) {
    case Dir::EQ: predicate = P::eq; break;
    case Dir::NE: predicate = P::ne; break;
    case Dir::LT: predicate = isUnsigned ? P::ult : P::slt; break;
    case Dir::LE: predicate = isUnsigned ? P::ule : P::sle; break;
    case Dir::GT: predicate = isUnsigned ? P::ugt : P::sgt; break;
    case Dir::GE: predicate = isUnsigned ? P::uge : P::sge; break;
    }
    return s.create<arith::CmpIOp>(predicate, lhs, rhs);
  }
  if (isFloat(t)) {
    using P = arith::CmpFPredicate;
    P predicate;
    switch (direction) {
    case Dir::EQ: predicate = P::OEQ; break;
    case Dir::NE: predicate = P::UNE; break;
    case Dir::LT: predicate = P::OLT; break;
    case Dir::LE: predicate = P::OLE; break;
    case Dir::GT: predicate = P::OGT; break;
    case Dir::GE: predicate = P::OGE; break;
    }
    // Comparing in the wide type gives the same answer: widening is exact.
    return s.create<arith::CmpFOp>(predicate, s.widen(a[0]), s.widen(a[1]));
  }
  if (isComplex(t) && (direction == Dir::EQ || direction == Dir::NE)) {
    if (direction == Dir::EQ)
      return s.create<complex::EqualOp>(a[0], a[1]);
    return s.create<complex::NotEqualOp>(a[0], a[1]);
  }
  return {};
}

OXLA_SCALAR(SelectOp) { return s.create<arith::SelectOp>(a[0], a[1], a[2]); }

OXLA_SCALAR(ClampOp) {
  // min(max(operand, min), max), with the semantics of maximum/minimum.
  Type t = s.resultType;
  if (isInteger(t)) {
    bool isUnsigned = isUnsignedInteger(t);
    Value lower = isUnsigned ? s.create<arith::MaxUIOp>(a[1], a[0])
                             : s.create<arith::MaxSIOp>(a[1], a[0]);
    return isUnsigned ? s.create<arith::MinUIOp>(lower, a[2])
                      : s.create<arith::MinSIOp>(lower, a[2]);
  }
  if (!isFloat(t))
    return {};
  return s.inWideFloat(t, a, [&](ValueRange w) {
    Value lower = s.create<arith::MaximumFOp>(w[1], w[0]);
    return s.create<arith::MinimumFOp>(lower, w[2]);
  });
}

//===- convert -------------------------------------------------------------===//

/// Float to integer: NaN gives 0, out-of-range values saturate, the rest
/// truncate toward zero (the interpreter's rule).
static Value floatToInteger(ScalarBuilder &s, Value x, Type to, bool isUnsigned) {
  unsigned width = to.getIntOrFloatBitWidth();
  // 2^width and 2^(width-1) are exact in f32 and f64; narrow sources widen.
  x = s.widen(x);
  Type ft = x.getType();
  if (ft.getIntOrFloatBitWidth() < 64 && width > 64)
    return {};
  Value converted = isUnsigned ? s.create<arith::FPToUIOp>(to, x)
                               : s.create<arith::FPToSIOp>(to, x);
  APInt maxValue = isUnsigned ? APInt::getMaxValue(width) : APInt::getSignedMaxValue(width);
  APInt minValue = isUnsigned ? APInt::getMinValue(width) : APInt::getSignedMinValue(width);
  double upperBound = std::ldexp(1.0, isUnsigned ? width : width - 1);
  double lowerBound = isUnsigned ? -1.0 : -upperBound;
  Value tooLarge = s.create<arith::CmpFOp>(arith::CmpFPredicate::OGE, x,
                                           s.constant(ft, upperBound));
  Value tooSmall = s.create<arith::CmpFOp>(
      isUnsigned ? arith::CmpFPredicate::OLE : arith::CmpFPredicate::OLT, x,
      s.constant(ft, lowerBound));
  Value isNaN = s.create<arith::CmpFOp>(arith::CmpFPredicate::UNO, x, x);
  Value maxConstant = s.create<arith::ConstantOp>(s.b.getIntegerAttr(to, maxValue));
  Value minConstant = s.create<arith::ConstantOp>(s.b.getIntegerAttr(to, minValue));
  Value result = s.create<arith::SelectOp>(tooLarge, maxConstant, converted);
  result = s.create<arith::SelectOp>(tooSmall, minConstant, result);
  return s.create<arith::SelectOp>(isNaN, s.intConstant(to, 0), result);
}

static Value convertScalar(ScalarBuilder &s, Value x, Type from, Type to) {
  Type signlessTo = toSignless(to);
  if (from == to)
    return x;
  if (isComplex(from) || isComplex(to)) {
    if (isComplex(from) && isComplex(to)) {
      Type toPart = cast<ComplexType>(to).getElementType();
      Type fromPart = cast<ComplexType>(from).getElementType();
      Value re = convertScalar(s, s.create<complex::ReOp>(x), fromPart, toPart);
      Value im = convertScalar(s, s.create<complex::ImOp>(x), fromPart, toPart);
      return re && im ? s.create<complex::CreateOp>(to, re, im) : Value();
    }
    if (isComplex(from)) // complex -> real keeps the real part
      return convertScalar(s, s.create<complex::ReOp>(x),
                           cast<ComplexType>(from).getElementType(), to);
    Type toPart = cast<ComplexType>(to).getElementType();
    Value re = convertScalar(s, x, from, toPart);
    return re ? s.create<complex::CreateOp>(to, re, s.constant(toPart, 0.0)) : Value();
  }
  if (isBool(to)) {
    if (isInteger(from))
      return s.create<arith::CmpIOp>(arith::CmpIPredicate::ne, x,
                                     s.intConstant(x.getType(), 0));
    return s.create<arith::CmpFOp>(arith::CmpFPredicate::UNE, s.widen(x),
                                   s.constant(s.widen(x).getType(), 0.0));
  }
  if (isInteger(from) && isInteger(to)) {
    unsigned fromWidth = from.getIntOrFloatBitWidth(), toWidth = to.getIntOrFloatBitWidth();
    if (fromWidth == toWidth)
      return x;
    if (fromWidth > toWidth)
      return s.create<arith::TruncIOp>(signlessTo, x);
    if (isUnsignedInteger(from))
      return s.create<arith::ExtUIOp>(signlessTo, x);
    return s.create<arith::ExtSIOp>(signlessTo, x);
  }
  if (isInteger(from) && isFloat(to)) {
    // Narrow targets convert through f64 (exact for up to 53 bits) so that
    // the value is rounded once for the common widths.
    Type via = isNarrowFloat(to) ? s.b.getF64Type() : to;
    Value converted = isUnsignedInteger(from) ? s.create<arith::UIToFPOp>(via, x)
                                              : s.create<arith::SIToFPOp>(via, x);
    return via == to ? converted : s.create<arith::TruncFOp>(to, converted);
  }
  if (isFloat(from) && isInteger(to))
    return floatToInteger(s, x, signlessTo, isUnsignedInteger(to));
  if (isFloat(from) && isFloat(to)) {
    unsigned fromWidth = from.getIntOrFloatBitWidth(), toWidth = to.getIntOrFloatBitWidth();
    if (fromWidth < toWidth || (fromWidth == toWidth && isNarrowFloat(from))) {
      // bf16 <-> f16 and f8 <-> f8 go through f32 (exact widening).
      Value wide = s.widen(x);
      if (wide.getType() == to)
        return wide;
      if (wide.getType().getIntOrFloatBitWidth() < toWidth)
        return s.create<arith::ExtFOp>(to, wide);
      return s.create<arith::TruncFOp>(to, wide);
    }
    return s.create<arith::TruncFOp>(to, x);
  }
  return {};
}

OXLA_SCALAR(ConvertOp) {
  return convertScalar(s, a[0], s.operandTypes[0], s.resultType);
}

#undef OXLA_SCALAR

//===- The linalg.generic shell, shared with the CHLO patterns ---------===//

LogicalResult
lowerElementwiseToGeneric(Operation *op, ValueRange operands,
                          const TypeConverter *converter,
                          ConversionPatternRewriter &rewriter,
                          function_ref<Value(ScalarBuilder &, ValueRange)> element) {
    auto hloResultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!hloResultType)
      return rewriter.notifyMatchFailure(op, "result is not a ranked tensor");
    auto resultType = dyn_cast_or_null<RankedTensorType>(
        converter->convertType(hloResultType));
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    int64_t rank = resultType.getRank();
    Location loc = op->getLoc();

    // The result's dynamic sizes come from the first operand of full rank.
    SmallVector<Value> dynamicSizes;
    Value shapeSource;
    for (Value operand : operands)
      if (cast<RankedTensorType>(operand.getType()).getRank() == rank) {
        shapeSource = operand;
        break;
      }
    for (int64_t d = 0; d < rank; ++d)
      if (resultType.isDynamicDim(d))
        dynamicSizes.push_back(rewriter.create<tensor::DimOp>(loc, shapeSource, d));
    Value init = rewriter.create<tensor::EmptyOp>(loc, resultType.getShape(),
                                                  resultType.getElementType(),
                                                  dynamicSizes);

    SmallVector<AffineMap> maps;
    AffineMap identity = rewriter.getMultiDimIdentityMap(rank);
    for (Value operand : operands) {
      bool scalar = cast<RankedTensorType>(operand.getType()).getRank() == 0;
      maps.push_back(scalar && rank != 0
                         ? AffineMap::get(rank, 0, {}, rewriter.getContext())
                         : identity);
    }
    maps.push_back(identity);
    SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);

    ScalarBuilder scalar{rewriter, loc, hloResultType.getElementType(), {}};
    for (Value operand : op->getOperands())
      scalar.operandTypes.push_back(
          cast<ShapedType>(operand.getType()).getElementType());

    bool failedBody = false;
    auto generic = rewriter.create<linalg::GenericOp>(
        loc, resultType, operands, ValueRange{init}, maps, iterators,
        [&](OpBuilder &builder, Location bodyLoc, ValueRange args) {
          ScalarBuilder body{builder, bodyLoc, scalar.resultType, scalar.operandTypes};
          Value result = element(body, args.drop_back());
          if (!result) {
            failedBody = true;
            result = args.back();
          }
          builder.create<linalg::YieldOp>(bodyLoc, result);
        });
    if (failedBody) {
      rewriter.eraseOp(generic);
      rewriter.eraseOp(init.getDefiningOp());
      return rewriter.notifyMatchFailure(op, "element type not supported");
    }
    rewriter.replaceOp(op, generic.getResults());
    return success();
}

namespace {

//===- The linalg.generic shell -------------------------------------------===//

template <typename OpTy>
struct ElementwiseToLinalg : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return lowerElementwiseToGeneric(
        op, adaptor.getOperands(), this->getTypeConverter(), rewriter,
        [&](ScalarBuilder &s, ValueRange a) { return ScalarLowering<OpTy>::build(s, a, op); });
  }
};

//===- constant ------------------------------------------------------------===//

struct ConstantToArith : public OpConversionPattern<hlo::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto value = dyn_cast<DenseElementsAttr>(op.getValue());
    auto type = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!value || !type)
      return rewriter.notifyMatchFailure(op, "not a dense constant");
    // Same bits, signless element type.
    DenseElementsAttr signless =
        type == value.getType() ? value : value.bitcast(type.getElementType());
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, type, signless);
    return success();
  }
};

} // namespace

void populateElementwiseToLinalgPatterns(TypeConverter &converter,
                                         RewritePatternSet &patterns) {
  patterns.add<ConstantToArith,
               ElementwiseToLinalg<hlo::AbsOp>, ElementwiseToLinalg<hlo::AddOp>,
               ElementwiseToLinalg<hlo::AndOp>, ElementwiseToLinalg<hlo::Atan2Op>,
               ElementwiseToLinalg<hlo::CbrtOp>, ElementwiseToLinalg<hlo::CeilOp>,
               ElementwiseToLinalg<hlo::ClampOp>, ElementwiseToLinalg<hlo::ClzOp>,
               ElementwiseToLinalg<hlo::CompareOp>,
               ElementwiseToLinalg<hlo::ComplexOp>,
               ElementwiseToLinalg<hlo::ConvertOp>,
               ElementwiseToLinalg<hlo::CosineOp>, ElementwiseToLinalg<hlo::DivOp>,
               ElementwiseToLinalg<hlo::ExpOp>, ElementwiseToLinalg<hlo::Expm1Op>,
               ElementwiseToLinalg<hlo::FloorOp>, ElementwiseToLinalg<hlo::ImagOp>,
               ElementwiseToLinalg<hlo::IsFiniteOp>,
               ElementwiseToLinalg<hlo::Log1pOp>, ElementwiseToLinalg<hlo::LogOp>,
               ElementwiseToLinalg<hlo::LogisticOp>,
               ElementwiseToLinalg<hlo::MaxOp>, ElementwiseToLinalg<hlo::MinOp>,
               ElementwiseToLinalg<hlo::MulOp>, ElementwiseToLinalg<hlo::NegOp>,
               ElementwiseToLinalg<hlo::NotOp>, ElementwiseToLinalg<hlo::OrOp>,
               ElementwiseToLinalg<hlo::PopulationCountOp>,
               ElementwiseToLinalg<hlo::PowOp>, ElementwiseToLinalg<hlo::RealOp>,
               ElementwiseToLinalg<hlo::ReducePrecisionOp>,
               ElementwiseToLinalg<hlo::RemOp>, ElementwiseToLinalg<hlo::RoundOp>,
               ElementwiseToLinalg<hlo::RoundNearestEvenOp>,
               ElementwiseToLinalg<hlo::RsqrtOp>,
               ElementwiseToLinalg<hlo::SelectOp>,
               ElementwiseToLinalg<hlo::ShiftLeftOp>,
               ElementwiseToLinalg<hlo::ShiftRightArithmeticOp>,
               ElementwiseToLinalg<hlo::ShiftRightLogicalOp>,
               ElementwiseToLinalg<hlo::SignOp>, ElementwiseToLinalg<hlo::SineOp>,
               ElementwiseToLinalg<hlo::SqrtOp>,
               ElementwiseToLinalg<hlo::SubtractOp>,
               ElementwiseToLinalg<hlo::TanOp>, ElementwiseToLinalg<hlo::TanhOp>,
               ElementwiseToLinalg<hlo::XorOp>>(converter, patterns.getContext());
}

} // namespace oxla
