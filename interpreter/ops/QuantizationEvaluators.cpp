//===- QuantizationEvaluators.cpp - uniform_quantize, uniform_dequantize ===//
//
// Quantized values live in the interpreter as their storage integers (see
// ElementType.h); these two ops are the only ones that read the quantization
// parameters. Every other op on quantized types has been rewritten by
// --oxla-decompose-quantized-ops into dequantize, float op, quantize.
//
// The arithmetic follows the spec's `dequantize` and `quantize` functions
// step by step in the expressed type: narrow expressed types (bf16, f16, f8)
// are computed in float and rounded back after every step, as the spec's
// ops on those types would.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "interpreter/Interpreter.h"
#include "interpreter/Numerics.h"
#include "interpreter/ops/ElementwiseKernels.h"
#include "interpreter/ops/EvaluatorSupport.h"

#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/APFloat.h"

#include <cmath>

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace oxla::interp {
namespace {

using Operands = ArrayRef<RuntimeValue>;
using Results = SmallVectorImpl<RuntimeValue>;

/// `value` rounded to nearest-even in `kind` (a float kind), as a double.
double roundToKind(ElementKind kind, double value) {
  if (kind == ElementKind::F64)
    return value;
  llvm::APFloat converted(value);
  bool lost;
  converted.convert(ElementType(kind).floatSemantics(),
                    llvm::APFloat::rmNearestTiesToEven, &lost);
  converted.convert(llvm::APFloat::IEEEdouble(),
                    llvm::APFloat::rmNearestTiesToEven, &lost);
  return converted.convertToDouble();
}

/// The quantization parameters of a quantized element type, converted to
/// its expressed type once (the spec's `compute_scales`,
/// `compute_zero_points`, `convert(storage_min/max, expressed_type)`).
struct Quantization {
  ElementType storage = ElementKind::SI8;
  ElementKind expressed = ElementKind::F32;
  SmallVector<double> scales;           ///< in the expressed type
  SmallVector<int64_t> zeroPoints;      ///< in the storage type
  SmallVector<double> zeroPointsFloat;  ///< converted to the expressed type
  double minFloat = 0, maxFloat = 0;    ///< storage_min/max, expressed
  int64_t storageTypeMin = 0, storageTypeMax = 0; ///< min/max_value(storage_type)
  // Per-axis: element `linear` uses parameters (linear / inner) % axisSize.
  bool perAxis = false;
  int64_t inner = 1, axisSize = 1;

  int64_t paramIndex(int64_t linear) const {
    return perAxis ? (linear / inner) % axisSize : 0;
  }
};

/// The parameters of the quantized element type of `type` (a tensor type of
/// shape `shape`), or an "unsupported" error for other quantized types.
FailureOr<Quantization> quantizationOf(Type type, ArrayRef<int64_t> shape,
                                       Operation *op, EvalContext &context) {
  Type element = getElementTypeOrSelf(type);
  auto quantized = dyn_cast<quant::QuantizedType>(element);
  std::optional<ElementType> storage = ElementType::fromMlir(element);
  std::optional<ElementType> expressed =
      quantized ? ElementType::fromMlir(quantized.getExpressedType())
                : std::nullopt;
  if (!quantized || !storage || !expressed || !expressed->isFloat()) {
    std::string name;
    llvm::raw_string_ostream os(name);
    os << element;
    (void)context.unsupported(op, "quantized element type " + os.str());
    return failure();
  }
  Quantization q;
  q.storage = *storage;
  q.expressed = expressed->kind();
  unsigned bits = storage->bitWidth();
  bool isSigned = storage->isSignedInt();
  q.storageTypeMin = quant::QuantizedType::getDefaultMinimumForInteger(isSigned, bits);
  q.storageTypeMax = quant::QuantizedType::getDefaultMaximumForInteger(isSigned, bits);
  q.minFloat = roundToKind(q.expressed, double(quantized.getStorageTypeMin()));
  q.maxFloat = roundToKind(q.expressed, double(quantized.getStorageTypeMax()));
  if (auto perTensor = dyn_cast<quant::UniformQuantizedType>(quantized)) {
    q.scales.push_back(perTensor.getScale());
    q.zeroPoints.push_back(perTensor.getZeroPoint());
  } else if (auto perAxis = dyn_cast<quant::UniformQuantizedPerAxisType>(quantized)) {
    int64_t axis = perAxis.getQuantizedDimension();
    if (axis < 0 || axis >= static_cast<int64_t>(shape.size()) ||
        static_cast<int64_t>(perAxis.getScales().size()) != shape[axis])
      return context.invalid(op, "per-axis quantization parameters do not "
                                 "match the tensor's shape");
    q.perAxis = true;
    q.axisSize = shape[axis];
    for (int64_t d = axis + 1; d < static_cast<int64_t>(shape.size()); ++d)
      q.inner *= shape[d];
    llvm::append_range(q.scales, perAxis.getScales());
    llvm::append_range(q.zeroPoints, perAxis.getZeroPoints());
  } else {
    return context.unsupported(op, "non-uniform quantized element types");
  }
  for (double &scale : q.scales)
    scale = roundToKind(q.expressed, scale);
  for (int64_t zeroPoint : q.zeroPoints)
    q.zeroPointsFloat.push_back(roundToKind(q.expressed, double(zeroPoint)));
  return q;
}

/// Arithmetic in an expressed type: `T` is double for f64 and float for the
/// others, whose results are rounded back to the expressed type.
template <typename T> struct Expressed {
  ElementKind kind;

  T round(T value) const {
    if constexpr (std::is_same_v<T, float>) {
      if (ElementType(kind).isSmallFloat()) {
        uint8_t slot[2];
        storeSmallFloat(kind, value, slot);
        return smallFloatToFloat(kind, slot);
      }
    }
    return value;
  }
  /// convert(integer, expressed_type), rounded once.
  T fromInt(int64_t value) const {
    // float holds integers up to 2^24 exactly, double up to 2^53.
    if constexpr (std::is_same_v<T, float>)
      if (ElementType(kind).isSmallFloat() && (value > (1 << 24) || value < -(1 << 24)))
        return static_cast<T>(roundToKind(kind, static_cast<double>(value)));
    return round(static_cast<T>(static_cast<double>(value)));
  }
  T load(const uint8_t *base, int64_t i) const {
    if constexpr (std::is_same_v<T, double>)
      return reinterpret_cast<const double *>(base)[i];
    else if (kind == ElementKind::F32)
      return reinterpret_cast<const float *>(base)[i];
    else
      return smallFloatToFloat(kind, base + i * ElementType(kind).storageBytes());
  }
  void store(uint8_t *base, int64_t i, T value) const {
    if constexpr (std::is_same_v<T, double>)
      reinterpret_cast<double *>(base)[i] = value;
    else if (kind == ElementKind::F32)
      reinterpret_cast<float *>(base)[i] = value;
    else
      storeSmallFloat(kind, value, base + i * ElementType(kind).storageBytes());
  }
};

/// dequantize(x) for element `i`: convert(x - zero_point) * scale.
template <typename T>
T dequantizeElement(const Expressed<T> &e, const Quantization &q,
                    int64_t storage, int64_t i) {
  int64_t p = q.paramIndex(i);
  // The difference is exact: it is taken in a wider integer type than the
  // storage type, so that e.g. 127 - (-128) does not wrap.
  T difference = e.fromInt(storage - q.zeroPoints[p]);
  return e.round(difference * static_cast<T>(q.scales[p]));
}

/// quantize(x) for element `i`: round_nearest_even(clamp(min, x / scale +
/// zero_point, max)), converted to the storage type.
template <typename T>
int64_t quantizeElement(const Expressed<T> &e, const Quantization &q, T x,
                        int64_t i) {
  int64_t p = q.paramIndex(i);
  T scaled = e.round(x / static_cast<T>(q.scales[p]));
  T shifted = e.round(scaled + static_cast<T>(q.zeroPointsFloat[p]));
  // clamp = minimum(maximum(x, min), max); both propagate NaN.
  T clamped = shifted;
  if (!std::isnan(clamped))
    clamped = std::min(std::max(clamped, static_cast<T>(q.minFloat)),
                       static_cast<T>(q.maxFloat));
  T rounded = std::nearbyint(clamped); // ties to even in the default mode
  // convert(float, integer): NaN is 0, out-of-range values saturate (the
  // expressed type may round storage_max up, e.g. 2^31 - 1 in bf16).
  if (std::isnan(rounded))
    return 0;
  if (rounded <= static_cast<T>(q.storageTypeMin))
    return q.storageTypeMin;
  if (rounded >= static_cast<T>(q.storageTypeMax))
    return q.storageTypeMax;
  return static_cast<int64_t>(rounded);
}

/// Calls `fn(load, store)` with the typed element accessors of an integer
/// storage kind.
template <typename Fn> void visitStorageInt(ElementType storage, Fn fn) {
  visitStorageType(storage.kind(), [&](auto tag) {
    using S = typename decltype(tag)::type;
    if constexpr (std::is_integral_v<S> && !std::is_same_v<S, bool>) {
      fn([](const uint8_t *base, int64_t i) {
           return static_cast<int64_t>(reinterpret_cast<const S *>(base)[i]);
         },
         [](uint8_t *base, int64_t i, int64_t v) {
           reinterpret_cast<S *>(base)[i] = static_cast<S>(v);
         });
    }
  });
}

/// Calls `fn(Expressed<T>)` with the compute type of an expressed kind.
template <typename Fn> void visitExpressed(ElementKind kind, Fn fn) {
  if (kind == ElementKind::F64)
    fn(Expressed<double>{kind});
  else
    fn(Expressed<float>{kind});
}

//===- uniform_quantize ----------------------------------------------------===//

LogicalResult evalUniformQuantize(Operation *op, Operands operands,
                                  Results &results, EvalContext &context) {
  auto quantize = cast<hlo::UniformQuantizeOp>(op);
  const Tensor &operand = operands[0].tensor();
  FailureOr<Quantization> to = quantizationOf(
      quantize.getResult().getType(), operand.shape(), op, context);
  if (failed(to))
    return failure();
  Tensor result(to->storage, operand.shape());
  int64_t n = operand.numElements();
  Type operandElement = getElementTypeOrSelf(quantize.getOperand().getType());

  if (!isa<quant::QuantizedType>(operandElement)) {
    // result = quantize(operand, type(result))
    if (operand.elementType().kind() != to->expressed)
      return context.invalid(op, "operand element type is not the result's "
                                 "expressed type");
    visitExpressed(to->expressed, [&](auto e) {
      visitStorageInt(to->storage, [&](auto, auto store) {
        for (int64_t i = 0; i < n; ++i)
          store(result.bytes(), i,
                quantizeElement(e, *to, e.load(operand.bytes(), i), i));
      });
    });
    results.push_back(std::move(result));
    return success();
  }

  // float_result = dequantize(operand); result = quantize(float_result, ...)
  FailureOr<Quantization> from = quantizationOf(
      quantize.getOperand().getType(), operand.shape(), op, context);
  if (failed(from))
    return failure();
  if (from->expressed != to->expressed)
    return context.invalid(op, "operand and result expressed types differ");
  visitExpressed(to->expressed, [&](auto e) {
    visitStorageInt(from->storage, [&](auto load, auto) {
      visitStorageInt(to->storage, [&](auto, auto store) {
        for (int64_t i = 0; i < n; ++i) {
          auto value = dequantizeElement(e, *from, load(operand.bytes(), i), i);
          store(result.bytes(), i, quantizeElement(e, *to, value, i));
        }
      });
    });
  });
  results.push_back(std::move(result));
  return success();
}

//===- uniform_dequantize --------------------------------------------------===//

LogicalResult evalUniformDequantize(Operation *op, Operands operands,
                                    Results &results, EvalContext &context) {
  auto dequantize = cast<hlo::UniformDequantizeOp>(op);
  const Tensor &operand = operands[0].tensor();
  FailureOr<Quantization> from = quantizationOf(
      dequantize.getOperand().getType(), operand.shape(), op, context);
  if (failed(from))
    return failure();
  // result = dequantize(operand)
  Tensor result(from->expressed, operand.shape());
  int64_t n = operand.numElements();
  visitExpressed(from->expressed, [&](auto e) {
    visitStorageInt(from->storage, [&](auto load, auto) {
      for (int64_t i = 0; i < n; ++i)
        e.store(result.bytes(), i,
                dequantizeElement(e, *from, load(operand.bytes(), i), i));
    });
  });
  results.push_back(std::move(result));
  return success();
}

} // namespace

void registerQuantizationEvaluators(EvaluatorRegistry &registry) {
  registry.add<hlo::UniformQuantizeOp>(evalUniformQuantize);
  registry.add<hlo::UniformDequantizeOp>(evalUniformDequantize);
}

} // namespace oxla::interp
