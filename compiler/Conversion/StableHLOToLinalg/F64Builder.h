//===- F64Builder.h - f64 scalar arithmetic for the CHLO lowerings --------===//
//
// The special functions of ChloPatterns*.cpp are written in f64 (as the
// interpreter computes them) with this shorthand over arith and math ops.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_CONVERSION_STABLEHLOTOLINALG_F64BUILDER_H
#define OXLA_COMPILER_CONVERSION_STABLEHLOTOLINALG_F64BUILDER_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Builders.h"

#include <cmath>
#include <limits>

namespace oxla::chlo_lowering {

using mlir::OpBuilder;
using mlir::Location;
using mlir::Value;
namespace arith = mlir::arith;
namespace math = mlir::math;

constexpr double kPi = 3.14159265358979323846;
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// f64 scalar arithmetic at one insertion point.
struct F64Builder {
  OpBuilder &b;
  Location loc;

  Value c(double v) { return b.create<arith::ConstantOp>(loc, b.getF64FloatAttr(v)); }
  Value add(Value x, Value y) { return b.create<arith::AddFOp>(loc, x, y); }
  Value sub(Value x, Value y) { return b.create<arith::SubFOp>(loc, x, y); }
  Value mul(Value x, Value y) { return b.create<arith::MulFOp>(loc, x, y); }
  Value div(Value x, Value y) { return b.create<arith::DivFOp>(loc, x, y); }
  Value neg(Value x) { return b.create<arith::NegFOp>(loc, x); }
  Value cmp(arith::CmpFPredicate p, Value x, Value y) {
    return b.create<arith::CmpFOp>(loc, p, x, y);
  }
  Value lt(Value x, Value y) { return cmp(arith::CmpFPredicate::OLT, x, y); }
  Value le(Value x, Value y) { return cmp(arith::CmpFPredicate::OLE, x, y); }
  Value gt(Value x, Value y) { return cmp(arith::CmpFPredicate::OGT, x, y); }
  Value ge(Value x, Value y) { return cmp(arith::CmpFPredicate::OGE, x, y); }
  Value eq(Value x, Value y) { return cmp(arith::CmpFPredicate::OEQ, x, y); }
  Value ne(Value x, Value y) { return cmp(arith::CmpFPredicate::UNE, x, y); }
  Value isNaN(Value x) { return cmp(arith::CmpFPredicate::UNO, x, x); }
  Value sel(Value cond, Value x, Value y) {
    return b.create<arith::SelectOp>(loc, cond, x, y);
  }
  Value andB(Value x, Value y) { return b.create<arith::AndIOp>(loc, x, y); }
  Value orB(Value x, Value y) { return b.create<arith::OrIOp>(loc, x, y); }
  Value notB(Value x) {
    Value t = b.create<arith::ConstantOp>(loc, b.getBoolAttr(true));
    return b.create<arith::XOrIOp>(loc, x, t);
  }
  Value abs(Value x) { return b.create<math::AbsFOp>(loc, x); }
  Value exp(Value x) { return b.create<math::ExpOp>(loc, x); }
  Value log(Value x) { return b.create<math::LogOp>(loc, x); }
  Value sqrt(Value x) { return b.create<math::SqrtOp>(loc, x); }
  Value sin(Value x) { return b.create<math::SinOp>(loc, x); }
  Value tan(Value x) { return b.create<math::TanOp>(loc, x); }
  Value erf(Value x) { return b.create<math::ErfOp>(loc, x); }
  Value floor(Value x) { return b.create<math::FloorOp>(loc, x); }
  Value roundEven(Value x) { return b.create<math::RoundEvenOp>(loc, x); }
  Value pow(Value x, Value y) { return b.create<math::PowFOp>(loc, x, y); }
  Value copysign(Value x, Value y) { return b.create<math::CopySignOp>(loc, x, y); }
  Value max(Value x, Value y) { return b.create<arith::MaximumFOp>(loc, x, y); }
  /// log(1 + x) without the rounding of 1 + x: log(u) * x / (u - 1).
  Value log1p(Value x) {
    Value u = add(c(1), x);
    Value r = div(mul(log(u), x), sub(u, c(1)));
    r = sel(eq(u, c(kInf)), u, r);
    return sel(eq(u, c(1)), x, r);
  }
  Value isInteger(Value x) { return eq(floor(x), x); }
  Value cos(Value x) { return b.create<math::CosOp>(loc, x); }
  Value atan(Value x) { return b.create<math::AtanOp>(loc, x); }
  Value atan2(Value y, Value x) { return b.create<math::Atan2Op>(loc, y, x); }
  /// sqrt(x^2 + y^2) for x, y >= 0, scaled by a power of two away from
  /// overflow and underflow.
  Value hypot(Value x, Value y) {
    Value m = max(x, y);
    Value scale = sel(gt(m, c(1e150)), c(std::ldexp(1.0, -600)),
                      sel(lt(m, c(1e-150)), c(std::ldexp(1.0, 600)), c(1)));
    Value xs = mul(x, scale), ys = mul(y, scale);
    return div(sqrt(add(mul(xs, xs), mul(ys, ys))), scale);
  }
};

} // namespace oxla::chlo_lowering

#endif // OXLA_COMPILER_CONVERSION_STABLEHLOTOLINALG_F64BUILDER_H
