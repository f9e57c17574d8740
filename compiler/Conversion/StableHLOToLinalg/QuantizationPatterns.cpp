//===- QuantizationPatterns.cpp - uniform_quantize/dequantize to linalg ---===//
//
// Quantized tensors are tensors of their storage integers after type
// conversion (TypeConversion.cpp). `--oxla-decompose-quantized-ops`, which
// the pipeline runs first, leaves uniform_quantize and uniform_dequantize
// as the only ops that read quantization parameters; each becomes one
// linalg.generic. Per-axis parameters are constant tensors indexed by the
// quantized dimension.
//
// The arithmetic is the spec's `quantize` / `dequantize`, step by step in
// the expressed type, as the interpreter computes it
// (interpreter/ops/QuantizationEvaluators.cpp): f64 in f64, other expressed
// types in f32, narrow ones rounded back after every step.
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/StableHLOToLinalg/Patterns.h"
#include "compiler/Conversion/StableHLOToLinalg/ScalarBuilder.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace oxla {
namespace {

/// The parameters of one quantized tensor type.
struct Quantization {
  quant::QuantizedType type;
  Type expressed;                  ///< f16, bf16, f32, f64, ...
  SmallVector<double> scales;
  SmallVector<int64_t> zeroPoints;
  std::optional<int64_t> axis;     ///< per-axis: the quantized dimension
};

std::optional<Quantization> quantizationOf(Type tensorType) {
  auto quantized = dyn_cast<quant::QuantizedType>(getElementTypeOrSelf(tensorType));
  if (!quantized || !isa<FloatType>(quantized.getExpressedType()))
    return std::nullopt;
  Quantization q{quantized, quantized.getExpressedType(), {}, {}, std::nullopt};
  if (auto perTensor = dyn_cast<quant::UniformQuantizedType>(quantized)) {
    q.scales.push_back(perTensor.getScale());
    q.zeroPoints.push_back(perTensor.getZeroPoint());
  } else if (auto perAxis = dyn_cast<quant::UniformQuantizedPerAxisType>(quantized)) {
    auto shaped = cast<RankedTensorType>(tensorType);
    int64_t axis = perAxis.getQuantizedDimension();
    if (axis >= shaped.getRank() || shaped.isDynamicDim(axis) ||
        shaped.getDimSize(axis) != static_cast<int64_t>(perAxis.getScales().size()))
      return std::nullopt;
    q.axis = axis;
    llvm::append_range(q.scales, perAxis.getScales());
    llvm::append_range(q.zeroPoints, perAxis.getZeroPoints());
  } else {
    return std::nullopt;
  }
  return q;
}

/// The compute type of an expressed type: f64 for f64, f32 otherwise.
Type computeTypeOf(Type expressed) {
  return expressed.isF64() ? expressed : Float32Type::get(expressed.getContext());
}

/// Builds one element of quantize/dequantize in the compute type.
struct QuantArithmetic {
  ScalarBuilder &s;
  Type expressed, compute;

  /// Rounds a compute-type value to the expressed type and back.
  Value round(Value x) const {
    if (expressed == compute)
      return x;
    Value narrow = s.create<arith::TruncFOp>(expressed, x);
    return s.create<arith::ExtFOp>(compute, narrow);
  }
  Value constant(double value) const { return round(s.constant(compute, value)); }

  /// convert(storage - zero_point, expressed) * scale, the difference taken
  /// in 64 bits so that it cannot wrap.
  Value dequantize(Value storage, bool isSigned, Value zeroPoint, Value scale) const {
    Type i64 = s.b.getI64Type();
    Value wide = storage.getType() == i64 ? storage
                 : isSigned ? s.create<arith::ExtSIOp>(i64, storage)
                            : s.create<arith::ExtUIOp>(i64, storage);
    Value difference = s.create<arith::SubIOp>(wide, zeroPoint);
    Value converted = round(s.create<arith::SIToFPOp>(compute, difference));
    return round(s.create<arith::MulFOp>(converted, scale));
  }

  /// round_nearest_even(clamp(min, x / scale + zero_point, max)) as the
  /// storage integer; NaN gives 0, out-of-range values saturate.
  Value quantize(Value x, const quant::QuantizedType &type, Value zeroPoint,
                 Value scale) const {
    Value scaled = round(s.create<arith::DivFOp>(x, scale));
    Value shifted = round(s.create<arith::AddFOp>(scaled, zeroPoint));
    Value lower = constant(static_cast<double>(type.getStorageTypeMin()));
    Value upper = constant(static_cast<double>(type.getStorageTypeMax()));
    Value clamped = s.create<arith::MinimumFOp>(
        s.create<arith::MaximumFOp>(shifted, lower), upper);
    Value rounded = s.create<math::RoundEvenOp>(clamped);
    unsigned width = type.getStorageTypeIntegralWidth();
    bool isSigned = type.isSigned();
    Type storage = s.b.getIntegerType(width);
    int64_t typeMin = quant::QuantizedType::getDefaultMinimumForInteger(isSigned, width);
    int64_t typeMax = quant::QuantizedType::getDefaultMaximumForInteger(isSigned, width);
    Value minValue = s.constant(compute, static_cast<double>(typeMin));
    Value maxValue = s.constant(compute, static_cast<double>(typeMax));
    // The comparisons guard the conversion: fptosi of NaN or of an
    // out-of-range value is poison.
    Value isNaN = s.create<arith::CmpFOp>(arith::CmpFPredicate::UNO, rounded, rounded);
    Value atMin = s.create<arith::CmpFOp>(arith::CmpFPredicate::OLE, rounded, minValue);
    Value atMax = s.create<arith::CmpFOp>(arith::CmpFPredicate::OGE, rounded, maxValue);
    Value unsafe = s.create<arith::OrIOp>(isNaN, s.create<arith::OrIOp>(atMin, atMax));
    Value safe = s.create<arith::SelectOp>(unsafe, s.constant(compute, 0.0), rounded);
    Value converted = s.create<arith::FPToSIOp>(s.b.getI64Type(), safe);
    if (width < 64)
      converted = s.create<arith::TruncIOp>(storage, converted);
    Value result = s.create<arith::SelectOp>(atMin, s.intConstant(storage, typeMin),
                                             converted);
    result = s.create<arith::SelectOp>(atMax, s.intConstant(storage, typeMax), result);
    return s.create<arith::SelectOp>(isNaN, s.intConstant(storage, 0), result);
  }
};

/// Scale, zero point (as i64) and zero point (in the compute type) of one
/// element: constants for per-tensor types, block arguments for per-axis
/// ones (read from constant tensors along the quantized dimension).
struct Parameters {
  Value scale, zeroPoint, zeroPointFloat;
};

/// Adds the per-axis parameter tensors of `q` to `inputs` and `maps`.
void addParameterInputs(ConversionPatternRewriter &rewriter, Location loc,
                        const Quantization &q, Type compute, int64_t rank,
                        SmallVectorImpl<Value> &inputs, SmallVectorImpl<AffineMap> &maps) {
  if (!q.axis)
    return;
  int64_t size = static_cast<int64_t>(q.scales.size());
  auto floatType = RankedTensorType::get({size}, compute);
  auto intType = RankedTensorType::get({size}, rewriter.getI64Type());
  SmallVector<Attribute> scales, zeroPoints, zeroPointsFloat;
  for (auto [scale, zeroPoint] : llvm::zip_equal(q.scales, q.zeroPoints)) {
    scales.push_back(rewriter.getFloatAttr(compute, scale));
    zeroPoints.push_back(rewriter.getI64IntegerAttr(zeroPoint));
    zeroPointsFloat.push_back(rewriter.getFloatAttr(compute, static_cast<double>(zeroPoint)));
  }
  inputs.push_back(rewriter.create<arith::ConstantOp>(
      loc, DenseElementsAttr::get(floatType, scales)));
  inputs.push_back(rewriter.create<arith::ConstantOp>(
      loc, DenseElementsAttr::get(intType, zeroPoints)));
  inputs.push_back(rewriter.create<arith::ConstantOp>(
      loc, DenseElementsAttr::get(floatType, zeroPointsFloat)));
  AffineMap axisMap = AffineMap::get(rank, 0, rewriter.getAffineDimExpr(*q.axis));
  maps.append(3, axisMap);
}

/// The parameters inside the body: `args` holds the per-axis ones in the
/// order addParameterInputs added them, from `next` on.
Parameters parametersIn(const QuantArithmetic &a, const Quantization &q,
                        ValueRange args, unsigned &next) {
  if (q.axis) {
    Parameters p{a.round(args[next]), args[next + 1], a.round(args[next + 2])};
    next += 3;
    return p;
  }
  return {a.constant(q.scales[0]),
          a.s.intConstant(a.s.b.getI64Type(), q.zeroPoints[0]),
          a.constant(static_cast<double>(q.zeroPoints[0]))};
}

template <typename OpTy>
struct QuantizationToLinalg : public OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type hloOperand = op.getOperand().getType(), hloResult = op.getType();
    std::optional<Quantization> from = quantizationOf(hloOperand);
    std::optional<Quantization> to = quantizationOf(hloResult);
    if ((isa<quant::QuantizedType>(getElementTypeOrSelf(hloOperand)) && !from) ||
        (isa<quant::QuantizedType>(getElementTypeOrSelf(hloResult)) && !to) ||
        (!from && !to))
      return rewriter.notifyMatchFailure(op, "not a uniform quantized type");
    Type expressed = to ? to->expressed : from->expressed;
    if (from && to && from->expressed != to->expressed)
      return rewriter.notifyMatchFailure(op, "expressed types differ");
    Type compute = computeTypeOf(expressed);
    auto resultType = dyn_cast_or_null<RankedTensorType>(
        this->getTypeConverter()->convertType(hloResult));
    if (!resultType || !resultType.hasStaticShape())
      return rewriter.notifyMatchFailure(op, "needs a static result shape");
    int64_t rank = resultType.getRank();
    Location loc = op.getLoc();

    AffineMap identity = rewriter.getMultiDimIdentityMap(rank);
    SmallVector<Value> inputs{adaptor.getOperand()};
    SmallVector<AffineMap> maps{identity};
    if (from)
      addParameterInputs(rewriter, loc, *from, compute, rank, inputs, maps);
    if (to)
      addParameterInputs(rewriter, loc, *to, compute, rank, inputs, maps);
    maps.push_back(identity);
    Value init = rewriter.create<tensor::EmptyOp>(loc, resultType.getShape(),
                                                  resultType.getElementType());
    SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
    auto generic = rewriter.create<linalg::GenericOp>(
        loc, resultType, inputs, ValueRange{init}, maps, iterators,
        [&](OpBuilder &builder, Location bodyLoc, ValueRange args) {
          ScalarBuilder s{builder, bodyLoc, getElementTypeOrSelf(hloResult), {}};
          QuantArithmetic a{s, expressed, compute};
          unsigned next = 1;
          Value value = args[0];
          if (from) {
            Parameters p = parametersIn(a, *from, args, next);
            value = a.dequantize(value, from->type.isSigned(), p.zeroPoint, p.scale);
          } else {
            value = s.widen(value);
            if (value.getType() != compute)
              value = s.create<arith::ExtFOp>(compute, value);
          }
          if (to) {
            Parameters p = parametersIn(a, *to, args, next);
            value = a.quantize(value, to->type, p.zeroPointFloat, p.scale);
          } else if (value.getType() != expressed) {
            value = s.create<arith::TruncFOp>(expressed, value);
          }
          builder.create<linalg::YieldOp>(bodyLoc, value);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

/// bitcast_convert between a quantized type and its storage integer type is
/// the identity on the converted (storage) tensors.
struct QuantizedBitcastToIdentity : public OpConversionPattern<hlo::BitcastConvertOp> {
  QuantizedBitcastToIdentity(TypeConverter &converter, MLIRContext *context)
      : OpConversionPattern(converter, context, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(hlo::BitcastConvertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    bool quantized = isa<quant::QuantizedType>(getElementTypeOrSelf(op.getOperand().getType())) ||
                     isa<quant::QuantizedType>(getElementTypeOrSelf(op.getType()));
    Type resultType = getTypeConverter()->convertType(op.getType());
    if (!quantized || resultType != adaptor.getOperand().getType())
      return rewriter.notifyMatchFailure(op, "not a quantized reinterpretation");
    rewriter.replaceOp(op, adaptor.getOperand());
    return success();
  }
};

} // namespace

void populateQuantizationToLinalgPatterns(TypeConverter &converter,
                                          RewritePatternSet &patterns) {
  patterns.add<QuantizationToLinalg<hlo::UniformQuantizeOp>,
               QuantizationToLinalg<hlo::UniformDequantizeOp>,
               QuantizedBitcastToIdentity>(converter, patterns.getContext());
}

} // namespace oxla
