//===- NarrowFloatMinMax.cpp - f16/bf16 maximum and minimum on their bits -===//
//
// See Passes.td. The lowering computes f16 and bf16 ops in f32 between an
// extf and a truncf; LLVM's instcombine narrows the compare inside an f32
// maximum of extended values back to a compare of halves, which x86 has no
// vector instruction for: each lane became a scalar compare and a branch
// (most of the time of an f16 ResNet-50's batch_norm + ReLU loops). The
// same maximum on the 16-bit patterns is a few integer vector ops.
//
// Order: key(x) = x ^ ((x >> 15) & 0x7fff) (arithmetic shift) orders the
// sign-magnitude patterns as signed integers, -0 below +0, infinities at
// the ends. NaN (magnitude above the infinity's pattern) wins, as
// arith.maximumf and arith.minimumf propagate it.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"

namespace oxla {
#define GEN_PASS_DEF_NARROWFLOATMINMAX
#include "compiler/Codegen/Passes.h.inc"
} // namespace oxla

using namespace mlir;

namespace {

/// The 16-bit pattern of `value` as an i16 value of narrow type `narrow`:
/// the operand of an extf from `narrow`, or an f32 constant that `narrow`
/// holds exactly. Null otherwise.
Value narrowBits(OpBuilder &b, Location loc, Value value, Type narrow) {
  if (auto ext = value.getDefiningOp<arith::ExtFOp>()) {
    if (ext.getIn().getType() != narrow)
      return {};
    return b.create<arith::BitcastOp>(loc, b.getI16Type(), ext.getIn());
  }
  FloatAttr constant;
  if (!matchPattern(value, m_Constant(&constant)))
    return {};
  APFloat x = constant.getValue();
  bool lost = false;
  APFloat::opStatus status = x.convert(cast<FloatType>(narrow).getFloatSemantics(),
                                       APFloat::rmNearestTiesToEven, &lost);
  if (lost || status != APFloat::opOK || x.isNaN())
    return {};
  return b.create<arith::ConstantOp>(
      loc, b.getIntegerAttr(b.getI16Type(), x.bitcastToAPInt().getZExtValue()));
}

/// The narrow type whose extf feeds `op`, if any operand is one.
Type narrowSource(Operation *op) {
  for (Value operand : op->getOperands())
    if (auto ext = operand.getDefiningOp<arith::ExtFOp>()) {
      Type in = ext.getIn().getType();
      if (in.isF16() || in.isBF16())
        return in;
    }
  return {};
}

struct NarrowFloatMinMax : public oxla::impl::NarrowFloatMinMaxBase<NarrowFloatMinMax> {
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<arith::MaximumFOp, arith::MinimumFOp>(op) && op->getResult(0).getType().isF32() &&
          narrowSource(op))
        ops.push_back(op);
    });
    OpBuilder b(&getContext());
    for (Operation *op : ops) {
      Location loc = op->getLoc();
      b.setInsertionPoint(op);
      Type narrow = narrowSource(op);
      Value lhs = narrowBits(b, loc, op->getOperand(0), narrow);
      Value rhs = narrowBits(b, loc, op->getOperand(1), narrow);
      if (!lhs || !rhs)
        continue;
      auto constant = [&](int64_t v) -> Value {
        return b.create<arith::ConstantOp>(loc, b.getIntegerAttr(b.getI16Type(), v));
      };
      auto key = [&](Value x) -> Value {
        Value sign = b.create<arith::ShRSIOp>(loc, x, constant(15));
        return b.create<arith::XOrIOp>(loc, x,
                                       b.create<arith::AndIOp>(loc, sign, constant(0x7fff)));
      };
      auto isNaN = [&](Value x) -> Value {
        Value magnitude = b.create<arith::AndIOp>(loc, x, constant(0x7fff));
        return b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::ugt, magnitude,
                                       constant(narrow.isF16() ? 0x7c00 : 0x7f80));
      };
      auto predicate =
          isa<arith::MaximumFOp>(op) ? arith::CmpIPredicate::sge : arith::CmpIPredicate::sle;
      Value pickLhs = b.create<arith::CmpIOp>(loc, predicate, key(lhs), key(rhs));
      Value bits = b.create<arith::SelectOp>(loc, pickLhs, lhs, rhs);
      bits = b.create<arith::SelectOp>(loc, isNaN(rhs), rhs, bits);
      bits = b.create<arith::SelectOp>(loc, isNaN(lhs), lhs, bits);
      Value chosen = b.create<arith::BitcastOp>(loc, narrow, bits);
      Value result = b.create<arith::ExtFOp>(loc, b.getF32Type(), chosen);
      op->getResult(0).replaceAllUsesWith(result);
      op->erase();
    }
    // The op was computed between an extf and a truncf: a truncf of an
    // extf from its own type is the narrow value itself (exact). Left in
    // place, LLVM's x86 lowering of the bf16 round trip (with arith-expand's
    // NaN test) is a scalar compare and branch per lane.
    getOperation().walk([](arith::TruncFOp trunc) {
      auto ext = trunc.getIn().getDefiningOp<arith::ExtFOp>();
      if (!ext || ext.getIn().getType() != trunc.getType())
        return;
      trunc.replaceAllUsesWith(ext.getIn());
      trunc->erase();
    });
  }
};

} // namespace
