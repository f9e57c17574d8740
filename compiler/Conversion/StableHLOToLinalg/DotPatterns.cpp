//===- DotPatterns.cpp - dot_general, dot, einsum, unary_einsum to linalg -===//
//
// Each becomes one linalg.generic (ContractionSupport.h): the result's
// dimensions are the parallel loops, the summed dimensions the innermost
// reduction loops in the interpreter's order (interpreter/ops/
// ContractionEvaluators.cpp): dot_general's contracting dimensions in the
// order of its dimension numbers, einsum's summed labels in the order they
// first appear in the config. An einsum label that repeats within an
// operand walks its diagonal.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/StableHLOToLinalg/ContractionSupport.h"
#include "compiler/Conversion/StableHLOToLinalg/Patterns.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/Transforms/DialectConversion.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace oxla {
namespace {

//===- dot_general, dot ----------------------------------------------------===//

/// Loops: batch dims, lhs free dims, rhs free dims, then the contracting
/// dims (reduction, innermost, in the order of the dimension numbers).
FailureOr<Value> lowerDotGeneral(Operation *op, Value lhs, Value rhs,
                                 ArrayRef<int64_t> lhsBatch, ArrayRef<int64_t> rhsBatch,
                                 ArrayRef<int64_t> lhsContract,
                                 ArrayRef<int64_t> rhsContract, OpBuilder &b) {
  int64_t lhsRank = cast<RankedTensorType>(lhs.getType()).getRank();
  int64_t rhsRank = cast<RankedTensorType>(rhs.getType()).getRank();
  if (lhsBatch.size() != rhsBatch.size() || lhsContract.size() != rhsContract.size())
    return failure();
  SmallVector<int64_t> lhsLoop(lhsRank, -1), rhsLoop(rhsRank, -1);
  auto valid = [](int64_t d, int64_t rank, ArrayRef<int64_t> used) {
    return d >= 0 && d < rank && used[d] < 0;
  };
  int64_t nBatch = lhsBatch.size(), nContract = lhsContract.size();
  int64_t lhsFree = lhsRank - nBatch - nContract, rhsFree = rhsRank - nBatch - nContract;
  if (lhsFree < 0 || rhsFree < 0)
    return failure();
  int64_t contractBase = nBatch + lhsFree + rhsFree;
  for (int64_t i = 0; i < nBatch; ++i) {
    if (!valid(lhsBatch[i], lhsRank, lhsLoop) || !valid(rhsBatch[i], rhsRank, rhsLoop))
      return failure();
    lhsLoop[lhsBatch[i]] = rhsLoop[rhsBatch[i]] = i;
  }
  for (int64_t i = 0; i < nContract; ++i) {
    if (!valid(lhsContract[i], lhsRank, lhsLoop) ||
        !valid(rhsContract[i], rhsRank, rhsLoop))
      return failure();
    lhsLoop[lhsContract[i]] = rhsLoop[rhsContract[i]] = contractBase + i;
  }
  // Result dims: batch, lhs free, rhs free, with their sizes' sources.
  SmallVector<std::pair<Value, int64_t>> resultSource;
  for (int64_t i = 0; i < nBatch; ++i)
    resultSource.push_back({lhs, lhsBatch[i]});
  int64_t next = nBatch;
  for (int64_t d = 0; d < lhsRank; ++d)
    if (lhsLoop[d] < 0) {
      lhsLoop[d] = next++;
      resultSource.push_back({lhs, d});
    }
  for (int64_t d = 0; d < rhsRank; ++d)
    if (rhsLoop[d] < 0) {
      rhsLoop[d] = next++;
      resultSource.push_back({rhs, d});
    }
  return buildContraction(op, {lhs, rhs}, {lhsLoop, rhsLoop}, contractBase + nContract,
                          resultSource, b);
}

struct DotGeneralToLinalg : public OpConversionPattern<hlo::DotGeneralOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::DotGeneralOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    hlo::DotDimensionNumbersAttr dn = op.getDotDimensionNumbers();
    FailureOr<Value> result = lowerDotGeneral(
        op, adaptor.getLhs(), adaptor.getRhs(), dn.getLhsBatchingDimensions(),
        dn.getRhsBatchingDimensions(), dn.getLhsContractingDimensions(),
        dn.getRhsContractingDimensions(), rewriter);
    if (failed(result))
      return rewriter.notifyMatchFailure(op, "unsupported dot_general");
    rewriter.replaceOp(op, *result);
    return success();
  }
};

struct DotToLinalg : public OpConversionPattern<hlo::DotOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto lhsType = dyn_cast<RankedTensorType>(adaptor.getLhs().getType());
    auto rhsType = dyn_cast<RankedTensorType>(adaptor.getRhs().getType());
    if (!lhsType || !rhsType || lhsType.getRank() < 1 || lhsType.getRank() > 2 ||
        rhsType.getRank() < 1 || rhsType.getRank() > 2)
      return rewriter.notifyMatchFailure(op, "dot takes vectors and matrices");
    int64_t lhsContract = lhsType.getRank() - 1, rhsContract = 0;
    FailureOr<Value> result = lowerDotGeneral(op, adaptor.getLhs(), adaptor.getRhs(), {},
                                              {}, lhsContract, rhsContract, rewriter);
    if (failed(result))
      return rewriter.notifyMatchFailure(op, "unsupported dot");
    rewriter.replaceOp(op, *result);
    return success();
  }
};

//===- einsum, unary_einsum ------------------------------------------------===//

/// "ab,bc->ac" (or "ab->a" for one operand): the output labels become the
/// parallel loops in output order, the other labels the reduction loops in
/// the order they first appear.
FailureOr<Value> lowerEinsum(Operation *op, StringRef config, ValueRange operands,
                             OpBuilder &b) {
  if (config.contains("...") || !config.contains("->"))
    return failure();
  auto [inputs, outputSpec] = config.split("->");
  SmallVector<StringRef, 2> specs;
  inputs.split(specs, ',');
  if (specs.size() != operands.size())
    return failure();
  outputSpec = outputSpec.trim();

  // Each label's first (operand, dimension), in order of appearance.
  llvm::SmallDenseMap<char, std::pair<Value, int64_t>> firstUse;
  SmallVector<char> order;
  for (auto [spec, operand] : llvm::zip_equal(specs, operands)) {
    spec = spec.trim();
    if (static_cast<int64_t>(spec.size()) !=
        cast<RankedTensorType>(operand.getType()).getRank())
      return failure();
    for (auto [d, label] : llvm::enumerate(spec)) {
      if (!llvm::isAlpha(label))
        return failure();
      if (firstUse.try_emplace(label, operand, static_cast<int64_t>(d)).second)
        order.push_back(label);
    }
  }
  llvm::SmallDenseMap<char, int64_t> loopOf;
  SmallVector<std::pair<Value, int64_t>> resultSource;
  for (char label : outputSpec) {
    auto found = firstUse.find(label);
    if (found == firstUse.end() || !loopOf.try_emplace(label, resultSource.size()).second)
      return failure();
    resultSource.push_back(found->second);
  }
  int64_t numLoops = static_cast<int64_t>(resultSource.size());
  for (char label : order)
    if (loopOf.try_emplace(label, numLoops).second)
      ++numLoops;

  SmallVector<SmallVector<int64_t>> operandLoops;
  for (StringRef spec : specs) {
    SmallVector<int64_t> &loops = operandLoops.emplace_back();
    for (char label : spec.trim())
      loops.push_back(loopOf[label]);
  }
  return buildContraction(op, operands, operandLoops, numLoops, resultSource, b);
}

template <typename OpTy> struct EinsumToLinalg : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<Value> result =
        lowerEinsum(op, op.getEinsumConfig(), adaptor.getOperands(), rewriter);
    if (failed(result))
      return rewriter.notifyMatchFailure(op, "unsupported einsum config");
    rewriter.replaceOp(op, *result);
    return success();
  }
};

} // namespace

void populateDotToLinalgPatterns(TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<DotGeneralToLinalg, DotToLinalg, EinsumToLinalg<hlo::EinsumOp>,
               EinsumToLinalg<hlo::UnaryEinsumOp>>(converter, patterns.getContext());
}

} // namespace oxla
