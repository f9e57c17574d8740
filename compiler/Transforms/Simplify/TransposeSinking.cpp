//===- TransposeSinking.cpp - Transposes after the ops that follow them ---===//
//
// A transpose moves past the op that reads it, which then computes on the
// untransposed operand with its attributes permuted, so that transposes
// travel towards the ops that absorb or cancel them (the next transpose,
// a dot_general, a convolution's input transpose: oxla-convolution-layout
// leaves a network in NCHW as NHWC convolutions between transposes that
// meet this way). All exact (data movement only), on static shapes; P is
// the permutation, result dimension i the operand's P[i]:
// - elementwise(transpose(x, P), broadcast_in_dim(y), splat, ...) ->
//   transpose(elementwise(x, broadcast_in_dim(y, dims through P), ...), P)
//   (the all-transposes case is ElementwiseMovement.cpp's);
// - concatenate(transpose(x_i, P)...) along d -> transpose(concatenate
//   along P[d], P);
// - reduce_window(transpose(x, P)), pad(transpose(x, P)) -> transpose of
//   the op on x with its per-dimension attributes permuted;
// - reduce(transpose(x, P)) over D -> reduce(x) over P[D], then a
//   transpose of the kept dimensions if their order changed;
// - reshape(transpose(x)) -> reshape(x) when the transpose keeps the order
//   of the dimensions of size > 1 (it moves only unit dimensions);
// - transpose(broadcast_in_dim(y)) and broadcast_in_dim(transpose(y)) ->
//   one broadcast_in_dim.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Simplify/Patterns.h"

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

using namespace mlir;
using namespace oxla::simplify;
namespace hlo = oxla::stablehlo;

namespace {

RankedTensorType staticType(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  return type && type.hasStaticShape() ? type : RankedTensorType();
}

/// The transpose that produces `value` (statically shaped), or null.
hlo::TransposeOp transposeOf(Value value) {
  auto transpose = value.getDefiningOp<hlo::TransposeOp>();
  return transpose && staticType(transpose.getOperand()) && staticType(transpose.getResult())
             ? transpose
             : hlo::TransposeOp();
}

SmallVector<int64_t> inverse(ArrayRef<int64_t> perm) {
  SmallVector<int64_t> result(perm.size());
  for (auto [i, p] : llvm::enumerate(perm))
    result[p] = static_cast<int64_t>(i);
  return result;
}

/// `values` (one per dimension of a transpose's result) in the order of
/// its operand's dimensions: result[P[i]] = values[i].
template <typename T>
SmallVector<T> throughPermutation(ArrayRef<T> values, ArrayRef<int64_t> perm) {
  SmallVector<T> result(values.size());
  for (auto [i, p] : llvm::enumerate(perm))
    result[p] = values[i];
  return result;
}

/// `type` with the shape a transpose by `perm` gives it.
RankedTensorType transposed(RankedTensorType type, ArrayRef<int64_t> perm) {
  SmallVector<int64_t> shape;
  for (int64_t p : perm)
    shape.push_back(type.getDimSize(p));
  return type.clone(shape);
}

struct TransposeAfterElementwise : public RewritePattern {
  TransposeAfterElementwise(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    if (!isa_and_nonnull<hlo::StableHLODialect>(op->getDialect()) ||
        !op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() != 1 ||
        op->getNumOperands() < 2 || op->getNumRegions() != 0 ||
        !isStaticIntOrFloatTensor(op->getResult(0).getType()))
      return failure();
    ArrayRef<int64_t> perm;
    bool broadcasts = false;
    auto shape = cast<RankedTensorType>(op->getResult(0).getType()).getShape();
    for (Value operand : op->getOperands()) {
      // Every operand of the result's shape (clamp's bounds may be scalars).
      if (!isStaticIntOrFloatTensor(operand.getType()) ||
          cast<RankedTensorType>(operand.getType()).getShape() != shape)
        return failure();
      if (hlo::TransposeOp transpose = transposeOf(operand)) {
        if (!perm.empty() && transpose.getPermutation() != perm)
          return failure();
        perm = transpose.getPermutation();
      } else if (operand.getDefiningOp<hlo::BroadcastInDimOp>()) {
        broadcasts = true;
      } else if (!splatConstant(operand)) {
        return failure();
      }
    }
    if (perm.empty() || !broadcasts)
      return failure();
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    SmallVector<int64_t> inv = inverse(perm);
    SmallVector<Value> operands;
    for (Value operand : op->getOperands()) {
      auto type = cast<RankedTensorType>(operand.getType());
      if (hlo::TransposeOp transpose = transposeOf(operand)) {
        operands.push_back(transpose.getOperand());
      } else if (auto broadcast = operand.getDefiningOp<hlo::BroadcastInDimOp>()) {
        // transpose(y, inv): the broadcast's dimension d goes to P[d].
        SmallVector<int64_t> dims;
        for (int64_t d : broadcast.getBroadcastDimensions())
          dims.push_back(perm[d]);
        operands.push_back(rewriter.create<hlo::BroadcastInDimOp>(
            op->getLoc(), transposed(type, inv), broadcast.getOperand(), dims));
      } else {
        operands.push_back(
            createSplat(rewriter, op->getLoc(), transposed(type, inv), splatConstant(operand)));
      }
    }
    OperationState state(op->getLoc(), op->getName());
    state.addOperands(operands);
    state.addAttributes(op->getAttrs());
    state.addTypes(transposed(resultType, inv));
    Operation *inner = rewriter.create(state);
    rewriter.replaceOpWithNewOp<hlo::TransposeOp>(op, resultType, inner->getResult(0), perm);
    return success();
  }
};

struct TransposeAfterConcatenate : public OpRewritePattern<hlo::ConcatenateOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::ConcatenateOp op,
                                PatternRewriter &rewriter) const override {
    auto resultType = staticType(op.getResult());
    if (!resultType || op.getNumOperands() < 2)
      return failure();
    ArrayRef<int64_t> perm;
    SmallVector<Value> inputs;
    for (Value operand : op.getOperands()) {
      hlo::TransposeOp transpose = transposeOf(operand);
      if (!transpose || (!perm.empty() && transpose.getPermutation() != perm))
        return failure();
      perm = transpose.getPermutation();
      inputs.push_back(transpose.getOperand());
    }
    int64_t dim = perm[op.getDimension()];
    Value inner = rewriter.create<hlo::ConcatenateOp>(
        op.getLoc(), transposed(resultType, inverse(perm)), inputs, dim);
    rewriter.replaceOpWithNewOp<hlo::TransposeOp>(op, resultType, inner, perm);
    return success();
  }
};

struct TransposeAfterReduceWindow : public OpRewritePattern<hlo::ReduceWindowOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::ReduceWindowOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getInputs().size() != 1)
      return failure();
    hlo::TransposeOp transpose = transposeOf(op.getInputs()[0]);
    auto resultType = staticType(op.getResult(0));
    if (!transpose || !resultType)
      return failure();
    ArrayRef<int64_t> perm = transpose.getPermutation();
    int64_t rank = static_cast<int64_t>(perm.size());
    auto permuteArray = [&](std::optional<ArrayRef<int64_t>> values) -> DenseI64ArrayAttr {
      if (!values)
        return nullptr;
      return rewriter.getDenseI64ArrayAttr(throughPermutation(*values, perm));
    };
    DenseIntElementsAttr padding;
    if (auto old = op.getPaddingAttr()) {
      SmallVector<int64_t> pairs = llvm::to_vector(old.getValues<int64_t>());
      if (static_cast<int64_t>(pairs.size()) != 2 * rank)
        return failure();
      SmallVector<int64_t> moved(pairs.size());
      for (int64_t i = 0; i < rank; ++i) {
        moved[2 * perm[i]] = pairs[2 * i];
        moved[2 * perm[i] + 1] = pairs[2 * i + 1];
      }
      padding = DenseIntElementsAttr::get(
          RankedTensorType::get({rank, 2}, rewriter.getI64Type()), moved);
    }
    auto inner = cast<hlo::ReduceWindowOp>(rewriter.clone(*op.getOperation()));
    inner->setOperand(0, transpose.getOperand());
    inner.setWindowDimensionsAttr(permuteArray(op.getWindowDimensions()));
    inner.setWindowStridesAttr(permuteArray(op.getWindowStrides()));
    inner.setBaseDilationsAttr(permuteArray(op.getBaseDilations()));
    inner.setWindowDilationsAttr(permuteArray(op.getWindowDilations()));
    if (padding)
      inner.setPaddingAttr(padding);
    inner->getResult(0).setType(transposed(resultType, inverse(perm)));
    rewriter.replaceOpWithNewOp<hlo::TransposeOp>(op, resultType, inner->getResult(0), perm);
    return success();
  }
};

struct TransposeAfterPad : public OpRewritePattern<hlo::PadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::PadOp op, PatternRewriter &rewriter) const override {
    hlo::TransposeOp transpose = transposeOf(op.getOperand());
    auto resultType = staticType(op.getResult());
    if (!transpose || !resultType)
      return failure();
    ArrayRef<int64_t> perm = transpose.getPermutation();
    Value inner = rewriter.create<hlo::PadOp>(
        op.getLoc(), transposed(resultType, inverse(perm)), transpose.getOperand(),
        op.getPaddingValue(), throughPermutation(op.getEdgePaddingLow(), perm),
        throughPermutation(op.getEdgePaddingHigh(), perm),
        throughPermutation(op.getInteriorPadding(), perm));
    rewriter.replaceOpWithNewOp<hlo::TransposeOp>(op, resultType, inner, perm);
    return success();
  }
};

struct ReduceOfTranspose : public OpRewritePattern<hlo::ReduceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::ReduceOp op, PatternRewriter &rewriter) const override {
    if (op.getInputs().size() != 1)
      return failure();
    hlo::TransposeOp transpose = transposeOf(op.getInputs()[0]);
    auto resultType = staticType(op.getResult(0));
    if (!transpose || !resultType)
      return failure();
    ArrayRef<int64_t> perm = transpose.getPermutation();
    int64_t rank = static_cast<int64_t>(perm.size());
    SmallVector<bool> reduced(rank, false);
    SmallVector<int64_t> dims;
    for (int64_t d : op.getDimensions()) {
      reduced[perm[d]] = true;
      dims.push_back(perm[d]);
    }
    llvm::sort(dims);
    // The operand's kept dimensions, in its order; and where each of the
    // result's (the transpose's kept dimensions, in the transpose's order)
    // lands among them.
    SmallVector<int64_t> keptShape, position(rank, -1);
    auto operandType = cast<RankedTensorType>(transpose.getOperand().getType());
    for (int64_t d = 0; d < rank; ++d)
      if (!reduced[d]) {
        position[d] = static_cast<int64_t>(keptShape.size());
        keptShape.push_back(operandType.getDimSize(d));
      }
    SmallVector<int64_t> resultPerm;
    for (int64_t i = 0; i < rank; ++i)
      if (!llvm::is_contained(op.getDimensions(), i))
        resultPerm.push_back(position[perm[i]]);
    auto inner = cast<hlo::ReduceOp>(rewriter.clone(*op.getOperation()));
    inner->setOperand(0, transpose.getOperand());
    inner.setDimensions(dims);
    inner->getResult(0).setType(resultType.clone(keptShape));
    Value result = inner->getResult(0);
    if (!llvm::equal(resultPerm, llvm::seq<int64_t>(0, resultPerm.size())))
      result = rewriter.create<hlo::TransposeOp>(op.getLoc(), resultType, result, resultPerm);
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct ReshapeOfUnitTranspose : public OpRewritePattern<hlo::ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::ReshapeOp op, PatternRewriter &rewriter) const override {
    hlo::TransposeOp transpose = transposeOf(op.getOperand());
    if (!transpose || !staticType(op.getResult()))
      return failure();
    auto type = cast<RankedTensorType>(transpose.getOperand().getType());
    int64_t last = -1;
    for (int64_t p : transpose.getPermutation()) {
      if (type.getDimSize(p) == 1)
        continue;
      if (p < last)
        return failure();
      last = p;
    }
    rewriter.replaceOpWithNewOp<hlo::ReshapeOp>(op, op.getType(), transpose.getOperand());
    return success();
  }
};

struct TransposeOfBroadcast : public OpRewritePattern<hlo::TransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::TransposeOp op, PatternRewriter &rewriter) const override {
    auto broadcast = op.getOperand().getDefiningOp<hlo::BroadcastInDimOp>();
    auto operandType = broadcast ? staticType(broadcast.getOperand()) : RankedTensorType();
    auto resultType = staticType(op.getResult());
    // One that repeats elements (a permuting one is a transpose, which
    // MovementChains.cpp makes of it).
    if (!operandType || !resultType ||
        operandType.getNumElements() == resultType.getNumElements())
      return failure();
    SmallVector<int64_t> inv = inverse(op.getPermutation()), dims;
    for (int64_t d : broadcast.getBroadcastDimensions())
      dims.push_back(inv[d]);
    rewriter.replaceOpWithNewOp<hlo::BroadcastInDimOp>(op, resultType, broadcast.getOperand(),
                                                       dims);
    return success();
  }
};

struct BroadcastOfTranspose : public OpRewritePattern<hlo::BroadcastInDimOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::BroadcastInDimOp op,
                                PatternRewriter &rewriter) const override {
    hlo::TransposeOp transpose = transposeOf(op.getOperand());
    if (!transpose || !staticType(op.getResult()))
      return failure();
    SmallVector<int64_t> dims =
        throughPermutation(op.getBroadcastDimensions(), transpose.getPermutation());
    rewriter.replaceOpWithNewOp<hlo::BroadcastInDimOp>(op, op.getType(), transpose.getOperand(),
                                                       dims);
    return success();
  }
};

} // namespace

void oxla::simplify::populateTransposeSinkingPatterns(RewritePatternSet &patterns) {
  patterns.add<TransposeAfterElementwise, TransposeAfterConcatenate, TransposeAfterReduceWindow,
               TransposeAfterPad, ReduceOfTranspose, ReshapeOfUnitTranspose,
               TransposeOfBroadcast, BroadcastOfTranspose>(patterns.getContext());
}
