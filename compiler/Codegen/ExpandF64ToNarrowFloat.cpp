//===- ExpandF64ToNarrowFloat.cpp - f64 to f16 rounding in vectorizable ops -------===//
//
// See Passes.td. x86 has no f64 -> f16 instruction, so LLVM calls
// `__truncdfhf2` (soft float, one element at a time) for each
// `arith.truncf` f64 -> f16: batch_norm (computed in f64,
// oxla-decompose-batch-norm) spent most of an f16 ResNet-50 call there.
// Rounding to f32 first and then to f16 would round twice (1 + 2^-11 +
// 2^-40 would become 1 instead of 1 + 2^-10); rounding to odd into f32
// first does not: f32 keeps 24 bits, at least f16's 11 + 2, so the
// second rounding (to nearest even) sees the same side of every tie as
// the exact value (Boldo and Melquiond, "Emulation of FMA and correctly
// rounded sums: proved algorithms using rounding to odd", 2008). The
// runtime's `__truncdfbf2` rounds f64 to bf16 the same way.
//
// Round to odd into f32: t = round-to-nearest(x); where t lies farther
// from 0 than x, one step back toward 0 (the bits of t minus one: the
// truncation of x, across a binade boundary and from infinity too); where
// t != x, the last bit set. NaN, infinities, zeros and exact values pass
// through unchanged.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinOps.h"

namespace oxla {
#define GEN_PASS_DEF_EXPANDF64TONARROWFLOAT
#include "compiler/Codegen/Passes.h.inc"
} // namespace oxla

using namespace mlir;

namespace {

/// `element` in the shape of `like` (a scalar or a vector).
Type sameShape(Type like, Type element) {
  if (auto vector = dyn_cast<VectorType>(like))
    return vector.clone(element);
  return element;
}

Value splat(OpBuilder &b, Location loc, Type type, int64_t value) {
  Type element = getElementTypeOrSelf(type);
  TypedAttr scalar = b.getIntegerAttr(element, value);
  if (auto vector = dyn_cast<VectorType>(type))
    return b.create<arith::ConstantOp>(loc, DenseElementsAttr::get(vector, scalar));
  return b.create<arith::ConstantOp>(loc, scalar);
}

/// `x` (f64 or a vector of f64) rounded to odd into f32.
Value roundToOddF32(OpBuilder &b, Location loc, Value x) {
  Type type = x.getType();
  Type f32 = sameShape(type, b.getF32Type()), i32 = sameShape(type, b.getI32Type());
  Value nearest = b.create<arith::TruncFOp>(loc, f32, x);
  Value back = b.create<arith::ExtFOp>(loc, type, nearest);
  // Ordered: false where x is NaN.
  Value inexact = b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::ONE, back, x);
  Value away = b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::OGT,
                                       b.create<math::AbsFOp>(loc, back),
                                       b.create<math::AbsFOp>(loc, x));
  Value bits = b.create<arith::BitcastOp>(loc, i32, nearest);
  Value towardZero = b.create<arith::SubIOp>(loc, bits, splat(b, loc, i32, 1));
  bits = b.create<arith::SelectOp>(loc, away, towardZero, bits);
  bits = b.create<arith::OrIOp>(loc, bits, b.create<arith::ExtUIOp>(loc, i32, inexact));
  return b.create<arith::BitcastOp>(loc, f32, bits);
}

struct ExpandF64ToNarrowFloat : public oxla::impl::ExpandF64ToNarrowFloatBase<ExpandF64ToNarrowFloat> {
  void runOnOperation() override {
    SmallVector<arith::TruncFOp> ops;
    getOperation().walk([&](arith::TruncFOp op) {
      // A rounding mode of its own is left to LLVM.
      Type to = getElementTypeOrSelf(op.getType());
      if (getElementTypeOrSelf(op.getIn()).isF64() && (to.isF16() || to.isBF16()) &&
          !op.getRoundingmodeAttr())
        ops.push_back(op);
    });
    OpBuilder b(&getContext());
    for (arith::TruncFOp op : ops) {
      b.setInsertionPoint(op);
      Value odd = roundToOddF32(b, op.getLoc(), op.getIn());
      Value result = b.create<arith::TruncFOp>(op.getLoc(), op.getType(), odd);
      op.getResult().replaceAllUsesWith(result);
      op.erase();
    }
  }
};

} // namespace
