//===- MovementChains.cpp - Data movement chains and no-op movement -------===//
//
// All exact (data movement copies bits), on static shapes:
// - reshape, transpose, broadcast_in_dim, reverse that leave every element
//   where it is -> their operand;
// - reshape(reshape(x)) -> reshape(x); transpose(transpose(x)) -> one
//   transpose; broadcast_in_dim(broadcast_in_dim(x)) -> one broadcast;
// - a broadcast_in_dim that only permutes is a transpose (one that only
//   adds unit dimensions stays: as a reshape it would be a view, which
//   bufferization cannot always give a loop its own buffer for);
// - canonical forms: broadcast (deprecated) is broadcast_in_dim; an iota
//   of rank > 1 is a broadcast of a 1-D iota (which CSE then shares); an
//   iota along a dimension of size 1 is a zero constant.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Simplify/Patterns.h"

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

using namespace mlir;
using namespace oxla::simplify;
namespace hlo = oxla::stablehlo;

namespace {

bool isStatic(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  return tensor && tensor.hasStaticShape();
}

struct ReshapeChain : public OpRewritePattern<hlo::ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::ReshapeOp op, PatternRewriter &rewriter) const override {
    if (op.getOperand().getType() == op.getType()) {
      rewriter.replaceOp(op, op.getOperand());
      return success();
    }
    auto inner = op.getOperand().getDefiningOp<hlo::ReshapeOp>();
    if (!inner || !isStatic(op.getType()))
      return failure();
    if (inner.getOperand().getType() == op.getType())
      rewriter.replaceOp(op, inner.getOperand());
    else
      rewriter.replaceOpWithNewOp<hlo::ReshapeOp>(op, op.getType(), inner.getOperand());
    return success();
  }
};

struct TransposeChain : public OpRewritePattern<hlo::TransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::TransposeOp op, PatternRewriter &rewriter) const override {
    ArrayRef<int64_t> perm = op.getPermutation();
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!resultType || !resultType.hasStaticShape())
      return failure();
    if (llvm::equal(perm, llvm::seq<int64_t>(0, perm.size())) &&
        op.getOperand().getType() == op.getType()) {
      rewriter.replaceOp(op, op.getOperand());
      return success();
    }
    if (auto inner = op.getOperand().getDefiningOp<hlo::TransposeOp>()) {
      SmallVector<int64_t> composed;
      for (int64_t dim : perm)
        composed.push_back(inner.getPermutation()[dim]);
      rewriter.replaceOpWithNewOp<hlo::TransposeOp>(op, op.getType(), inner.getOperand(),
                                                    composed);
      return success();
    }
    return failure();
  }
};

struct BroadcastInDimChain : public OpRewritePattern<hlo::BroadcastInDimOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::BroadcastInDimOp op,
                                PatternRewriter &rewriter) const override {
    auto operandType = dyn_cast<RankedTensorType>(op.getOperand().getType());
    auto resultType = dyn_cast<RankedTensorType>(op.getType());
    if (!operandType || !resultType || !operandType.hasStaticShape() ||
        !resultType.hasStaticShape())
      return failure();
    ArrayRef<int64_t> dims = op.getBroadcastDimensions();
    if (auto inner = op.getOperand().getDefiningOp<hlo::BroadcastInDimOp>()) {
      SmallVector<int64_t> composed;
      for (int64_t dim : inner.getBroadcastDimensions())
        composed.push_back(dims[dim]);
      rewriter.replaceOpWithNewOp<hlo::BroadcastInDimOp>(op, op.getType(), inner.getOperand(),
                                                         composed);
      return success();
    }
    // No element repeated: every operand dimension keeps its size and the
    // added dimensions have size 1.
    if (operandType.getNumElements() != resultType.getNumElements())
      return failure();
    for (auto [i, dim] : llvm::enumerate(dims))
      if (operandType.getDimSize(i) != resultType.getDimSize(dim))
        return failure();
    // One that only adds unit dimensions stays a broadcast: as a reshape it
    // would lower to a view, which bufferization cannot always give a loop
    // its own buffer for (tensor.reshape in a while body: RaW conflict).
    bool increasing = llvm::is_sorted(dims) &&
                      std::adjacent_find(dims.begin(), dims.end()) == dims.end();
    if (increasing) {
      if (operandType != resultType)
        return failure();
      rewriter.replaceOp(op, op.getOperand());
      return success();
    }
    if (operandType.getRank() != resultType.getRank())
      return failure();
    SmallVector<int64_t> perm(dims.size());
    for (auto [i, dim] : llvm::enumerate(dims))
      perm[dim] = i;
    rewriter.replaceOpWithNewOp<hlo::TransposeOp>(op, op.getType(), op.getOperand(), perm);
    return success();
  }
};

struct ReverseNothing : public OpRewritePattern<hlo::ReverseOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::ReverseOp op, PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getOperand().getType());
    if (!type || type != op.getType())
      return failure();
    for (int64_t dim : op.getDimensions())
      if (type.isDynamicDim(dim) || type.getDimSize(dim) > 1)
        return failure();
    rewriter.replaceOp(op, op.getOperand());
    return success();
  }
};

struct BroadcastToBroadcastInDim : public OpRewritePattern<hlo::BroadcastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::BroadcastOp op, PatternRewriter &rewriter) const override {
    auto operandType = dyn_cast<RankedTensorType>(op.getOperand().getType());
    if (!operandType || !isStatic(op.getType()))
      return failure();
    int64_t added = op.getBroadcastSizes().size();
    SmallVector<int64_t> dims = llvm::to_vector(llvm::seq<int64_t>(added, added + operandType.getRank()));
    rewriter.replaceOpWithNewOp<hlo::BroadcastInDimOp>(op, op.getType(), op.getOperand(), dims);
    return success();
  }
};

struct IotaCanonicalForm : public OpRewritePattern<hlo::IotaOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::IotaOp op, PatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type || !type.hasStaticShape())
      return failure();
    Type element = type.getElementType();
    int64_t dim = op.getIotaDimension();
    if (type.getDimSize(dim) == 1 && isa<IntegerType, FloatType>(element)) {
      Attribute zero = isa<FloatType>(element) ? Attribute(rewriter.getFloatAttr(element, 0.0))
                                               : rewriter.getIntegerAttr(element, 0);
      rewriter.replaceOp(op, createSplat(rewriter, op.getLoc(), type, zero));
      return success();
    }
    if (type.getRank() <= 1)
      return failure();
    auto lineType = RankedTensorType::get({type.getDimSize(dim)}, element);
    Value line =
        rewriter.create<hlo::IotaOp>(op.getLoc(), lineType, rewriter.getI64IntegerAttr(0));
    rewriter.replaceOpWithNewOp<hlo::BroadcastInDimOp>(op, type, line,
                                                       ArrayRef<int64_t>{dim});
    return success();
  }
};

} // namespace

void oxla::simplify::populateMovementChainPatterns(RewritePatternSet &patterns) {
  patterns.add<ReshapeChain, TransposeChain, BroadcastInDimChain, ReverseNothing,
               BroadcastToBroadcastInDim, IotaCanonicalForm>(patterns.getContext());
}
