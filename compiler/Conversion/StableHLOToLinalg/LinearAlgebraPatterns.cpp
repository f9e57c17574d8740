//===- LinearAlgebraPatterns.cpp - fft, triangular_solve, cholesky ---------===//
//
// fft, triangular_solve and cholesky lower to scalar scf loops over flat
// f64 work tensors (real and imaginary parts apart), exactly as the
// interpreter computes them (interpreter/ops/LinalgEvaluators.cpp): in
// double, with the same summation order, rounded once to the result type
// (through f32 for the narrow floats). Static shapes only.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/StableHLOToLinalg/Patterns.h"
#include "compiler/Conversion/StableHLOToLinalg/TypeConversion.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

#include <array>
#include <cmath>
#include <limits>

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace oxla {
namespace {

/// A scalar in double: `im` is null for a real value.
struct CVal {
  Value re, im;
};

/// A flat work tensor<N x f64> pair: `im` is null for real data.
struct Work {
  Value re, im;
  bool isComplex() const { return static_cast<bool>(im); }
  SmallVector<Value, 2> values() const {
    SmallVector<Value, 2> v{re};
    if (im)
      v.push_back(im);
    return v;
  }
  static Work from(ValueRange v, bool complex) {
    return Work{v[0], complex ? v[1] : Value()};
  }
};

/// Scalar code in double, written with one builder at one location.
struct Emitter {
  OpBuilder &b;
  Location loc;
  Type f64;

  Emitter(OpBuilder &b, Location loc) : b(b), loc(loc), f64(b.getF64Type()) {}

  Value idx(int64_t v) { return b.create<arith::ConstantIndexOp>(loc, v); }
  Value real(double v) {
    return b.create<arith::ConstantOp>(loc, f64, b.getF64FloatAttr(v));
  }
  Value addi(Value x, Value y) { return b.create<arith::AddIOp>(loc, x, y); }
  Value subi(Value x, Value y) { return b.create<arith::SubIOp>(loc, x, y); }
  Value muli(Value x, Value y) { return b.create<arith::MulIOp>(loc, x, y); }
  Value divi(Value x, Value y) { return b.create<arith::DivUIOp>(loc, x, y); }
  Value remi(Value x, Value y) { return b.create<arith::RemUIOp>(loc, x, y); }
  Value addf(Value x, Value y) { return b.create<arith::AddFOp>(loc, x, y); }
  Value subf(Value x, Value y) { return b.create<arith::SubFOp>(loc, x, y); }
  Value mulf(Value x, Value y) { return b.create<arith::MulFOp>(loc, x, y); }
  Value divf(Value x, Value y) { return b.create<arith::DivFOp>(loc, x, y); }
  Value negf(Value x) { return b.create<arith::NegFOp>(loc, x); }
  Value absf(Value x) { return b.create<math::AbsFOp>(loc, x); }
  Value select(Value c, Value x, Value y) {
    return b.create<arith::SelectOp>(loc, c, x, y);
  }

  CVal add(CVal x, CVal y) {
    return {addf(x.re, y.re), x.im ? addf(x.im, y.im) : Value()};
  }
  CVal sub(CVal x, CVal y) {
    return {subf(x.re, y.re), x.im ? subf(x.im, y.im) : Value()};
  }
  CVal mul(CVal x, CVal y) {
    if (!x.im)
      return {mulf(x.re, y.re), Value()};
    return {subf(mulf(x.re, y.re), mulf(x.im, y.im)),
            addf(mulf(x.re, y.im), mulf(x.im, y.re))};
  }
  CVal conj(CVal x) { return {x.re, x.im ? negf(x.im) : Value()}; }
  CVal divReal(CVal x, Value d) {
    return {divf(x.re, d), x.im ? divf(x.im, d) : Value()};
  }
  /// x / y; Smith's algorithm for complex values.
  CVal div(CVal x, CVal y) {
    if (!x.im)
      return {divf(x.re, y.re), Value()};
    Value a = x.re, bb = x.im, c = y.re, d = y.im;
    Value cLess = b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::OLT,
                                          absf(c), absf(d));
    // |c| < |d|
    Value r1 = divf(c, d);
    Value den1 = addf(mulf(c, r1), d);
    Value x1 = divf(addf(mulf(a, r1), bb), den1);
    Value y1 = divf(subf(mulf(bb, r1), a), den1);
    // otherwise
    Value r2 = divf(d, c);
    Value den2 = addf(mulf(d, r2), c);
    Value x2 = divf(addf(mulf(bb, r2), a), den2);
    Value y2 = divf(subf(bb, mulf(a, r2)), den2);
    return {select(cLess, x1, x2), select(cLess, y1, y2)};
  }
  CVal zero(bool complex) {
    return {real(0.0), complex ? real(0.0) : Value()};
  }

  /// An scf.for from lb to ub carrying `inits`.
  SmallVector<Value>
  loop(Value lb, Value ub, ValueRange inits,
       llvm::function_ref<SmallVector<Value>(Value, ValueRange)> body) {
    auto op = b.create<scf::ForOp>(
        loc, lb, ub, idx(1), inits,
        [&](OpBuilder &nb, Location l, Value iv, ValueRange args) {
          SmallVector<Value> results = body(iv, args);
          nb.create<scf::YieldOp>(l, results);
        });
    return SmallVector<Value>(op.getResults());
  }
  SmallVector<Value>
  loop(int64_t lb, int64_t ub, ValueRange inits,
       llvm::function_ref<SmallVector<Value>(Value, ValueRange)> body) {
    return loop(idx(lb), idx(ub), inits, body);
  }

  Value emptyF64(int64_t n) {
    return b.create<tensor::EmptyOp>(loc, ArrayRef<int64_t>{n}, f64);
  }
  Work emptyWork(int64_t n, bool complex) {
    return {emptyF64(n), complex ? emptyF64(n) : Value()};
  }
  Work zeroWork(int64_t n, bool complex) {
    Work w = emptyWork(n, complex);
    w.re = b.create<linalg::FillOp>(loc, real(0.0), w.re).getResult(0);
    if (complex)
      w.im = b.create<linalg::FillOp>(loc, real(0.0), w.im).getResult(0);
    return w;
  }
  CVal get(Work w, Value i) {
    return {b.create<tensor::ExtractOp>(loc, w.re, i),
            w.im ? b.create<tensor::ExtractOp>(loc, w.im, i).getResult()
                 : Value()};
  }
  Work put(Work w, Value i, CVal v) {
    Work out;
    out.re = b.create<tensor::InsertOp>(loc, v.re, w.re, i);
    if (w.im)
      out.im = b.create<tensor::InsertOp>(loc, v.im, w.im, i);
    return out;
  }

  /// The (static) tensor `t` as one dimension.
  Value flatten(Value t) {
    auto type = cast<RankedTensorType>(t.getType());
    if (type.getRank() == 1)
      return t;
    ReassociationIndices all;
    for (int64_t i = 0; i < type.getRank(); ++i)
      all.push_back(i);
    return b.create<tensor::CollapseShapeOp>(loc, t,
                                             ArrayRef<ReassociationIndices>{all});
  }
  Value unflatten(Value flat, RankedTensorType type) {
    if (type.getRank() == 1)
      return flat;
    ReassociationIndices all;
    for (int64_t i = 0; i < type.getRank(); ++i)
      all.push_back(i);
    return b.create<tensor::ExpandShapeOp>(loc, type, flat,
                                           ArrayRef<ReassociationIndices>{all});
  }

  Value toF64(Value x) {
    return x.getType().isF64() ? x : b.create<arith::ExtFOp>(loc, f64, x);
  }
  /// Rounds a double to `type` as the interpreter does: narrow floats go
  /// through f32.
  Value fromF64(Value x, Type type) {
    if (type.isF64())
      return x;
    Value f = b.create<arith::TruncFOp>(loc, b.getF32Type(), x);
    if (type.isF32())
      return f;
    return b.create<arith::TruncFOp>(loc, type, f);
  }

  /// The float or complex tensor `t` as a flat work tensor.
  Work load(Value t) {
    auto type = cast<RankedTensorType>(t.getType());
    int64_t n = type.getNumElements();
    bool complex = isa<ComplexType>(type.getElementType());
    Value flat = flatten(t);
    Work init = emptyWork(n, complex);
    SmallVector<Value> r =
        loop(0, n, init.values(), [&](Value i, ValueRange args) {
          Value x = b.create<tensor::ExtractOp>(loc, flat, i);
          CVal v;
          if (complex) {
            v.re = toF64(b.create<complex::ReOp>(loc, x));
            v.im = toF64(b.create<complex::ImOp>(loc, x));
          } else {
            v.re = toF64(x);
          }
          return put(Work::from(args, complex), i, v).values();
        });
    return Work::from(r, complex);
  }

  /// The work tensor `w` rounded to a tensor of `type`.
  Value store(Work w, RankedTensorType type) {
    int64_t n = type.getNumElements();
    Type element = type.getElementType();
    Value init = b.create<tensor::EmptyOp>(loc, ArrayRef<int64_t>{n}, element);
    SmallVector<Value> r = loop(0, n, init, [&](Value i, ValueRange args) {
      CVal v = get(w, i);
      Value x;
      if (auto c = dyn_cast<ComplexType>(element)) {
        Type part = c.getElementType();
        x = b.create<complex::CreateOp>(loc, element, fromF64(v.re, part),
                                        fromF64(v.im, part));
      } else {
        x = fromF64(v.re, element);
      }
      return SmallVector<Value>{
          b.create<tensor::InsertOp>(loc, x, args[0], i).getResult()};
    });
    return unflatten(r[0], type);
  }

  /// The roots exp(-+2 pi i k / n), as the interpreter computes them.
  std::pair<Value, Value> roots(int64_t n, bool inverse) {
    SmallVector<double> re(n), im(n);
    double sign = inverse ? 1.0 : -1.0;
    for (int64_t k = 0; k < n; ++k) {
      double angle =
          sign * 2.0 * M_PI * static_cast<double>(k) / static_cast<double>(n);
      re[k] = std::cos(angle);
      im[k] = std::sin(angle);
    }
    auto type = RankedTensorType::get({n}, f64);
    Value r = b.create<arith::ConstantOp>(
        loc, DenseElementsAttr::get(type, ArrayRef<double>(re)));
    Value i = b.create<arith::ConstantOp>(
        loc, DenseElementsAttr::get(type, ArrayRef<double>(im)));
    return {r, i};
  }
  CVal root(std::pair<Value, Value> roots, Value r) {
    return {b.create<tensor::ExtractOp>(loc, roots.first, r),
            b.create<tensor::ExtractOp>(loc, roots.second, r)};
  }
};

bool isFloatOrComplexTensor(Type type) {
  auto t = dyn_cast<RankedTensorType>(type);
  if (!t || !t.hasStaticShape())
    return false;
  Type e = t.getElementType();
  if (auto c = dyn_cast<ComplexType>(e))
    e = c.getElementType();
  return isa<FloatType>(e);
}

int64_t product(ArrayRef<int64_t> dims) {
  int64_t p = 1;
  for (int64_t d : dims)
    p *= d;
  return p;
}

//===- fft -----------------------------------------------------------------===//

/// fft (or ifft) of every line of `data` (of shape `shape`) along `axis`.
Work transformAxis(Emitter &e, Work data, ArrayRef<int64_t> shape, int64_t axis,
                   bool inverse) {
  int64_t n = shape[axis], total = product(shape);
  int64_t stride = product(shape.drop_front(axis + 1));
  auto roots = e.roots(n, inverse);
  Value nI = e.idx(n), strideI = e.idx(stride), nF = e.real(n);
  Work init = e.emptyWork(total, true);
  SmallVector<Value> r =
      e.loop(0, total, init.values(), [&](Value i, ValueRange args) {
        Value t = e.remi(e.divi(i, strideI), nI);
        Value base = e.subi(i, e.muli(t, strideI));
        CVal zero = e.zero(true);
        SmallVector<Value> sum = e.loop(
            0, n, ValueRange{zero.re, zero.im}, [&](Value k, ValueRange acc) {
              CVal x = e.get(data, e.addi(base, e.muli(k, strideI)));
              CVal w = e.root(roots, e.remi(e.muli(k, t), nI));
              CVal s = e.add(CVal{acc[0], acc[1]}, e.mul(x, w));
              return SmallVector<Value>{s.re, s.im};
            });
        CVal out{sum[0], sum[1]};
        if (inverse)
          out = e.divReal(out, nF);
        return e.put(Work::from(args, true), i, out).values();
      });
  return Work::from(r, true);
}

struct FftLowering : OpConversionPattern<hlo::FftOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(hlo::FftOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto operandType = dyn_cast<RankedTensorType>(adaptor.getOperand().getType());
    auto resultType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!operandType || !resultType ||
        !isFloatOrComplexTensor(operandType) ||
        !isFloatOrComplexTensor(resultType))
      return rewriter.notifyMatchFailure(op, "static float/complex shapes only");
    ArrayRef<int64_t> lengths = op.getFftLength();
    ArrayRef<int64_t> operandShape = operandType.getShape(),
                      resultShape = resultType.getShape();
    int64_t rank = operandType.getRank(), count = lengths.size();
    if (count < 1 || count > rank || resultType.getRank() != rank)
      return rewriter.notifyMatchFailure(op, "bad fft_length");
    hlo::FftType kind = op.getFftType();
    bool realKind = kind == hlo::FftType::RFFT || kind == hlo::FftType::IRFFT;
    ArrayRef<int64_t> fullShape =
        kind == hlo::FftType::IRFFT ? resultShape : operandShape;
    for (int64_t i = 0; i < count; ++i)
      if (fullShape[rank - count + i] != lengths[i])
        return rewriter.notifyMatchFailure(op, "fft_length mismatch");
    int64_t last = rank - 1;
    if (realKind) {
      int64_t n = lengths.back(), half = n == 0 ? 0 : n / 2 + 1;
      ArrayRef<int64_t> complexShape =
          kind == hlo::FftType::RFFT ? resultShape : operandShape;
      if (complexShape[last] != half)
        return rewriter.notifyMatchFailure(op, "bad complex last dimension");
    }
    Location loc = op.getLoc();
    if (operandType.getNumElements() == 0 || resultType.getNumElements() == 0) {
      rewriter.replaceOpWithNewOp<tensor::EmptyOp>(op, resultShape,
                                                   resultType.getElementType());
      return success();
    }
    Emitter e(rewriter, loc);
    Work data = e.load(adaptor.getOperand());
    switch (kind) {
    case hlo::FftType::FFT:
    case hlo::FftType::IFFT: {
      if (!data.isComplex())
        return rewriter.notifyMatchFailure(op, "fft of a real operand");
      bool inverse = kind == hlo::FftType::IFFT;
      for (int64_t i = 0; i < count; ++i)
        data = transformAxis(e, data, operandShape,
                             inverse ? rank - count + i : last - i, inverse);
      break;
    }
    case hlo::FftType::RFFT: {
      if (data.isComplex())
        return rewriter.notifyMatchFailure(op, "rfft of a complex operand");
      int64_t n = operandShape[last], half = resultShape[last];
      int64_t total = resultType.getNumElements();
      auto roots = e.roots(n, false);
      Value nI = e.idx(n), halfI = e.idx(half);
      Work init = e.emptyWork(total, true);
      Work input = data;
      SmallVector<Value> r =
          e.loop(0, total, init.values(), [&](Value i, ValueRange args) {
            Value l = e.divi(i, halfI), t = e.remi(i, halfI);
            Value base = e.muli(l, nI);
            CVal zero = e.zero(true);
            SmallVector<Value> sum = e.loop(
                0, n, ValueRange{zero.re, zero.im},
                [&](Value k, ValueRange acc) {
                  CVal x{e.get(input, e.addi(base, k)).re, e.real(0.0)};
                  CVal w = e.root(roots, e.remi(e.muli(k, t), nI));
                  CVal s = e.add(CVal{acc[0], acc[1]}, e.mul(x, w));
                  return SmallVector<Value>{s.re, s.im};
                });
            return e.put(Work::from(args, true), i, CVal{sum[0], sum[1]})
                .values();
          });
      data = Work::from(r, true);
      for (int64_t i = 1; i < count; ++i)
        data = transformAxis(e, data, resultShape, last - i, false);
      break;
    }
    case hlo::FftType::IRFFT: {
      if (!data.isComplex())
        return rewriter.notifyMatchFailure(op, "irfft of a real operand");
      for (int64_t i = 0; i + 1 < count; ++i)
        data = transformAxis(e, data, operandShape, rank - count + i, true);
      int64_t n = resultShape[last], half = operandShape[last];
      int64_t total = resultType.getNumElements();
      auto roots = e.roots(n, true);
      Value nI = e.idx(n), halfI = e.idx(half), nF = e.real(n);
      Work init = e.emptyWork(total, false);
      Work kept = data;
      SmallVector<Value> r =
          e.loop(0, total, init.values(), [&](Value i, ValueRange args) {
            Value l = e.divi(i, nI), t = e.remi(i, nI);
            Value base = e.muli(l, halfI);
            CVal zero = e.zero(true);
            SmallVector<Value> sum = e.loop(
                0, n, ValueRange{zero.re, zero.im},
                [&](Value k, ValueRange acc) {
                  Value inKept = e.b.create<arith::CmpIOp>(
                      loc, arith::CmpIPredicate::ult, k, halfI);
                  Value src = e.select(inKept, k, e.subi(nI, k));
                  CVal v = e.get(kept, e.addi(base, src));
                  v.im = e.select(inKept, v.im, e.negf(v.im));
                  CVal w = e.root(roots, e.remi(e.muli(k, t), nI));
                  CVal s = e.add(CVal{acc[0], acc[1]}, e.mul(v, w));
                  return SmallVector<Value>{s.re, s.im};
                });
            Value out = e.divf(sum[0], nF);
            return e.put(Work::from(args, false), i, CVal{out, Value()})
                .values();
          });
      data = Work::from(r, false);
      break;
    }
    default:
      return rewriter.notifyMatchFailure(op, "fft_type");
    }
    rewriter.replaceOp(op, e.store(data, resultType));
    return success();
  }
};

//===- cholesky ------------------------------------------------------------===//

struct CholeskyLowering : OpConversionPattern<hlo::CholeskyOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(hlo::CholeskyOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(adaptor.getA().getType());
    if (!type || !isFloatOrComplexTensor(type) || type.getRank() < 2)
      return rewriter.notifyMatchFailure(op, "static float/complex shapes only");
    ArrayRef<int64_t> shape = type.getShape();
    int64_t rank = type.getRank(), n = shape[rank - 1];
    if (shape[rank - 2] != n)
      return rewriter.notifyMatchFailure(op, "not square");
    Location loc = op.getLoc();
    if (type.getNumElements() == 0) {
      rewriter.replaceOpWithNewOp<tensor::EmptyOp>(op, shape,
                                                   type.getElementType());
      return success();
    }
    int64_t batches = product(shape.drop_back(2)), total = batches * n * n;
    bool lower = op.getLower();
    Emitter e(rewriter, loc);
    Work a = e.load(adaptor.getA());
    bool complex = a.isComplex();
    Value nI = e.idx(n), nnI = e.idx(n * n);
    // at(i, j) of batch offset `off`.
    auto at = [&](Value off, Value i, Value j) {
      if (lower)
        return e.get(a, e.addi(off, e.addi(e.muli(i, nI), j)));
      return e.conj(e.get(a, e.addi(off, e.addi(e.muli(j, nI), i))));
    };
    auto lidx = [&](Value off, Value i, Value j) {
      return e.addi(off, e.addi(e.muli(i, nI), j));
    };
    Work l0 = e.zeroWork(total, complex);
    Value failed0 = rewriter.create<tensor::EmptyOp>(
        loc, ArrayRef<int64_t>{batches}, rewriter.getI1Type());
    SmallVector<Value> inits = l0.values();
    inits.push_back(failed0);
    SmallVector<Value> res = e.loop(0, batches, inits, [&](Value bt,
                                                           ValueRange args) {
      Value off = e.muli(bt, nnI);
      SmallVector<Value> jInits(args.drop_back());
      jInits.push_back(rewriter.create<arith::ConstantOp>(
          loc, rewriter.getBoolAttr(false)));
      SmallVector<Value> jr = e.loop(0, n, jInits, [&](Value j,
                                                      ValueRange jargs) {
        Work l = Work::from(jargs, complex);
        Value failed = jargs.back();
        Value pivot0 = at(off, j, j).re;
        SmallVector<Value> p = e.loop(e.idx(0), j, pivot0,
                                      [&](Value k, ValueRange pargs) {
                                        CVal v = e.get(l, lidx(off, j, k));
                                        Value nrm = e.mulf(v.re, v.re);
                                        if (complex)
                                          nrm = e.addf(nrm, e.mulf(v.im, v.im));
                                        return SmallVector<Value>{
                                            e.subf(pargs[0], nrm)};
                                      });
        Value pivot = p[0];
        Value positive = rewriter.create<arith::CmpFOp>(
            loc, arith::CmpFPredicate::OGT, pivot, e.real(0.0));
        Value notPositive = rewriter.create<arith::XOrIOp>(
            loc, positive,
            rewriter.create<arith::ConstantOp>(loc, rewriter.getBoolAttr(true)));
        failed = rewriter.create<arith::OrIOp>(loc, failed, notPositive);
        Value diagonal = rewriter.create<math::SqrtOp>(loc, pivot);
        l = e.put(l, lidx(off, j, j),
                  CVal{diagonal, complex ? e.real(0.0) : Value()});
        SmallVector<Value> ir = e.loop(
            e.addi(j, e.idx(1)), nI, l.values(), [&](Value i, ValueRange iargs) {
              Work li = Work::from(iargs, complex);
              CVal s0 = at(off, i, j);
              SmallVector<Value> sInit{s0.re};
              if (complex)
                sInit.push_back(s0.im);
              SmallVector<Value> s = e.loop(
                  e.idx(0), j, sInit, [&](Value k, ValueRange sargs) {
                    CVal acc{sargs[0], complex ? sargs[1] : Value()};
                    CVal prod = e.mul(e.get(li, lidx(off, i, k)),
                                      e.conj(e.get(li, lidx(off, j, k))));
                    CVal r = e.sub(acc, prod);
                    SmallVector<Value> out{r.re};
                    if (complex)
                      out.push_back(r.im);
                    return out;
                  });
              CVal sum{s[0], complex ? s[1] : Value()};
              return e.put(li, lidx(off, i, j), e.divReal(sum, diagonal))
                  .values();
            });
        SmallVector<Value> out(ir);
        out.push_back(failed);
        return out;
      });
      Value failedTensor =
          rewriter.create<tensor::InsertOp>(loc, jr.back(), args.back(), bt);
      SmallVector<Value> out(ArrayRef<Value>(jr).drop_back());
      out.push_back(failedTensor);
      return out;
    });
    Work l = Work::from(res, complex);
    Value failedAll = res.back();
    double nan = std::numeric_limits<double>::quiet_NaN();
    Work init = e.emptyWork(total, complex);
    SmallVector<Value> outR =
        e.loop(0, total, init.values(), [&](Value idx, ValueRange args) {
          Value bt = e.divi(idx, nnI), rest = e.remi(idx, nnI);
          Value i = e.divi(rest, nI), j = e.remi(rest, nI);
          Value off = e.muli(bt, nnI);
          CVal v = lower ? e.get(l, lidx(off, i, j))
                         : e.conj(e.get(l, lidx(off, j, i)));
          Value f = rewriter.create<tensor::ExtractOp>(loc, failedAll, bt);
          Value nanV = e.real(nan);
          v.re = e.select(f, nanV, v.re);
          if (complex)
            v.im = e.select(f, nanV, v.im);
          return e.put(Work::from(args, complex), idx, v).values();
        });
    rewriter.replaceOp(op, e.store(Work::from(outR, complex), type));
    return success();
  }
};

//===- triangular_solve ----------------------------------------------------===//

struct TriangularSolveLowering : OpConversionPattern<hlo::TriangularSolveOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(hlo::TriangularSolveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto aType = dyn_cast<RankedTensorType>(adaptor.getA().getType());
    auto bType = dyn_cast<RankedTensorType>(adaptor.getB().getType());
    if (!aType || !bType || !isFloatOrComplexTensor(aType) ||
        !isFloatOrComplexTensor(bType) ||
        aType.getElementType() != bType.getElementType())
      return rewriter.notifyMatchFailure(op, "static float/complex shapes only");
    int64_t rank = aType.getRank();
    ArrayRef<int64_t> as = aType.getShape(), bs = bType.getShape();
    if (rank < 2 || bType.getRank() != rank || as[rank - 1] != as[rank - 2] ||
        as.drop_back(2) != bs.drop_back(2))
      return rewriter.notifyMatchFailure(op, "not batches of matching matrices");
    hlo::Transpose transpose = op.getTransposeA();
    if (transpose != hlo::Transpose::NO_TRANSPOSE &&
        transpose != hlo::Transpose::TRANSPOSE &&
        transpose != hlo::Transpose::ADJOINT)
      return rewriter.notifyMatchFailure(op, "transpose_a");
    bool leftSide = op.getLeftSide(), lower = op.getLower(),
         unit = op.getUnitDiagonal();
    int64_t m = as[rank - 1];
    int64_t rows = bs[rank - 2], cols = bs[rank - 1];
    if ((leftSide ? rows : cols) != m)
      return rewriter.notifyMatchFailure(op, "b does not match a");
    int64_t k = leftSide ? cols : rows;
    Location loc = op.getLoc();
    if (bType.getNumElements() == 0) {
      rewriter.replaceOpWithNewOp<tensor::EmptyOp>(op, bs,
                                                   bType.getElementType());
      return success();
    }
    int64_t batches = product(as.drop_back(2));
    Emitter e(rewriter, loc);
    Work a = e.load(adaptor.getA());
    Work bw = e.load(adaptor.getB());
    bool complex = a.isComplex();
    bool opLower = lower == (transpose == hlo::Transpose::NO_TRANSPOSE);
    Value mI = e.idx(m), kI = e.idx(k), mmI = e.idx(m * m), mkI = e.idx(m * k);
    // op(a)(i, j) for batch offset `aoff`, inside op(a)'s triangle.
    auto M = [&](Value aoff, Value i, Value j) -> CVal {
      Value p = i, q = j;
      if (transpose != hlo::Transpose::NO_TRANSPOSE)
        std::swap(p, q);
      CVal v = e.get(a, e.addi(aoff, e.addi(e.muli(p, mI), q)));
      if (transpose == hlo::Transpose::ADJOINT)
        v = e.conj(v);
      return v;
    };
    auto diag = [&](Value aoff, Value i) -> CVal {
      if (unit)
        return CVal{e.real(1.0), complex ? e.real(0.0) : Value()};
      return M(aoff, i, i);
    };
    auto pack = [&](CVal v) {
      SmallVector<Value> out{v.re};
      if (complex)
        out.push_back(v.im);
      return out;
    };
    auto unpack = [&](ValueRange v) {
      return CVal{v[0], complex ? v[1] : Value()};
    };
    Work init = e.emptyWork(batches * m * k, complex);
    SmallVector<Value> res = e.loop(0, batches, init.values(), [&](Value bt,
                                                                  ValueRange args) {
      Value aoff = e.muli(bt, mmI), xoff = e.muli(bt, mkI);
      return e.loop(0, k, args, [&](Value c, ValueRange cargs) {
        return e.loop(0, m, cargs, [&](Value s, ValueRange sargs) {
          Work x = Work::from(sargs, complex);
          Value last = e.subi(e.idx(m - 1), s);
          if (leftSide) {
            Value i = opLower ? s : last;
            auto xAt = [&](Value row) {
              return e.addi(xoff, e.addi(e.muli(row, kI), c));
            };
            CVal s0 = e.get(bw, xAt(i));
            Value lb = opLower ? e.idx(0) : e.addi(i, e.idx(1));
            Value ub = opLower ? i : mI;
            SmallVector<Value> sum =
                e.loop(lb, ub, pack(s0), [&](Value j, ValueRange acc) {
                  return pack(e.sub(unpack(acc),
                                    e.mul(M(aoff, i, j), e.get(x, xAt(j)))));
                });
            return e.put(x, xAt(i), e.div(unpack(sum), diag(aoff, i))).values();
          }
          Value j = opLower ? last : s;
          Value r = c;
          auto xAt = [&](Value col) {
            return e.addi(xoff, e.addi(e.muli(r, mI), col));
          };
          CVal s0 = e.get(bw, xAt(j));
          Value lb = opLower ? e.addi(j, e.idx(1)) : e.idx(0);
          Value ub = opLower ? mI : j;
          SmallVector<Value> sum =
              e.loop(lb, ub, pack(s0), [&](Value i, ValueRange acc) {
                return pack(e.sub(unpack(acc),
                                  e.mul(e.get(x, xAt(i)), M(aoff, i, j))));
              });
          return e.put(x, xAt(j), e.div(unpack(sum), diag(aoff, j))).values();
        });
      });
    });
    rewriter.replaceOp(op, e.store(Work::from(res, complex), bType));
    return success();
  }
};


} // namespace

void populateLinearAlgebraAndRandomToLinalgPatterns(
    mlir::TypeConverter &converter, mlir::RewritePatternSet &patterns) {
  patterns.add<FftLowering, CholeskyLowering, TriangularSolveLowering>(
      converter, patterns.getContext());
  populateRandomToLinalgPatterns(converter, patterns);
}

} // namespace oxla
