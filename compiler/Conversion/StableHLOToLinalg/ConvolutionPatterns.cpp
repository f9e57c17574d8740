//===- ConvolutionPatterns.cpp - convolution, dynamic_conv to linalg ------===//
//
// Each becomes one linalg.generic (ContractionSupport.h) whose reduction
// loops run over the kernel window positions, then the group's input
// features, in row-major order, as the interpreter sums them.
//
// The padded and base-dilated lhs (padding possibly negative) is made
// explicit by a linalg.generic that reads lhs with tensor.extract; feature
// and batch groups split a dimension in two with expand_shape. Float window
// positions that land on padding or a dilation hole are skipped, as the
// interpreter skips them (0 * inf would otherwise be NaN). dynamic_conv is
// lowered when d_padding is a constant.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/StableHLOToLinalg/ContractionSupport.h"
#include "compiler/Conversion/StableHLOToLinalg/ConvolutionWindow.h"
#include "compiler/Conversion/StableHLOToLinalg/Patterns.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace oxla {
namespace {

//===- convolution ---------------------------------------------------------===//

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
    FailureOr<ConvWindow> window = convolutionWindow(op);
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

void populateConvolutionToLinalgPatterns(TypeConverter &converter,
                                         RewritePatternSet &patterns) {
  patterns.add<ConvolutionToLinalg, DynamicConvToLinalg>(converter, patterns.getContext());
}

} // namespace oxla
