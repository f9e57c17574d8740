//===- ContractionEvaluators.cpp - dot_general, dot, convolution ---------===//
//
// Spec "dot_general" and "convolution", plus the ops that are not in the
// spec but reduce to them: dot (a dot_general of vectors and matrices),
// dynamic_conv (convolution with the padding as an operand), einsum and
// unary_einsum (dot_general spelled as an equation).
//
// Operands are first converted to the result element type (the spec lets
// the result type differ, e.g. i8 x i8 -> i32) and then multiplied and
// accumulated in an accumulator type: the result type itself, except that
// narrow floats accumulate in f32 and are rounded once at the end, and
// integers accumulate in uint64 (wrapping) and are narrowed at the end,
// which gives the same value as wrapping after every step. i1 uses logical
// and/or.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "interpreter/Interpreter.h"
#include "interpreter/Numerics.h"
#include "interpreter/ops/ElementwiseKernels.h"
#include "interpreter/ops/EvaluatorSupport.h"
#include "interpreter/ops/IndexSpace.h"
#include "interpreter/ops/ScalarFunctions.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/StringExtras.h"

#include <complex>
#include <vector>

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace oxla::interp {
namespace {

using Operands = ArrayRef<RuntimeValue>;
using Results = SmallVectorImpl<RuntimeValue>;

//===- Accumulation --------------------------------------------------------===//

/// Calls `fn(TypeTag<A>{})` with the accumulator type of `result`: uint8_t
/// (0/1) for i1, uint64_t for integers, float for f32 and narrower floats,
/// double, complex<float>, complex<double>.
template <typename Fn> void visitAccumulator(ElementType result, Fn &&fn) {
  if (result.isBool())
    fn(TypeTag<uint8_t>{});
  else if (result.isInt())
    fn(TypeTag<uint64_t>{});
  else if (result.isSmallFloat() || result.kind() == ElementKind::F32)
    fn(TypeTag<float>{});
  else if (result.kind() == ElementKind::F64)
    fn(TypeTag<double>{});
  else if (result.kind() == ElementKind::C64)
    fn(TypeTag<std::complex<float>>{});
  else
    fn(TypeTag<std::complex<double>>{});
}

template <typename A> inline void multiplyAdd(A &acc, A a, A b) {
  if constexpr (std::is_same_v<A, uint8_t>)
    acc |= a & b;
  else
    acc += a * b; // uint64_t wraps; that is the integer semantics we want
}

/// One source value of storage type S as the accumulator type A, converted
/// as `convert` to `result` would convert it.
template <typename A, typename S> A toAccumulator(S value, ElementType result) {
  if constexpr (scalar::IsComplexT<S>::value && !scalar::IsComplexT<A>::value) {
    return toAccumulator<A>(value.real(), result);
  } else if constexpr (scalar::IsComplexT<A>::value) {
    using R = typename A::value_type;
    if constexpr (scalar::IsComplexT<S>::value)
      return A(R(value.real()), R(value.imag()));
    else
      return A(R(value), R(0));
  } else if constexpr (std::is_same_v<A, uint8_t>) {
    return value != S(0) ? 1 : 0;
  } else if constexpr (std::is_same_v<A, uint64_t>) {
    if constexpr (std::is_floating_point_v<S>) {
      // Float to integer: NaN is 0, out-of-range values saturate.
      unsigned bits = result.bitWidth();
      double lo = result.isSignedInt() ? double(intMin<int64_t>(bits)) : 0.0;
      double hi = result.isSignedInt() ? double(intMax<int64_t>(bits))
                                       : double(intMax<uint64_t>(bits));
      if (std::isnan(value))
        return 0;
      if (value <= lo)
        return result.isSignedInt() ? uint64_t(intMin<int64_t>(bits)) : 0;
      if (value >= hi)
        return result.isSignedInt() ? uint64_t(intMax<int64_t>(bits))
                                    : intMax<uint64_t>(bits);
      return result.isSignedInt() ? uint64_t(int64_t(value)) : uint64_t(value);
    } else if constexpr (std::is_signed_v<S>) {
      return uint64_t(int64_t(value)); // sign-extended
    } else {
      return uint64_t(value);
    }
  } else {
    return static_cast<A>(value); // correctly rounded by the hardware
  }
}

/// The elements of `tensor` as accumulator values for a `result` typed
/// contraction.
template <typename A>
std::vector<A> loadAccumulators(const Tensor &tensor, ElementType result) {
  int64_t n = tensor.numElements();
  std::vector<A> values(n);
  ElementType from = tensor.elementType();
  if (from.isSmallFloat()) {
    unsigned size = from.storageBytes();
    for (int64_t i = 0; i < n; ++i)
      values[i] = toAccumulator<A>(
          smallFloatToFloat(from.kind(), tensor.bytes() + i * size), result);
  } else {
    visitStorageType(from.kind(), [&](auto tag) {
      using S = typename decltype(tag)::type;
      for (int64_t i = 0; i < n; ++i)
        values[i] = toAccumulator<A>(loadElement<S>(tensor.bytes(), i), result);
    });
  }
  // A wider operand is rounded to a narrow result type before it takes part.
  if constexpr (std::is_same_v<A, float>) {
    if (result.isSmallFloat() && from != result) {
      uint8_t slot[2];
      for (float &value : values) {
        storeSmallFloat(result.kind(), value, slot);
        value = smallFloatToFloat(result.kind(), slot);
      }
    }
  }
  return values;
}

/// Writes accumulated values into a fresh tensor of type `type`.
template <typename A>
Tensor storeAccumulators(const std::vector<A> &values, ElementType type,
                         ArrayRef<int64_t> shape) {
  Tensor result(type, shape);
  int64_t n = result.numElements();
  if constexpr (std::is_same_v<A, uint8_t>) {
    for (int64_t i = 0; i < n; ++i)
      result.bytes()[i] = values[i] & 1;
  } else if constexpr (std::is_same_v<A, uint64_t>) {
    unsigned bits = type.bitWidth();
    visitStorageType(type.kind(), [&](auto tag) {
      using T = typename decltype(tag)::type;
      if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>)
        for (int64_t i = 0; i < n; ++i)
          storeElement<T>(result.bytes(), i,
                          wrapToWidth(static_cast<T>(values[i]), bits));
    });
  } else if constexpr (std::is_same_v<A, float>) {
    if (type.isSmallFloat()) {
      unsigned size = type.storageBytes();
      for (int64_t i = 0; i < n; ++i)
        storeSmallFloat(type.kind(), values[i], result.bytes() + i * size);
    } else {
      std::copy(values.begin(), values.end(), result.data<float>());
    }
  } else {
    std::copy(values.begin(), values.end(), result.data<A>());
  }
  return result;
}

/// Fails (as unsupported) unless every operand and the result have element
/// types the interpreter represents; quantized contractions live elsewhere.
std::optional<ElementType> contractionType(Operation *op, EvalContext &context) {
  for (Value operand : op->getOperands()) {
    Type type = getElementTypeOrSelf(operand.getType());
    if (!ElementType::fromMlir(type)) {
      std::string name;
      llvm::raw_string_ostream os(name);
      os << type;
      (void)context.unsupported(op, "'" + op->getName().getStringRef() +
                                        "' on element type " + os.str());
      return std::nullopt;
    }
  }
  return resultElementType(op, context);
}

//===- dot_general as a labelled contraction --------------------------------===//

/// One index of a contraction: its size and the stride it advances each
/// operand by (0 where the operand does not have it; the sum of strides
/// where a label repeats, i.e. a diagonal).
struct Label {
  int64_t size = 0;
  int64_t lhsStride = 0;
  int64_t rhsStride = 0;
};

/// result[r] = sum over k of lhs[lhsBase(r) + lhsOffsets[k]] *
///                             rhs[rhsBase(r) + rhsOffsets[k]],
/// with the bases linear in the result index.
struct ContractionPlan {
  Shape resultShape;
  Shape lhsStrides, rhsStrides; // per result dimension
  std::vector<int64_t> lhsOffsets, rhsOffsets;
};

ContractionPlan planContraction(ArrayRef<Label> output, ArrayRef<Label> summed) {
  ContractionPlan plan;
  for (const Label &label : output) {
    plan.resultShape.push_back(label.size);
    plan.lhsStrides.push_back(label.lhsStride);
    plan.rhsStrides.push_back(label.rhsStride);
  }
  Shape sizes;
  for (const Label &label : summed)
    sizes.push_back(label.size);
  forEachIndex(sizes, [&](ArrayRef<int64_t> index, int64_t) {
    int64_t l = 0, r = 0;
    for (size_t d = 0; d < index.size(); ++d) {
      l += index[d] * summed[d].lhsStride;
      r += index[d] * summed[d].rhsStride;
    }
    plan.lhsOffsets.push_back(l);
    plan.rhsOffsets.push_back(r);
  });
  return plan;
}

template <typename A>
std::vector<A> runContraction(const ContractionPlan &plan, const A *lhs,
                              const A *rhs) {
  std::vector<A> out(numElementsOf(plan.resultShape));
  const int64_t *lo = plan.lhsOffsets.data(), *ro = plan.rhsOffsets.data();
  size_t terms = plan.lhsOffsets.size(), rank = plan.resultShape.size();
  forEachIndex(plan.resultShape, [&](ArrayRef<int64_t> index, int64_t linear) {
    int64_t lb = 0, rb = 0;
    for (size_t d = 0; d < rank; ++d) {
      lb += index[d] * plan.lhsStrides[d];
      rb += index[d] * plan.rhsStrides[d];
    }
    const A *l = lhs + lb, *r = rhs + rb;
    A acc{};
    for (size_t k = 0; k < terms; ++k)
      multiplyAdd(acc, l[lo[k]], r[ro[k]]);
    out[linear] = acc;
  });
  return out;
}

/// Evaluates `plan` on `lhs` and `rhs` (`rhs` null: a unary contraction,
/// a sum of lhs products with 1).
Tensor contract(const ContractionPlan &plan, const Tensor &lhs,
                const Tensor *rhs, ElementType type) {
  Tensor result;
  visitAccumulator(type, [&](auto tag) {
    using A = typename decltype(tag)::type;
    std::vector<A> l = loadAccumulators<A>(lhs, type);
    std::vector<A> r = rhs ? loadAccumulators<A>(*rhs, type)
                           : std::vector<A>(1, A(1));
    result = storeAccumulators(runContraction(plan, l.data(), r.data()), type,
                               plan.resultShape);
  });
  return result;
}

/// dot_general's index structure: the result has the batching dimensions,
/// then lhs's and rhs's remaining (free) dimensions in order; contracting
/// dimensions are summed.
FailureOr<ContractionPlan>
planDotGeneral(Operation *op, EvalContext &context, const Tensor &lhs,
               const Tensor &rhs, ArrayRef<int64_t> lhsBatch,
               ArrayRef<int64_t> rhsBatch, ArrayRef<int64_t> lhsContract,
               ArrayRef<int64_t> rhsContract) {
  if (lhsBatch.size() != rhsBatch.size() ||
      lhsContract.size() != rhsContract.size())
    return context.invalid(op, "mismatched dimension numbers");
  Shape lhsStrides = stridesOf(lhs.shape()), rhsStrides = stridesOf(rhs.shape());
  SmallVector<bool> lhsUsed(lhs.rank(), false), rhsUsed(rhs.rank(), false);
  SmallVector<Label> output, summed;
  auto pair = [&](int64_t dl, int64_t dr) -> FailureOr<Label> {
    if (dl < 0 || dl >= lhs.rank() || dr < 0 || dr >= rhs.rank() ||
        lhsUsed[dl] || rhsUsed[dr])
      return context.invalid(op, "bad dimension numbers");
    if (lhs.shape()[dl] != rhs.shape()[dr])
      return context.invalid(op, "lhs dimension " + Twine(dl) + " (size " +
                                     Twine(lhs.shape()[dl]) +
                                     ") does not match rhs dimension " +
                                     Twine(dr) + " (size " +
                                     Twine(rhs.shape()[dr]) + ")");
    lhsUsed[dl] = rhsUsed[dr] = true;
    return Label{lhs.shape()[dl], lhsStrides[dl], rhsStrides[dr]};
  };
  for (size_t i = 0; i < lhsBatch.size(); ++i) {
    FailureOr<Label> label = pair(lhsBatch[i], rhsBatch[i]);
    if (failed(label))
      return failure();
    output.push_back(*label);
  }
  for (size_t i = 0; i < lhsContract.size(); ++i) {
    FailureOr<Label> label = pair(lhsContract[i], rhsContract[i]);
    if (failed(label))
      return failure();
    summed.push_back(*label);
  }
  for (int64_t d = 0; d < lhs.rank(); ++d)
    if (!lhsUsed[d])
      output.push_back(Label{lhs.shape()[d], lhsStrides[d], 0});
  for (int64_t d = 0; d < rhs.rank(); ++d)
    if (!rhsUsed[d])
      output.push_back(Label{rhs.shape()[d], 0, rhsStrides[d]});
  return planContraction(output, summed);
}

LogicalResult evalDotGeneral(Operation *op, Operands operands, Results &results,
                             EvalContext &context) {
  auto dot = cast<hlo::DotGeneralOp>(op);
  std::optional<ElementType> type = contractionType(op, context);
  if (!type)
    return failure();
  const Tensor &lhs = operands[0].tensor(), &rhs = operands[1].tensor();
  hlo::DotDimensionNumbersAttr dn = dot.getDotDimensionNumbers();
  // precision_config and algorithm only permit faster, less precise
  // evaluation; the interpreter always computes in the result type.
  FailureOr<ContractionPlan> plan = planDotGeneral(
      op, context, lhs, rhs, dn.getLhsBatchingDimensions(),
      dn.getRhsBatchingDimensions(), dn.getLhsContractingDimensions(),
      dn.getRhsContractingDimensions());
  if (failed(plan))
    return failure();
  results.push_back(contract(*plan, lhs, &rhs, *type));
  return success();
}

LogicalResult evalDot(Operation *op, Operands operands, Results &results,
                      EvalContext &context) {
  std::optional<ElementType> type = contractionType(op, context);
  if (!type)
    return failure();
  const Tensor &lhs = operands[0].tensor(), &rhs = operands[1].tensor();
  if (lhs.rank() < 1 || lhs.rank() > 2 || rhs.rank() < 1 || rhs.rank() > 2)
    return context.invalid(op, "dot takes vectors and matrices");
  // The last dimension of lhs against the first of rhs.
  int64_t lhsContract = lhs.rank() - 1, rhsContract = 0;
  FailureOr<ContractionPlan> plan = planDotGeneral(
      op, context, lhs, rhs, {}, {}, lhsContract, rhsContract);
  if (failed(plan))
    return failure();
  results.push_back(contract(*plan, lhs, &rhs, *type));
  return success();
}

//===- einsum ---------------------------------------------------------------===//

/// Parses "ab,bc->ac" (or "ab->a" for a single operand) into output and
/// summed labels: labels missing from the output are summed, a label that
/// repeats within an operand walks its diagonal.
FailureOr<ContractionPlan> planEinsum(Operation *op, EvalContext &context,
                                      StringRef config, const Tensor &lhs,
                                      const Tensor *rhs) {
  if (config.contains("..."))
    return context.unsupported(op, "einsum with an ellipsis");
  if (!config.contains("->"))
    return context.unsupported(op, "einsum config without '->'");
  auto [inputs, outputSpec] = config.split("->");
  auto [lhsSpec, rhsSpec] = inputs.split(',');
  if ((rhs != nullptr) != inputs.contains(','))
    return context.invalid(op, "einsum config '" + config +
                                   "' does not match the operand count");
  lhsSpec = lhsSpec.trim();
  rhsSpec = rhsSpec.trim();
  outputSpec = outputSpec.trim();

  llvm::SmallDenseMap<char, Label> labels;
  SmallVector<char> order;
  auto addOperand = [&](StringRef spec, const Tensor &tensor,
                        bool isLhs) -> LogicalResult {
    if (static_cast<int64_t>(spec.size()) != tensor.rank())
      return context.invalid(op, "einsum config '" + config +
                                     "' does not match the operand ranks");
    Shape strides = stridesOf(tensor.shape());
    for (size_t d = 0; d < spec.size(); ++d) {
      char c = spec[d];
      if (!llvm::isAlpha(c))
        return context.invalid(op, "bad einsum label '" + Twine(c) + "'");
      auto [it, inserted] = labels.try_emplace(c, Label{tensor.shape()[d], 0, 0});
      if (inserted)
        order.push_back(c);
      else if (it->second.size != tensor.shape()[d])
        return context.invalid(op, "einsum label '" + Twine(c) +
                                       "' has mismatched sizes");
      (isLhs ? it->second.lhsStride : it->second.rhsStride) += strides[d];
    }
    return success();
  };
  if (failed(addOperand(lhsSpec, lhs, true)) ||
      (rhs && failed(addOperand(rhsSpec, *rhs, false))))
    return failure();

  SmallVector<Label> output, summed;
  llvm::SmallDenseSet<char> inOutput;
  for (char c : outputSpec) {
    auto it = labels.find(c);
    if (it == labels.end() || !inOutput.insert(c).second)
      return context.invalid(op, "bad einsum output label '" + Twine(c) + "'");
    output.push_back(it->second);
  }
  for (char c : order)
    if (!inOutput.contains(c))
      summed.push_back(labels[c]);
  return planContraction(output, summed);
}

LogicalResult evalEinsum(Operation *op, Operands operands, Results &results,
                         EvalContext &context) {
  std::optional<ElementType> type = contractionType(op, context);
  if (!type)
    return failure();
  const Tensor &lhs = operands[0].tensor(), &rhs = operands[1].tensor();
  FailureOr<ContractionPlan> plan = planEinsum(
      op, context, cast<hlo::EinsumOp>(op).getEinsumConfig(), lhs, &rhs);
  if (failed(plan))
    return failure();
  results.push_back(contract(*plan, lhs, &rhs, *type));
  return success();
}

LogicalResult evalUnaryEinsum(Operation *op, Operands operands,
                              Results &results, EvalContext &context) {
  std::optional<ElementType> type = contractionType(op, context);
  if (!type)
    return failure();
  const Tensor &operand = operands[0].tensor();
  FailureOr<ContractionPlan> plan =
      planEinsum(op, context, cast<hlo::UnaryEinsumOp>(op).getEinsumConfig(),
                 operand, nullptr);
  if (failed(plan))
    return failure();
  results.push_back(contract(*plan, operand, nullptr, *type));
  return success();
}

//===- convolution ----------------------------------------------------------===//

/// The window attributes of a convolution, with the spec's defaults filled
/// in (strides, dilations 1; padding 0; no reversal).
struct Window {
  Shape strides, padLow, padHigh, lhsDilation, rhsDilation;
  SmallVector<bool> reversal;
};

Window makeWindow(size_t spatialRank, std::optional<ArrayRef<int64_t>> strides,
                  ArrayRef<int64_t> padding,
                  std::optional<ArrayRef<int64_t>> lhsDilation,
                  std::optional<ArrayRef<int64_t>> rhsDilation,
                  std::optional<ArrayRef<bool>> reversal) {
  Window w;
  auto orDefault = [&](std::optional<ArrayRef<int64_t>> values, Shape &out) {
    out.assign(spatialRank, 1);
    if (values)
      for (size_t s = 0; s < spatialRank && s < values->size(); ++s)
        out[s] = (*values)[s];
  };
  orDefault(strides, w.strides);
  orDefault(lhsDilation, w.lhsDilation);
  orDefault(rhsDilation, w.rhsDilation);
  w.padLow.assign(spatialRank, 0);
  w.padHigh.assign(spatialRank, 0);
  for (size_t s = 0; s < spatialRank && 2 * s + 1 < padding.size(); ++s) {
    w.padLow[s] = padding[2 * s];
    w.padHigh[s] = padding[2 * s + 1];
  }
  w.reversal.assign(spatialRank, false);
  if (reversal)
    for (size_t s = 0; s < spatialRank && s < reversal->size(); ++s)
      w.reversal[s] = (*reversal)[s];
  return w;
}

/// A convolution as loops: for each result (batch, spatial position), the
/// (lhs, rhs) spatial offset pairs of the window positions that land on a
/// real (not padding, not dilation hole) lhs element; for each output
/// feature, the group's batch and feature bases; then a sum over the
/// group's input features.
struct ConvPlan {
  Shape resultShape;
  int64_t outBatch = 0, outFeatures = 0, groupFeatures = 0;
  int64_t featureGroupSize = 1, batchGroupSize = 1; // output features per group
  int64_t featureGroups = 1, batchGroups = 1, batchesPerGroup = 0;
  int64_t lhsBatchStride = 0, lhsFeatureStride = 0;
  int64_t rhsInFeatureStride = 0, rhsOutFeatureStride = 0;
  int64_t resultBatchStride = 0, resultFeatureStride = 0;
  Shape outSpatial, resultSpatialStrides;
  Shape inSpatial, lhsSpatialStrides;
  Shape kernelSpatial, rhsSpatialStrides;
  Window window;
};

FailureOr<ConvPlan> planConvolution(Operation *op, EvalContext &context,
                                    const Tensor &lhs, const Tensor &rhs,
                                    hlo::ConvDimensionNumbersAttr dn,
                                    Window window, int64_t featureGroups,
                                    int64_t batchGroups) {
  ArrayRef<int64_t> inSpatialDims = dn.getInputSpatialDimensions();
  ArrayRef<int64_t> kernelSpatialDims = dn.getKernelSpatialDimensions();
  ArrayRef<int64_t> outSpatialDims = dn.getOutputSpatialDimensions();
  size_t spatialRank = inSpatialDims.size();
  int64_t rank = lhs.rank();
  auto inRange = [&](int64_t d) { return d >= 0 && d < rank; };
  bool ok = rhs.rank() == rank && kernelSpatialDims.size() == spatialRank &&
            outSpatialDims.size() == spatialRank &&
            static_cast<int64_t>(spatialRank) + 2 == rank &&
            inRange(dn.getInputBatchDimension()) &&
            inRange(dn.getInputFeatureDimension()) &&
            inRange(dn.getKernelInputFeatureDimension()) &&
            inRange(dn.getKernelOutputFeatureDimension()) &&
            inRange(dn.getOutputBatchDimension()) &&
            inRange(dn.getOutputFeatureDimension()) &&
            llvm::all_of(inSpatialDims, inRange) &&
            llvm::all_of(kernelSpatialDims, inRange) &&
            llvm::all_of(outSpatialDims, inRange) && featureGroups > 0 &&
            batchGroups > 0 && (featureGroups == 1 || batchGroups == 1);
  if (!ok)
    return context.invalid(op, "bad convolution dimension numbers");
  for (size_t s = 0; s < spatialRank; ++s)
    if (window.strides[s] <= 0 || window.lhsDilation[s] <= 0 ||
        window.rhsDilation[s] <= 0)
      return context.invalid(op, "strides and dilations must be positive");

  ConvPlan p;
  p.window = window;
  p.featureGroups = featureGroups;
  p.batchGroups = batchGroups;
  Shape lhsStrides = stridesOf(lhs.shape()), rhsStrides = stridesOf(rhs.shape());
  int64_t batch = lhs.shape()[dn.getInputBatchDimension()];
  int64_t features = lhs.shape()[dn.getInputFeatureDimension()];
  p.groupFeatures = rhs.shape()[dn.getKernelInputFeatureDimension()];
  p.outFeatures = rhs.shape()[dn.getKernelOutputFeatureDimension()];
  if (batch % batchGroups != 0 || features % featureGroups != 0 ||
      p.groupFeatures * featureGroups != features ||
      p.outFeatures % featureGroups != 0 || p.outFeatures % batchGroups != 0)
    return context.invalid(op, "operand shapes do not match the group counts");
  p.batchesPerGroup = batch / batchGroups;
  p.outBatch = p.batchesPerGroup;
  p.featureGroupSize = p.outFeatures / featureGroups;
  p.batchGroupSize = p.outFeatures / batchGroups;
  p.lhsBatchStride = lhsStrides[dn.getInputBatchDimension()];
  p.lhsFeatureStride = lhsStrides[dn.getInputFeatureDimension()];
  p.rhsInFeatureStride = rhsStrides[dn.getKernelInputFeatureDimension()];
  p.rhsOutFeatureStride = rhsStrides[dn.getKernelOutputFeatureDimension()];

  // Result shape (spec C25).
  p.resultShape.assign(rank, 0);
  p.resultShape[dn.getOutputBatchDimension()] = p.outBatch;
  p.resultShape[dn.getOutputFeatureDimension()] = p.outFeatures;
  for (size_t s = 0; s < spatialRank; ++s) {
    int64_t in = lhs.shape()[inSpatialDims[s]];
    int64_t kernel = rhs.shape()[kernelSpatialDims[s]];
    int64_t dilatedIn = in == 0 ? 0 : (in - 1) * window.lhsDilation[s] + 1;
    int64_t padded = window.padLow[s] + dilatedIn + window.padHigh[s];
    int64_t dilatedKernel =
        kernel == 0 ? 0 : (kernel - 1) * window.rhsDilation[s] + 1;
    int64_t windows = padded <= 0 || dilatedKernel > padded
                          ? 0
                          : (padded - dilatedKernel) / window.strides[s] + 1;
    p.resultShape[outSpatialDims[s]] = windows;
    p.outSpatial.push_back(windows);
    p.inSpatial.push_back(in);
    p.kernelSpatial.push_back(kernel);
    p.lhsSpatialStrides.push_back(lhsStrides[inSpatialDims[s]]);
    p.rhsSpatialStrides.push_back(rhsStrides[kernelSpatialDims[s]]);
  }
  Shape resultStrides = stridesOf(p.resultShape);
  p.resultBatchStride = resultStrides[dn.getOutputBatchDimension()];
  p.resultFeatureStride = resultStrides[dn.getOutputFeatureDimension()];
  for (int64_t d : outSpatialDims)
    p.resultSpatialStrides.push_back(resultStrides[d]);

  auto resultType = cast<ShapedType>(op->getResult(0).getType());
  if (resultType.hasStaticShape() && resultType.getShape() != ArrayRef<int64_t>(p.resultShape))
    return context.invalid(op, "the result type does not match the convolution's shape");
  return p;
}

template <typename A>
std::vector<A> runConvolution(const ConvPlan &p, const A *lhs, const A *rhs) {
  std::vector<A> out(numElementsOf(p.resultShape));
  if (out.empty())
    return out;
  const Window &w = p.window;
  size_t spatialRank = p.outSpatial.size();
  // Kernel window positions: their rhs offsets and per-dimension indices.
  std::vector<int64_t> kernelOffsets;
  std::vector<int64_t> kernelIndices;
  forEachIndex(p.kernelSpatial, [&](ArrayRef<int64_t> index, int64_t) {
    int64_t offset = 0;
    for (size_t s = 0; s < spatialRank; ++s)
      offset += index[s] * p.rhsSpatialStrides[s];
    kernelOffsets.push_back(offset);
    kernelIndices.insert(kernelIndices.end(), index.begin(), index.end());
  });
  std::vector<int64_t> pairLhs, pairRhs;
  forEachIndex(p.outSpatial, [&](ArrayRef<int64_t> outIndex, int64_t) {
    // The window positions that read a real lhs element: in the padded,
    // dilated lhs the position is out*stride + k*rhs_dilation; a reversed
    // dimension reads the window back to front.
    pairLhs.clear();
    pairRhs.clear();
    for (size_t k = 0; k < kernelOffsets.size(); ++k) {
      const int64_t *kIndex = &kernelIndices[k * spatialRank];
      int64_t lhsOffset = 0;
      bool real = true;
      for (size_t s = 0; s < spatialRank && real; ++s) {
        int64_t windowIndex =
            w.reversal[s] ? p.kernelSpatial[s] - 1 - kIndex[s] : kIndex[s];
        int64_t pos = outIndex[s] * w.strides[s] +
                      windowIndex * w.rhsDilation[s] - w.padLow[s];
        if (pos < 0 || pos % w.lhsDilation[s] != 0) {
          real = false;
          break;
        }
        pos /= w.lhsDilation[s];
        if (pos >= p.inSpatial[s])
          real = false;
        lhsOffset += pos * p.lhsSpatialStrides[s];
      }
      if (real) {
        pairLhs.push_back(lhsOffset);
        pairRhs.push_back(kernelOffsets[k]);
      }
    }
    int64_t resultSpatial = 0;
    for (size_t s = 0; s < spatialRank; ++s)
      resultSpatial += outIndex[s] * p.resultSpatialStrides[s];
    size_t pairs = pairLhs.size();
    for (int64_t n = 0; n < p.outBatch; ++n) {
      for (int64_t f = 0; f < p.outFeatures; ++f) {
        // feature_group_count splits lhs features and rhs output features;
        // batch_group_count splits lhs batches and rhs output features.
        int64_t inBatch = n, featureStart = 0;
        if (p.featureGroups > 1)
          featureStart = (f / p.featureGroupSize) * p.groupFeatures;
        if (p.batchGroups > 1)
          inBatch = (f / p.batchGroupSize) * p.batchesPerGroup + n;
        const A *l = lhs + inBatch * p.lhsBatchStride +
                     featureStart * p.lhsFeatureStride;
        const A *r = rhs + f * p.rhsOutFeatureStride;
        A acc{};
        for (size_t q = 0; q < pairs; ++q) {
          const A *lq = l + pairLhs[q], *rq = r + pairRhs[q];
          for (int64_t c = 0; c < p.groupFeatures; ++c)
            multiplyAdd(acc, lq[c * p.lhsFeatureStride],
                        rq[c * p.rhsInFeatureStride]);
        }
        out[n * p.resultBatchStride + f * p.resultFeatureStride +
            resultSpatial] = acc;
      }
    }
  });
  return out;
}

LogicalResult convolve(Operation *op, EvalContext &context, const Tensor &lhs,
                       const Tensor &rhs, hlo::ConvDimensionNumbersAttr dn,
                       const Window &window, int64_t featureGroups,
                       int64_t batchGroups, Results &results) {
  std::optional<ElementType> type = contractionType(op, context);
  if (!type)
    return failure();
  if (window.strides.size() != dn.getInputSpatialDimensions().size())
    return context.invalid(op, "window attributes do not match the rank");
  FailureOr<ConvPlan> plan = planConvolution(op, context, lhs, rhs, dn, window,
                                             featureGroups, batchGroups);
  if (failed(plan))
    return failure();
  visitAccumulator(*type, [&](auto tag) {
    using A = typename decltype(tag)::type;
    std::vector<A> l = loadAccumulators<A>(lhs, *type);
    std::vector<A> r = loadAccumulators<A>(rhs, *type);
    results.push_back(storeAccumulators(
        runConvolution(*plan, l.data(), r.data()), *type, plan->resultShape));
  });
  return success();
}

LogicalResult evalConvolution(Operation *op, Operands operands,
                              Results &results, EvalContext &context) {
  auto conv = cast<hlo::ConvolutionOp>(op);
  hlo::ConvDimensionNumbersAttr dn = conv.getDimensionNumbers();
  SmallVector<int64_t> padding;
  if (std::optional<DenseIntElementsAttr> attr = conv.getPadding())
    for (const APInt &value : attr->getValues<APInt>())
      padding.push_back(value.getSExtValue());
  Window window = makeWindow(dn.getInputSpatialDimensions().size(),
                             conv.getWindowStrides(), padding,
                             conv.getLhsDilation(), conv.getRhsDilation(),
                             conv.getWindowReversal());
  return convolve(op, context, operands[0].tensor(), operands[1].tensor(), dn,
                  window, conv.getFeatureGroupCount(),
                  conv.getBatchGroupCount(), results);
}

LogicalResult evalDynamicConv(Operation *op, Operands operands,
                              Results &results, EvalContext &context) {
  auto conv = cast<hlo::DynamicConvOp>(op);
  hlo::ConvDimensionNumbersAttr dn = conv.getDimensionNumbers();
  size_t spatialRank = dn.getInputSpatialDimensions().size();
  // d_padding is [spatial rank, 2]: low and high padding per dimension.
  const Tensor &paddingTensor = operands[2].tensor();
  if (paddingTensor.rank() != 2 ||
      paddingTensor.shape()[0] != static_cast<int64_t>(spatialRank) ||
      paddingTensor.shape()[1] != 2)
    return context.invalid(op, "d_padding must have shape [" +
                                   Twine(spatialRank) + ", 2]");
  SmallVector<int64_t> padding;
  for (int64_t i = 0; i < paddingTensor.numElements(); ++i)
    padding.push_back(integerElement(paddingTensor, i));
  Window window = makeWindow(spatialRank, conv.getWindowStrides(), padding,
                             conv.getLhsDilation(), conv.getRhsDilation(),
                             conv.getWindowReversal());
  return convolve(op, context, operands[0].tensor(), operands[1].tensor(), dn,
                  window, conv.getFeatureGroupCount(),
                  conv.getBatchGroupCount(), results);
}

} // namespace

void registerContractionEvaluators(EvaluatorRegistry &registry) {
  registry.add<hlo::ConvolutionOp>(evalConvolution);
  registry.add<hlo::DotGeneralOp>(evalDotGeneral);
  registry.add<hlo::DotOp>(evalDot);
  registry.add<hlo::DynamicConvOp>(evalDynamicConv);
  registry.add<hlo::EinsumOp>(evalEinsum);
  registry.add<hlo::UnaryEinsumOp>(evalUnaryEinsum);
}

} // namespace oxla::interp
