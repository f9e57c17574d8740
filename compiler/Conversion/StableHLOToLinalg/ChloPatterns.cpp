//===- ChloPatterns.cpp - CHLO ops to linalg -------------------------------===//
//
// The elementwise chlo ops become one linalg.generic each (the shell of
// ElementwisePatterns.cpp). Like the interpreter, real functions are
// computed in f64 and rounded once (through f32 for the narrow floats),
// complex<f32> ones in f64 parts: libm through the math dialect where it has
// the function, formulas in IR otherwise (ChloPatterns2.cpp has the special
// functions). top_k is a stable insertion into the k best (largest, or with
// `largest = false` smallest) of every row, in scf loops.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/StableHLOToLinalg/F64Builder.h"
#include "compiler/Conversion/StableHLOToLinalg/Patterns.h"
#include "compiler/Conversion/StableHLOToLinalg/ScalarBuilder.h"
#include "compiler/Dialect/CHLO/IR/CHLO.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

#include <cmath>
#include <limits>

using namespace mlir;
namespace chlo = oxla::chlo;

namespace oxla {

// ChloPatterns2.cpp: f64 -> f64.
namespace chlo_lowering {
Value erfcF64(OpBuilder &b, Location loc, Value x);
Value erfInvF64(OpBuilder &b, Location loc, Value x);
Value lgammaF64(OpBuilder &b, Location loc, Value x);
Value digammaF64(OpBuilder &b, Location loc, Value x);
Value zetaF64(OpBuilder &b, Location loc, Value s, Value q);
Value polygammaF64(OpBuilder &b, Location loc, Value n, Value x);
Value besselI1eF64(OpBuilder &b, Location loc, Value x);
} // namespace chlo_lowering

namespace {

using chlo_lowering::kInf;
using chlo_lowering::kPi;

/// f64 scalar arithmetic at one insertion point.
using F = chlo_lowering::F64Builder;

bool isFloat(Type type) { return isa<FloatType>(type); }

Value toF64(ScalarBuilder &s, Value x) {
  x = s.widen(x);
  if (x.getType().isF64())
    return x;
  return s.create<arith::ExtFOp>(s.b.getF64Type(), x);
}

/// Rounds an f64 result to `type` (through f32 for the narrow floats, as
/// the interpreter computes them in f32).
Value fromF64(ScalarBuilder &s, Value x, Type type) {
  if (type.isF64())
    return x;
  Value f32 = s.create<arith::TruncFOp>(s.b.getF32Type(), x);
  return s.narrow(f32, type);
}

using RealFn = function_ref<Value(F &, ValueRange)>;
/// (re, im) in f64 -> (re, im) in f64.
using ComplexFn = function_ref<std::pair<Value, Value>(F &, Value, Value)>;

/// A real function computed in f64 and rounded once.
Value realInF64(ScalarBuilder &s, ValueRange a, RealFn fn) {
  Type t = s.resultType;
  if (!isFloat(t) || !isFloat(s.operandTypes[0]))
    return {};
  SmallVector<Value, 2> wide;
  for (Value x : a)
    wide.push_back(toF64(s, x));
  F f{s.b, s.loc};
  return fromF64(s, fn(f, wide), t);
}

/// A complex function computed on f64 parts and rounded once.
Value complexInF64(ScalarBuilder &s, Value z, ComplexFn fn) {
  auto type = dyn_cast<ComplexType>(s.resultType);
  if (!type || !isFloat(type.getElementType()))
    return {};
  Type part = type.getElementType();
  Value re = s.create<complex::ReOp>(z), im = s.create<complex::ImOp>(z);
  if (!part.isF64()) {
    re = s.create<arith::ExtFOp>(s.b.getF64Type(), re);
    im = s.create<arith::ExtFOp>(s.b.getF64Type(), im);
  }
  F f{s.b, s.loc};
  auto [r, i] = fn(f, re, im);
  if (!part.isF64()) {
    r = s.create<arith::TruncFOp>(part, r);
    i = s.create<arith::TruncFOp>(part, i);
  }
  return s.create<complex::CreateOp>(type, r, i);
}

/// Real or complex: `real` for floats, `cplx` for complex types.
Value realOrComplex(ScalarBuilder &s, ValueRange a, RealFn real, ComplexFn cplx) {
  if (isa<ComplexType>(s.resultType))
    return complexInF64(s, a[0], cplx);
  return realInF64(s, a, real);
}

//===- complex asin, acos and their hyperbolic forms ------------------------===//

/// For x, y >= 0: the real parts of asin and acos of x + iy and the
/// magnitude of their imaginary parts (Hull, Fairgrieve and Tang's
/// algorithm: no cancellation near the branch points).
struct AsinParts {
  Value asinReal, acosReal, imag;
};

AsinParts asinParts(F &f, Value x, Value y) {
  Value one = f.c(1);
  Value r = f.hypot(f.add(x, one), y);
  Value s = f.hypot(f.abs(f.sub(x, one)), y);
  Value a = f.mul(f.c(0.5), f.add(r, s));
  Value bRatio = f.div(x, a);
  Value yy = f.mul(y, y);
  Value xle1 = f.le(x, one);
  Value rx1 = f.add(r, f.add(x, one));
  // x <= 1: d = (A + x)/2 (y^2 / (r + x + 1) + s + (1 - x)).
  Value d = f.mul(f.mul(f.c(0.5), f.add(a, x)),
                  f.add(f.div(yy, rx1), f.add(s, f.sub(one, x))));
  Value sqrtD = f.sqrt(d);
  // x > 1: u = y sqrt((A + x)/2 (1 / (r + x + 1) + 1 / (s + x - 1))).
  Value apx = f.add(a, x);
  Value u = f.mul(y, f.sqrt(f.mul(f.c(0.5), f.add(f.div(apx, rx1),
                                                   f.div(apx, f.add(s, f.sub(x, one)))))));
  Value crossover = f.le(bRatio, f.c(0.6417));
  Value asinReal = f.sel(crossover, f.b.create<math::AsinOp>(f.loc, bRatio),
                         f.sel(xle1, f.atan(f.div(x, sqrtD)), f.atan(f.div(x, u))));
  Value acosReal = f.sel(crossover, f.b.create<math::AcosOp>(f.loc, bRatio),
                         f.sel(xle1, f.atan(f.div(sqrtD, x)), f.atan(f.div(u, x))));
  // Imaginary part: log(A + sqrt(A^2 - 1)), near A = 1 as log1p of A - 1.
  Value xlt1 = f.lt(x, one);
  Value am1 = f.mul(f.c(0.5), f.add(f.div(yy, rx1),
                                    f.sel(xlt1, f.div(yy, f.add(s, f.sub(one, x))),
                                          f.add(s, f.sub(x, one)))));
  Value nearOne = f.log1p(f.add(am1, f.sqrt(f.mul(am1, f.add(a, one)))));
  Value far = f.log(f.add(a, f.sqrt(f.sub(f.mul(a, a), one))));
  far = f.sel(f.gt(a, f.c(1e100)), f.add(f.log(a), f.c(std::log(2.0))), far);
  Value imag = f.sel(f.le(a, f.c(1.5)), nearOne, far);
  // Tiny y left of 1: y / sqrt(1 - x^2) (y^2 would underflow).
  Value tinyY = f.b.create<arith::AndIOp>(f.loc, f.lt(y, f.c(1e-100)), xlt1);
  imag = f.sel(tinyY, f.div(y, f.sqrt(f.mul(f.sub(one, x), f.add(one, x)))), imag);
  // Huge |z|: asin(z) ~ -i log(2iz).
  Value huge = f.gt(f.max(x, y), f.c(1e150));
  asinReal = f.sel(huge, f.atan2(x, y), asinReal);
  acosReal = f.sel(huge, f.atan2(y, x), acosReal);
  imag = f.sel(huge, f.add(f.log(f.hypot(x, y)), f.c(std::log(2.0))), imag);
  return {asinReal, acosReal, imag};
}

std::pair<Value, Value> complexAsin(F &f, Value x, Value y) {
  AsinParts p = asinParts(f, f.abs(x), f.abs(y));
  return {f.copysign(p.asinReal, x), f.copysign(p.imag, y)};
}

/// acos's real part in [0, pi] for the sign of x.
Value acosRealPart(F &f, const AsinParts &p, Value x) {
  return f.sel(f.lt(x, f.c(0)), f.sub(f.c(kPi), p.acosReal), p.acosReal);
}

std::pair<Value, Value> complexAcos(F &f, Value x, Value y) {
  AsinParts p = asinParts(f, f.abs(x), f.abs(y));
  return {acosRealPart(f, p, x), f.copysign(p.imag, f.neg(y))};
}

std::pair<Value, Value> complexAcosh(F &f, Value x, Value y) {
  AsinParts p = asinParts(f, f.abs(x), f.abs(y));
  return {p.imag, f.copysign(acosRealPart(f, p, x), y)};
}

/// asinh(z) = -i asin(iz).
std::pair<Value, Value> complexAsinh(F &f, Value x, Value y) {
  AsinParts p = asinParts(f, f.abs(y), f.abs(x));
  return {f.copysign(p.imag, x), f.copysign(p.asinReal, y)};
}

/// atanh(z) = log1p(4x / ((1 - x)^2 + y^2)) / 4 + i atan2(2y, (1 - x)(1 + x) - y^2) / 2.
std::pair<Value, Value> complexAtanh(F &f, Value x, Value y) {
  Value one = f.c(1);
  Value oneMinusX = f.sub(one, x);
  Value denominator = f.add(f.mul(oneMinusX, oneMinusX), f.mul(y, y));
  Value re = f.mul(f.c(0.25), f.log1p(f.div(f.mul(f.c(4), x), denominator)));
  Value im = f.mul(f.c(0.5), f.atan2(f.mul(f.c(2), y),
                                     f.sub(f.mul(oneMinusX, f.add(one, x)), f.mul(y, y))));
  return {re, im};
}

/// atan(z) = -i atanh(iz).
std::pair<Value, Value> complexAtan(F &f, Value x, Value y) {
  auto [re, im] = complexAtanh(f, f.neg(y), x);
  return {im, f.neg(re)};
}

std::pair<Value, Value> complexCosh(F &f, Value x, Value y) {
  Value ch = f.b.create<math::CoshOp>(f.loc, x), sh = f.b.create<math::SinhOp>(f.loc, x);
  return {f.mul(ch, f.cos(y)), f.mul(sh, f.sin(y))};
}

std::pair<Value, Value> complexSinh(F &f, Value x, Value y) {
  Value ch = f.b.create<math::CoshOp>(f.loc, x), sh = f.b.create<math::SinhOp>(f.loc, x);
  return {f.mul(sh, f.cos(y)), f.mul(ch, f.sin(y))};
}

std::pair<Value, Value> complexTan(F &f, Value x, Value y) {
  auto type = ComplexType::get(f.b.getF64Type());
  Value z = f.b.create<complex::CreateOp>(f.loc, type, x, y);
  Value t = f.b.create<complex::TanOp>(f.loc, z);
  return {f.b.create<complex::ReOp>(f.loc, t), f.b.create<complex::ImOp>(f.loc, t)};
}

//===- scalar lowerings ----------------------------------------------------===//

template <typename MathOp> Value mathF64(F &f, ValueRange w) {
  return f.b.create<MathOp>(f.loc, w[0]);
}

Value lowerAcos(ScalarBuilder &s, ValueRange a) {
  return realOrComplex(s, a, mathF64<math::AcosOp>, complexAcos);
}
Value lowerAcosh(ScalarBuilder &s, ValueRange a) {
  return realOrComplex(s, a, mathF64<math::AcoshOp>, complexAcosh);
}
Value lowerAsin(ScalarBuilder &s, ValueRange a) {
  return realOrComplex(s, a, mathF64<math::AsinOp>, complexAsin);
}
Value lowerAsinh(ScalarBuilder &s, ValueRange a) {
  return realOrComplex(s, a, mathF64<math::AsinhOp>, complexAsinh);
}
Value lowerAtan(ScalarBuilder &s, ValueRange a) {
  return realOrComplex(s, a, mathF64<math::AtanOp>, complexAtan);
}
Value lowerAtanh(ScalarBuilder &s, ValueRange a) {
  return realOrComplex(s, a, mathF64<math::AtanhOp>, complexAtanh);
}
Value lowerTan(ScalarBuilder &s, ValueRange a) {
  return realOrComplex(s, a, mathF64<math::TanOp>, complexTan);
}

/// Real cosh and sinh as chlo defines them: e^(x + log(1/2)) +- e^(log(1/2) - x),
/// the shifted arguments rounded to the operand's precision (f32 for the
/// narrow floats), exp in f64; sinh of |x| < 1 directly.
Value coshOrSinh(ScalarBuilder &s, ValueRange a, bool isSinh) {
  Type t = s.resultType;
  if (isa<ComplexType>(t))
    return complexInF64(s, a[0], isSinh ? complexSinh : complexCosh);
  if (!isFloat(t))
    return {};
  Value x = s.widen(a[0]);
  Type wt = x.getType();
  Value logHalf = s.constant(wt, -0.69314718055994530942);
  Value up = s.create<arith::AddFOp>(x, logHalf);
  Value down = s.create<arith::SubFOp>(logHalf, x);
  if (!wt.isF64()) {
    up = s.create<arith::ExtFOp>(s.b.getF64Type(), up);
    down = s.create<arith::ExtFOp>(s.b.getF64Type(), down);
  }
  F f{s.b, s.loc};
  Value eu = f.exp(up), ed = f.exp(down);
  Value result = isSinh ? f.sub(eu, ed) : f.add(eu, ed);
  if (isSinh) {
    Value x64 = toF64(s, a[0]);
    Value direct = s.create<math::SinhOp>(x64);
    result = f.sel(f.lt(f.abs(x64), f.c(1)), direct, result);
  }
  return fromF64(s, result, t);
}
Value lowerCosh(ScalarBuilder &s, ValueRange a) { return coshOrSinh(s, a, false); }
Value lowerSinh(ScalarBuilder &s, ValueRange a) { return coshOrSinh(s, a, true); }

Value lowerErf(ScalarBuilder &s, ValueRange a) {
  return realInF64(s, a, mathF64<math::ErfOp>);
}

#define OXLA_SPECIAL1(NAME, FN)                                                \
  Value NAME(ScalarBuilder &s, ValueRange a) {                                 \
    return realInF64(s, a, [](F &f, ValueRange w) {                            \
      return chlo_lowering::FN(f.b, f.loc, w[0]);                              \
    });                                                                        \
  }
#define OXLA_SPECIAL2(NAME, FN)                                                \
  Value NAME(ScalarBuilder &s, ValueRange a) {                                 \
    return realInF64(s, a, [](F &f, ValueRange w) {                            \
      return chlo_lowering::FN(f.b, f.loc, w[0], w[1]);                        \
    });                                                                        \
  }
OXLA_SPECIAL1(lowerErfc, erfcF64)
OXLA_SPECIAL1(lowerErfInv, erfInvF64)
OXLA_SPECIAL1(lowerLgamma, lgammaF64)
OXLA_SPECIAL1(lowerDigamma, digammaF64)
OXLA_SPECIAL1(lowerBesselI1e, besselI1eF64)
OXLA_SPECIAL2(lowerZeta, zetaF64)
OXLA_SPECIAL2(lowerPolygamma, polygammaF64)
#undef OXLA_SPECIAL1
#undef OXLA_SPECIAL2

Value lowerConj(ScalarBuilder &s, ValueRange a) {
  if (isa<ComplexType>(s.resultType))
    return s.create<complex::ConjOp>(a[0]);
  return a[0];
}

/// is_inf (sign 0), is_pos_inf (sign 1), is_neg_inf (sign -1).
Value infinityTest(ScalarBuilder &s, ValueRange a, int sign) {
  if (!isFloat(s.operandTypes[0]))
    return {};
  Value x = s.widen(a[0]);
  auto type = cast<FloatType>(x.getType());
  Value inf = s.create<arith::ConstantOp>(
      s.b.getFloatAttr(type, APFloat::getInf(type.getFloatSemantics(), sign < 0)));
  if (sign == 0)
    x = s.create<math::AbsFOp>(x);
  return s.create<arith::CmpFOp>(arith::CmpFPredicate::OEQ, x, inf);
}
Value lowerIsInf(ScalarBuilder &s, ValueRange a) { return infinityTest(s, a, 0); }
Value lowerIsPosInf(ScalarBuilder &s, ValueRange a) { return infinityTest(s, a, 1); }
Value lowerIsNegInf(ScalarBuilder &s, ValueRange a) { return infinityTest(s, a, -1); }

/// The neighbour of x towards y in x's own format: a step of the bit
/// pattern (sign-magnitude), the smallest subnormal from zero.
Value lowerNextAfter(ScalarBuilder &s, ValueRange a) {
  Type t = s.resultType;
  if (!isFloat(t))
    return {};
  unsigned width = t.getIntOrFloatBitWidth();
  Type it = s.b.getIntegerType(width);
  Value x = a[0], y = a[1];
  Value wx = s.widen(x), wy = s.widen(y);
  Value bx = s.create<arith::BitcastOp>(it, x), by = s.create<arith::BitcastOp>(it, y);
  Value zero = s.constant(wx.getType(), 0.0);
  Value signMask = s.create<arith::ConstantOp>(
      s.b.getIntegerAttr(it, APInt::getSignMask(width)));
  Value one = s.intConstant(it, 1);
  Value fromZero = s.create<arith::OrIOp>(s.create<arith::AndIOp>(by, signMask), one);
  Value towardsBigger = s.create<arith::CmpFOp>(arith::CmpFPredicate::OGT, wy, wx);
  Value positive = s.create<arith::CmpFOp>(arith::CmpFPredicate::OGT, wx, zero);
  Value grows = s.create<arith::CmpIOp>(arith::CmpIPredicate::eq, towardsBigger, positive);
  Value stepped = s.create<arith::SelectOp>(grows, s.create<arith::AddIOp>(bx, one),
                                            s.create<arith::SubIOp>(bx, one));
  Value isZero = s.create<arith::CmpFOp>(arith::CmpFPredicate::OEQ, wx, zero);
  Value bits = s.create<arith::SelectOp>(isZero, fromZero, stepped);
  // Selected as integers: the backend would round bf16 selects through f32.
  Value equal = s.create<arith::CmpFOp>(arith::CmpFPredicate::OEQ, wx, wy);
  bits = s.create<arith::SelectOp>(equal, by, bits);
  Value xNaN = s.create<arith::CmpFOp>(arith::CmpFPredicate::UNO, wx, wx);
  Value yNaN = s.create<arith::CmpFOp>(arith::CmpFPredicate::UNO, wy, wy);
  bits = s.create<arith::SelectOp>(yNaN, by, bits);
  bits = s.create<arith::SelectOp>(xNaN, bx, bits);
  return s.create<arith::BitcastOp>(t, bits);
}

/// The high half of the double-width product.
Value lowerMulhi(ScalarBuilder &s, ValueRange a) {
  Type t = a[0].getType();
  if (!isa<IntegerType>(t))
    return {};
  unsigned width = t.getIntOrFloatBitWidth();
  Type wide = s.b.getIntegerType(2 * width);
  bool isUnsigned = isUnsignedInteger(s.resultType);
  auto extend = [&](Value v) -> Value {
    return isUnsigned ? s.create<arith::ExtUIOp>(wide, v) : s.create<arith::ExtSIOp>(wide, v);
  };
  Value product = s.create<arith::MulIOp>(extend(a[0]), extend(a[1]));
  Value high = s.create<arith::ShRUIOp>(product, s.intConstant(wide, width));
  return s.create<arith::TruncIOp>(t, high);
}

//===- The linalg.generic shell -------------------------------------------===//

using ScalarFn = Value (*)(ScalarBuilder &, ValueRange);

template <typename OpTy>
struct ChloElementwise : public OpConversionPattern<OpTy> {
  ChloElementwise(TypeConverter &converter, MLIRContext *context, ScalarFn fn)
      : OpConversionPattern<OpTy>(converter, context), fn(fn) {}
  ScalarFn fn;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return lowerElementwiseToGeneric(op, adaptor.getOperands(), this->getTypeConverter(),
                                     rewriter, fn);
  }
};

//===- top_k ---------------------------------------------------------------===//

/// a > b in the order top_k ranks by: floats in the total order (NaN above
/// +inf, -NaN below -inf), integers by their signedness.
Value ranksAbove(OpBuilder &b, Location loc, Type hloType, Value x, Value y) {
  ScalarBuilder s{b, loc, hloType, {hloType}};
  using P = arith::CmpIPredicate;
  if (isFloat(hloType)) {
    // x and y are the bits of the floats.
    unsigned width = hloType.getIntOrFloatBitWidth();
    Type it = b.getIntegerType(width);
    auto key = [&](Value bits) {
      Value sign = s.create<arith::ShRSIOp>(bits, s.intConstant(it, width - 1));
      Value magnitudeMask = s.create<arith::ShRUIOp>(sign, s.intConstant(it, 1));
      return s.create<arith::XOrIOp>(bits, magnitudeMask);
    };
    return s.create<arith::CmpIOp>(P::sgt, key(x), key(y));
  }
  return s.create<arith::CmpIOp>(isUnsignedInteger(hloType) ? P::ugt : P::sgt, x, y);
}

/// Elementwise bitcast of a static tensor to `element`.
Value bitcastTensor(OpBuilder &b, Location loc, Value input, Type element) {
  auto type = cast<RankedTensorType>(input.getType());
  auto resultType = RankedTensorType::get(type.getShape(), element);
  Value init = b.create<tensor::EmptyOp>(loc, resultType.getShape(), element);
  AffineMap identity = b.getMultiDimIdentityMap(type.getRank());
  SmallVector<utils::IteratorType> iterators(type.getRank(), utils::IteratorType::parallel);
  auto generic = b.create<linalg::GenericOp>(
      loc, resultType, input, init, SmallVector<AffineMap>{identity, identity}, iterators,
      [&](OpBuilder &nested, Location l, ValueRange args) {
        nested.create<linalg::YieldOp>(l, nested.create<arith::BitcastOp>(l, element, args[0])
                                              ->getResults());
      });
  return generic.getResult(0);
}

struct TopKToLoops : public OpConversionPattern<chlo::TopKOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(chlo::TopKOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto hloType = dyn_cast<RankedTensorType>(op.getOperand().getType());
    if (!hloType || hloType.getRank() == 0 || !hloType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "needs a static shape of rank >= 1");
    Type hloElement = hloType.getElementType();
    if (!isFloat(hloElement) && !isa<IntegerType>(hloElement))
      return rewriter.notifyMatchFailure(op, "element type not supported");
    auto valuesType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getValues().getType()));
    auto indicesType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getIndices().getType()));
    if (!valuesType || !indicesType || !valuesType.hasStaticShape() ||
        !indicesType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "result types");
    int64_t rank = hloType.getRank();
    int64_t width = hloType.getShape().back();
    int64_t k = static_cast<int64_t>(op.getK());
    if (k < 0 || k > width || valuesType.getShape().back() != k)
      return rewriter.notifyMatchFailure(op, "k out of range");
    int64_t rows = 1;
    for (int64_t d : hloType.getShape().drop_back())
      rows *= d;
    Location loc = op.getLoc();
    Type element = valuesType.getElementType();
    Type indexElement = indicesType.getElementType();

    // The operand as rows x width.
    auto matrixType = RankedTensorType::get({rows, width}, element);
    Value input = adaptor.getOperand();
    SmallVector<ReassociationIndices> toMatrix(2);
    for (int64_t d = 0; d < rank - 1; ++d)
      toMatrix[0].push_back(d);
    toMatrix[1].push_back(rank - 1);
    if (rank == 1) {
      input = rewriter.create<tensor::ExpandShapeOp>(
          loc, matrixType, input, SmallVector<ReassociationIndices>{{0, 1}});
    } else if (rank > 2) {
      input = rewriter.create<tensor::CollapseShapeOp>(loc, matrixType, input, toMatrix);
    }

    // Floats are sorted as their bits (the backend would round bf16 values
    // carried through loops by way of f32).
    Type storage = element;
    if (isFloat(element)) {
      storage = rewriter.getIntegerType(element.getIntOrFloatBitWidth());
      input = bitcastTensor(rewriter, loc, input, storage);
    }
    Value values = rewriter.create<tensor::EmptyOp>(loc, ArrayRef<int64_t>{rows, k}, storage);
    Value indices =
        rewriter.create<tensor::EmptyOp>(loc, ArrayRef<int64_t>{rows, k}, indexElement);
    auto index = [&](OpBuilder &b, int64_t v) -> Value {
      return b.create<arith::ConstantIndexOp>(loc, v);
    };
    Value c0 = index(rewriter, 0), c1 = index(rewriter, 1);
    Value kValue = index(rewriter, k);
    bool largest = op.isLargest();
    auto rowLoop = rewriter.create<scf::ForOp>(
        loc, c0, index(rewriter, rows), c1, ValueRange{values, indices},
        [&](OpBuilder &b, Location, Value row, ValueRange rowState) {
          auto columnLoop = b.create<scf::ForOp>(
              loc, c0, index(b, width), c1, rowState,
              [&](OpBuilder &b, Location, Value i, ValueRange state) {
                Value v = b.create<tensor::ExtractOp>(loc, input, ValueRange{row, i});
                Value count = b.create<arith::MinUIOp>(loc, i, kValue);
                // Position: after every kept element that v does not rank
                // before (above for largest, below for smallest; equal
                // elements keep their order).
                auto positionLoop = b.create<scf::ForOp>(
                    loc, c0, count, c1, ValueRange{c0},
                    [&](OpBuilder &b, Location, Value j, ValueRange p) {
                      Value kept = b.create<tensor::ExtractOp>(loc, state[0],
                                                               ValueRange{row, j});
                      Value above = largest
                                        ? ranksAbove(b, loc, hloElement, v, kept)
                                        : ranksAbove(b, loc, hloElement, kept, v);
                      Value next = b.create<arith::SelectOp>(
                          loc, above, p[0], b.create<arith::AddIOp>(loc, p[0], c1));
                      b.create<scf::YieldOp>(loc, next);
                    });
                Value position = positionLoop.getResult(0);
                Value fits = b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ult,
                                                     position, kValue);
                auto ifOp = b.create<scf::IfOp>(
                    loc, fits,
                    [&](OpBuilder &b, Location) {
                      // Shift [position, last) one place right, last =
                      // min(count, k - 1).
                      Value last = b.create<arith::MinUIOp>(
                          loc, count, b.create<arith::SubIOp>(loc, kValue, c1));
                      Value shifts = b.create<arith::SubIOp>(loc, last, position);
                      auto shiftLoop = b.create<scf::ForOp>(
                          loc, c0, shifts, c1, state,
                          [&](OpBuilder &b, Location, Value t, ValueRange st) {
                            Value to = b.create<arith::SubIOp>(loc, last, t);
                            Value from = b.create<arith::SubIOp>(loc, to, c1);
                            SmallVector<Value> next;
                            for (Value tensor : st) {
                              Value e = b.create<tensor::ExtractOp>(loc, tensor,
                                                                    ValueRange{row, from});
                              next.push_back(b.create<tensor::InsertOp>(
                                  loc, e, tensor, ValueRange{row, to}));
                            }
                            b.create<scf::YieldOp>(loc, next);
                          });
                      Value at[] = {row, position};
                      Value newValues = b.create<tensor::InsertOp>(
                          loc, v, shiftLoop.getResult(0), at);
                      Value iIndex = b.create<arith::IndexCastOp>(loc, indexElement, i);
                      Value newIndices = b.create<tensor::InsertOp>(
                          loc, iIndex, shiftLoop.getResult(1), at);
                      b.create<scf::YieldOp>(loc, ValueRange{newValues, newIndices});
                    },
                    [&](OpBuilder &b, Location) { b.create<scf::YieldOp>(loc, state); });
                b.create<scf::YieldOp>(loc, ifOp.getResults());
              });
          b.create<scf::YieldOp>(loc, columnLoop.getResults());
        });

    SmallVector<Value> results(rowLoop.getResults());
    if (storage != element)
      results[0] = bitcastTensor(rewriter, loc, results[0], element);
    RankedTensorType types[] = {valuesType, indicesType};
    for (int r = 0; r < 2; ++r) {
      if (rank == 1)
        results[r] = rewriter.create<tensor::CollapseShapeOp>(
            loc, types[r], results[r], SmallVector<ReassociationIndices>{{0, 1}});
      else if (rank > 2)
        results[r] = rewriter.create<tensor::ExpandShapeOp>(loc, types[r], results[r],
                                                            toMatrix);
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

template <typename OpTy>
void addElementwise(TypeConverter &converter, RewritePatternSet &patterns, ScalarFn fn) {
  patterns.add(std::make_unique<ChloElementwise<OpTy>>(converter, patterns.getContext(), fn));
}

} // namespace

void populateChloToLinalgPatterns(TypeConverter &converter, RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  addElementwise<chlo::AcosOp>(converter, patterns, lowerAcos);
  addElementwise<chlo::AcoshOp>(converter, patterns, lowerAcosh);
  addElementwise<chlo::AsinOp>(converter, patterns, lowerAsin);
  addElementwise<chlo::AsinhOp>(converter, patterns, lowerAsinh);
  addElementwise<chlo::AtanOp>(converter, patterns, lowerAtan);
  addElementwise<chlo::AtanhOp>(converter, patterns, lowerAtanh);
  addElementwise<chlo::BesselI1eOp>(converter, patterns, lowerBesselI1e);
  addElementwise<chlo::ConjOp>(converter, patterns, lowerConj);
  addElementwise<chlo::CoshOp>(converter, patterns, lowerCosh);
  addElementwise<chlo::SinhOp>(converter, patterns, lowerSinh);
  addElementwise<chlo::TanOp>(converter, patterns, lowerTan);
  addElementwise<chlo::DigammaOp>(converter, patterns, lowerDigamma);
  addElementwise<chlo::ErfOp>(converter, patterns, lowerErf);
  addElementwise<chlo::ErfcOp>(converter, patterns, lowerErfc);
  addElementwise<chlo::ErfInvOp>(converter, patterns, lowerErfInv);
  addElementwise<chlo::LgammaOp>(converter, patterns, lowerLgamma);
  addElementwise<chlo::IsInfOp>(converter, patterns, lowerIsInf);
  addElementwise<chlo::IsNegInfOp>(converter, patterns, lowerIsNegInf);
  addElementwise<chlo::IsPosInfOp>(converter, patterns, lowerIsPosInf);
  addElementwise<chlo::NextAfterOp>(converter, patterns, lowerNextAfter);
  addElementwise<chlo::PolygammaOp>(converter, patterns, lowerPolygamma);
  addElementwise<chlo::ZetaOp>(converter, patterns, lowerZeta);
  addElementwise<chlo::MulhiOp>(converter, patterns, lowerMulhi);
  patterns.add<TopKToLoops>(converter, context);
  populateRaggedDotToLinalgPatterns(converter, patterns);
}

} // namespace oxla
