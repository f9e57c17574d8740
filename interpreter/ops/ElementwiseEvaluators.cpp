//===- ElementwiseEvaluators.cpp - Spec "Elementwise ops" -----------------===//
//
// One evaluator per op, each reading like the spec section it implements;
// the per-element work is a functor of ScalarFunctions.h run by the typed
// loops of ElementwiseKernels.h.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "interpreter/Interpreter.h"
#include "interpreter/ops/DataMovementKernels.h"
#include "interpreter/ops/ElementwiseKernels.h"
#include "interpreter/ops/EvaluatorSupport.h"
#include "interpreter/ops/ScalarFunctions.h"

#include "llvm/ADT/APFloat.h"

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace oxla::interp {
namespace {

using Operands = ArrayRef<RuntimeValue>;
using Results = SmallVectorImpl<RuntimeValue>;

/// Functors of bit-width dependent ops (shifts, clz, popcnt) carry the
/// spec width of their element type.
template <typename Fn, typename = void> struct HasBits : std::false_type {};
template <typename Fn>
struct HasBits<Fn, std::void_t<decltype(Fn::bits)>> : std::true_type {};

template <typename Fn> Fn makeFunctor(unsigned bits) {
  if constexpr (HasBits<Fn>::value)
    return Fn{bits};
  else
    return Fn{};
}

/// Unary ops: result[i] = Fn(operand[i]).
template <typename Fn>
LogicalResult evalUnary(Operation *op, Operands operands, Results &results,
                        EvalContext &context) {
  const Tensor &x = operands[0].tensor();
  std::optional<ElementType> type = resultElementType(op, context);
  if (!type)
    return failure();
  Tensor result(*type, x.shape());
  if (!mapUnary(x, result, makeFunctor<Fn>(x.elementType().bitWidth())))
    return unsupportedElementType(op, context, x.elementType());
  results.push_back(std::move(result));
  return success();
}

/// Binary ops: result[i] = Fn(lhs[i], rhs[i]).
template <typename Fn>
LogicalResult evalBinary(Operation *op, Operands operands, Results &results,
                         EvalContext &context) {
  const Tensor &lhs = operands[0].tensor();
  const Tensor &rhs = operands[1].tensor();
  std::optional<ElementType> type = resultElementType(op, context);
  if (!type)
    return failure();
  Tensor result(*type, lhs.shape());
  if (!mapBinary(lhs, rhs, result, makeFunctor<Fn>(lhs.elementType().bitWidth())))
    return unsupportedElementType(op, context, lhs.elementType());
  results.push_back(std::move(result));
  return success();
}

//===- compare -------------------------------------------------------------===//

/// A float's position in the spec's total order: -NaN < -Inf < ... < -0 <
/// +0 < ... < +Inf < +NaN.
template <typename T> int64_t totalOrderKey(T value) {
  if constexpr (sizeof(T) == 4) {
    int32_t bits;
    std::memcpy(&bits, &value, 4);
    return bits < 0 ? int64_t(bits ^ 0x7FFFFFFF) : int64_t(bits);
  } else {
    int64_t bits;
    std::memcpy(&bits, &value, 8);
    return bits < 0 ? (bits ^ 0x7FFFFFFFFFFFFFFFLL) : bits;
  }
}

struct Compare {
  hlo::ComparisonDirection direction;
  bool totalOrder;

  template <typename T> bool apply(const T &a, const T &b) const {
    switch (direction) {
    case hlo::ComparisonDirection::EQ: return a == b;
    case hlo::ComparisonDirection::NE: return a != b;
    case hlo::ComparisonDirection::GE: return a >= b;
    case hlo::ComparisonDirection::GT: return a > b;
    case hlo::ComparisonDirection::LE: return a <= b;
    case hlo::ComparisonDirection::LT: return a < b;
    }
    return false;
  }
  template <typename T, scalar::Bool<T> = 0> bool operator()(T a, T b) const {
    return apply(int(a), int(b));
  }
  template <typename T, scalar::Int<T> = 0> bool operator()(T a, T b) const {
    return apply(a, b);
  }
  template <typename T, scalar::Float<T> = 0> bool operator()(T a, T b) const {
    if (totalOrder)
      return apply(totalOrderKey(a), totalOrderKey(b));
    return apply(a, b);
  }
  /// Complex numbers: EQ/NE compare both parts; the orderings compare
  /// lexicographically (real part first).
  template <typename T, scalar::Cplx<T> = 0> bool operator()(T a, T b) const {
    if (direction == hlo::ComparisonDirection::EQ) return a == b;
    if (direction == hlo::ComparisonDirection::NE) return a != b;
    if (a.real() != b.real())
      return apply(a.real(), b.real());
    return apply(a.imag(), b.imag());
  }
};

LogicalResult evalCompare(Operation *op, Operands operands, Results &results,
                          EvalContext &context) {
  auto compare = cast<hlo::CompareOp>(op);
  const Tensor &lhs = operands[0].tensor();
  const Tensor &rhs = operands[1].tensor();
  Tensor result(ElementKind::I1, lhs.shape());
  bool totalOrder = compare.getCompareType() == hlo::ComparisonType::TOTALORDER;
  Compare fn{compare.getComparisonDirection(), totalOrder};
  if (!mapBinary(lhs, rhs, result, fn))
    return unsupportedElementType(op, context, lhs.elementType());
  results.push_back(std::move(result));
  return success();
}

//===- select, clamp -------------------------------------------------------===//

LogicalResult evalSelect(Operation *, Operands operands, Results &results,
                         EvalContext &) {
  const Tensor &pred = operands[0].tensor();
  const Tensor &onTrue = operands[1].tensor();
  const Tensor &onFalse = operands[2].tensor();
  Tensor result(onTrue.elementType(), onTrue.shape());
  bool scalarPred = pred.rank() == 0;
  for (int64_t i = 0, n = result.numElements(); i < n; ++i) {
    bool take = pred.data<uint8_t>()[scalarPred ? 0 : i] != 0;
    result.copyElementFrom(take ? onTrue : onFalse, i, i);
  }
  results.push_back(std::move(result));
  return success();
}

/// A rank-0 tensor repeated to `shape` (other tensors are returned as is).
Tensor broadcastScalar(const Tensor &tensor, ArrayRef<int64_t> shape) {
  if (tensor.rank() != 0 || shape.empty())
    return tensor;
  Tensor result(tensor.elementType(), shape);
  for (int64_t i = 0, n = result.numElements(); i < n; ++i)
    result.copyElementFrom(tensor, 0, i);
  return result;
}

LogicalResult evalClamp(Operation *op, Operands operands, Results &results,
                        EvalContext &context) {
  const Tensor &operand = operands[1].tensor();
  Tensor min = broadcastScalar(operands[0].tensor(), operand.shape());
  Tensor max = broadcastScalar(operands[2].tensor(), operand.shape());
  // result = minimum(maximum(operand, min), max)
  Tensor lowered(operand.elementType(), operand.shape());
  Tensor result(operand.elementType(), operand.shape());
  if (!mapBinary(operand, min, lowered, scalar::Maximum{}) ||
      !mapBinary(lowered, max, result, scalar::Minimum{}))
    return unsupportedElementType(op, context, operand.elementType());
  results.push_back(std::move(result));
  return success();
}

//===- complex -------------------------------------------------------------===//

LogicalResult evalComplex(Operation *op, Operands operands, Results &results,
                          EvalContext &context) {
  const Tensor &re = operands[0].tensor();
  const Tensor &im = operands[1].tensor();
  bool isF32 = re.elementType().kind() == ElementKind::F32;
  Tensor result(isF32 ? ElementKind::C64 : ElementKind::C128, re.shape());
  for (int64_t i = 0, n = re.numElements(); i < n; ++i) {
    if (isF32)
      result.data<std::complex<float>>()[i] = {re.data<float>()[i], im.data<float>()[i]};
    else
      result.data<std::complex<double>>()[i] = {re.data<double>()[i], im.data<double>()[i]};
  }
  results.push_back(std::move(result));
  return success();
}

//===- convert -------------------------------------------------------------===//

/// One element of `to`'s storage type from a value of storage type S.
template <typename S, typename D> D convertScalar(S value, unsigned toBits) {
  constexpr bool fromComplex = scalar::IsComplexT<S>::value;
  constexpr bool toComplex = scalar::IsComplexT<D>::value;
  if constexpr (fromComplex && toComplex) {
    using R = typename D::value_type;
    return D(R(value.real()), R(value.imag()));
  } else if constexpr (fromComplex) {
    return convertScalar<typename S::value_type, D>(value.real(), toBits);
  } else if constexpr (toComplex) {
    using R = typename D::value_type;
    return D(convertScalar<S, R>(value, 0), R(0));
  } else if constexpr (std::is_same_v<D, bool>) {
    return value != S(0);
  } else if constexpr (std::is_floating_point_v<D>) {
    return static_cast<D>(value); // correctly rounded by the hardware
  } else if constexpr (std::is_floating_point_v<S>) {
    // Float to integer: NaN is 0, out-of-range values saturate, the rest
    // truncate toward zero.
    if (std::isnan(value))
      return D(0);
    D lo = intMin<D>(toBits), hi = intMax<D>(toBits);
    if (value <= static_cast<S>(lo))
      return lo;
    if (value >= static_cast<S>(hi))
      return hi;
    return static_cast<D>(value);
  } else {
    // Integer to integer: two's complement truncation or extension.
    return wrapToWidth(static_cast<D>(value), toBits);
  }
}

/// Exactly-rounded conversion to a narrow float: values that float holds
/// exactly round once; wider sources go through APFloat so that they are
/// not rounded twice.
template <typename S>
void storeConvertedSmallFloat(S value, ElementKind to, uint8_t *slot) {
  if constexpr (scalar::IsComplexT<S>::value) {
    storeConvertedSmallFloat(value.real(), to, slot);
  } else if constexpr (std::is_same_v<S, bool> ||
                       (std::is_integral_v<S> && sizeof(S) <= 2) ||
                       std::is_same_v<S, float>) {
    storeSmallFloat(to, static_cast<float>(value), slot);
  } else {
    const llvm::fltSemantics &semantics = ElementType(to).floatSemantics();
    llvm::APFloat converted(semantics);
    if constexpr (std::is_floating_point_v<S>) {
      converted = llvm::APFloat(static_cast<double>(value));
      bool lost;
      converted.convert(semantics, llvm::APFloat::rmNearestTiesToEven, &lost);
    } else {
      llvm::APInt integer(64, static_cast<uint64_t>(value),
                          std::is_signed_v<S>);
      converted.convertFromAPInt(integer, std::is_signed_v<S>,
                                 llvm::APFloat::rmNearestTiesToEven);
    }
    uint64_t bits = converted.bitcastToAPInt().getZExtValue();
    std::memcpy(slot, &bits, ElementType(to).storageBytes());
  }
}

LogicalResult evalConvert(Operation *op, Operands operands, Results &results,
                          EvalContext &context) {
  const Tensor &x = operands[0].tensor();
  std::optional<ElementType> to = resultElementType(op, context);
  if (!to)
    return failure();
  Tensor result(*to, x.shape());
  int64_t n = x.numElements();
  ElementType from = x.elementType();
  // Narrow float sources are exact in float.
  Tensor source = x;
  if (from.isSmallFloat()) {
    source = Tensor(ElementKind::F32, x.shape());
    for (int64_t i = 0; i < n; ++i)
      source.data<float>()[i] =
          smallFloatToFloat(from.kind(), x.bytes() + i * from.storageBytes());
  }
  unsigned toBits = to->bitWidth();
  visitStorageType(source.elementType().kind(), [&](auto fromTag) {
    using S = typename decltype(fromTag)::type;
    if (to->isSmallFloat()) {
      for (int64_t i = 0; i < n; ++i)
        storeConvertedSmallFloat(loadElement<S>(source.bytes(), i), to->kind(),
                                 result.bytes() + i * to->storageBytes());
      return;
    }
    visitStorageType(to->kind(), [&](auto toTag) {
      using D = typename decltype(toTag)::type;
      for (int64_t i = 0; i < n; ++i)
        storeElement<D>(result.bytes(), i,
                        convertScalar<S, D>(loadElement<S>(source.bytes(), i),
                                            toBits));
    });
  });
  results.push_back(std::move(result));
  return success();
}

//===- bitcast_convert -----------------------------------------------------===//

/// The bits of element `i` (at most 64), zero-extended.
uint64_t elementBits(const Tensor &tensor, int64_t i) {
  ElementType type = tensor.elementType();
  uint64_t bits = 0;
  std::memcpy(&bits, tensor.bytes() + i * type.storageBytes(), type.storageBytes());
  unsigned width = type.bitWidth();
  return width == 64 ? bits : bits & ((uint64_t(1) << width) - 1);
}

/// Sets element `i` from its bits, sign-extending narrow signed integers as
/// their storage requires.
void setElementBits(Tensor &tensor, int64_t i, uint64_t bits) {
  ElementType type = tensor.elementType();
  unsigned width = type.bitWidth(), storageBits = type.storageBytes() * 8;
  if (type.isSignedInt() && width < storageBits && (bits >> (width - 1)) & 1)
    bits |= ~uint64_t(0) << width;
  std::memcpy(tensor.bytes() + i * type.storageBytes(), &bits, type.storageBytes());
}

LogicalResult evalBitcastConvert(Operation *op, Operands operands,
                                 Results &results, EvalContext &context) {
  const Tensor &x = operands[0].tensor();
  std::optional<ElementType> to = resultElementType(op, context);
  if (!to)
    return failure();
  unsigned fromBits = x.elementType().bitWidth(), toBits = to->bitWidth();
  // The bits of one element, least significant first (little-endian), are
  // the elements of the new minor dimension when the width shrinks.
  Shape shape(x.shape().begin(), x.shape().end());
  if (toBits < fromBits)
    shape.push_back(fromBits / toBits);
  else if (toBits > fromBits)
    shape.pop_back();
  Tensor result(*to, shape);
  if (fromBits % 8 == 0 && toBits % 8 == 0) {
    std::memcpy(result.bytes(), x.bytes(), result.byteSize());
    results.push_back(std::move(result));
    return success();
  }
  // Sub-byte types: move the bits one element at a time (complex types are
  // never narrower than a byte, so every width here fits 64 bits).
  if (toBits <= fromBits) {
    unsigned ratio = fromBits / toBits;
    uint64_t mask = toBits == 64 ? ~uint64_t(0) : (uint64_t(1) << toBits) - 1;
    for (int64_t i = 0, n = x.numElements(); i < n; ++i) {
      uint64_t bits = elementBits(x, i);
      for (unsigned k = 0; k < ratio; ++k)
        setElementBits(result, i * ratio + k, (bits >> (k * toBits)) & mask);
    }
  } else {
    unsigned ratio = toBits / fromBits;
    for (int64_t i = 0, n = result.numElements(); i < n; ++i) {
      uint64_t bits = 0;
      for (unsigned k = 0; k < ratio; ++k)
        bits |= elementBits(x, i * ratio + k) << (k * fromBits);
      setElementBits(result, i, bits);
    }
  }
  results.push_back(std::move(result));
  return success();
}

//===- reduce_precision ----------------------------------------------------===//

/// Rounds the bits of an IEEE float (SrcMantissa/SrcExponent bits) to
/// `mantissaBits` (nearest, ties to even) and clamps its exponent range to
/// `exponentBits`, keeping the source format.
template <typename Bits, unsigned SrcMantissa, unsigned SrcExponent>
Bits reducePrecisionBits(Bits bits, unsigned exponentBits,
                         unsigned mantissaBits) {
  constexpr unsigned total = sizeof(Bits) * 8;
  Bits expMask = ((Bits(1) << SrcExponent) - 1) << SrcMantissa;
  Bits mantissaMask = (Bits(1) << SrcMantissa) - 1;
  bool isNan = (bits & expMask) == expMask && (bits & mantissaMask) != 0;
  if (isNan)
    return mantissaBits > 0 ? bits : (bits & ~mantissaMask);
  if (mantissaBits < SrcMantissa) {
    unsigned drop = SrcMantissa - mantissaBits;
    Bits lastKept = Bits(1) << drop;
    Bits bias = (lastKept >> 1) - 1 + ((bits & lastKept) >> drop);
    bits = (bits + bias) & ~(lastKept - 1);
  }
  if (exponentBits < SrcExponent) {
    Bits sign = bits & (Bits(1) << (total - 1));
    Bits exponent = bits & expMask;
    int64_t bias = (int64_t(1) << (SrcExponent - 1)) - 1;
    int64_t reducedBias = (int64_t(1) << (exponentBits - 1)) - 1;
    Bits maxExponent = Bits(bias + reducedBias) << SrcMantissa;
    Bits minExponent = Bits(bias - reducedBias) << SrcMantissa;
    if (exponent > maxExponent)
      bits = sign | expMask;
    else if (exponent <= minExponent)
      bits = sign;
  }
  return bits;
}

LogicalResult evalReducePrecision(Operation *op, Operands operands,
                                  Results &results, EvalContext &context) {
  auto reduce = cast<hlo::ReducePrecisionOp>(op);
  unsigned e = reduce.getExponentBits(), m = reduce.getMantissaBits();
  const Tensor &x = operands[0].tensor();
  Tensor result(x.elementType(), x.shape());
  int64_t n = x.numElements();
  ElementKind kind = x.elementType().kind();
  if (kind == ElementKind::F64) {
    const uint64_t *in = x.data<uint64_t>();
    for (int64_t i = 0; i < n; ++i)
      result.data<uint64_t>()[i] = reducePrecisionBits<uint64_t, 52, 11>(in[i], e, m);
  } else if (kind == ElementKind::F32) {
    const uint32_t *in = x.data<uint32_t>();
    for (int64_t i = 0; i < n; ++i)
      result.data<uint32_t>()[i] = reducePrecisionBits<uint32_t, 23, 8>(in[i], e, m);
  } else if (x.elementType().isSmallFloat()) {
    unsigned size = x.elementType().storageBytes();
    for (int64_t i = 0; i < n; ++i) {
      float value = smallFloatToFloat(kind, x.bytes() + i * size);
      float reduced = bitsToFloat(
          reducePrecisionBits<uint32_t, 23, 8>(floatToBits(value), e, m));
      storeSmallFloat(kind, reduced, result.bytes() + i * size);
    }
  } else {
    return unsupportedElementType(op, context, x.elementType());
  }
  results.push_back(std::move(result));
  return success();
}

//===- constant, iota ------------------------------------------------------===//

LogicalResult evalConstant(Operation *op, Operands, Results &results,
                           EvalContext &context) {
  auto constant = cast<hlo::ConstantOp>(op);
  if (!resultElementType(op, context))
    return failure();
  FailureOr<Tensor> value = Tensor::fromAttr(constant.getValue());
  if (failed(value))
    return context.unsupported(op, "this constant's storage");
  results.push_back(std::move(*value));
  return success();
}

LogicalResult evalIota(Operation *op, Operands, Results &results,
                       EvalContext &context) {
  auto typed = cast<hlo::IotaOp>(op);
  std::optional<ElementType> element = resultElementType(op, context);
  if (!element)
    return failure();
  results.push_back(iota(*element, typed.getType().getShape(),
                         typed.getIotaDimension()));
  return success();
}

} // namespace

Tensor iota(ElementType element, ArrayRef<int64_t> shape, int64_t dim) {
  Tensor indices(ElementKind::SI64, shape);
  Shape strides = stridesOf(shape);
  for (int64_t i = 0, n = indices.numElements(); i < n; ++i)
    indices.data<int64_t>()[i] = (i / strides[dim]) % shape[dim];
  // Converting keeps every element type's rounding rules in one place.
  Tensor result(element, shape);
  int64_t n = indices.numElements();
  if (element.isSmallFloat()) {
    for (int64_t i = 0; i < n; ++i)
      storeConvertedSmallFloat(indices.data<int64_t>()[i], element.kind(),
                               result.bytes() + i * element.storageBytes());
  } else {
    visitStorageType(element.kind(), [&](auto tag) {
      using D = typename decltype(tag)::type;
      for (int64_t i = 0; i < n; ++i)
        storeElement<D>(result.bytes(), i,
                        convertScalar<int64_t, D>(indices.data<int64_t>()[i],
                                                  element.bitWidth()));
    });
  }
  return result;
}

void registerElementwiseEvaluators(EvaluatorRegistry &registry) {
  using namespace scalar;
  registry.add<hlo::AbsOp>(evalUnary<Abs>);
  registry.add<hlo::CbrtOp>(evalUnary<Cbrt>);
  registry.add<hlo::CeilOp>(evalUnary<Ceil>);
  registry.add<hlo::ClzOp>(evalUnary<CountLeadingZeros>);
  registry.add<hlo::CosineOp>(evalUnary<Cosine>);
  registry.add<hlo::ExpOp>(evalUnary<Exp>);
  registry.add<hlo::Expm1Op>(evalUnary<Expm1>);
  registry.add<hlo::FloorOp>(evalUnary<Floor>);
  registry.add<hlo::ImagOp>(evalUnary<Imag>);
  registry.add<hlo::IsFiniteOp>(evalUnary<IsFinite>);
  registry.add<hlo::LogOp>(evalUnary<Log>);
  registry.add<hlo::Log1pOp>(evalUnary<Log1p>);
  registry.add<hlo::LogisticOp>(evalUnary<Logistic>);
  registry.add<hlo::NegOp>(evalUnary<Negate>);
  registry.add<hlo::NotOp>(evalUnary<Not>);
  registry.add<hlo::PopulationCountOp>(evalUnary<PopulationCount>);
  registry.add<hlo::RealOp>(evalUnary<Real>);
  registry.add<hlo::RoundOp>(evalUnary<RoundAwayFromZero>);
  registry.add<hlo::RoundNearestEvenOp>(evalUnary<RoundNearestEven>);
  registry.add<hlo::RsqrtOp>(evalUnary<Rsqrt>);
  registry.add<hlo::SignOp>(evalUnary<Sign>);
  registry.add<hlo::SineOp>(evalUnary<Sine>);
  registry.add<hlo::SqrtOp>(evalUnary<Sqrt>);
  registry.add<hlo::TanOp>(evalUnary<Tan>);
  registry.add<hlo::TanhOp>(evalUnary<Tanh>);

  registry.add<hlo::AddOp>(evalBinary<Add>);
  registry.add<hlo::AndOp>(evalBinary<And>);
  registry.add<hlo::Atan2Op>(evalBinary<Atan2>);
  registry.add<hlo::DivOp>(evalBinary<Divide>);
  registry.add<hlo::MaxOp>(evalBinary<Maximum>);
  registry.add<hlo::MinOp>(evalBinary<Minimum>);
  registry.add<hlo::MulOp>(evalBinary<Multiply>);
  registry.add<hlo::OrOp>(evalBinary<Or>);
  registry.add<hlo::PowOp>(evalBinary<Power>);
  registry.add<hlo::RemOp>(evalBinary<Remainder>);
  registry.add<hlo::ShiftLeftOp>(evalBinary<ShiftLeft>);
  registry.add<hlo::ShiftRightArithmeticOp>(evalBinary<ShiftRightArithmetic>);
  registry.add<hlo::ShiftRightLogicalOp>(evalBinary<ShiftRightLogical>);
  registry.add<hlo::SubtractOp>(evalBinary<Subtract>);
  registry.add<hlo::XorOp>(evalBinary<Xor>);

  registry.add<hlo::BitcastConvertOp>(evalBitcastConvert);
  registry.add<hlo::ClampOp>(evalClamp);
  registry.add<hlo::CompareOp>(evalCompare);
  registry.add<hlo::ComplexOp>(evalComplex);
  registry.add<hlo::ConstantOp>(evalConstant);
  registry.add<hlo::ConvertOp>(evalConvert);
  registry.add<hlo::IotaOp>(evalIota);
  registry.add<hlo::ReducePrecisionOp>(evalReducePrecision);
  registry.add<hlo::SelectOp>(evalSelect);
}

} // namespace oxla::interp
