//===- DataMovementPatterns.cpp - Data movement ops to linalg/tensor ------===//
//
// Spec "broadcast_in_dim", "reshape", "transpose", "slice", "concatenate",
// "pad", "reverse", "iota", "dynamic_slice", "dynamic_update_slice",
// "gather", "get_dimension_size", "bitcast_convert" (same width) and the deprecated
// "broadcast". Ops that only rearrange elements become linalg ops whose
// indexing maps say where each element comes from; pad reads its operand
// with tensor.extract at computed positions (negative and interior padding
// alike). Out-of-range start indices of dynamic_slice/dynamic_update_slice
// are clamped so that the slice fits, as in the interpreter.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/StableHLOToLinalg/Patterns.h"
#include "compiler/Conversion/StableHLOToLinalg/ScalarBuilder.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace oxla {
namespace {

/// The converted, statically shaped result type of `op`, or null.
RankedTensorType staticResultType(Operation *op, const TypeConverter *converter) {
  auto type = dyn_cast_or_null<RankedTensorType>(
      converter->convertType(op->getResult(0).getType()));
  return type && type.hasStaticShape() ? type : RankedTensorType();
}

/// One linalg.generic that copies `input` into a new tensor of `resultType`
/// through `inputMap` (result index -> input index).
Value copyThroughMap(ConversionPatternRewriter &rewriter, Location loc, Value input,
                     RankedTensorType resultType, AffineMap inputMap) {
  int64_t rank = resultType.getRank();
  Value init = rewriter.create<tensor::EmptyOp>(loc, resultType.getShape(),
                                                resultType.getElementType());
  SmallVector<AffineMap> maps{inputMap, rewriter.getMultiDimIdentityMap(rank)};
  SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
  return rewriter
      .create<linalg::GenericOp>(loc, resultType, ValueRange{input}, ValueRange{init},
                                 maps, iterators,
                                 [](OpBuilder &b, Location l, ValueRange args) {
                                   b.create<linalg::YieldOp>(l, args[0]);
                                 })
      .getResult(0);
}

//===- broadcast_in_dim, broadcast -----------------------------------------===//

/// result[i...] = operand[j...] with j_k = i_{dims[k]}, or 0 where the
/// operand's dimension is 1 and the result's is not.
LogicalResult lowerBroadcast(Operation *op, Value operand, ArrayRef<int64_t> dims,
                             ConversionPatternRewriter &rewriter,
                             const TypeConverter *converter) {
  RankedTensorType resultType = staticResultType(op, converter);
  auto operandType = cast<RankedTensorType>(operand.getType());
  if (!resultType || !operandType.hasStaticShape())
    return rewriter.notifyMatchFailure(op, "needs static shapes");
  SmallVector<AffineExpr> exprs;
  for (auto [k, d] : llvm::enumerate(dims)) {
    bool expands = operandType.getDimSize(k) == 1 && resultType.getDimSize(d) != 1;
    exprs.push_back(expands ? rewriter.getAffineConstantExpr(0)
                            : rewriter.getAffineDimExpr(d));
  }
  AffineMap map = AffineMap::get(resultType.getRank(), 0, exprs, rewriter.getContext());
  rewriter.replaceOp(op, copyThroughMap(rewriter, op->getLoc(), operand, resultType, map));
  return success();
}

struct BroadcastInDimToLinalg : public OpConversionPattern<hlo::BroadcastInDimOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(hlo::BroadcastInDimOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return lowerBroadcast(op, adaptor.getOperand(), op.getBroadcastDimensions(),
                          rewriter, getTypeConverter());
  }
};

struct BroadcastToLinalg : public OpConversionPattern<hlo::BroadcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(hlo::BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // The operand's dimensions are the trailing ones of the result.
    int64_t leading = static_cast<int64_t>(op.getBroadcastSizes().size());
    int64_t rank = cast<RankedTensorType>(adaptor.getOperand().getType()).getRank();
    SmallVector<int64_t> dims;
    for (int64_t k = 0; k < rank; ++k)
      dims.push_back(leading + k);
    return lowerBroadcast(op, adaptor.getOperand(), dims, rewriter, getTypeConverter());
  }
};

//===- reshape, transpose, reverse ----------------------------------------===//

struct ReshapeToTensor : public OpConversionPattern<hlo::ReshapeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(hlo::ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType = staticResultType(op, getTypeConverter());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "needs a static result shape");
    Location loc = op.getLoc();
    // A row-major reshape keeps the element order: tensor.reshape with the
    // result shape as a constant.
    SmallVector<int64_t> shape(resultType.getShape());
    auto shapeType = RankedTensorType::get({resultType.getRank()}, rewriter.getIndexType());
    Value shapeValue = rewriter.create<arith::ConstantOp>(
        loc, DenseIntElementsAttr::get(shapeType, shape));
    rewriter.replaceOpWithNewOp<tensor::ReshapeOp>(op, resultType, adaptor.getOperand(),
                                                   shapeValue);
    return success();
  }
};

struct TransposeToLinalg : public OpConversionPattern<hlo::TransposeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(hlo::TransposeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType = staticResultType(op, getTypeConverter());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "needs a static result shape");
    // result[i...] = operand[j...] with j_{perm[d]} = i_d.
    ArrayRef<int64_t> permutation = op.getPermutation();
    SmallVector<AffineExpr> exprs(permutation.size());
    for (auto [d, p] : llvm::enumerate(permutation))
      exprs[p] = rewriter.getAffineDimExpr(d);
    AffineMap map = AffineMap::get(resultType.getRank(), 0, exprs, rewriter.getContext());
    rewriter.replaceOp(op, copyThroughMap(rewriter, op.getLoc(), adaptor.getOperand(),
                                          resultType, map));
    return success();
  }
};

struct ReverseToLinalg : public OpConversionPattern<hlo::ReverseOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(hlo::ReverseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType = staticResultType(op, getTypeConverter());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "needs a static shape");
    int64_t rank = resultType.getRank();
    SmallVector<AffineExpr> exprs;
    for (int64_t d = 0; d < rank; ++d)
      exprs.push_back(rewriter.getAffineDimExpr(d));
    for (int64_t d : op.getDimensions())
      exprs[d] = rewriter.getAffineConstantExpr(resultType.getDimSize(d) - 1) -
                 rewriter.getAffineDimExpr(d);
    AffineMap map = AffineMap::get(rank, 0, exprs, rewriter.getContext());
    rewriter.replaceOp(op, copyThroughMap(rewriter, op.getLoc(), adaptor.getOperand(),
                                          resultType, map));
    return success();
  }
};

//===- slice, concatenate --------------------------------------------------===//

struct SliceToTensor : public OpConversionPattern<hlo::SliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(hlo::SliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType = staticResultType(op, getTypeConverter());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "needs a static result shape");
    SmallVector<OpFoldResult> offsets, sizes, strides;
    for (auto [start, stride, size] :
         llvm::zip_equal(op.getStartIndices(), op.getStrides(), resultType.getShape())) {
      offsets.push_back(rewriter.getIndexAttr(start));
      strides.push_back(rewriter.getIndexAttr(stride));
      sizes.push_back(rewriter.getIndexAttr(size));
    }
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(op, resultType, adaptor.getOperand(),
                                                        offsets, sizes, strides);
    return success();
  }
};

struct ConcatenateToTensor : public OpConversionPattern<hlo::ConcatenateOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(hlo::ConcatenateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType = staticResultType(op, getTypeConverter());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "needs a static result shape");
    Location loc = op.getLoc();
    int64_t rank = resultType.getRank(), dim = op.getDimension();
    Value result = rewriter.create<tensor::EmptyOp>(loc, resultType.getShape(),
                                                    resultType.getElementType());
    int64_t offset = 0;
    for (Value input : adaptor.getInputs()) {
      auto type = cast<RankedTensorType>(input.getType());
      SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0));
      SmallVector<OpFoldResult> sizes, strides(rank, rewriter.getIndexAttr(1));
      for (int64_t size : type.getShape())
        sizes.push_back(rewriter.getIndexAttr(size));
      offsets[dim] = rewriter.getIndexAttr(offset);
      offset += type.getDimSize(dim);
      result = rewriter.create<tensor::InsertSliceOp>(loc, input, result, offsets, sizes,
                                                      strides);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

//===- pad -----------------------------------------------------------------===//

struct PadToLinalg : public OpConversionPattern<hlo::PadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(hlo::PadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType = staticResultType(op, getTypeConverter());
    auto operandType = cast<RankedTensorType>(adaptor.getOperand().getType());
    if (!resultType || !operandType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "needs static shapes");
    Location loc = op.getLoc();
    int64_t rank = resultType.getRank();
    Value operand = adaptor.getOperand();
    Value padding = rewriter.create<tensor::ExtractOp>(loc, adaptor.getPaddingValue(),
                                                       ValueRange{});
    Value init = rewriter.create<tensor::EmptyOp>(loc, resultType.getShape(),
                                                  resultType.getElementType());
    SmallVector<AffineMap> maps{rewriter.getMultiDimIdentityMap(rank)};
    SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
    ArrayRef<int64_t> low = op.getEdgePaddingLow(), interior = op.getInteriorPadding();
    auto generic = rewriter.create<linalg::GenericOp>(
        loc, resultType, ValueRange{}, ValueRange{init}, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange) {
          // Result position i holds operand element (i - low) / (interior + 1)
          // when that divides evenly and lands inside the operand.
          Value inside = b.create<arith::ConstantIntOp>(l, 1, 1);
          SmallVector<Value> positions;
          auto c = [&](int64_t v) { return b.create<arith::ConstantIndexOp>(l, v); };
          for (int64_t d = 0; d < rank; ++d) {
            Value i = b.create<linalg::IndexOp>(l, d);
            Value shifted = b.create<arith::SubIOp>(l, i, c(low[d]));
            Value step = c(interior[d] + 1);
            Value position = b.create<arith::DivSIOp>(l, shifted, step);
            Value remainder = b.create<arith::RemSIOp>(l, shifted, step);
            auto cmp = [&](arith::CmpIPredicate p, Value x, Value y) {
              return b.create<arith::CmpIOp>(l, p, x, y);
            };
            Value ok = b.create<arith::AndIOp>(
                l, cmp(arith::CmpIPredicate::sge, shifted, c(0)),
                b.create<arith::AndIOp>(
                    l, cmp(arith::CmpIPredicate::eq, remainder, c(0)),
                    cmp(arith::CmpIPredicate::slt, position,
                        c(operandType.getDimSize(d)))));
            inside = b.create<arith::AndIOp>(l, inside, ok);
            // A clamped position keeps the (unused) read in bounds.
            Value clamped = b.create<arith::MaxSIOp>(
                l, c(0), b.create<arith::MinSIOp>(l, position,
                                                  c(operandType.getDimSize(d) - 1)));
            positions.push_back(clamped);
          }
          Value result = padding;
          if (operandType.getNumElements() > 0) {
            Value element = b.create<tensor::ExtractOp>(l, operand, positions);
            result = b.create<arith::SelectOp>(l, inside, element, padding);
          }
          b.create<linalg::YieldOp>(l, result);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

//===- iota ----------------------------------------------------------------===//

struct IotaToLinalg : public OpConversionPattern<hlo::IotaOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(hlo::IotaOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType = staticResultType(op, getTypeConverter());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "needs a static result shape");
    Type element = resultType.getElementType();
    if (!isa<IntegerType, FloatType, ComplexType>(element))
      return rewriter.notifyMatchFailure(op, "element type");
    Location loc = op.getLoc();
    int64_t rank = resultType.getRank(), dim = op.getIotaDimension();
    Value init = rewriter.create<tensor::EmptyOp>(loc, resultType.getShape(), element);
    SmallVector<AffineMap> maps{rewriter.getMultiDimIdentityMap(rank)};
    SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
    auto generic = rewriter.create<linalg::GenericOp>(
        loc, resultType, ValueRange{}, ValueRange{init}, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange) {
          Value index = b.create<linalg::IndexOp>(l, dim);
          Value wide = b.create<arith::IndexCastOp>(l, b.getI64Type(), index);
          auto toType = [&](Type t) -> Value {
            if (auto integer = dyn_cast<IntegerType>(t))
              return integer.getWidth() == 64 ? wide
                                              : b.create<arith::TruncIOp>(l, t, wide).getResult();
            // Indices are exact in f32; narrow floats round once from it.
            Value f = b.create<arith::SIToFPOp>(l, b.getF32Type(), wide);
            if (t.isF32())
              return f;
            if (cast<FloatType>(t).getWidth() > 32)
              return b.create<arith::ExtFOp>(l, t, f);
            return b.create<arith::TruncFOp>(l, t, f);
          };
          Value value;
          if (auto complex = dyn_cast<ComplexType>(element)) {
            Value re = toType(complex.getElementType());
            Value im = b.create<arith::ConstantOp>(
                l, b.getFloatAttr(complex.getElementType(), 0.0));
            value = b.create<complex::CreateOp>(l, complex, re, im);
          } else {
            value = toType(element);
          }
          b.create<linalg::YieldOp>(l, value);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

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
    Type hloElement = getElementTypeOrSelf(hloIndex.getType());
    Value wide = scalar;
    if (scalar.getType().getIntOrFloatBitWidth() < 64)
      wide = isUnsignedInteger(hloElement)
                 ? rewriter.create<arith::ExtUIOp>(loc, rewriter.getI64Type(), scalar).getResult()
                 : rewriter.create<arith::ExtSIOp>(loc, rewriter.getI64Type(), scalar).getResult();
    Value asIndex = rewriter.create<arith::IndexCastOp>(loc, rewriter.getIndexType(), wide);
    Value zero = rewriter.create<arith::ConstantIndexOp>(loc, 0);
    Value limit = rewriter.create<arith::ConstantIndexOp>(loc, operandShape[d] - sizes[d]);
    Value clamped = rewriter.create<arith::MaxSIOp>(
        loc, zero, rewriter.create<arith::MinSIOp>(loc, asIndex, limit));
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

//===- gather --------------------------------------------------------------===//

/// Spec gather, one linalg.generic over the result: each element computes
/// its operand index from the start index it reads (clamped so that the
/// slice fits), the batching index and its offset, then reads the operand.
struct GatherToLinalg : public OpConversionPattern<hlo::GatherOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(hlo::GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType = staticResultType(op, getTypeConverter());
    auto operandType = cast<RankedTensorType>(adaptor.getOperand().getType());
    auto indicesType = cast<RankedTensorType>(adaptor.getStartIndices().getType());
    if (!resultType || !operandType.hasStaticShape() || !indicesType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "needs static shapes");
    if (operandType.getNumElements() == 0 && resultType.getNumElements() != 0)
      return rewriter.notifyMatchFailure(op, "gathers from an empty operand");
    hlo::GatherDimensionNumbersAttr dn = op.getDimensionNumbers();
    ArrayRef<int64_t> offsetDims = dn.getOffsetDims(), sliceSizes = op.getSliceSizes();
    int64_t indexVectorDim = dn.getIndexVectorDim();
    int64_t rank = resultType.getRank(), operandRank = operandType.getRank();
    SmallVector<int64_t> windowDims;
    for (int64_t d = 0; d < operandRank; ++d)
      if (!llvm::is_contained(dn.getCollapsedSliceDims(), d) &&
          !llvm::is_contained(dn.getOperandBatchingDims(), d))
        windowDims.push_back(d);
    bool indexIsUnsigned = isUnsignedInteger(
        getElementTypeOrSelf(op.getStartIndices().getType()));
    Value operand = adaptor.getOperand(), indices = adaptor.getStartIndices();
    Location loc = op.getLoc();
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
            Value start = b.create<tensor::ExtractOp>(l, indices, at);
            if (start.getType().getIntOrFloatBitWidth() < 64)
              start = indexIsUnsigned
                          ? b.create<arith::ExtUIOp>(l, b.getI64Type(), start).getResult()
                          : b.create<arith::ExtSIOp>(l, b.getI64Type(), start).getResult();
            Value asIndex = b.create<arith::IndexCastOp>(l, b.getIndexType(), start);
            Value limit = c(operandType.getDimSize(dOperand) - sliceSizes[dOperand]);
            operandIndex[dOperand] = b.create<arith::MaxSIOp>(
                l, c(0), b.create<arith::MinSIOp>(l, asIndex, limit));
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
};

//===- get_dimension_size, bitcast_convert ---------------------------------===//

struct GetDimensionSizeToTensor : public OpConversionPattern<hlo::GetDimensionSizeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(hlo::GetDimensionSizeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto resultType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    if (!resultType)
      return failure();
    Location loc = op.getLoc();
    Value size = rewriter.create<tensor::DimOp>(loc, adaptor.getOperand(),
                                                static_cast<int64_t>(op.getDimension()));
    Value cast = rewriter.create<arith::IndexCastOp>(loc, resultType.getElementType(), size);
    rewriter.replaceOpWithNewOp<tensor::FromElementsOp>(op, resultType, cast);
    return success();
  }
};

struct BitcastConvertToLinalg : public OpConversionPattern<hlo::BitcastConvertOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(hlo::BitcastConvertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType = staticResultType(op, getTypeConverter());
    auto operandType = cast<RankedTensorType>(adaptor.getOperand().getType());
    if (!resultType)
      return rewriter.notifyMatchFailure(op, "needs a static result shape");
    Type from = operandType.getElementType(), to = resultType.getElementType();
    if (from.isIntOrFloat() != true || to.isIntOrFloat() != true ||
        from.getIntOrFloatBitWidth() != to.getIntOrFloatBitWidth() ||
        operandType.getRank() != resultType.getRank())
      return rewriter.notifyMatchFailure(op, "only same-width bitcasts");
    int64_t rank = resultType.getRank();
    Value init = rewriter.create<tensor::EmptyOp>(op.getLoc(), resultType.getShape(), to);
    SmallVector<AffineMap> maps(2, rewriter.getMultiDimIdentityMap(rank));
    SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
    auto generic = rewriter.create<linalg::GenericOp>(
        op.getLoc(), resultType, ValueRange{adaptor.getOperand()}, ValueRange{init}, maps,
        iterators, [&](OpBuilder &b, Location l, ValueRange args) {
          Value value = from == to ? args[0]
                                   : b.create<arith::BitcastOp>(l, to, args[0]).getResult();
          b.create<linalg::YieldOp>(l, value);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

void populateDataMovementToLinalgPatterns(TypeConverter &converter,
                                          RewritePatternSet &patterns) {
  patterns.add<BitcastConvertToLinalg, BroadcastInDimToLinalg, BroadcastToLinalg,
               ConcatenateToTensor, DynamicSliceToTensor, DynamicUpdateSliceToTensor, GatherToLinalg,
               GetDimensionSizeToTensor, IotaToLinalg, PadToLinalg, ReshapeToTensor,
               ReverseToLinalg, SliceToTensor, TransposeToLinalg>(converter,
                                                                  patterns.getContext());
}

} // namespace oxla
