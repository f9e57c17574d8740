//===- DecomposeScan.cpp - chlo.scan as a stablehlo.while -----------------===//
//
// See Passes.td. The loop visits the positions in the interpreter's order
// (interpreter/ops/ChloEvaluators.cpp, evalScan): forwards, or backwards
// when is_reverse is set. Its state is the counter, the carries and the
// outputs built so far; each step slices every input at the position with
// dynamic_slice, runs the scan's body on the slices and the carries, and
// writes each output slice with dynamic_update_slice.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"

#include "compiler/Dialect/CHLO/IR/CHLO.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <complex>

namespace oxla {
#define GEN_PASS_DEF_DECOMPOSESCAN
#include "compiler/Transforms/Passes.h.inc"
} // namespace oxla

using namespace mlir;
namespace hlo = oxla::stablehlo;
namespace chlo = oxla::chlo;

namespace {

/// A tensor of `type` filled with zeros, the outputs' value before the
/// first step writes them.
std::optional<DenseElementsAttr> zeros(RankedTensorType type) {
  Type element = type.getElementType();
  if (isa<IntegerType, FloatType>(element))
    return DenseElementsAttr::get(type, Builder(type.getContext()).getZeroAttr(element));
  if (auto complex = dyn_cast<ComplexType>(element)) {
    if (auto part = dyn_cast<FloatType>(complex.getElementType())) {
      APFloat zero = APFloat::getZero(part.getFloatSemantics());
      return DenseElementsAttr::get(type, ArrayRef<std::complex<APFloat>>{{zero, zero}});
    }
  }
  return std::nullopt;
}

/// `type` with dimension `dim` erased (an input's slice) or set to 1.
RankedTensorType sliceType(RankedTensorType type, int64_t dim, bool keepDim) {
  SmallVector<int64_t> shape(type.getShape());
  if (keepDim)
    shape[dim] = 1;
  else
    shape.erase(shape.begin() + dim);
  return RankedTensorType::get(shape, type.getElementType());
}

struct DecomposeScanOp : public OpRewritePattern<chlo::ScanOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(chlo::ScanOp scan, PatternRewriter &rewriter) const override {
    Location loc = scan.getLoc();
    int64_t dim = static_cast<int64_t>(scan.getDimension());
    bool reverse = scan.getIsReverse().value_or(false);
    ValueRange inputs = scan.getInputs(), inits = scan.getInits();
    size_t numOutputs = scan->getNumResults() - inits.size();

    // The scanned length, from the inputs or else the outputs.
    SmallVector<RankedTensorType> inputTypes, outputTypes;
    int64_t length = -1;
    for (Value input : inputs) {
      auto type = dyn_cast<RankedTensorType>(input.getType());
      if (!type || !type.hasStaticShape() || dim >= type.getRank())
        return rewriter.notifyMatchFailure(scan, "needs statically shaped inputs");
      inputTypes.push_back(type);
      length = type.getDimSize(dim);
    }
    SmallVector<Value> outputInits;
    for (Value result : scan->getResults().take_front(numOutputs)) {
      auto type = dyn_cast<RankedTensorType>(result.getType());
      if (!type || !type.hasStaticShape() || dim >= type.getRank())
        return rewriter.notifyMatchFailure(scan, "needs statically shaped outputs");
      std::optional<DenseElementsAttr> init = zeros(type);
      if (!init)
        return rewriter.notifyMatchFailure(scan, "no zero of the output's element type");
      outputTypes.push_back(type);
      outputInits.push_back(rewriter.create<hlo::ConstantOp>(loc, *init));
      if (length < 0)
        length = type.getDimSize(dim);
    }
    length = std::max<int64_t>(length, 0);

    auto counterType = RankedTensorType::get({}, rewriter.getI64Type());
    auto counter = [&](int64_t value) -> Value {
      return rewriter.create<hlo::ConstantOp>(
          loc, DenseElementsAttr::get(counterType, rewriter.getI64IntegerAttr(value)));
    };

    // Loop state: counter, carries, outputs.
    SmallVector<Value> state{counter(0)};
    state.append(inits.begin(), inits.end());
    state.append(outputInits);
    SmallVector<Type> stateTypes = llvm::to_vector(ValueRange(state).getTypes());
    SmallVector<Location> stateLocs(state.size(), loc);
    auto loop = rewriter.create<hlo::WhileOp>(loc, stateTypes, state);

    {
      Block *cond = rewriter.createBlock(&loop.getCond(), {}, stateTypes, stateLocs);
      rewriter.setInsertionPointToStart(cond);
      Value less = rewriter.create<hlo::CompareOp>(
          loc, RankedTensorType::get({}, rewriter.getI1Type()), cond->getArgument(0),
          counter(length), hlo::ComparisonDirection::LT,
          hlo::ComparisonTypeAttr::get(getContext(), hlo::ComparisonType::SIGNED));
      rewriter.create<hlo::ReturnOp>(loc, less);
    }

    Block *body = rewriter.createBlock(&loop.getBody(), {}, stateTypes, stateLocs);
    rewriter.setInsertionPointToStart(body);
    Value step = body->getArgument(0);
    Value position =
        reverse ? rewriter.create<hlo::SubtractOp>(loc, counterType, counter(length - 1), step).getResult()
                : step;
    auto startsAt = [&](int64_t rank) {
      SmallVector<Value> starts;
      for (int64_t d = 0; d < rank; ++d)
        starts.push_back(d == dim ? position : counter(0));
      return starts;
    };

    SmallVector<Value> bodyArguments;
    for (auto [input, type] : llvm::zip_equal(inputs, inputTypes)) {
      SmallVector<int64_t> sizes(type.getShape());
      sizes[dim] = 1;
      Value slice = rewriter.create<hlo::DynamicSliceOp>(
          loc, sliceType(type, dim, /*keepDim=*/true), input, startsAt(type.getRank()),
          rewriter.getDenseI64ArrayAttr(sizes));
      bodyArguments.push_back(
          rewriter.create<hlo::ReshapeOp>(loc, sliceType(type, dim, false), slice));
    }
    bodyArguments.append(body->args_begin() + 1, body->args_begin() + 1 + inits.size());

    // The scan's body runs in place, on the slices and the carries.
    Block &scanBody = scan.getBody().front();
    Operation *scanReturn = scanBody.getTerminator();
    if (scanReturn->getNumOperands() != numOutputs + inits.size())
      return rewriter.notifyMatchFailure(scan, "the body returns the wrong number of values");
    SmallVector<Value> stepped(scanReturn->getOperands());
    rewriter.eraseOp(scanReturn);
    rewriter.inlineBlockBefore(&scanBody, body, body->end(), bodyArguments);

    SmallVector<Value> next{rewriter.create<hlo::AddOp>(loc, counterType, step, counter(1))};
    next.append(stepped.begin() + numOutputs, stepped.end());
    for (size_t i = 0; i < numOutputs; ++i) {
      RankedTensorType type = outputTypes[i];
      Value update = rewriter.create<hlo::ReshapeOp>(loc, sliceType(type, dim, true), stepped[i]);
      next.push_back(rewriter.create<hlo::DynamicUpdateSliceOp>(
          loc, type, body->getArgument(1 + inits.size() + i), update,
          startsAt(type.getRank())));
    }
    rewriter.create<hlo::ReturnOp>(loc, next);

    // Results: the outputs, then the final carries.
    SmallVector<Value> results(loop->getResults().drop_front(1 + inits.size()));
    results.append(loop->getResults().begin() + 1, loop->getResults().begin() + 1 + inits.size());
    rewriter.replaceOp(scan, results);
    return success();
  }
};

struct DecomposeScan : public oxla::impl::DecomposeScanBase<DecomposeScan> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    oxla::populateDecomposeScanPatterns(patterns);
    GreedyRewriteConfig config;
    config.strictMode = GreedyRewriteStrictness::ExistingOps;
    config.enableRegionSimplification = GreedySimplifyRegionLevel::Disabled;
    SmallVector<Operation *> ops;
    getOperation().walk([&](chlo::ScanOp op) { ops.push_back(op); });
    if (failed(applyOpPatternsAndFold(ops, std::move(patterns), config)))
      return signalPassFailure();
  }
};

} // namespace

void oxla::populateDecomposeScanPatterns(RewritePatternSet &patterns) {
  patterns.add<DecomposeScanOp>(patterns.getContext());
}
