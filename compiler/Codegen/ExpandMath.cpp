//===- ExpandMath.cpp - f32 exp and tanh as vectorizable functions --------===//
//
// See Passes.td. Accuracy, against the interpreter (which computes in f64
// and rounds once): at most 1 ULP for exp, 2 for tanh, over every f32
// (tests/lit/oxla-run/expand-math.mlir sweeps the ranges with
// --check-with-interpreter).
//
// exp(x): x = n ln2 + r with n = roundeven(x log2 e) and |r| <= ln2 / 2
// (Cody-Waite, ln2 split in two, fused multiply-adds); e^r by its Taylor
// polynomial to degree 7 (truncation below 0.1 ULP) as 1 + r (1 + r q(r)):
// the two outer steps Horner's, which round the leading terms once, q in
// Estrin's scheme, a chain of 5 dependent steps in all where Horner's has
// 7, so that a vector loop keeps more of them in flight (W2 softmax: exp
// is most of its arithmetic; Estrin's throughout came to 2 ULPs). 2^n is
// applied by `__oxla_scalef_v<N>` (vectors) as two power-of-two factors,
// so that results near overflow and in the subnormal range round once;
// the optimizer gives that function one AVX-512 vscalefps where the
// target has it (ObjectEmitter.cpp), the same single rounding. x is
// clamped to [-104, 89] first, where e^x already rounds to 0 and inf; NaN
// passes through.
//
// tanh(x): |x| < 0.55: a + a^3 P(a^2) for a = |x|, P a degree-5 least-squares fit of
// (tanh(a) - a) / a^3 for relative error (1 ULP); otherwise
// 1 - 2 / (e^{2|x|} + 1); the sign of x copied onto either. -0, +-inf and
// NaN come out as tanh's.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace oxla {
#define GEN_PASS_DEF_EXPANDMATH
#include "compiler/Codegen/Passes.h.inc"
} // namespace oxla

using namespace mlir;

namespace {

/// The vector widths LLVM's loop vectorizer may pick for f32 on x86-64
/// (SSE, AVX2, AVX-512).
constexpr int64_t kVectorWidths[] = {4, 8, 16};

func::FuncOp defineScalef(OpBuilder &b, ModuleOp module, VectorType type);

/// Builds f32 arithmetic on values of `type` (f32 or a vector of f32).
struct F32Builder {
  OpBuilder &b;
  Location loc;
  Type type;
  ModuleOp module;

  Type intType() const {
    Type i32 = b.getI32Type();
    if (auto vector = dyn_cast<VectorType>(type))
      return vector.clone(i32);
    return i32;
  }
  Value constant(float value) const {
    Attribute attr = b.getF32FloatAttr(value);
    if (auto vector = dyn_cast<VectorType>(type))
      attr = DenseElementsAttr::get(vector, attr);
    return b.create<arith::ConstantOp>(loc, type, cast<TypedAttr>(attr));
  }
  Value intConstant(int32_t value) const {
    Type t = intType();
    Attribute attr = b.getI32IntegerAttr(value);
    if (auto vector = dyn_cast<VectorType>(t))
      attr = DenseElementsAttr::get(vector, attr);
    return b.create<arith::ConstantOp>(loc, t, cast<TypedAttr>(attr));
  }
  Value add(Value x, Value y) const { return b.create<arith::AddFOp>(loc, x, y); }
  Value sub(Value x, Value y) const { return b.create<arith::SubFOp>(loc, x, y); }
  Value mul(Value x, Value y) const { return b.create<arith::MulFOp>(loc, x, y); }
  Value div(Value x, Value y) const { return b.create<arith::DivFOp>(loc, x, y); }
  Value fma(Value x, Value y, Value z) const { return b.create<math::FmaOp>(loc, x, y, z); }
  Value select(Value c, Value x, Value y) const {
    return b.create<arith::SelectOp>(loc, c, x, y);
  }
  Value cmp(arith::CmpFPredicate p, Value x, Value y) const {
    return b.create<arith::CmpFOp>(loc, p, x, y);
  }
  /// Horner: ((c[n] x + c[n-1]) x + ...) x + c[0].
  Value polynomial(Value x, ArrayRef<float> c) const {
    Value p = constant(c.back());
    for (float coefficient : llvm::reverse(c.drop_back()))
      p = fma(p, x, constant(coefficient));
    return p;
  }
  /// The same polynomial in Estrin's scheme: pairs c[i] + c[i+1] x, then
  /// pairs of those with x^2, x^4, ...
  Value polynomialEstrin(Value x, ArrayRef<float> c) const {
    SmallVector<Value> terms;
    for (size_t i = 0; i < c.size(); i += 2)
      terms.push_back(i + 1 < c.size() ? fma(constant(c[i + 1]), x, constant(c[i]))
                                       : constant(c[i]));
    Value power = mul(x, x);
    while (terms.size() > 1) {
      SmallVector<Value> pairs;
      for (size_t i = 0; i < terms.size(); i += 2)
        pairs.push_back(i + 1 < terms.size() ? fma(terms[i + 1], power, terms[i]) : terms[i]);
      terms = std::move(pairs);
      if (terms.size() > 1)
        power = mul(power, power);
    }
    return terms.front();
  }
  /// 2^e for integer e in [-126, 127].
  Value powerOfTwo(Value e) const {
    Value biased = b.create<arith::AddIOp>(loc, e, intConstant(127));
    Value bits = b.create<arith::ShLIOp>(loc, biased, intConstant(23));
    return b.create<arith::BitcastOp>(loc, type, bits);
  }

  Value exp(Value x) const {
    Value isNan = cmp(arith::CmpFPredicate::UNO, x, x);
    // Clamped, and NaN replaced by 0 so the integer conversion stays defined.
    Value clamped = b.create<arith::MinimumFOp>(
        loc, b.create<arith::MaximumFOp>(loc, x, constant(-104.0f)), constant(89.0f));
    clamped = select(isNan, constant(0.0f), clamped);
    Value n = b.create<math::RoundEvenOp>(loc, mul(clamped, constant(1.44269502f)));
    // ln2 = 0x1.62e4p-1 (exact with n up to 2^8) + 0x1.7f7d1cp-20.
    Value r = fma(n, constant(-0.693145751953125f), clamped);
    r = fma(n, constant(-1.42860677e-06f), r);
    // 1 + r (1 + r q(r)): the last two steps as Horner's, which round
    // the leading terms once; q, whose rounding errors r^2 scales below
    // them, in Estrin's scheme.
    Value q = polynomialEstrin(r, {1.0f / 2, 1.0f / 6, 1.0f / 24, 1.0f / 120, 1.0f / 720,
                                   1.0f / 5040});
    Value p = fma(fma(q, r, constant(1.0f)), r, constant(1.0f));
    Value result;
    auto vector = dyn_cast<VectorType>(type);
    if (vector && llvm::is_contained(kVectorWidths, vector.getNumElements()))
      result = b.create<func::CallOp>(loc, defineScalef(b, module, vector), ValueRange{p, n})
                   .getResult(0);
    else
      result = scalef(p, n);
    return select(isNan, x, result);
  }

  /// p * 2^n for integral n in [-252, 254], rounded once: as two power-of-two
  /// factors, the first of which leaves p * 2^(n/2) normal.
  Value scalef(Value p, Value n) const {
    Value e = b.create<arith::FPToSIOp>(loc, intType(), n);
    Value half = b.create<arith::ShRSIOp>(loc, e, intConstant(1));
    Value rest = b.create<arith::SubIOp>(loc, e, half);
    return mul(mul(p, powerOfTwo(half)), powerOfTwo(rest));
  }

  Value tanh(Value x) const {
    // Computed on |x|, the sign copied last: that keeps tanh(-0) = -0,
    // which x + x * q (q = -0 at 0) would make +0.
    Value a = b.create<math::AbsFOp>(loc, x);
    Value a2 = mul(a, a);
    Value q = mul(polynomial(a2, {-0.3333333134651184f, 0.13333295285701752f,
                                  -0.05395995453000069f, 0.021784711629152298f,
                                  -0.008419351652264595f, 0.002401623409241438f}),
                  a2);
    Value small = fma(a, q, a);
    Value e = exp(add(a, a));
    Value large = sub(constant(1.0f), div(constant(2.0f), add(e, constant(1.0f))));
    Value magnitude = select(cmp(arith::CmpFPredicate::OLT, a, constant(0.55f)), small, large);
    return b.create<math::CopySignOp>(loc, magnitude, x);
  }
};

/// The math ops expanded, each with the name of its scalar function.
enum class MathFunction { Exp, Tanh };

StringRef functionName(MathFunction function) {
  return function == MathFunction::Exp ? "__oxla_expf" : "__oxla_tanhf";
}

Value expand(F32Builder &f, MathFunction function, Value x) {
  return function == MathFunction::Exp ? f.exp(x) : f.tanh(x);
}

/// `__oxla_scalef_v<N>`(p, n) = p * 2^n on vectors of N f32 (F32Builder::
/// scalef), defined once per module; the optimizer inlines it.
func::FuncOp defineScalef(OpBuilder &b, ModuleOp module, VectorType type) {
  std::string name = ("__oxla_scalef_v" + Twine(type.getNumElements())).str();
  if (auto existing = module.lookupSymbol<func::FuncOp>(name))
    return existing;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToEnd(module.getBody());
  Location loc = module.getLoc();
  auto fn = b.create<func::FuncOp>(loc, name, b.getFunctionType({type, type}, {type}));
  fn.setPrivate();
  // Internal: gone from the object once inlined everywhere.
  fn->setAttr("llvm.linkage", LLVM::LinkageAttr::get(b.getContext(), LLVM::Linkage::Internal));
  fn->setAttr("passthrough", b.getArrayAttr({b.getStringAttr("alwaysinline")}));
  Block *entry = fn.addEntryBlock();
  b.setInsertionPointToStart(entry);
  F32Builder f{b, loc, type, module};
  b.create<func::ReturnOp>(loc, f.scalef(entry->getArgument(0), entry->getArgument(1)));
  return fn;
}

/// Defines `name` as y = function(x) on values of `type`.
func::FuncOp defineFunction(OpBuilder &b, ModuleOp module, StringRef name, Type type,
                            MathFunction function) {
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToEnd(module.getBody());
  Location loc = module.getLoc();
  auto fn = b.create<func::FuncOp>(loc, name, b.getFunctionType({type}, {type}));
  Block *entry = fn.addEntryBlock();
  b.setInsertionPointToStart(entry);
  F32Builder f{b, loc, type, module};
  b.create<func::ReturnOp>(loc, expand(f, function, entry->getArgument(0)));
  return fn;
}

/// The scalar function and its vector variants. The scalar one is not
/// inlined: LLVM's loop vectorizer replaces its calls in a loop by calls
/// of the variant of the loop's width (the `vector-function-abi-variant`
/// attribute maps them). The variants are `alwaysinline`: after
/// vectorization the optimizer inlines them, up to a budget of call sites
/// (makeOptimizer in ObjectEmitter.h), which saves a call per vector and the
/// spills of every vector register live across it (W1 -9%, W2 -4%).
func::FuncOp declareFunctions(OpBuilder &b, ModuleOp module, MathFunction function) {
  StringRef name = functionName(function);
  if (auto existing = module.lookupSymbol<func::FuncOp>(name))
    return existing;
  Type f32 = b.getF32Type();
  std::string variants;
  for (int64_t width : kVectorWidths) {
    std::string vectorName = (name + "_v" + Twine(width)).str();
    func::FuncOp variant =
        defineFunction(b, module, vectorName, VectorType::get({width}, f32), function);
    variant->setAttr("passthrough", b.getArrayAttr({b.getStringAttr("alwaysinline")}));
    if (!variants.empty())
      variants += ",";
    variants += ("_ZGV_LLVM_N" + Twine(width) + "v_" + name + "(" + vectorName + ")").str();
  }
  func::FuncOp scalar = defineFunction(b, module, name, f32, function);
  MLIRContext *context = module.getContext();
  scalar.setPrivate();
  scalar->setAttr("passthrough",
                  b.getArrayAttr({StringAttr::get(context, "noinline"),
                                  b.getArrayAttr({StringAttr::get(context,
                                                                  "vector-function-abi-variant"),
                                                  StringAttr::get(context, variants)})}));
  return scalar;
}

struct ExpandMath : public oxla::impl::ExpandMathBase<ExpandMath> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<std::pair<Operation *, MathFunction>> ops;
    module.walk([&](Operation *op) {
      if (op->getNumResults() != 1 || !getElementTypeOrSelf(op->getResult(0)).isF32())
        return;
      if (isa<math::ExpOp>(op))
        ops.push_back({op, MathFunction::Exp});
      else if (isa<math::TanhOp>(op))
        ops.push_back({op, MathFunction::Tanh});
    });
    OpBuilder b(&getContext());
    for (auto [op, function] : ops) {
      b.setInsertionPoint(op);
      Value x = op->getOperand(0), result;
      if (x.getType().isF32()) {
        func::FuncOp callee = declareFunctions(b, module, function);
        result = b.create<func::CallOp>(op->getLoc(), callee, ValueRange{x}).getResult(0);
      } else {
        // Already vectors: expanded in place.
        F32Builder f{b, op->getLoc(), x.getType(), module};
        result = expand(f, function, x);
      }
      op->getResult(0).replaceAllUsesWith(result);
      op->erase();
    }
  }
};

} // namespace
