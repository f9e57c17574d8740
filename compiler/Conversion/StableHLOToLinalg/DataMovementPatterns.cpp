//===- DataMovementPatterns.cpp - Data movement ops to linalg/tensor ------===//
//
// Spec "broadcast_in_dim", "reshape", "transpose", "slice", "concatenate",
// "pad", "reverse", "iota", "get_dimension_size", "bitcast_convert", the
// deprecated "broadcast", and the dynamism forms (dynamic_iota,
// dynamic_reshape, dynamic_broadcast_in_dim, dynamic_pad) when their result
// types are static; the ops that read at computed positions are in
// IndexingPatterns.cpp. Ops that only
// rearrange elements become linalg ops whose indexing maps say where each
// element comes from; pad and gather read their operand with tensor.extract
// at computed positions. Out-of-range start indices are clamped so that the
// slice fits, as in the interpreter; indices that the spec calls invalid are
// clamped too, so that no read leaves its tensor.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/StableHLOToLinalg/DataMovementSupport.h"
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

/// A scalar integer as an index: zero-extended when unsigned.
Value asIndex(OpBuilder &b, Location loc, Value scalar, bool isUnsigned) {
  if (scalar.getType().getIntOrFloatBitWidth() < 64)
    scalar = isUnsigned ? b.create<arith::ExtUIOp>(loc, b.getI64Type(), scalar).getResult()
                        : b.create<arith::ExtSIOp>(loc, b.getI64Type(), scalar).getResult();
  return b.create<arith::IndexCastOp>(loc, b.getIndexType(), scalar);
}

/// The elements of the rank-1 integer tensor `values` (the adaptor's
/// operand; `hloValues` is the StableHLO one, for the signedness) as indices.
SmallVector<Value> indexElements(OpBuilder &b, Location loc, Value values, Value hloValues) {
  auto type = cast<RankedTensorType>(values.getType());
  bool isUnsigned = isUnsignedInteger(getElementTypeOrSelf(hloValues.getType()));
  SmallVector<Value> result;
  for (int64_t k = 0; k < type.getDimSize(0); ++k) {
    Value at = b.create<arith::ConstantIndexOp>(loc, k);
    result.push_back(asIndex(b, loc, b.create<tensor::ExtractOp>(loc, values, at), isUnsigned));
  }
  return result;
}

/// True when the rank-1 shape operand `values` is static and has `size` elements.
bool hasStaticLength(Value values, int64_t size) {
  auto type = dyn_cast<RankedTensorType>(values.getType());
  return type && type.getRank() == 1 && type.getDimSize(0) == size;
}

namespace {

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

/// broadcast_in_dim, and dynamic_broadcast_in_dim with a static result type
/// (which then says which dimensions expand).
template <typename OpTy> struct BroadcastInDimToLinalg : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return lowerBroadcast(op, adaptor.getOperand(), op.getBroadcastDimensions(),
                          rewriter, this->getTypeConverter());
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

/// reshape, and dynamic_reshape with a static result type.
template <typename OpTy> struct ReshapeToTensor : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType = staticResultType(op, this->getTypeConverter());
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

/// Result position i holds operand element (i - low) / step (step =
/// interior + 1) when that divides evenly and lands inside the operand, and
/// the padding value elsewhere. `low` and `step` are index values.
LogicalResult lowerPad(Operation *op, Value operand, Value paddingValue, ValueRange low,
                       ValueRange step, ConversionPatternRewriter &rewriter,
                       const TypeConverter *converter) {
  RankedTensorType resultType = staticResultType(op, converter);
  auto operandType = cast<RankedTensorType>(operand.getType());
  if (!resultType || !operandType.hasStaticShape())
    return rewriter.notifyMatchFailure(op, "needs static shapes");
  Location loc = op->getLoc();
  int64_t rank = resultType.getRank();
  Value padding = rewriter.create<tensor::ExtractOp>(loc, paddingValue, ValueRange{});
  Value init = rewriter.create<tensor::EmptyOp>(loc, resultType.getShape(),
                                                resultType.getElementType());
  SmallVector<AffineMap> maps{rewriter.getMultiDimIdentityMap(rank)};
  SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
  auto generic = rewriter.create<linalg::GenericOp>(
      loc, resultType, ValueRange{}, ValueRange{init}, maps, iterators,
      [&](OpBuilder &b, Location l, ValueRange) {
        Value inside = b.create<arith::ConstantIntOp>(l, 1, 1);
        SmallVector<Value> positions;
        auto c = [&](int64_t v) { return b.create<arith::ConstantIndexOp>(l, v); };
        auto cmp = [&](arith::CmpIPredicate p, Value x, Value y) {
          return b.create<arith::CmpIOp>(l, p, x, y);
        };
        for (int64_t d = 0; d < rank; ++d) {
          Value i = b.create<linalg::IndexOp>(l, d);
          Value shifted = b.create<arith::SubIOp>(l, i, low[d]);
          Value position = b.create<arith::DivSIOp>(l, shifted, step[d]);
          Value remainder = b.create<arith::RemSIOp>(l, shifted, step[d]);
          Value ok = b.create<arith::AndIOp>(
              l, cmp(arith::CmpIPredicate::sge, shifted, c(0)),
              b.create<arith::AndIOp>(
                  l, cmp(arith::CmpIPredicate::eq, remainder, c(0)),
                  cmp(arith::CmpIPredicate::slt, position, c(operandType.getDimSize(d)))));
          inside = b.create<arith::AndIOp>(l, inside, ok);
          // A clamped position keeps the (unused) read in bounds.
          positions.push_back(b.create<arith::MaxSIOp>(
              l, c(0),
              b.create<arith::MinSIOp>(l, position, c(operandType.getDimSize(d) - 1))));
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

struct PadToLinalg : public OpConversionPattern<hlo::PadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(hlo::PadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> low, step;
    for (auto [l, i] : llvm::zip_equal(op.getEdgePaddingLow(), op.getInteriorPadding())) {
      low.push_back(rewriter.create<arith::ConstantIndexOp>(op.getLoc(), l));
      step.push_back(rewriter.create<arith::ConstantIndexOp>(op.getLoc(), i + 1));
    }
    return lowerPad(op, adaptor.getOperand(), adaptor.getPaddingValue(), low, step, rewriter,
                    getTypeConverter());
  }
};

/// dynamic_pad with a static result type: the paddings are read at run
/// time (a negative interior padding, which is invalid, counts as 0).
struct DynamicPadToLinalg : public OpConversionPattern<hlo::DynamicPadOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(hlo::DynamicPadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto operandType = cast<RankedTensorType>(adaptor.getOperand().getType());
    int64_t rank = operandType.getRank();
    if (!hasStaticLength(adaptor.getEdgePaddingLow(), rank) ||
        !hasStaticLength(adaptor.getInteriorPadding(), rank))
      return rewriter.notifyMatchFailure(op, "needs static padding operands");
    Location loc = op.getLoc();
    SmallVector<Value> low = indexElements(rewriter, loc, adaptor.getEdgePaddingLow(),
                                           op.getEdgePaddingLow());
    SmallVector<Value> step;
    Value zero = rewriter.create<arith::ConstantIndexOp>(loc, 0);
    Value one = rewriter.create<arith::ConstantIndexOp>(loc, 1);
    for (Value interior : indexElements(rewriter, loc, adaptor.getInteriorPadding(),
                                        op.getInteriorPadding()))
      step.push_back(rewriter.create<arith::AddIOp>(
          loc, rewriter.create<arith::MaxSIOp>(loc, interior, zero), one));
    return lowerPad(op, adaptor.getOperand(), adaptor.getPaddingValue(), low, step, rewriter,
                    getTypeConverter());
  }
};

//===- iota ----------------------------------------------------------------===//

/// iota, and dynamic_iota with a static result type.
template <typename OpTy> struct IotaToLinalg : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType = staticResultType(op, this->getTypeConverter());
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

//===- get/set_dimension_size, bitcast_convert -----------------------------===//

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

/// The deprecated set_dimension_size keeps the first `size` elements of a
/// dimension, as the interpreter does.
struct SetDimensionSizeToTensor : public OpConversionPattern<hlo::SetDimensionSizeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(hlo::SetDimensionSizeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto operandType = dyn_cast<RankedTensorType>(adaptor.getOperand().getType());
    auto resultType = dyn_cast_or_null<RankedTensorType>(
        getTypeConverter()->convertType(op.getType()));
    int64_t dim = static_cast<int64_t>(op.getDimension());
    if (!operandType || !resultType || dim < 0 || dim >= operandType.getRank())
      return failure();
    Location loc = op.getLoc();
    Value operand = adaptor.getOperand();
    Value requested = rewriter.create<arith::IndexCastOp>(
        loc, rewriter.getIndexType(),
        rewriter.create<tensor::ExtractOp>(loc, adaptor.getSize(), ValueRange{}));
    // The interpreter rejects a size outside [0, dim size]; compiled code
    // cannot report it and keeps within the operand instead.
    Value full = rewriter.create<tensor::DimOp>(loc, operand, dim);
    Value size = rewriter.create<arith::MaxSIOp>(
        loc, rewriter.create<arith::MinSIOp>(loc, requested, full),
        rewriter.create<arith::ConstantIndexOp>(loc, 0));
    SmallVector<OpFoldResult> offsets(operandType.getRank(), rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> strides(operandType.getRank(), rewriter.getIndexAttr(1));
    SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(rewriter, loc, operand);
    sizes[dim] = size;
    Value slice = rewriter.create<tensor::ExtractSliceOp>(loc, operand, offsets, sizes, strides);
    if (slice.getType() != resultType)
      slice = rewriter.create<tensor::CastOp>(loc, resultType, slice);
    rewriter.replaceOp(op, slice);
    return success();
  }
};

/// The bit width of an element; a complex number is its two parts.
unsigned bitWidth(Type type) {
  if (auto complex = dyn_cast<ComplexType>(type))
    return 2 * complex.getElementType().getIntOrFloatBitWidth();
  return type.getIntOrFloatBitWidth();
}

/// The bits of `x` as a signless integer of its width (a complex number has
/// its real part in the low half, as in memory on a little-endian machine).
Value bitsOf(OpBuilder &b, Location l, Value x) {
  Type type = x.getType();
  if (auto complex = dyn_cast<ComplexType>(type)) {
    unsigned half = complex.getElementType().getIntOrFloatBitWidth();
    Type whole = b.getIntegerType(2 * half);
    auto part = [&](Value v) {
      return b.create<arith::ExtUIOp>(
          l, whole, b.create<arith::BitcastOp>(l, b.getIntegerType(half), v));
    };
    Value re = part(b.create<complex::ReOp>(l, x)), im = part(b.create<complex::ImOp>(l, x));
    Value shift = b.create<arith::ConstantOp>(l, b.getIntegerAttr(whole, half));
    return b.create<arith::OrIOp>(l, re, b.create<arith::ShLIOp>(l, im, shift));
  }
  if (isa<FloatType>(type))
    return b.create<arith::BitcastOp>(l, b.getIntegerType(type.getIntOrFloatBitWidth()), x);
  return x;
}

/// The element of `type` whose bits are the integer `bits`.
Value elementOfBits(OpBuilder &b, Location l, Value bits, Type type) {
  if (auto complex = dyn_cast<ComplexType>(type)) {
    Type partType = complex.getElementType();
    unsigned half = partType.getIntOrFloatBitWidth();
    Type halfInt = b.getIntegerType(half);
    Value shift = b.create<arith::ConstantOp>(l, b.getIntegerAttr(bits.getType(), half));
    Value re = b.create<arith::TruncIOp>(l, halfInt, bits);
    Value im = b.create<arith::TruncIOp>(l, halfInt, b.create<arith::ShRUIOp>(l, bits, shift));
    return b.create<complex::CreateOp>(l, complex, b.create<arith::BitcastOp>(l, partType, re),
                                       b.create<arith::BitcastOp>(l, partType, im));
  }
  if (isa<FloatType>(type))
    return b.create<arith::BitcastOp>(l, type, bits);
  return bits;
}

/// bitcast_convert, as the interpreter does it: the same bits when the
/// widths agree; a wider element is split into a new minor dimension of
/// narrower ones, least significant bits first, and a narrower element's
/// minor dimension is joined into one wider element.
struct BitcastConvertToLinalg : public OpConversionPattern<hlo::BitcastConvertOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(hlo::BitcastConvertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType resultType = staticResultType(op, getTypeConverter());
    Value operand = adaptor.getOperand();
    auto operandType = cast<RankedTensorType>(operand.getType());
    if (!resultType || !operandType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "needs static shapes");
    Type from = operandType.getElementType(), to = resultType.getElementType();
    auto supported = [](Type t) {
      auto complex = dyn_cast<ComplexType>(t);
      return complex ? isa<FloatType>(complex.getElementType()) : t.isIntOrFloat();
    };
    if (!supported(from) || !supported(to))
      return rewriter.notifyMatchFailure(op, "element type");
    if (operandType == resultType) {
      rewriter.replaceOp(op, operand);
      return success();
    }
    unsigned fromBits = bitWidth(from), toBits = bitWidth(to);
    int64_t rank = resultType.getRank();
    bool splits = toBits < fromBits, joins = toBits > fromBits;
    unsigned ratio = splits ? fromBits / toBits : joins ? toBits / fromBits : 1;
    int64_t expectedRank = operandType.getRank() + (splits ? 1 : joins ? -1 : 0);
    if (fromBits % toBits && toBits % fromBits)
      return rewriter.notifyMatchFailure(op, "widths do not divide");
    if (rank != expectedRank ||
        (splits && resultType.getDimSize(rank - 1) != ratio) ||
        (joins && operandType.getDimSize(rank) != ratio))
      return rewriter.notifyMatchFailure(op, "shapes do not fit the widths");
    MLIRContext *context = rewriter.getContext();
    SmallVector<AffineExpr> exprs;
    for (int64_t d = 0; d < rank - (splits ? 1 : 0); ++d)
      exprs.push_back(rewriter.getAffineDimExpr(d));
    // A join reads the `ratio` narrow elements through one map each.
    SmallVector<Value> inputs;
    SmallVector<AffineMap> maps;
    for (unsigned k = 0; k < (joins ? ratio : 1); ++k) {
      SmallVector<AffineExpr> at(exprs);
      if (joins)
        at.push_back(rewriter.getAffineConstantExpr(k));
      inputs.push_back(operand);
      maps.push_back(AffineMap::get(rank, 0, at, context));
    }
    maps.push_back(rewriter.getMultiDimIdentityMap(rank));
    Value init = rewriter.create<tensor::EmptyOp>(op.getLoc(), resultType.getShape(), to);
    SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
    auto generic = rewriter.create<linalg::GenericOp>(
        op.getLoc(), resultType, inputs, ValueRange{init}, maps, iterators,
        [&](OpBuilder &b, Location l, ValueRange args) {
          Type wide = b.getIntegerType(std::max(fromBits, toBits));
          auto constant = [&](int64_t v) -> Value {
            return b.create<arith::ConstantOp>(l, b.getIntegerAttr(wide, v));
          };
          // One bitcast between two types of one width: MLIR 19 folds a
          // bf16 -> i16 -> f16 chain to its input, of the wrong type.
          if (!splits && !joins && from.isIntOrFloat() && to.isIntOrFloat()) {
            b.create<linalg::YieldOp>(l, b.create<arith::BitcastOp>(l, to, args[0]).getResult());
            return;
          }
          Value bits = joins ? constant(0) : bitsOf(b, l, args[0]);
          if (splits) {
            Value k = b.create<arith::IndexCastOp>(l, wide,
                                                   b.create<linalg::IndexOp>(l, rank - 1));
            Value shifted = b.create<arith::ShRUIOp>(
                l, bits, b.create<arith::MulIOp>(l, k, constant(toBits)));
            bits = b.create<arith::TruncIOp>(l, b.getIntegerType(toBits), shifted);
          } else if (joins) {
            for (unsigned k = 0; k < ratio; ++k) {
              Value part = b.create<arith::ExtUIOp>(l, wide, bitsOf(b, l, args[k]));
              bits = b.create<arith::OrIOp>(
                  l, bits, b.create<arith::ShLIOp>(l, part, constant(k * fromBits)));
            }
          }
          b.create<linalg::YieldOp>(l, elementOfBits(b, l, bits, to));
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

void populateDataMovementToLinalgPatterns(TypeConverter &converter,
                                          RewritePatternSet &patterns) {
  patterns.add<BitcastConvertToLinalg, BroadcastInDimToLinalg<hlo::BroadcastInDimOp>,
               BroadcastInDimToLinalg<hlo::DynamicBroadcastInDimOp>, BroadcastToLinalg,
               ConcatenateToTensor, DynamicPadToLinalg, GetDimensionSizeToTensor,
               IotaToLinalg<hlo::IotaOp>, IotaToLinalg<hlo::DynamicIotaOp>, PadToLinalg,
               ReshapeToTensor<hlo::ReshapeOp>, ReshapeToTensor<hlo::DynamicReshapeOp>,
               ReverseToLinalg, SetDimensionSizeToTensor, SliceToTensor,
               TransposeToLinalg>(converter,
                                                                   patterns.getContext());
  populateIndexingToLinalgPatterns(converter, patterns);
}

} // namespace oxla
