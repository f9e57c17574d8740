//===- ContractionPatterns.cpp - dot_general, convolution to linalg ===//
//
// dot_general, dot, convolution and dynamic_conv become one linalg.generic
// each, whose reduction loops are innermost and run over the contracting
// dimensions (convolution: the kernel window positions, then the group's
// input features) in row-major order, so that every output is the same
// sequential sum as the interpreter's. As in the interpreter (docs/
// interpreter.md, Numerics), each operand element is first converted to the
// result element type and then to the accumulator type: the result type,
// except that narrow floats accumulate in f32 and are rounded once at the
// end. Integers accumulate at the result width (wrapping, which equals the
// interpreter's 64-bit accumulation truncated at the end); i1 uses and/or.
//
// convolution: the padded and base-dilated lhs (padding possibly negative)
// is made explicit by a linalg.generic that reads lhs with tensor.extract;
// feature and batch groups split a dimension in two with expand_shape. Float
// window positions that land on padding or a dilation hole are skipped, as
// the interpreter skips them (0 * inf would otherwise be NaN). dynamic_conv
// is lowered when d_padding is a constant.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/StableHLOToLinalg/Patterns.h"
#include "compiler/Conversion/StableHLOToLinalg/ScalarBuilder.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/DialectConversion.h"

#include <cmath>

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace oxla {
namespace {

//===- Element types -------------------------------------------------------===//

bool isSupportedElement(Type type) {
  if (isa<IntegerType, FloatType>(type))
    return true;
  if (auto complex = dyn_cast<ComplexType>(type))
    return complex.getElementType().isF32() || complex.getElementType().isF64();
  return false;
}

/// The accumulator (signless) for a result element type.
Type accumulatorType(Type result) {
  if (isNarrowFloat(result))
    return Float32Type::get(result.getContext());
  return toSignless(result);
}

Value zeroOf(ScalarBuilder &s, Type type) {
  if (auto complex = dyn_cast<ComplexType>(type)) {
    Value zero = s.constant(complex.getElementType(), 0.0);
    return s.create<complex::CreateOp>(type, zero, zero);
  }
  return s.constant(type, 0.0);
}

/// A real value (signless `x` of StableHLO type `from`, narrow floats
/// already widened to f32) as the real accumulator type `acc` of a `result`
/// contraction, the interpreter's toAccumulator.
Value realToAccumulator(ScalarBuilder &s, Value x, Type from, Type result, Type acc) {
  if (acc.isInteger(1)) {
    if (isa<IntegerType>(from))
      return from.isInteger(1) ? x
                               : s.create<arith::CmpIOp>(arith::CmpIPredicate::ne, x,
                                                         s.intConstant(x.getType(), 0));
    return s.create<arith::CmpFOp>(arith::CmpFPredicate::UNE, x,
                                   s.constant(x.getType(), 0.0));
  }
  if (auto accInt = dyn_cast<IntegerType>(acc)) {
    unsigned width = accInt.getWidth();
    if (auto fromInt = dyn_cast<IntegerType>(from)) {
      unsigned fromWidth = fromInt.getWidth();
      if (fromWidth == width)
        return x;
      if (fromWidth > width)
        return s.create<arith::TruncIOp>(acc, x);
      if (isUnsignedInteger(from))
        return s.create<arith::ExtUIOp>(acc, x);
      return s.create<arith::ExtSIOp>(acc, x);
    }
    // Float to integer: NaN is 0, out-of-range values saturate, the rest
    // truncate toward zero.
    bool isUnsigned = isUnsignedInteger(result);
    Type ft = x.getType();
    if (ft.getIntOrFloatBitWidth() < 64 && width > 64)
      return {};
    Value converted = isUnsigned ? s.create<arith::FPToUIOp>(acc, x)
                                 : s.create<arith::FPToSIOp>(acc, x);
    APInt maxValue = isUnsigned ? APInt::getMaxValue(width) : APInt::getSignedMaxValue(width);
    APInt minValue = isUnsigned ? APInt::getMinValue(width) : APInt::getSignedMinValue(width);
    double upper = std::ldexp(1.0, isUnsigned ? width : width - 1);
    double lower = isUnsigned ? -1.0 : -upper;
    Value tooLarge =
        s.create<arith::CmpFOp>(arith::CmpFPredicate::OGE, x, s.constant(ft, upper));
    Value tooSmall = s.create<arith::CmpFOp>(
        isUnsigned ? arith::CmpFPredicate::OLE : arith::CmpFPredicate::OLT, x,
        s.constant(ft, lower));
    Value isNaN = s.create<arith::CmpFOp>(arith::CmpFPredicate::UNO, x, x);
    Value r = s.create<arith::SelectOp>(
        tooLarge, s.create<arith::ConstantOp>(s.b.getIntegerAttr(acc, maxValue)), converted);
    r = s.create<arith::SelectOp>(
        tooSmall, s.create<arith::ConstantOp>(s.b.getIntegerAttr(acc, minValue)), r);
    return s.create<arith::SelectOp>(isNaN, s.intConstant(acc, 0), r);
  }
  // Float accumulators: one correctly rounded conversion.
  Value v;
  if (isa<IntegerType>(from)) {
    v = isUnsignedInteger(from) ? s.create<arith::UIToFPOp>(acc, x)
                                : s.create<arith::SIToFPOp>(acc, x);
  } else {
    unsigned have = x.getType().getIntOrFloatBitWidth(), want = acc.getIntOrFloatBitWidth();
    v = have == want  ? x
        : have < want ? s.create<arith::ExtFOp>(acc, x)
                      : s.create<arith::TruncFOp>(acc, x);
  }
  // A wider or other operand is rounded to a narrow result type first.
  if (isNarrowFloat(result) && from != result)
    v = s.create<arith::ExtFOp>(acc, s.create<arith::TruncFOp>(result, v));
  return v;
}

/// One operand element (signless `x` of StableHLO element type `from`) as
/// the accumulator value of a contraction with result element type `result`.
Value toAccumulator(ScalarBuilder &s, Value x, Type from, Type result) {
  Type acc = accumulatorType(result);
  if (isNarrowFloat(from))
    x = s.widen(x);
  if (auto accComplex = dyn_cast<ComplexType>(acc)) {
    Type part = accComplex.getElementType();
    if (auto fromComplex = dyn_cast<ComplexType>(from)) {
      if (fromComplex == accComplex)
        return x;
      Type fromPart = fromComplex.getElementType();
      Value re = realToAccumulator(s, s.create<complex::ReOp>(x), fromPart, part, part);
      Value im = realToAccumulator(s, s.create<complex::ImOp>(x), fromPart, part, part);
      return s.create<complex::CreateOp>(acc, re, im);
    }
    Value re = realToAccumulator(s, x, from, part, part);
    return s.create<complex::CreateOp>(acc, re, s.constant(part, 0.0));
  }
  if (auto fromComplex = dyn_cast<ComplexType>(from))
    return realToAccumulator(s, s.create<complex::ReOp>(x), fromComplex.getElementType(),
                             result, acc);
  return realToAccumulator(s, x, from, result, acc);
}

/// acc + l * r in the accumulator type (or/and for i1).
Value multiplyAdd(ScalarBuilder &s, Value acc, Value l, Value r) {
  Type t = acc.getType();
  if (t.isInteger(1))
    return s.create<arith::OrIOp>(acc, s.create<arith::AndIOp>(l, r));
  if (isa<IntegerType>(t))
    return s.create<arith::AddIOp>(acc, s.create<arith::MulIOp>(l, r));
  if (isa<FloatType>(t))
    return s.create<arith::AddFOp>(acc, s.create<arith::MulFOp>(l, r));
  return s.create<complex::AddOp>(acc, s.create<complex::MulOp>(l, r));
}

/// Checks the element types of a contraction; fills the StableHLO element
/// types.
LogicalResult contractionTypes(Operation *op, Type &lhs, Type &rhs, Type &result) {
  auto lhsType = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  auto rhsType = dyn_cast<RankedTensorType>(op->getOperand(1).getType());
  auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!lhsType || !rhsType || !resultType)
    return failure();
  lhs = lhsType.getElementType();
  rhs = rhsType.getElementType();
  result = resultType.getElementType();
  if (!isSupportedElement(lhs) || !isSupportedElement(rhs) || !isSupportedElement(result))
    return failure();
  // Float-to-integer conversions wider than 64 bits are not lowered.
  if (auto integer = dyn_cast<IntegerType>(result))
    if (integer.getWidth() > 64)
      return failure();
  return success();
}

/// Zero-filled accumulator tensor.
Value filledAccumulator(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                        ValueRange dynamicSizes, Type acc) {
  Value empty = b.create<tensor::EmptyOp>(loc, shape, acc, dynamicSizes);
  ScalarBuilder s{b, loc, acc, {}};
  return b.create<linalg::FillOp>(loc, zeroOf(s, acc), empty).getResult(0);
}

/// Rounds an f32 accumulator tensor to the narrow float `result` element
/// type; a no-op for other types.
Value finishAccumulator(OpBuilder &b, Location loc, Value acc, Type result) {
  if (!isNarrowFloat(result))
    return acc;
  auto type = cast<RankedTensorType>(acc.getType());
  SmallVector<Value> dynamicSizes;
  for (int64_t d = 0; d < type.getRank(); ++d)
    if (type.isDynamicDim(d))
      dynamicSizes.push_back(b.create<tensor::DimOp>(loc, acc, d));
  Value init = b.create<tensor::EmptyOp>(loc, type.getShape(), result, dynamicSizes);
  AffineMap identity = b.getMultiDimIdentityMap(type.getRank());
  SmallVector<utils::IteratorType> iterators(type.getRank(), utils::IteratorType::parallel);
  return b
      .create<linalg::GenericOp>(
          loc, init.getType(), ValueRange{acc}, ValueRange{init},
          ArrayRef<AffineMap>{identity, identity}, iterators,
          [&](OpBuilder &nb, Location nloc, ValueRange args) {
            nb.create<linalg::YieldOp>(
                nloc, nb.create<arith::TruncFOp>(nloc, result, args[0]).getResult());
          })
      .getResult(0);
}

//===- dot_general, dot ----------------------------------------------------===//

/// Loops: batch dims, lhs free dims, rhs free dims, then the contracting
/// dims (reduction, innermost, in the order of the dimension numbers).
FailureOr<Value> lowerDotGeneral(Operation *op, Value lhs, Value rhs,
                                 ArrayRef<int64_t> lhsBatch, ArrayRef<int64_t> rhsBatch,
                                 ArrayRef<int64_t> lhsContract,
                                 ArrayRef<int64_t> rhsContract,
                                 ConversionPatternRewriter &rewriter) {
  Type lhsElement, rhsElement, resultElement;
  if (failed(contractionTypes(op, lhsElement, rhsElement, resultElement)))
    return failure();
  auto lhsType = cast<RankedTensorType>(lhs.getType());
  auto rhsType = cast<RankedTensorType>(rhs.getType());
  int64_t lhsRank = lhsType.getRank(), rhsRank = rhsType.getRank();
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
  int64_t nLoops = contractBase + nContract;
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
  // Paired dimensions must agree where both are static.
  for (int64_t d = 0; d < lhsRank; ++d)
    for (int64_t e = 0; e < rhsRank; ++e)
      if (lhsLoop[d] == rhsLoop[e] && !lhsType.isDynamicDim(d) && !rhsType.isDynamicDim(e) &&
          lhsType.getDimSize(d) != rhsType.getDimSize(e))
        return failure();

  Location loc = op->getLoc();
  Type acc = accumulatorType(resultElement);
  SmallVector<int64_t> shape;
  SmallVector<Value> dynamicSizes;
  for (auto [source, d] : resultSource) {
    auto type = cast<RankedTensorType>(source.getType());
    shape.push_back(type.getDimSize(d));
    if (type.isDynamicDim(d))
      dynamicSizes.push_back(rewriter.create<tensor::DimOp>(loc, source, d));
  }
  auto hloResult = cast<RankedTensorType>(op->getResult(0).getType());
  if (hloResult.getRank() != static_cast<int64_t>(shape.size()))
    return failure();
  for (int64_t d = 0; d < hloResult.getRank(); ++d)
    if (!hloResult.isDynamicDim(d) && shape[d] != ShapedType::kDynamic &&
        hloResult.getDimSize(d) != shape[d])
      return failure();
  Value init = filledAccumulator(rewriter, loc, shape, dynamicSizes, acc);

  MLIRContext *context = rewriter.getContext();
  auto mapOf = [&](ArrayRef<int64_t> loops) {
    SmallVector<AffineExpr> exprs;
    for (int64_t l : loops)
      exprs.push_back(getAffineDimExpr(l, context));
    return AffineMap::get(nLoops, 0, exprs, context);
  };
  SmallVector<int64_t> resultLoops;
  for (int64_t l = 0; l < contractBase; ++l)
    resultLoops.push_back(l);
  SmallVector<AffineMap> maps = {mapOf(lhsLoop), mapOf(rhsLoop), mapOf(resultLoops)};
  SmallVector<utils::IteratorType> iterators(contractBase, utils::IteratorType::parallel);
  iterators.append(nContract, utils::IteratorType::reduction);

  Value product =
      rewriter
          .create<linalg::GenericOp>(
              loc, init.getType(), ValueRange{lhs, rhs}, ValueRange{init}, maps, iterators,
              [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
                ScalarBuilder s{b, bodyLoc, resultElement, {lhsElement, rhsElement}};
                Value l = toAccumulator(s, args[0], lhsElement, resultElement);
                Value r = toAccumulator(s, args[1], rhsElement, resultElement);
                b.create<linalg::YieldOp>(bodyLoc, multiplyAdd(s, args[2], l, r));
              })
          .getResult(0);
  Value result = finishAccumulator(rewriter, loc, product, resultElement);
  auto convertedResult = RankedTensorType::get(hloResult.getShape(), toSignless(resultElement));
  if (result.getType() != convertedResult)
    result = rewriter.create<tensor::CastOp>(loc, convertedResult, result);
  return result;
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

//===- convolution ---------------------------------------------------------===//

struct ConvWindow {
  SmallVector<int64_t> strides, padLow, padHigh, lhsDilation, rhsDilation;
  SmallVector<bool> reversal;
};

FailureOr<ConvWindow> makeWindow(size_t spatialRank,
                                 std::optional<ArrayRef<int64_t>> strides,
                                 ArrayRef<int64_t> padding,
                                 std::optional<ArrayRef<int64_t>> lhsDilation,
                                 std::optional<ArrayRef<int64_t>> rhsDilation,
                                 std::optional<ArrayRef<bool>> reversal) {
  ConvWindow w;
  auto orOnes = [&](std::optional<ArrayRef<int64_t>> values,
                    SmallVector<int64_t> &out) -> LogicalResult {
    out.assign(spatialRank, 1);
    if (!values || values->empty())
      return success();
    if (values->size() != spatialRank)
      return failure();
    for (size_t s = 0; s < spatialRank; ++s) {
      if ((*values)[s] <= 0)
        return failure();
      out[s] = (*values)[s];
    }
    return success();
  };
  if (failed(orOnes(strides, w.strides)) || failed(orOnes(lhsDilation, w.lhsDilation)) ||
      failed(orOnes(rhsDilation, w.rhsDilation)))
    return failure();
  w.padLow.assign(spatialRank, 0);
  w.padHigh.assign(spatialRank, 0);
  if (!padding.empty()) {
    if (padding.size() != 2 * spatialRank)
      return failure();
    for (size_t s = 0; s < spatialRank; ++s) {
      w.padLow[s] = padding[2 * s];
      w.padHigh[s] = padding[2 * s + 1];
    }
  }
  w.reversal.assign(spatialRank, false);
  if (reversal && !reversal->empty()) {
    if (reversal->size() != spatialRank)
      return failure();
    for (size_t s = 0; s < spatialRank; ++s)
      w.reversal[s] = (*reversal)[s];
  }
  return w;
}

/// Splits dimension `dim` of `value` into [outer, size / outer].
Value splitDim(OpBuilder &b, Location loc, Value value, int64_t dim, int64_t outer) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> shape(type.getShape());
  shape[dim] = type.getDimSize(dim) / outer;
  shape.insert(shape.begin() + dim, outer);
  SmallVector<ReassociationIndices> groups;
  for (int64_t d = 0, e = 0; d < type.getRank(); ++d) {
    if (d == dim)
      groups.push_back({e, e + 1}), e += 2;
    else
      groups.push_back({e++});
  }
  return b.create<tensor::ExpandShapeOp>(loc, type.clone(shape), value, groups);
}

FailureOr<Value> lowerConvolution(Operation *op, Value lhs, Value rhs,
                                  hlo::ConvDimensionNumbersAttr dn, const ConvWindow &w,
                                  int64_t featureGroups, int64_t batchGroups,
                                  ConversionPatternRewriter &rewriter) {
  Type lhsElement, rhsElement, resultElement;
  if (failed(contractionTypes(op, lhsElement, rhsElement, resultElement)))
    return failure();
  auto lhsType = cast<RankedTensorType>(lhs.getType());
  auto rhsType = cast<RankedTensorType>(rhs.getType());
  auto hloResult = cast<RankedTensorType>(op->getResult(0).getType());
  if (!lhsType.hasStaticShape() || !rhsType.hasStaticShape())
    return failure();
  ArrayRef<int64_t> inSpatial = dn.getInputSpatialDimensions();
  ArrayRef<int64_t> kernelSpatial = dn.getKernelSpatialDimensions();
  ArrayRef<int64_t> outSpatial = dn.getOutputSpatialDimensions();
  int64_t spatialRank = inSpatial.size();
  int64_t rank = lhsType.getRank();
  if (rhsType.getRank() != rank || hloResult.getRank() != rank ||
      spatialRank + 2 != rank || static_cast<int64_t>(kernelSpatial.size()) != spatialRank ||
      static_cast<int64_t>(outSpatial.size()) != spatialRank ||
      static_cast<int64_t>(w.strides.size()) != spatialRank)
    return failure();
  // Each of the three layouts must be a permutation.
  auto isPermutation = [&](int64_t a, int64_t b, ArrayRef<int64_t> rest) {
    SmallVector<bool> seen(rank, false);
    SmallVector<int64_t> dims = {a, b};
    dims.append(rest.begin(), rest.end());
    for (int64_t d : dims) {
      if (d < 0 || d >= rank || seen[d])
        return false;
      seen[d] = true;
    }
    return true;
  };
  if (!isPermutation(dn.getInputBatchDimension(), dn.getInputFeatureDimension(), inSpatial) ||
      !isPermutation(dn.getKernelInputFeatureDimension(),
                     dn.getKernelOutputFeatureDimension(), kernelSpatial) ||
      !isPermutation(dn.getOutputBatchDimension(), dn.getOutputFeatureDimension(),
                     outSpatial))
    return failure();
  if (featureGroups < 1 || batchGroups < 1 || (featureGroups > 1 && batchGroups > 1))
    return failure();
  bool batchMode = batchGroups > 1;
  int64_t groups = batchMode ? batchGroups : featureGroups;
  int64_t batch = lhsType.getDimSize(dn.getInputBatchDimension());
  int64_t features = lhsType.getDimSize(dn.getInputFeatureDimension());
  int64_t groupFeatures = rhsType.getDimSize(dn.getKernelInputFeatureDimension());
  int64_t outFeatures = rhsType.getDimSize(dn.getKernelOutputFeatureDimension());
  if (batch % batchGroups != 0 || groupFeatures * featureGroups != features ||
      outFeatures % groups != 0)
    return failure();
  int64_t outBatch = batch / batchGroups;

  // Result shape (spec C25).
  SmallVector<int64_t> resultShape(rank, 0), outSizes, inSizes, kernelSizes, padded;
  resultShape[dn.getOutputBatchDimension()] = outBatch;
  resultShape[dn.getOutputFeatureDimension()] = outFeatures;
  for (int64_t s = 0; s < spatialRank; ++s) {
    int64_t in = lhsType.getDimSize(inSpatial[s]);
    int64_t kernel = rhsType.getDimSize(kernelSpatial[s]);
    int64_t dilatedIn = in == 0 ? 0 : (in - 1) * w.lhsDilation[s] + 1;
    int64_t size = w.padLow[s] + dilatedIn + w.padHigh[s];
    int64_t dilatedKernel = kernel == 0 ? 0 : (kernel - 1) * w.rhsDilation[s] + 1;
    int64_t windows =
        size <= 0 || dilatedKernel > size ? 0 : (size - dilatedKernel) / w.strides[s] + 1;
    resultShape[outSpatial[s]] = windows;
    outSizes.push_back(windows);
    inSizes.push_back(in);
    kernelSizes.push_back(kernel);
    padded.push_back(size);
  }
  for (int64_t d = 0; d < rank; ++d)
    if (!hloResult.isDynamicDim(d) && hloResult.getDimSize(d) != resultShape[d])
      return failure();

  Location loc = op->getLoc();
  Type acc = accumulatorType(resultElement);
  auto convertedResult = RankedTensorType::get(hloResult.getShape(), toSignless(resultElement));
  auto finish = [&](Value value) -> Value {
    value = finishAccumulator(rewriter, loc, value, resultElement);
    if (value.getType() != convertedResult)
      value = rewriter.create<tensor::CastOp>(loc, convertedResult, value);
    return value;
  };
  if (llvm::is_contained(resultShape, 0))
    return finish(rewriter.create<tensor::EmptyOp>(loc, resultShape, acc).getResult());

  // The padded, base-dilated lhs.
  bool needsPadding = false;
  for (int64_t s = 0; s < spatialRank; ++s)
    needsPadding |= w.padLow[s] != 0 || w.padHigh[s] != 0 || w.lhsDilation[s] != 1;
  Value input = lhs;
  if (needsPadding) {
    // One linalg.generic over the padded shape that reads lhs where a
    // position lands on it (a strided insert_slice would bufferize to a
    // copy that needs the runtime's memrefCopy).
    SmallVector<int64_t> paddedShape(lhsType.getShape()), low(rank, 0),
        dilation(rank, 1);
    for (int64_t s = 0; s < spatialRank; ++s) {
      paddedShape[inSpatial[s]] = padded[s];
      low[inSpatial[s]] = w.padLow[s];
      dilation[inSpatial[s]] = w.lhsDilation[s];
    }
    Value empty = rewriter.create<tensor::EmptyOp>(loc, paddedShape, lhsType.getElementType());
    SmallVector<utils::IteratorType> parallel(rank, utils::IteratorType::parallel);
    input = rewriter
                .create<linalg::GenericOp>(
                    loc, empty.getType(), ValueRange{}, ValueRange{empty},
                    ArrayRef<AffineMap>{rewriter.getMultiDimIdentityMap(rank)}, parallel,
                    [&](OpBuilder &b, Location l, ValueRange) {
                      ScalarBuilder s{b, l, lhsType.getElementType(), {}};
                      auto constant = [&](int64_t v) {
                        return s.create<arith::ConstantIndexOp>(v);
                      };
                      Value zero = constant(0), valid;
                      SmallVector<Value> index;
                      for (int64_t d = 0; d < rank; ++d) {
                        Value p = s.create<linalg::IndexOp>(d);
                        if (low[d] == 0 && dilation[d] == 1 &&
                            paddedShape[d] <= lhsType.getDimSize(d)) {
                          index.push_back(p);
                          continue;
                        }
                        Value q = s.create<arith::SubIOp>(p, constant(low[d]));
                        Value stride = constant(dilation[d]);
                        Value source = s.create<arith::DivSIOp>(q, stride);
                        Value ok = s.create<arith::AndIOp>(
                            s.create<arith::CmpIOp>(arith::CmpIPredicate::sge, q, zero),
                            s.create<arith::CmpIOp>(
                                arith::CmpIPredicate::eq, s.create<arith::RemSIOp>(q, stride),
                                zero));
                        ok = s.create<arith::AndIOp>(
                            ok, s.create<arith::CmpIOp>(arith::CmpIPredicate::slt, source,
                                                        constant(lhsType.getDimSize(d))));
                        valid = valid ? s.create<arith::AndIOp>(valid, ok) : ok;
                        index.push_back(source);
                      }
                      if (!valid)
                        valid = s.create<arith::ConstantIntOp>(1, 1);
                      for (Value &i : index)
                        i = s.create<arith::SelectOp>(valid, i, zero);
                      Value element = b.create<tensor::ExtractOp>(l, lhs, index);
                      Value result = s.create<arith::SelectOp>(
                          valid, element, zeroOf(s, lhsType.getElementType()));
                      b.create<linalg::YieldOp>(l, result);
                    })
                .getResult(0);
  }

  // Groups: the lhs feature (or batch) dimension and the kernel and result
  // output feature dimensions split into [group, per group].
  int64_t lhsSplit = batchMode ? dn.getInputBatchDimension() : dn.getInputFeatureDimension();
  input = splitDim(rewriter, loc, input, lhsSplit, groups);
  Value kernel = splitDim(rewriter, loc, rhs, dn.getKernelOutputFeatureDimension(), groups);
  Value init = filledAccumulator(rewriter, loc, resultShape, {}, acc);
  init = splitDim(rewriter, loc, init, dn.getOutputFeatureDimension(), groups);

  // Loops: n, out spatial..., group, feature in group, kernel spatial...,
  // input feature.
  MLIRContext *context = rewriter.getContext();
  int64_t nLoop = 0, groupLoop = spatialRank + 1, featureLoop = spatialRank + 2,
          inFeatureLoop = 2 * spatialRank + 3, nLoops = 2 * spatialRank + 4;
  auto dim = [&](int64_t l) { return getAffineDimExpr(l, context); };
  auto outLoop = [&](int64_t s) { return dim(1 + s); };
  auto kernelLoop = [&](int64_t s) { return dim(spatialRank + 3 + s); };
  // Position in the padded lhs of window position k of output o.
  auto windowPos = [&](int64_t s) {
    AffineExpr k = kernelLoop(s);
    if (w.reversal[s])
      k = getAffineConstantExpr(kernelSizes[s] - 1, context) - k;
    return outLoop(s) * w.strides[s] + k * w.rhsDilation[s];
  };
  SmallVector<AffineExpr> lhsExprs, rhsExprs, outExprs;
  for (int64_t d = 0; d < rank; ++d) {
    if (d == dn.getInputBatchDimension()) {
      if (batchMode)
        lhsExprs.push_back(dim(groupLoop));
      lhsExprs.push_back(dim(nLoop));
    } else if (d == dn.getInputFeatureDimension()) {
      if (!batchMode)
        lhsExprs.push_back(dim(groupLoop));
      lhsExprs.push_back(dim(inFeatureLoop));
    } else {
      lhsExprs.push_back(windowPos(llvm::find(inSpatial, d) - inSpatial.begin()));
    }
    if (d == dn.getKernelInputFeatureDimension()) {
      rhsExprs.push_back(dim(inFeatureLoop));
    } else if (d == dn.getKernelOutputFeatureDimension()) {
      rhsExprs.push_back(dim(groupLoop));
      rhsExprs.push_back(dim(featureLoop));
    } else {
      rhsExprs.push_back(kernelLoop(llvm::find(kernelSpatial, d) - kernelSpatial.begin()));
    }
    if (d == dn.getOutputBatchDimension()) {
      outExprs.push_back(dim(nLoop));
    } else if (d == dn.getOutputFeatureDimension()) {
      outExprs.push_back(dim(groupLoop));
      outExprs.push_back(dim(featureLoop));
    } else {
      outExprs.push_back(outLoop(llvm::find(outSpatial, d) - outSpatial.begin()));
    }
  }
  SmallVector<AffineMap> maps = {AffineMap::get(nLoops, 0, lhsExprs, context),
                                 AffineMap::get(nLoops, 0, rhsExprs, context),
                                 AffineMap::get(nLoops, 0, outExprs, context)};
  SmallVector<utils::IteratorType> iterators(spatialRank + 3, utils::IteratorType::parallel);
  iterators.append(spatialRank + 1, utils::IteratorType::reduction);
  // Float sums skip window positions on padding or dilation holes.
  bool mask = needsPadding && !isa<IntegerType>(acc);

  Value product =
      rewriter
          .create<linalg::GenericOp>(
              loc, init.getType(), ValueRange{input, kernel}, ValueRange{init}, maps,
              iterators,
              [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
                ScalarBuilder s{b, bodyLoc, resultElement, {lhsElement, rhsElement}};
                Value l = toAccumulator(s, args[0], lhsElement, resultElement);
                Value r = toAccumulator(s, args[1], rhsElement, resultElement);
                Value sum = multiplyAdd(s, args[2], l, r);
                if (mask) {
                  Value real;
                  auto constant = [&](int64_t v) {
                    return s.create<arith::ConstantIndexOp>(v);
                  };
                  for (int64_t d = 0; d < spatialRank; ++d) {
                    if (w.padLow[d] == 0 && w.padHigh[d] == 0 && w.lhsDilation[d] == 1)
                      continue;
                    // The position in the dilated, unpadded lhs:
                    // o * stride + k' * rhs_dilation - low.
                    Value k = s.create<linalg::IndexOp>(spatialRank + 3 + d);
                    if (w.reversal[d])
                      k = s.create<arith::SubIOp>(constant(kernelSizes[d] - 1), k);
                    Value o = s.create<linalg::IndexOp>(1 + d);
                    Value v = s.create<arith::AddIOp>(
                        s.create<arith::MulIOp>(o, constant(w.strides[d])),
                        s.create<arith::MulIOp>(k, constant(w.rhsDilation[d])));
                    v = s.create<arith::SubIOp>(v, constant(w.padLow[d]));
                    int64_t dilatedIn =
                        inSizes[d] == 0 ? 0 : (inSizes[d] - 1) * w.lhsDilation[d] + 1;
                    Value ok = s.create<arith::AndIOp>(
                        s.create<arith::CmpIOp>(arith::CmpIPredicate::sge, v, constant(0)),
                        s.create<arith::CmpIOp>(arith::CmpIPredicate::slt, v,
                                                constant(dilatedIn)));
                    if (w.lhsDilation[d] != 1)
                      ok = s.create<arith::AndIOp>(
                          ok, s.create<arith::CmpIOp>(
                                  arith::CmpIPredicate::eq,
                                  s.create<arith::RemSIOp>(v, constant(w.lhsDilation[d])),
                                  constant(0)));
                    real = real ? s.create<arith::AndIOp>(real, ok) : ok;
                  }
                  if (real)
                    sum = s.create<arith::SelectOp>(real, sum, args[2]);
                }
                b.create<linalg::YieldOp>(bodyLoc, sum);
              })
          .getResult(0);
  SmallVector<ReassociationIndices> groupsOf;
  for (int64_t d = 0, e = 0; d < rank; ++d) {
    if (d == dn.getOutputFeatureDimension())
      groupsOf.push_back({e, e + 1}), e += 2;
    else
      groupsOf.push_back({e++});
  }
  Value collapsed = rewriter.create<tensor::CollapseShapeOp>(loc, product, groupsOf);
  return finish(collapsed);
}

struct ConvolutionToLinalg : public OpConversionPattern<hlo::ConvolutionOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::ConvolutionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    hlo::ConvDimensionNumbersAttr dn = op.getDimensionNumbers();
    SmallVector<int64_t> padding;
    if (std::optional<DenseIntElementsAttr> attr = op.getPadding())
      for (const APInt &value : attr->getValues<APInt>())
        padding.push_back(value.getSExtValue());
    FailureOr<ConvWindow> window =
        makeWindow(dn.getInputSpatialDimensions().size(), op.getWindowStrides(), padding,
                   op.getLhsDilation(), op.getRhsDilation(), op.getWindowReversal());
    if (failed(window))
      return rewriter.notifyMatchFailure(op, "bad window attributes");
    FailureOr<Value> result = lowerConvolution(
        op, adaptor.getLhs(), adaptor.getRhs(), dn, *window, op.getFeatureGroupCount(),
        op.getBatchGroupCount(), rewriter);
    if (failed(result))
      return rewriter.notifyMatchFailure(op, "unsupported convolution");
    rewriter.replaceOp(op, *result);
    return success();
  }
};

/// dynamic_conv with a constant d_padding.
struct DynamicConvToLinalg : public OpConversionPattern<hlo::DynamicConvOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(hlo::DynamicConvOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    hlo::ConvDimensionNumbersAttr dn = op.getDimensionNumbers();
    DenseIntElementsAttr paddingAttr;
    if (!matchPattern(adaptor.getDPadding(), m_Constant(&paddingAttr)) &&
        !matchPattern(op.getDPadding(), m_Constant(&paddingAttr)))
      return rewriter.notifyMatchFailure(op, "d_padding is not a constant");
    size_t spatialRank = dn.getInputSpatialDimensions().size();
    auto paddingType = cast<ShapedType>(paddingAttr.getType());
    if (paddingType.getRank() != 2 ||
        paddingType.getDimSize(0) != static_cast<int64_t>(spatialRank) ||
        paddingType.getDimSize(1) != 2)
      return rewriter.notifyMatchFailure(op, "d_padding has the wrong shape");
    bool isUnsigned = isUnsignedInteger(getElementTypeOrSelf(op.getDPadding().getType()));
    SmallVector<int64_t> padding;
    for (const APInt &value : paddingAttr.getValues<APInt>())
      padding.push_back(isUnsigned ? static_cast<int64_t>(value.getZExtValue())
                                   : value.getSExtValue());
    FailureOr<ConvWindow> window =
        makeWindow(spatialRank, op.getWindowStrides(), padding, op.getLhsDilation(),
                   op.getRhsDilation(), op.getWindowReversal());
    if (failed(window))
      return rewriter.notifyMatchFailure(op, "bad window attributes");
    FailureOr<Value> result = lowerConvolution(
        op, adaptor.getLhs(), adaptor.getRhs(), dn, *window, op.getFeatureGroupCount(),
        op.getBatchGroupCount(), rewriter);
    if (failed(result))
      return rewriter.notifyMatchFailure(op, "unsupported dynamic_conv");
    rewriter.replaceOp(op, *result);
    return success();
  }
};

} // namespace

void populateContractionToLinalgPatterns(TypeConverter &converter,
                                         RewritePatternSet &patterns) {
  patterns.add<ConvolutionToLinalg, DotGeneralToLinalg, DotToLinalg, DynamicConvToLinalg>(
      converter, patterns.getContext());
}

} // namespace oxla
