//===- ControlFlowPatterns.cpp - while, if, case to scf ===================//
//
// while -> scf.while, if -> scf.if, case -> scf.index_switch (an index out
// of range runs the last branch, as the interpreter does). The regions move
// into the scf op with their argument types converted; the ops in them are
// then converted by the framework, and their stablehlo.return becomes
// scf.condition / scf.yield. optimization_barrier is the identity;
// tuple/get_tuple_element fold away where every use is a get_tuple_element.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/StableHLOToLinalg/Patterns.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace oxla {
namespace {

/// Only tensors (and tuples of them, which fold away) cross these regions.
LogicalResult convertTypes(const TypeConverter *converter, TypeRange types,
                           SmallVectorImpl<Type> &converted) {
  for (Type type : types)
    if (!isa<RankedTensorType>(type))
      return failure();
  return converter->convertTypes(types, converted);
}

Value scalarOf(OpBuilder &b, Location loc, Value tensor0d) {
  return b.create<tensor::ExtractOp>(loc, tensor0d, ValueRange{});
}

struct WhileToSCF : public OpConversionPattern<hlo::WhileOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::WhileOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> types;
    if (failed(convertTypes(getTypeConverter(), op.getResultTypes(), types)))
      return rewriter.notifyMatchFailure(op, "unsupported types");
    auto loop = rewriter.create<scf::WhileOp>(op.getLoc(), types, adaptor.getOperand());
    rewriter.inlineRegionBefore(op.getCond(), loop.getBefore(), loop.getBefore().end());
    rewriter.inlineRegionBefore(op.getBody(), loop.getAfter(), loop.getAfter().end());
    if (failed(rewriter.convertRegionTypes(&loop.getBefore(), *getTypeConverter())) ||
        failed(rewriter.convertRegionTypes(&loop.getAfter(), *getTypeConverter())))
      return rewriter.notifyMatchFailure(op, "region types do not convert");
    rewriter.replaceOp(op, loop.getResults());
    return success();
  }
};

struct IfToSCF : public OpConversionPattern<hlo::IfOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::IfOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> types;
    if (failed(convertTypes(getTypeConverter(), op.getResultTypes(), types)))
      return rewriter.notifyMatchFailure(op, "unsupported types");
    Value pred = scalarOf(rewriter, op.getLoc(), adaptor.getPred());
    auto branch = rewriter.create<scf::IfOp>(op.getLoc(), types, pred,
                                             /*addThenBlock=*/false,
                                             /*addElseBlock=*/false);
    rewriter.inlineRegionBefore(op.getTrueBranch(), branch.getThenRegion(),
                                branch.getThenRegion().end());
    rewriter.inlineRegionBefore(op.getFalseBranch(), branch.getElseRegion(),
                                branch.getElseRegion().end());
    rewriter.replaceOp(op, branch.getResults());
    return success();
  }
};

struct CaseToSCF : public OpConversionPattern<hlo::CaseOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::CaseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> types;
    if (failed(convertTypes(getTypeConverter(), op.getResultTypes(), types)))
      return rewriter.notifyMatchFailure(op, "unsupported types");
    Location loc = op.getLoc();
    int64_t count = op.getBranches().size();
    if (count == 0)
      return rewriter.notifyMatchFailure(op, "no branches");
    Value index = rewriter.create<arith::IndexCastOp>(
        loc, rewriter.getIndexType(), scalarOf(rewriter, loc, adaptor.getIndex()));
    // Branches 0..count-2 are cases; the last is the default, which also
    // takes every index out of range.
    SmallVector<int64_t> cases;
    for (int64_t i = 0; i + 1 < count; ++i)
      cases.push_back(i);
    auto select = rewriter.create<scf::IndexSwitchOp>(loc, types, index, cases, count - 1);
    for (int64_t i = 0; i + 1 < count; ++i)
      rewriter.inlineRegionBefore(op.getBranches()[i], select.getCaseRegions()[i],
                                  select.getCaseRegions()[i].end());
    rewriter.inlineRegionBefore(op.getBranches()[count - 1], select.getDefaultRegion(),
                                select.getDefaultRegion().end());
    rewriter.replaceOp(op, select.getResults());
    return success();
  }
};

/// True for a tensor computed into new storage (a destination-style op
/// whose destinations are all tensor.empty, or a constant): no other value
/// aliases it.
bool isFreshTensor(Value value) {
  Operation *def = value.getDefiningOp();
  if (!def)
    return false;
  if (auto cast = dyn_cast<UnrealizedConversionCastOp>(def))
    return cast->getNumOperands() == 1 && isFreshTensor(cast.getOperand(0));
  if (isa<tensor::EmptyOp, arith::ConstantOp>(def))
    return true;
  auto dps = dyn_cast<DestinationStyleOpInterface>(def);
  if (!dps || dps.getNumDpsInits() == 0)
    return false;
  return llvm::all_of(dps.getDpsInits(), isFreshTensor);
}

/// stablehlo.return in a region that moved into an scf op.
struct ReturnToSCF : public OpConversionPattern<hlo::ReturnOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Operation *parent = op->getParentOp();
    if (auto loop = dyn_cast_or_null<scf::WhileOp>(parent)) {
      if (op->getParentRegion() == &loop.getBefore()) {
        if (adaptor.getResults().size() != 1)
          return rewriter.notifyMatchFailure(op, "condition is not one value");
        Value condition = scalarOf(rewriter, op.getLoc(), adaptor.getResults()[0]);
        rewriter.replaceOpWithNewOp<scf::ConditionOp>(op, condition,
                                                      op->getBlock()->getArguments());
        return success();
      }
      // Each next value is written into its loop-carried argument, so that
      // bufferization sees the yield equivalent to the iter bbArg. Values
      // that may alias a carried argument (which another write may
      // overwrite first) are copied before any of the writes.
      SmallVector<Value> next;
      SmallVector<std::pair<size_t, Value>> writes;
      for (auto [i, pair] : llvm::enumerate(
               llvm::zip(adaptor.getResults(), op->getBlock()->getArguments()))) {
        auto [value, arg] = pair;
        next.push_back(value);
        auto type = dyn_cast<RankedTensorType>(value.getType());
        if (value == arg || !type || !type.hasStaticShape() || type != arg.getType())
          continue;
        if (!isFreshTensor(value))
          value = rewriter.create<bufferization::AllocTensorOp>(op.getLoc(), type,
                                                                ValueRange{}, value);
        writes.push_back({i, value});
      }
      for (auto [i, value] : writes)
        next[i] = rewriter.create<bufferization::MaterializeInDestinationOp>(
                              op.getLoc(), value, op->getBlock()->getArgument(i))
                      ->getResult(0);
      rewriter.replaceOpWithNewOp<scf::YieldOp>(op, next);
      return success();
    }
    if (isa_and_nonnull<scf::IfOp, scf::IndexSwitchOp>(parent)) {
      rewriter.replaceOpWithNewOp<scf::YieldOp>(op, adaptor.getResults());
      return success();
    }
    return rewriter.notifyMatchFailure(op, "not in a region that moved into scf");
  }
};

struct OptimizationBarrierToValues
    : public OpConversionPattern<hlo::OptimizationBarrierOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::OptimizationBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getOperand());
    return success();
  }
};

/// True when every use of `value` is a get_tuple_element or a tuple (which
/// fold away in turn, or fail to).
bool onlyElementsTaken(Value value) {
  return llvm::all_of(value.getUsers(), [](Operation *user) {
    return isa<hlo::GetTupleElementOp, hlo::TupleOp>(user);
  });
}

/// The value a chain of get_tuple_element takes out of a stablehlo.tuple,
/// in the original IR; null if it does not end at a tuple.
Value tupleElement(Value tuple, int64_t index) {
  if (auto make = tuple.getDefiningOp<hlo::TupleOp>())
    return index < static_cast<int64_t>(make.getVal().size()) ? make.getVal()[index]
                                                              : Value();
  if (auto get = tuple.getDefiningOp<hlo::GetTupleElementOp>())
    if (Value inner = tupleElement(get.getOperand(), get.getIndex()))
      return tupleElement(inner, index);
  return Value();
}

struct TupleFolding : public OpConversionPattern<hlo::TupleOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::TupleOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!onlyElementsTaken(op.getResult()))
      return rewriter.notifyMatchFailure(op, "tuple escapes");
    rewriter.eraseOp(op);
    return success();
  }
};

struct GetTupleElementFolding : public OpConversionPattern<hlo::GetTupleElementOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::GetTupleElementOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (isa<TupleType>(op.getType())) {
      // A tuple taken out of a tuple: folds when its uses do.
      if (!onlyElementsTaken(op.getResult()) ||
          !tupleElement(op.getOperand(), op.getIndex()))
        return rewriter.notifyMatchFailure(op, "tuple escapes");
      rewriter.eraseOp(op);
      return success();
    }
    Value element = tupleElement(op.getOperand(), op.getIndex());
    if (!element)
      return rewriter.notifyMatchFailure(op, "not taken from a stablehlo.tuple");
    Value converted = rewriter.getRemappedValue(element);
    if (!converted)
      return rewriter.notifyMatchFailure(op, "element does not convert");
    rewriter.replaceOp(op, converted);
    return success();
  }
};

} // namespace

void populateControlFlowToSCFPatterns(TypeConverter &converter,
                                      RewritePatternSet &patterns) {
  patterns.add<CaseToSCF, GetTupleElementFolding, IfToSCF,
               OptimizationBarrierToValues, ReturnToSCF, TupleFolding, WhileToSCF>(
      converter, patterns.getContext());
}

} // namespace oxla
