//===- MiscPatterns.cpp - composite, tokens -------------------------------===//
//
// composite becomes a call of its decomposition function (the pipeline
// inlines it later). Tokens carry no value: after_all and create_token whose
// tokens only feed other after_all ops are dropped. The dynamism ops with
// static shapes are lowered with their static forms (DataMovementPatterns).
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/StableHLOToLinalg/Patterns.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace oxla {
namespace {

struct CompositeToCall : public OpConversionPattern<hlo::CompositeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(hlo::CompositeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        op, op.getDecompositionAttr());
    if (!callee)
      return rewriter.notifyMatchFailure(op, "decomposition is not a function");
    if (callee.getNumArguments() != op->getNumOperands() ||
        callee.getNumResults() != op->getNumResults())
      return rewriter.notifyMatchFailure(op, "decomposition does not fit");
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), resultTypes)))
      return rewriter.notifyMatchFailure(op, "result types do not convert");
    for (auto [operand, type] : llvm::zip(adaptor.getInputs(), op.getInputs().getTypes())) {
      Type converted = getTypeConverter()->convertType(type);
      if (!converted || operand.getType() != converted)
        return rewriter.notifyMatchFailure(op, "operand types do not convert");
    }
    rewriter.replaceOpWithNewOp<func::CallOp>(op, op.getDecompositionAttr(), resultTypes,
                                              adaptor.getInputs());
    return success();
  }
};

/// True when every use of `token` is an after_all whose token is dead too.
bool isDeadToken(Value token, unsigned depth = 0) {
  if (depth > 64)
    return false;
  for (Operation *user : token.getUsers()) {
    auto afterAll = dyn_cast<hlo::AfterAllOp>(user);
    if (!afterAll || !isDeadToken(afterAll.getResult(), depth + 1))
      return false;
  }
  return true;
}

template <typename OpTy> struct DropDeadToken : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isDeadToken(op->getResult(0)))
      return rewriter.notifyMatchFailure(op, "the token is used");
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void populateMiscToLinalgPatterns(TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<CompositeToCall, DropDeadToken<hlo::AfterAllOp>,
               DropDeadToken<hlo::CreateTokenOp>>(converter, patterns.getContext());
}

} // namespace oxla
