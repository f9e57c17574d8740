//===- RandomPatterns.cpp - rng_bit_generator, rng to linalg -------------===//
//
// rng_bit_generator produces the interpreter's (XLA's) THREE_FRY and PHILOX
// bits (interpreter/ops/RandomEvaluators.cpp): one linalg.generic over the
// output with the cipher rounds unrolled in i32/i64 arithmetic.
//
// rng's numbers are implementation-defined; oxla's are the interpreter's,
// so that compiled and interpreted programs agree: element i (row-major)
// draws splitmix64(i) (uniform) or splitmix64(2i), splitmix64(2i + 1)
// (normal, Box-Muller), computed in f64 or i64 as the interpreter does.
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

int64_t product(ArrayRef<int64_t> dims) {
  int64_t p = 1;
  for (int64_t d : dims)
    p *= d;
  return p;
}


/// 32- and 64-bit integer arithmetic for the counter-based generators.
struct BitEmitter {
  OpBuilder &b;
  Location loc;
  Type i32, i64;
  BitEmitter(OpBuilder &b, Location loc)
      : b(b), loc(loc), i32(b.getI32Type()), i64(b.getI64Type()) {}
  Value c32(uint32_t v) {
    return b.create<arith::ConstantOp>(loc, i32,
                                       b.getIntegerAttr(i32, int64_t(v)));
  }
  Value c64(uint64_t v) {
    return b.create<arith::ConstantOp>(loc, i64,
                                       b.getIntegerAttr(i64, int64_t(v)));
  }
  Value add(Value x, Value y) { return b.create<arith::AddIOp>(loc, x, y); }
  Value mul(Value x, Value y) { return b.create<arith::MulIOp>(loc, x, y); }
  Value xorI(Value x, Value y) { return b.create<arith::XOrIOp>(loc, x, y); }
  Value low32(Value x) { return b.create<arith::TruncIOp>(loc, i32, x); }
  Value high32(Value x) {
    return low32(b.create<arith::ShRUIOp>(loc, x, c64(32)));
  }
  Value wide(Value x) { return b.create<arith::ExtUIOp>(loc, i64, x); }
  Value splitMix64(Value x) {
    auto shr = [&](Value v, int n) { return b.create<arith::ShRUIOp>(loc, v, c64(n)); };
    x = add(x, c64(0x9E3779B97F4A7C15ull));
    x = mul(xorI(x, shr(x, 30)), c64(0xBF58476D1CE4E5B9ull));
    x = mul(xorI(x, shr(x, 27)), c64(0x94D049BB133111EBull));
    return xorI(x, shr(x, 31));
  }
  /// An f64 uniformly drawn from [0, 1) for stream position `i`.
  Value unitUniform(Value i) {
    Value bits = b.create<arith::ShRUIOp>(loc, splitMix64(i), c64(11));
    Value asDouble = b.create<arith::UIToFPOp>(loc, b.getF64Type(), bits);
    return b.create<arith::MulFOp>(loc, asDouble, f64(0x1.0p-53));
  }
  Value f64(double v) {
    return b.create<arith::ConstantOp>(loc, b.getF64FloatAttr(v));
  }
  Value join32(Value low, Value high) {
    return b.create<arith::OrIOp>(
        loc, wide(low), b.create<arith::ShLIOp>(loc, wide(high), c64(32)));
  }
  Value rotl(Value x, int d) {
    return b.create<arith::OrIOp>(loc, b.create<arith::ShLIOp>(loc, x, c32(d)),
                                  b.create<arith::ShRUIOp>(loc, x, c32(32 - d)));
  }
  std::array<Value, 2> threeFry(std::array<Value, 2> x, std::array<Value, 2> key) {
    static constexpr int rotations[8] = {13, 15, 26, 6, 17, 29, 16, 24};
    Value ks[3] = {key[0], key[1],
                   xorI(xorI(c32(0x1BD11BDA), key[0]), key[1])};
    x[0] = add(x[0], ks[0]);
    x[1] = add(x[1], ks[1]);
    for (int group = 0; group < 5; ++group) {
      const int *r = rotations + (group % 2) * 4;
      for (int i = 0; i < 4; ++i) {
        x[0] = add(x[0], x[1]);
        x[1] = xorI(rotl(x[1], r[i]), x[0]);
      }
      x[0] = add(x[0], ks[(group + 1) % 3]);
      x[1] = add(x[1], add(ks[(group + 2) % 3], c32(group + 1)));
    }
    return x;
  }
  std::array<Value, 4> philox(std::array<Value, 4> x, std::array<Value, 2> key) {
    for (int round = 0; round < 10; ++round) {
      Value p0 = mul(wide(x[0]), c64(0xD2511F53u));
      Value p1 = mul(wide(x[2]), c64(0xCD9E8D57u));
      x = {xorI(xorI(high32(p1), x[1]), key[0]), low32(p1),
           xorI(xorI(high32(p0), x[3]), key[1]), low32(p0)};
      key[0] = add(key[0], c32(0x9E3779B9u));
      key[1] = add(key[1], c32(0xBB67AE85u));
    }
    return x;
  }
};

struct RngBitGeneratorLowering : OpConversionPattern<hlo::RngBitGeneratorOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(hlo::RngBitGeneratorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value state = adaptor.getInitialState();
    auto stateType = dyn_cast<RankedTensorType>(state.getType());
    auto outType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getOutput().getType()));
    if (!stateType || !stateType.hasStaticShape() || stateType.getRank() != 1 ||
        !stateType.getElementType().isInteger(64) || !outType ||
        !outType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "static shapes, 64-bit state only");
    Type element = outType.getElementType();
    unsigned width = element.getIntOrFloatBitWidth();
    if (!(isa<IntegerType>(element) || isa<FloatType>(element)) ||
        element.isInteger(1) ||
        (width != 8 && width != 16 && width != 32 && width != 64))
      return rewriter.notifyMatchFailure(op, "output element type");
    int64_t stateSize = stateType.getDimSize(0);
    if (stateSize < 2)
      return rewriter.notifyMatchFailure(op, "state too small");
    Location loc = op.getLoc();
    BitEmitter e(rewriter, loc);
    auto extractState = [&](int64_t i) -> Value {
      Value index = rewriter.create<arith::ConstantIndexOp>(loc, i);
      return rewriter.create<tensor::ExtractOp>(loc, state, index);
    };
    Value s0 = extractState(0), s1 = extractState(1);
    std::array<Value, 2> key = {e.low32(s0), e.high32(s0)};
    ArrayRef<int64_t> shape = outType.getShape();
    int64_t rank = outType.getRank(), count = outType.getNumElements();
    bool threeFry = op.getRngAlgorithm() == hlo::RngAlgorithm::THREE_FRY;
    bool wideState = stateSize >= 3;
    Value s2 = wideState ? extractState(2) : s0;

    // THREE_FRY's split dimension for narrow outputs.
    int64_t split = -1;
    SmallVector<int64_t> half(shape);
    if (threeFry && width != 64) {
      for (int64_t d = 0; d < rank && split < 0; ++d)
        if (shape[d] % 2 == 0)
          split = d;
      bool anyEven = split >= 0;
      for (int64_t d = 0; d < rank && !anyEven; ++d)
        if (split < 0 || shape[d] > shape[split])
          split = d;
      if (split >= 0)
        half[split] = (shape[split] + 1) / 2;
    }
    int64_t perBlock = width == 64 ? 2 : 4;
    int64_t blocks = (count + perBlock - 1) / perBlock;

    Value init = rewriter.create<tensor::EmptyOp>(loc, shape, element);
    SmallVector<AffineMap> maps{rewriter.getMultiDimIdentityMap(rank)};
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    auto generic = rewriter.create<linalg::GenericOp>(
        loc, TypeRange{outType}, ValueRange{}, ValueRange{init}, maps, iterators,
        [&](OpBuilder &nb, Location l, ValueRange) {
          // The element's linear index (and its THREE_FRY half index).
          Value linear = e.c64(0), h = e.c64(0), word = e.c64(0);
          for (int64_t d = 0; d < rank; ++d) {
            Value id = nb.create<arith::IndexCastUIOp>(
                l, e.i64, nb.create<linalg::IndexOp>(l, d));
            linear = e.add(e.mul(linear, e.c64(shape[d])), id);
            Value hid = id;
            if (d == split) {
              hid = nb.create<arith::ShRUIOp>(l, id, e.c64(1));
              word = nb.create<arith::AndIOp>(l, id, e.c64(1));
            }
            h = e.add(e.mul(h, e.c64(half[d])), hid);
          }
          Value bits;
          if (threeFry) {
            Value offset = width == 64 ? linear : h;
            Value c = e.add(s1, offset);
            auto x = e.threeFry({e.low32(c), e.high32(c)}, key);
            if (width == 64) {
              bits = e.join32(x[0], x[1]);
            } else {
              Value isOne = nb.create<arith::CmpIOp>(
                  l, arith::CmpIPredicate::ne, word, e.c64(0));
              bits = e.wide(nb.create<arith::SelectOp>(l, isOne, x[1], x[0]));
            }
          } else {
            Value bIdx = nb.create<arith::DivUIOp>(l, linear, e.c64(perBlock));
            Value k = nb.create<arith::RemUIOp>(l, linear, e.c64(perBlock));
            Value cLow = e.add(s1, bIdx);
            Value carry = nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::ult,
                                                   cLow, s1);
            Value cHigh = nb.create<arith::SelectOp>(l, carry,
                                                     e.add(s2, e.c64(1)), s2);
            auto x = e.philox({e.low32(cLow), e.high32(cLow), e.low32(cHigh),
                               e.high32(cHigh)},
                              key);
            auto pick = [&](ArrayRef<Value> v) {
              Value r = v[0];
              for (size_t i = 1; i < v.size(); ++i) {
                Value is = nb.create<arith::CmpIOp>(
                    l, arith::CmpIPredicate::eq, k, e.c64(i));
                r = nb.create<arith::SelectOp>(l, is, v[i], r);
              }
              return r;
            };
            if (width == 64)
              bits = pick({e.join32(x[0], x[1]), e.join32(x[2], x[3])});
            else
              bits = e.wide(pick({x[0], x[1], x[2], x[3]}));
          }
          Type intType = nb.getIntegerType(width);
          Value v = width == 64 ? bits
                                : nb.create<arith::TruncIOp>(l, intType, bits)
                                      .getResult();
          if (isa<FloatType>(element))
            v = nb.create<arith::BitcastOp>(l, element, v);
          nb.create<linalg::YieldOp>(l, v);
        });

    // The new state: the key, then the advanced counter.
    Value newState = state;
    auto insertState = [&](Value v, int64_t i) {
      Value index = rewriter.create<arith::ConstantIndexOp>(loc, i);
      newState = rewriter.create<tensor::InsertOp>(loc, v, newState, index);
    };
    if (threeFry) {
      int64_t used = width == 64 ? count : (split < 0 ? 1 : product(half));
      insertState(e.add(s1, e.c64(used)), 1);
    } else {
      Value newLow = e.add(s1, e.c64(blocks));
      insertState(newLow, 1);
      if (wideState) {
        Value carry = rewriter.create<arith::CmpIOp>(
            loc, arith::CmpIPredicate::ult, newLow, s1);
        insertState(rewriter.create<arith::SelectOp>(loc, carry,
                                                     e.add(s2, e.c64(1)), s2),
                    2);
      }
    }
    rewriter.replaceOp(op, {newState, generic.getResult(0)});
    return success();
  }
};

/// The linear (row-major) index of the current element of a linalg.generic
/// over `shape`, as i64.
Value linearIndex(BitEmitter &e, OpBuilder &b, Location loc, ArrayRef<int64_t> shape) {
  Value linear = e.c64(0);
  for (int64_t d = 0; d < static_cast<int64_t>(shape.size()); ++d) {
    Value id = b.create<arith::IndexCastUIOp>(loc, e.i64, b.create<linalg::IndexOp>(loc, d));
    linear = e.add(e.mul(linear, e.c64(shape[d])), id);
  }
  return linear;
}

struct RngLowering : OpConversionPattern<hlo::RngOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(hlo::RngOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto hloType = dyn_cast<RankedTensorType>(op.getResult().getType());
    auto outType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getResult().getType()));
    if (!hloType || !outType || !outType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "a result of static shape only");
    Type hloElement = hloType.getElementType(), element = outType.getElementType();
    bool normal = op.getRngDistribution() == hlo::RngDistribution::NORMAL;
    auto floatType = dyn_cast<FloatType>(element);
    auto intType = dyn_cast<IntegerType>(element);
    if ((!floatType && !intType) || (normal && !floatType) ||
        (intType && intType.getWidth() > 64) ||
        (floatType && floatType.getWidth() > 64))
      return rewriter.notifyMatchFailure(op, "element type");
    Location loc = op.getLoc();
    BitEmitter e(rewriter, loc);
    Value a = rewriter.create<tensor::ExtractOp>(loc, adaptor.getA(), ValueRange{});
    Value bound = rewriter.create<tensor::ExtractOp>(loc, adaptor.getB(), ValueRange{});
    ArrayRef<int64_t> shape = outType.getShape();
    Type f64 = rewriter.getF64Type(), f32 = rewriter.getF32Type();

    // The parameters as the interpreter reads them: floats as f64,
    // integers as i64 (unsigned ones and i1 zero-extended).
    Value lo, hi;
    if (floatType) {
      auto toF64 = [&](Value x) -> Value {
        if (floatType.getWidth() < 32)
          x = rewriter.create<arith::ExtFOp>(loc, f32, x);
        return x.getType() == f64 ? x : rewriter.create<arith::ExtFOp>(loc, f64, x);
      };
      lo = toF64(a);
      hi = toF64(bound);
    } else {
      bool zeroExtend = isUnsignedInteger(hloElement) || element.isInteger(1);
      auto toI64 = [&](Value x) -> Value {
        if (intType.getWidth() == 64)
          return x;
        return zeroExtend ? rewriter.create<arith::ExtUIOp>(loc, e.i64, x).getResult()
                          : rewriter.create<arith::ExtSIOp>(loc, e.i64, x).getResult();
      };
      lo = toI64(a);
      hi = toI64(bound);
    }

    Value init = rewriter.create<tensor::EmptyOp>(loc, shape, element);
    SmallVector<AffineMap> maps{rewriter.getMultiDimIdentityMap(outType.getRank())};
    SmallVector<utils::IteratorType> iterators(outType.getRank(),
                                               utils::IteratorType::parallel);
    auto generic = rewriter.create<linalg::GenericOp>(
        loc, TypeRange{outType}, ValueRange{}, ValueRange{init}, maps, iterators,
        [&](OpBuilder &nb, Location l, ValueRange) {
          BitEmitter be(nb, l);
          Value i = linearIndex(be, nb, l, shape);
          Value v;
          if (floatType) {
            if (normal) {
              // lo + hi * sqrt(-2 log(u1)) * cos(2 pi u2)
              Value twice = be.mul(i, be.c64(2));
              Value u1 = nb.create<arith::SubFOp>(l, be.f64(1.0), be.unitUniform(twice));
              Value u2 = be.unitUniform(be.add(twice, be.c64(1)));
              Value radius = nb.create<math::SqrtOp>(
                  l, nb.create<arith::MulFOp>(l, be.f64(-2.0),
                                              nb.create<math::LogOp>(l, u1)));
              Value angle = nb.create<math::CosOp>(
                  l, nb.create<arith::MulFOp>(l, be.f64(2 * M_PI), u2));
              v = nb.create<arith::AddFOp>(
                  l, lo,
                  nb.create<arith::MulFOp>(l, nb.create<arith::MulFOp>(l, hi, radius),
                                           angle));
            } else {
              // lo + u * (hi - lo)
              v = nb.create<arith::AddFOp>(
                  l, lo,
                  nb.create<arith::MulFOp>(l, be.unitUniform(i),
                                           nb.create<arith::SubFOp>(l, hi, lo)));
            }
            // Rounded to f32 first, as the interpreter stores narrow floats.
            if (floatType.getWidth() < 64)
              v = nb.create<arith::TruncFOp>(l, f32, v);
            if (floatType.getWidth() < 32)
              v = nb.create<arith::TruncFOp>(l, element, v);
            if (!normal) {
              // Rounding may land a uniform draw on hi; [lo, hi) excludes it.
              Value back = v;
              if (floatType.getWidth() < 32)
                back = nb.create<arith::ExtFOp>(l, f32, back);
              if (floatType.getWidth() < 64)
                back = nb.create<arith::ExtFOp>(l, f64, back);
              Value nonEmpty = nb.create<arith::CmpFOp>(l, arith::CmpFPredicate::OGT, hi, lo);
              Value onHi = nb.create<arith::CmpFOp>(l, arith::CmpFPredicate::OGE, back, hi);
              v = nb.create<arith::SelectOp>(
                  l, nb.create<arith::AndIOp>(l, nonEmpty, onHi), a, v);
            }
          } else {
            // lo + bits mod (hi - lo); lo when the range is empty.
            bool unsignedCompare = isUnsignedInteger(hloElement) || element.isInteger(1);
            Value empty = nb.create<arith::CmpIOp>(
                l, unsignedCompare ? arith::CmpIPredicate::ule : arith::CmpIPredicate::sle,
                hi, lo);
            Value range = nb.create<arith::SubIOp>(l, hi, lo);
            Value divisor = nb.create<arith::SelectOp>(l, empty, be.c64(1), range);
            Value offset = nb.create<arith::RemUIOp>(l, be.splitMix64(i), divisor);
            v = be.add(lo, nb.create<arith::SelectOp>(l, empty, be.c64(0), offset));
            if (element.isInteger(1))
              v = nb.create<arith::CmpIOp>(l, arith::CmpIPredicate::ne, v, be.c64(0));
            else if (intType.getWidth() < 64)
              v = nb.create<arith::TruncIOp>(l, element, v);
          }
          nb.create<linalg::YieldOp>(l, v);
        });
    rewriter.replaceOp(op, generic.getResult(0));
    return success();
  }
};

} // namespace

void populateRandomToLinalgPatterns(mlir::TypeConverter &converter,
                                    mlir::RewritePatternSet &patterns) {
  patterns.add<RngBitGeneratorLowering, RngLowering>(converter, patterns.getContext());
}

} // namespace oxla
