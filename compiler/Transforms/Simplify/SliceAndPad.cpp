//===- SliceAndPad.cpp - Slices, pads and concatenations ------------------===//
//
// All exact (data movement), on static shapes:
// - slice of everything with stride 1, pad by nothing, concatenate of one
//   input -> the operand;
// - slice(slice(x)) -> one slice;
// - slice(concatenate(...)) -> a slice of the one input it reads, or (with
//   stride 1 along the concatenated dimension) a concatenate of slices of
//   the inputs it reads;
// - concatenate(..., concatenate(...), ...) along one dimension -> one
//   concatenate; inputs of size 0 along it dropped;
// - dynamic_slice at constant start indices -> slice (the indices clamped
//   into range as the spec says).
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Simplify/Patterns.h"

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/IR/Matchers.h"

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace {

RankedTensorType staticType(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  return type && type.hasStaticShape() ? type : RankedTensorType();
}

/// A stride-1 slice of `value` over [starts, limits).
Value createSlice(PatternRewriter &rewriter, Location loc, Value value,
                  ArrayRef<int64_t> starts, ArrayRef<int64_t> limits,
                  ArrayRef<int64_t> strides) {
  auto type = cast<RankedTensorType>(value.getType());
  if (llvm::all_of(starts, [](int64_t s) { return s == 0; }) &&
      llvm::all_of(strides, [](int64_t s) { return s == 1; }) &&
      limits == type.getShape())
    return value;
  SmallVector<int64_t> shape;
  for (auto [start, limit, stride] : llvm::zip_equal(starts, limits, strides))
    shape.push_back(limit <= start ? 0 : (limit - start + stride - 1) / stride);
  return rewriter.create<hlo::SliceOp>(loc, type.clone(shape), value, starts, limits, strides);
}

struct SliceSimplification : public OpRewritePattern<hlo::SliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::SliceOp op, PatternRewriter &rewriter) const override {
    RankedTensorType type = staticType(op.getOperand()), resultType = staticType(op);
    if (!type || !resultType)
      return failure();
    ArrayRef<int64_t> starts = op.getStartIndices(), limits = op.getLimitIndices(),
                      strides = op.getStrides();
    if (type == resultType) {
      rewriter.replaceOp(op, op.getOperand());
      return success();
    }
    if (auto inner = op.getOperand().getDefiningOp<hlo::SliceOp>()) {
      SmallVector<int64_t> newStarts, newLimits, newStrides;
      for (int64_t d = 0; d < type.getRank(); ++d) {
        int64_t start = inner.getStartIndices()[d] + inner.getStrides()[d] * starts[d];
        int64_t stride = inner.getStrides()[d] * strides[d];
        int64_t size = resultType.getDimSize(d);
        newStarts.push_back(start);
        newStrides.push_back(stride);
        newLimits.push_back(size == 0 ? start : start + (size - 1) * stride + 1);
      }
      rewriter.replaceOp(op, createSlice(rewriter, op.getLoc(), inner.getOperand(), newStarts,
                                         newLimits, newStrides));
      return success();
    }
    auto concat = op.getOperand().getDefiningOp<hlo::ConcatenateOp>();
    if (!concat)
      return failure();
    int64_t dim = concat.getDimension();
    int64_t size = resultType.getDimSize(dim);
    if (size == 0)
      return failure();
    int64_t first = starts[dim], last = starts[dim] + (size - 1) * strides[dim];
    // The inputs that hold elements [first, last] along `dim`, and the
    // part of each (checked before anything is created).
    struct Piece {
      Value input;
      int64_t start, limit;
    };
    SmallVector<Piece> parts;
    int64_t offset = 0;
    for (Value input : concat.getInputs()) {
      RankedTensorType inputType = staticType(input);
      if (!inputType)
        return failure();
      int64_t extent = inputType.getDimSize(dim);
      int64_t lo = std::max(first, offset), hi = std::min(last, offset + extent - 1);
      if (lo <= hi) {
        if (strides[dim] != 1 && (first < offset || last >= offset + extent))
          return failure(); // A strided slice across inputs stays.
        parts.push_back({input, lo - offset,
                         strides[dim] == 1 ? hi - offset + 1 : last - offset + 1});
      }
      offset += extent;
    }
    SmallVector<Value> pieces;
    for (const Piece &part : parts) {
      SmallVector<int64_t> s(starts), l(limits);
      s[dim] = part.start;
      l[dim] = part.limit;
      pieces.push_back(createSlice(rewriter, op.getLoc(), part.input, s, l, strides));
    }
    if (pieces.size() == 1) {
      rewriter.replaceOp(op, pieces.front());
      return success();
    }
    rewriter.replaceOpWithNewOp<hlo::ConcatenateOp>(op, op.getType(), pieces, dim);
    return success();
  }
};

struct ConcatenateSimplification : public OpRewritePattern<hlo::ConcatenateOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::ConcatenateOp op,
                                PatternRewriter &rewriter) const override {
    if (!staticType(op))
      return failure();
    if (op.getInputs().size() == 1 && op.getInputs()[0].getType() == op.getType()) {
      rewriter.replaceOp(op, op.getInputs()[0]);
      return success();
    }
    int64_t dim = op.getDimension();
    SmallVector<Value> inputs;
    bool changed = false;
    for (Value input : op.getInputs()) {
      RankedTensorType type = staticType(input);
      if (!type)
        return failure();
      if (type.getDimSize(dim) == 0) {
        changed = true;
        continue;
      }
      auto inner = input.getDefiningOp<hlo::ConcatenateOp>();
      if (inner && inner.getDimension() == static_cast<uint64_t>(dim)) {
        llvm::append_range(inputs, inner.getInputs());
        changed = true;
        continue;
      }
      inputs.push_back(input);
    }
    if (!changed || inputs.empty())
      return failure();
    if (inputs.size() == 1 && inputs[0].getType() == op.getType())
      rewriter.replaceOp(op, inputs[0]);
    else
      rewriter.replaceOpWithNewOp<hlo::ConcatenateOp>(op, op.getType(), inputs, dim);
    return success();
  }
};

struct PadNothing : public OpRewritePattern<hlo::PadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::PadOp op, PatternRewriter &rewriter) const override {
    auto zero = [](ArrayRef<int64_t> values) {
      return llvm::all_of(values, [](int64_t v) { return v == 0; });
    };
    if (op.getOperand().getType() != op.getType() || !zero(op.getEdgePaddingLow()) ||
        !zero(op.getEdgePaddingHigh()) || !zero(op.getInteriorPadding()))
      return failure();
    rewriter.replaceOp(op, op.getOperand());
    return success();
  }
};

struct DynamicSliceAtConstants : public OpRewritePattern<hlo::DynamicSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(hlo::DynamicSliceOp op,
                                PatternRewriter &rewriter) const override {
    RankedTensorType type = staticType(op.getOperand());
    if (!type || !staticType(op))
      return failure();
    SmallVector<int64_t> starts, limits;
    for (auto [d, index] : llvm::enumerate(op.getStartIndices())) {
      DenseIntElementsAttr value;
      if (!matchPattern(index, m_Constant(&value)))
        return failure();
      APInt raw = *value.value_begin<APInt>();
      bool isUnsigned = cast<IntegerType>(value.getElementType()).isUnsigned();
      int64_t size = op.getSliceSizes()[d];
      int64_t maxStart = type.getDimSize(d) - size;
      // Clamped into [0, maxStart] before narrowing: the index may be wide.
      int64_t start;
      if (!isUnsigned && raw.isNegative())
        start = 0;
      else if (raw.getActiveBits() > 62)
        start = maxStart;
      else
        start = std::min(static_cast<int64_t>(raw.getZExtValue()), maxStart);
      starts.push_back(std::max<int64_t>(start, 0));
      limits.push_back(starts.back() + size);
    }
    SmallVector<int64_t> strides(type.getRank(), 1);
    rewriter.replaceOpWithNewOp<hlo::SliceOp>(op, op.getType(), op.getOperand(), starts,
                                              limits, strides);
    return success();
  }
};

} // namespace

void oxla::simplify::populateSliceAndPadPatterns(RewritePatternSet &patterns) {
  patterns.add<SliceSimplification, ConcatenateSimplification, PadNothing,
               DynamicSliceAtConstants>(patterns.getContext());
}
