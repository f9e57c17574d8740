//===- IndexingPatterns.cpp - Ops that read at computed positions ---------===//
//
// Spec "dynamic_slice", "dynamic_update_slice", "gather", the deprecated
// "torch_index_select", and the dynamism forms dynamic_gather and
// real_dynamic_slice when their result types are static. They read their
// operand with tensor.extract (or slice it) at positions computed from index
// operands. Out-of-range start indices are clamped so that the slice fits,
// as in the interpreter; indices that the spec calls invalid are clamped
// too, so that no read leaves its tensor.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/StableHLOToLinalg/DataMovementSupport.h"
#include "compiler/Conversion/StableHLOToLinalg/Patterns.h"
#include "compiler/Conversion/StableHLOToLinalg/TypeConversion.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace oxla {
namespace {

//===- dynamic_slice, dynamic_update_slice ---------------------------------===//

/// Start indices as `index` values, clamped to [0, operand - size] per
/// dimension. `hloIndices` give the signedness.
SmallVector<OpFoldResult> clampedStarts(ConversionPatternRewriter &rewriter, Location loc,
                                        ValueRange indices, ValueRange hloIndices,
                                        ArrayRef<int64_t> operandShape,
                                        ArrayRef<int64_t> sizes) {
  SmallVector<OpFoldResult> starts;
  for (auto [d, pair] : llvm::enumerate(llvm::zip_equal(indices, hloIndices))) {
    auto [index, hloIndex] = pair;
    Value scalar = rewriter.create<tensor::ExtractOp>(loc, index, ValueRange{});
    Value start = asIndex(rewriter, loc, scalar,
                          isUnsignedInteger(getElementTypeOrSelf(hloIndex.getType())));
    Value zero = rewriter.create<arith::ConstantIndexOp>(loc, 0);
    Value limit = rewriter.create<arith::ConstantIndexOp>(loc, operandShape[d] - sizes[d]);
    Value clamped = rewriter.create<arith::MaxSIOp>(
        loc, zero, rewriter.create<arith::MinSIOp>(loc, start, limit));
    starts.push_back(clamped);
  }
  return starts;
}

struct DynamicSliceToTensor : public OpConversionPattern<hlo::DynamicSliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(hlo::DynamicSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType = staticResultType(op, getTypeConverter());
    auto operandType = cast<RankedTensorType>(adaptor.getOperand().getType());
    if (!resultType || !operandType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "needs static shapes");
    Location loc = op.getLoc();
    ArrayRef<int64_t> sizes = op.getSliceSizes();
    SmallVector<OpFoldResult> starts =
        clampedStarts(rewriter, loc, adaptor.getStartIndices(), op.getStartIndices(),
                      operandType.getShape(), sizes);
    SmallVector<OpFoldResult> sizeValues, strides(sizes.size(), rewriter.getIndexAttr(1));
    for (int64_t size : sizes)
      sizeValues.push_back(rewriter.getIndexAttr(size));
    Value slice = rewriter.create<tensor::ExtractSliceOp>(
        loc, resultType, adaptor.getOperand(), starts, sizeValues, strides);
    rewriter.replaceOp(op, slice);
    return success();
  }
};

struct DynamicUpdateSliceToTensor
    : public OpConversionPattern<hlo::DynamicUpdateSliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(hlo::DynamicUpdateSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto operandType = cast<RankedTensorType>(adaptor.getOperand().getType());
    auto updateType = cast<RankedTensorType>(adaptor.getUpdate().getType());
    if (!operandType.hasStaticShape() || !updateType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "needs static shapes");
    Location loc = op.getLoc();
    SmallVector<OpFoldResult> starts =
        clampedStarts(rewriter, loc, adaptor.getStartIndices(), op.getStartIndices(),
                      operandType.getShape(), updateType.getShape());
    SmallVector<OpFoldResult> sizes, strides(updateType.getRank(), rewriter.getIndexAttr(1));
    for (int64_t size : updateType.getShape())
      sizes.push_back(rewriter.getIndexAttr(size));
    rewriter.replaceOpWithNewOp<tensor::InsertSliceOp>(op, adaptor.getUpdate(),
                                                       adaptor.getOperand(), starts, sizes,
                                                       strides);
    return success();
  }
};

/// real_dynamic_slice with a static result type. Bounds that do not fit
/// the operand are invalid; they are clamped so that every read stays inside.
struct RealDynamicSliceToTensor : public OpConversionPattern<hlo::RealDynamicSliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(hlo::RealDynamicSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType = staticResultType(op, getTypeConverter());
    auto operandType = cast<RankedTensorType>(adaptor.getOperand().getType());
    int64_t rank = operandType.getRank();
    if (!resultType || !operandType.hasStaticShape() ||
        !hasStaticLength(adaptor.getStartIndices(), rank) ||
        !hasStaticLength(adaptor.getStrides(), rank))
      return rewriter.notifyMatchFailure(op, "needs static shapes");
    Location loc = op.getLoc();
    SmallVector<Value> starts =
        indexElements(rewriter, loc, adaptor.getStartIndices(), op.getStartIndices());
    SmallVector<Value> strides =
        indexElements(rewriter, loc, adaptor.getStrides(), op.getStrides());
    auto c = [&](int64_t v) { return rewriter.create<arith::ConstantIndexOp>(loc, v); };
    SmallVector<OpFoldResult> offsets, sizes, steps;
    for (int64_t d = 0; d < rank; ++d) {
      int64_t size = resultType.getDimSize(d), dim = operandType.getDimSize(d);
      if (size > dim)
        return rewriter.notifyMatchFailure(op, "result larger than the operand");
      sizes.push_back(rewriter.getIndexAttr(size));
      if (size == 0) {
        offsets.push_back(rewriter.getIndexAttr(0));
        steps.push_back(rewriter.getIndexAttr(1));
        continue;
      }
      Value stride = rewriter.create<arith::MaxSIOp>(loc, strides[d], c(1));
      if (size > 1)
        stride = rewriter.create<arith::MinSIOp>(loc, stride, c((dim - 1) / (size - 1)));
      Value last = rewriter.create<arith::SubIOp>(
          loc, c(dim - 1), rewriter.create<arith::MulIOp>(loc, stride, c(size - 1)));
      offsets.push_back(rewriter
                            .create<arith::MaxSIOp>(
                                loc, c(0), rewriter.create<arith::MinSIOp>(loc, starts[d], last))
                            .getResult());
      steps.push_back(stride);
    }
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(op, resultType, adaptor.getOperand(),
                                                        offsets, sizes, steps);
    return success();
  }
};

//===- gather --------------------------------------------------------------===//

/// Spec gather, one linalg.generic over the result: each element computes
/// its operand index from the start index it reads (clamped to [0, limit],
/// limit = operand size - slice size, so that the slice fits), the batching
/// index and its offset, then reads the operand. `limits` are index values
/// per operand dimension.
LogicalResult lowerGather(Operation *op, Value operand, Value indices, Value hloIndices,
                          hlo::GatherDimensionNumbersAttr dn, ValueRange limits,
                          ConversionPatternRewriter &rewriter,
                          const TypeConverter *converter) {
  RankedTensorType resultType = staticResultType(op, converter);
  auto operandType = cast<RankedTensorType>(operand.getType());
  auto indicesType = cast<RankedTensorType>(indices.getType());
  if (!resultType || !operandType.hasStaticShape() || !indicesType.hasStaticShape())
    return rewriter.notifyMatchFailure(op, "needs static shapes");
  if (operandType.getNumElements() == 0 && resultType.getNumElements() != 0)
    return rewriter.notifyMatchFailure(op, "gathers from an empty operand");
  ArrayRef<int64_t> offsetDims = dn.getOffsetDims();
  int64_t indexVectorDim = dn.getIndexVectorDim();
  int64_t rank = resultType.getRank(), operandRank = operandType.getRank();
  SmallVector<int64_t> windowDims;
  for (int64_t d = 0; d < operandRank; ++d)
    if (!llvm::is_contained(dn.getCollapsedSliceDims(), d) &&
        !llvm::is_contained(dn.getOperandBatchingDims(), d))
      windowDims.push_back(d);
  bool indexIsUnsigned = isUnsignedInteger(getElementTypeOrSelf(hloIndices.getType()));
  Location loc = op->getLoc();
  Value init = rewriter.create<tensor::EmptyOp>(loc, resultType.getShape(),
                                                resultType.getElementType());
  SmallVector<AffineMap> maps{rewriter.getMultiDimIdentityMap(rank)};
  SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
  auto generic = rewriter.create<linalg::GenericOp>(
      loc, resultType, ValueRange{}, ValueRange{init}, maps, iterators,
      [&](OpBuilder &b, Location l, ValueRange) {
        auto c = [&](int64_t v) { return b.create<arith::ConstantIndexOp>(l, v); };
        SmallVector<Value> index, batchIndex;
        for (int64_t d = 0; d < rank; ++d) {
          index.push_back(b.create<linalg::IndexOp>(l, d));
          if (!llvm::is_contained(offsetDims, d))
            batchIndex.push_back(index.back());
        }
        SmallVector<Value> operandIndex(operandRank, c(0));
        for (auto [ds, dOperand] : llvm::enumerate(dn.getStartIndexMap())) {
          SmallVector<Value> at;
          for (int64_t d = 0, k = 0; d < indicesType.getRank(); ++d)
            at.push_back(d == indexVectorDim ? c(ds) : batchIndex[k++]);
          Value start =
              asIndex(b, l, b.create<tensor::ExtractOp>(l, indices, at), indexIsUnsigned);
          operandIndex[dOperand] = b.create<arith::MaxSIOp>(
              l, c(0), b.create<arith::MinSIOp>(l, start, limits[dOperand]));
        }
        for (auto [i, dOperand] : llvm::enumerate(dn.getOperandBatchingDims())) {
          int64_t d = dn.getStartIndicesBatchingDims()[i];
          int64_t position = d < indexVectorDim ? d : d - 1;
          operandIndex[dOperand] =
              b.create<arith::AddIOp>(l, operandIndex[dOperand], batchIndex[position]);
        }
        for (auto [i, dResult] : llvm::enumerate(offsetDims))
          operandIndex[windowDims[i]] =
              b.create<arith::AddIOp>(l, operandIndex[windowDims[i]], index[dResult]);
        Value element = b.create<tensor::ExtractOp>(l, operand, operandIndex);
        b.create<linalg::YieldOp>(l, element);
      });
  rewriter.replaceOp(op, generic.getResults());
  return success();
}

struct GatherToLinalg : public OpConversionPattern<hlo::GatherOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(hlo::GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto operandType = cast<RankedTensorType>(adaptor.getOperand().getType());
    ArrayRef<int64_t> sliceSizes = op.getSliceSizes();
    if (!operandType.hasStaticShape() ||
        static_cast<int64_t>(sliceSizes.size()) != operandType.getRank())
      return rewriter.notifyMatchFailure(op, "needs static shapes");
    SmallVector<Value> limits;
    for (auto [dim, size] : llvm::zip_equal(operandType.getShape(), sliceSizes))
      limits.push_back(rewriter.create<arith::ConstantIndexOp>(op.getLoc(), dim - size));
    return lowerGather(op, adaptor.getOperand(), adaptor.getStartIndices(),
                       op.getStartIndices(), op.getDimensionNumbers(), limits, rewriter,
                       getTypeConverter());
  }
};

/// dynamic_gather with a static result type: the slice sizes are read at
/// run time for the clamping.
struct DynamicGatherToLinalg : public OpConversionPattern<hlo::DynamicGatherOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(hlo::DynamicGatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto operandType = cast<RankedTensorType>(adaptor.getOperand().getType());
    if (!operandType.hasStaticShape() ||
        !hasStaticLength(adaptor.getSliceSizes(), operandType.getRank()))
      return rewriter.notifyMatchFailure(op, "needs static shapes");
    Location loc = op.getLoc();
    SmallVector<Value> limits;
    for (auto [d, size] : llvm::enumerate(
             indexElements(rewriter, loc, adaptor.getSliceSizes(), op.getSliceSizes())))
      limits.push_back(rewriter.create<arith::SubIOp>(
          loc, rewriter.create<arith::ConstantIndexOp>(loc, operandType.getDimSize(d)),
          size));
    return lowerGather(op, adaptor.getOperand(), adaptor.getStartIndices(),
                       op.getStartIndices(), op.getDimensionNumbers(), limits, rewriter,
                       getTypeConverter());
  }
};

/// torch_index_select: result[o..., i..., r...] = operand[o..., index[b...,
/// i...], r...] with o the first `dim` result dimensions and b the first
/// `batch_dims` of them. Out-of-range indices are invalid; they are clamped.
struct TorchIndexSelectToLinalg : public OpConversionPattern<hlo::TorchIndexSelectOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(hlo::TorchIndexSelectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType = staticResultType(op, getTypeConverter());
    Value operand = adaptor.getOperand(), index = adaptor.getIndex();
    auto operandType = cast<RankedTensorType>(operand.getType());
    auto indexType = cast<RankedTensorType>(index.getType());
    int64_t dim = op.getDim(), batchDims = op.getBatchDims();
    if (!resultType || !operandType.hasStaticShape() || !indexType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "needs static shapes");
    int64_t indexDims = indexType.getRank() - batchDims;
    if (dim < 0 || dim >= operandType.getRank() || batchDims < 0 || batchDims > dim ||
        indexDims < 0 || resultType.getRank() != operandType.getRank() - 1 + indexDims ||
        (operandType.getDimSize(dim) == 0 && resultType.getNumElements() != 0))
      return rewriter.notifyMatchFailure(op, "dim and batch_dims do not fit");
    bool isUnsigned = isUnsignedInteger(getElementTypeOrSelf(op.getIndex().getType()));
    Location loc = op.getLoc();
    int64_t rank = resultType.getRank();
    Value init = rewriter.create<tensor::EmptyOp>(loc, resultType.getShape(),
                                                  resultType.getElementType());
    SmallVector<AffineMap> maps{rewriter.getMultiDimIdentityMap(rank)};
    SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
    auto generic = rewriter.create<linalg::GenericOp>(
        loc, resultType, ValueRange{}, ValueRange{init}, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange) {
          SmallVector<Value> at, indexAt, operandAt;
          for (int64_t d = 0; d < rank; ++d)
            at.push_back(b.create<linalg::IndexOp>(l, d));
          indexAt.append(at.begin(), at.begin() + batchDims);
          indexAt.append(at.begin() + dim, at.begin() + dim + indexDims);
          Value position =
              asIndex(b, l, b.create<tensor::ExtractOp>(l, index, indexAt), isUnsigned);
          position = b.create<arith::MaxSIOp>(
              l, b.create<arith::ConstantIndexOp>(l, 0),
              b.create<arith::MinSIOp>(
                  l, position,
                  b.create<arith::ConstantIndexOp>(l, operandType.getDimSize(dim) - 1)));
          operandAt.append(at.begin(), at.begin() + dim);
          operandAt.push_back(position);
          operandAt.append(at.begin() + dim + indexDims, at.end());
          b.create<linalg::YieldOp>(l, b.create<tensor::ExtractOp>(l, operand, operandAt)
                                           .getResult());
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

void populateIndexingToLinalgPatterns(TypeConverter &converter,
                                      RewritePatternSet &patterns) {
  patterns.add<DynamicGatherToLinalg, DynamicSliceToTensor, DynamicUpdateSliceToTensor,
               GatherToLinalg, RealDynamicSliceToTensor, TorchIndexSelectToLinalg>(
      converter, patterns.getContext());
}

} // namespace oxla
