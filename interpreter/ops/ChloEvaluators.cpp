//===- ChloEvaluators.cpp - chlo ops ---------------------------------------===//
//
// The chlo ops evaluated directly rather than through their decompositions:
// the special functions are computed in double (complex<double> for complex
// types) and rounded once, so the interpreter stays an accurate oracle for
// the approximations the compiler lowers them to.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/CHLO/IR/CHLO.h"
#include "interpreter/Interpreter.h"
#include "interpreter/ops/ElementwiseKernels.h"
#include "interpreter/ops/EvaluatorSupport.h"
#include "interpreter/ops/IndexSpace.h"
#include "interpreter/ops/ScalarFunctions.h"
#include "interpreter/ops/SpecialFunctions.h"

#include "llvm/ADT/APFloat.h"

#include <algorithm>
#include <numeric>

using namespace mlir;
namespace chlo = oxla::chlo;

namespace oxla::interp {
namespace {

using Operands = ArrayRef<RuntimeValue>;
using Results = SmallVectorImpl<RuntimeValue>;
using scalar::Cplx;
using scalar::Float;
using scalar::Int;

//===- scalar functions ----------------------------------------------------===//

/// Real arguments are widened to double, complex<float> to complex<double>;
/// the result is rounded once to the operand type.
#define OXLA_CHLO_FLOAT_OR_COMPLEX(NAME, FN)                                   \
  struct NAME {                                                                \
    template <typename T, Float<T> = 0> T operator()(T x) const {              \
      return T(FN(double(x)));                                                 \
    }                                                                          \
    template <typename T, Cplx<T> = 0> T operator()(T x) const {               \
      return T(FN(std::complex<double>(x)));                                   \
    }                                                                          \
  };
#define OXLA_CHLO_FLOAT(NAME, FN)                                              \
  struct NAME {                                                                \
    template <typename T, Float<T> = 0> T operator()(T x) const {              \
      return T(FN(double(x)));                                                 \
    }                                                                          \
  };

OXLA_CHLO_FLOAT_OR_COMPLEX(Acos, std::acos)
OXLA_CHLO_FLOAT_OR_COMPLEX(Acosh, std::acosh)
OXLA_CHLO_FLOAT_OR_COMPLEX(Asin, std::asin)
OXLA_CHLO_FLOAT_OR_COMPLEX(Asinh, std::asinh)
OXLA_CHLO_FLOAT_OR_COMPLEX(Atan, std::atan)
OXLA_CHLO_FLOAT_OR_COMPLEX(Atanh, std::atanh)
OXLA_CHLO_FLOAT_OR_COMPLEX(Tan, std::tan)
OXLA_CHLO_FLOAT(BesselI1e, special::besselI1e)
OXLA_CHLO_FLOAT(Digamma, special::digamma)
OXLA_CHLO_FLOAT(Erf, std::erf)
OXLA_CHLO_FLOAT(Erfc, std::erfc)
OXLA_CHLO_FLOAT(ErfInv, special::erfInv)
OXLA_CHLO_FLOAT(Lgamma, std::lgamma)
#undef OXLA_CHLO_FLOAT_OR_COMPLEX
#undef OXLA_CHLO_FLOAT

/// Real cosh and sinh follow chlo's definition (its decomposition):
/// e^(x + log(1/2)) +- e^(-x + log(1/2)), whose shifted arguments are
/// rounded to the operand precision (f32 for the narrow types). For large
/// |x| that rounding moves the result by several ULPs, and results that
/// XLA produced carry it. Only exp itself is computed in double. sinh of
/// |x| < 1, where the formula would cancel, is computed directly.
template <typename T> double halfExp(T shifted) { return std::exp(double(shifted)); }
struct Cosh {
  template <typename T, Float<T> = 0> T operator()(T x) const {
    const T logHalf = T(-0.69314718055994530942);
    return T(halfExp<T>(x + logHalf) + halfExp<T>(logHalf - x));
  }
  template <typename T, Cplx<T> = 0> T operator()(T x) const {
    return T(std::cosh(std::complex<double>(x)));
  }
};
struct Sinh {
  template <typename T, Float<T> = 0> T operator()(T x) const {
    if (std::fabs(x) < 1)
      return T(std::sinh(double(x)));
    const T logHalf = T(-0.69314718055994530942);
    return T(halfExp<T>(x + logHalf) - halfExp<T>(logHalf - x));
  }
  template <typename T, Cplx<T> = 0> T operator()(T x) const {
    return T(std::sinh(std::complex<double>(x)));
  }
};

struct Conj {
  template <typename T, Float<T> = 0> T operator()(T x) const { return x; }
  template <typename T, Cplx<T> = 0> T operator()(T x) const { return std::conj(x); }
};
struct IsInf {
  template <typename T, Float<T> = 0> bool operator()(T x) const { return std::isinf(x); }
};
struct IsNegInf {
  template <typename T, Float<T> = 0> bool operator()(T x) const {
    return std::isinf(x) && x < 0;
  }
};
struct IsPosInf {
  template <typename T, Float<T> = 0> bool operator()(T x) const {
    return std::isinf(x) && x > 0;
  }
};

/// polygamma(n, x) takes the order first, like the op's operands.
struct Polygamma {
  template <typename T, Float<T> = 0> T operator()(T n, T x) const {
    return T(special::polygamma(double(n), double(x)));
  }
};
struct Zeta {
  template <typename T, Float<T> = 0> T operator()(T s, T q) const {
    return T(special::zeta(double(s), double(q)));
  }
};

/// The high half of the 2N-bit product; `bits` is the spec width N (4 for
/// si4, which lives in an int8).
struct MulHi {
  unsigned bits;
  template <typename T, Int<T> = 0> T operator()(T a, T b) const {
    if constexpr (sizeof(T) == 8) {
      using W = std::conditional_t<std::is_signed_v<T>, __int128, unsigned __int128>;
      return T((W(a) * W(b)) >> 64);
    } else {
      using W = std::conditional_t<std::is_signed_v<T>, int64_t, uint64_t>;
      return T((W(a) * W(b)) >> bits);
    }
  }
};

//===- elementwise evaluators ----------------------------------------------===//

template <typename Fn>
LogicalResult evalUnary(Operation *op, Operands operands, Results &results,
                        EvalContext &context) {
  const Tensor &x = operands[0].tensor();
  std::optional<ElementType> type = resultElementType(op, context);
  if (!type)
    return failure();
  Tensor result(*type, x.shape());
  if (!mapUnary(x, result, Fn{}))
    return unsupportedElementType(op, context, x.elementType());
  results.push_back(std::move(result));
  return success();
}

template <typename Fn>
LogicalResult evalBinary(Operation *op, Operands operands, Results &results,
                         EvalContext &context) {
  const Tensor &lhs = operands[0].tensor();
  const Tensor &rhs = operands[1].tensor();
  std::optional<ElementType> type = resultElementType(op, context);
  if (!type)
    return failure();
  Tensor result(*type, lhs.shape());
  bool handled;
  if constexpr (std::is_same_v<Fn, MulHi>)
    handled = mapBinary(lhs, rhs, result, MulHi{lhs.elementType().bitWidth()});
  else
    handled = mapBinary(lhs, rhs, result, Fn{});
  if (!handled)
    return unsupportedElementType(op, context, lhs.elementType());
  results.push_back(std::move(result));
  return success();
}

/// next_after(x, y): the representable neighbour of x in the direction of
/// y; y itself when x == y; NaN when either is NaN. Narrow floats step in
/// their own format (computing in float would round the step away).
LogicalResult evalNextAfter(Operation *op, Operands operands, Results &results,
                            EvalContext &context) {
  const Tensor &x = operands[0].tensor();
  const Tensor &y = operands[1].tensor();
  ElementType type = x.elementType();
  Tensor result(type, x.shape());
  int64_t n = x.numElements();
  if (type.kind() == ElementKind::F32) {
    for (int64_t i = 0; i < n; ++i)
      result.data<float>()[i] = std::nextafter(x.data<float>()[i], y.data<float>()[i]);
  } else if (type.kind() == ElementKind::F64) {
    for (int64_t i = 0; i < n; ++i)
      result.data<double>()[i] = std::nextafter(x.data<double>()[i], y.data<double>()[i]);
  } else if (type.isSmallFloat()) {
    const llvm::fltSemantics &semantics = type.floatSemantics();
    unsigned size = type.storageBytes(), width = type.bitWidth();
    auto load = [&](const Tensor &t, int64_t i) {
      uint64_t bits = 0;
      std::memcpy(&bits, t.bytes() + i * size, size);
      return llvm::APFloat(semantics, llvm::APInt(width, bits));
    };
    for (int64_t i = 0; i < n; ++i) {
      llvm::APFloat from = load(x, i), to = load(y, i);
      llvm::APFloat next = from;
      switch (from.compare(to)) {
      case llvm::APFloat::cmpUnordered:
        next = from.isNaN() ? from : to;
        break;
      case llvm::APFloat::cmpEqual:
        next = to;
        break;
      case llvm::APFloat::cmpLessThan:
        next.next(/*nextDown=*/false);
        break;
      case llvm::APFloat::cmpGreaterThan:
        next.next(/*nextDown=*/true);
        break;
      }
      uint64_t bits = next.bitcastToAPInt().getZExtValue();
      std::memcpy(result.bytes() + i * size, &bits, size);
    }
  } else {
    return unsupportedElementType(op, context, type);
  }
  results.push_back(std::move(result));
  return success();
}

//===- top_k ---------------------------------------------------------------===//

/// Order-preserving unsigned keys for the elements of `x`. Floats follow
/// the total order (-NaN < -Inf < ... < -0 < +0 < ... < +Inf < +NaN), which
/// is how XLA ranks NaNs in top_k.
bool orderKeys(const Tensor &x, std::vector<uint64_t> &keys) {
  constexpr uint64_t kSignBit = uint64_t(1) << 63;
  ElementType type = x.elementType();
  int64_t n = x.numElements();
  keys.resize(n);
  auto floatKey = [&](double value) {
    int64_t bits;
    std::memcpy(&bits, &value, 8);
    int64_t ordered = bits < 0 ? (bits ^ 0x7FFFFFFFFFFFFFFFLL) : bits;
    return uint64_t(ordered) ^ kSignBit;
  };
  if (type.isSmallFloat()) {
    unsigned size = type.storageBytes();
    for (int64_t i = 0; i < n; ++i)
      keys[i] = floatKey(smallFloatToFloat(type.kind(), x.bytes() + i * size));
    return true;
  }
  if (type.isComplex())
    return false;
  visitStorageType(type.kind(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    for (int64_t i = 0; i < n; ++i) {
      T value = loadElement<T>(x.bytes(), i);
      if constexpr (std::is_floating_point_v<T>)
        keys[i] = floatKey(double(value));
      else if constexpr (std::is_same_v<T, bool> || std::is_unsigned_v<T>)
        keys[i] = uint64_t(value);
      else if constexpr (std::is_integral_v<T>)
        keys[i] = uint64_t(int64_t(value)) ^ kSignBit;
    }
  });
  return true;
}

/// The k largest elements of every row (last dimension), largest first, or
/// with `largest = false` the k smallest, smallest first; equal elements keep
/// their order, so ties go to the lower index.
LogicalResult evalTopK(Operation *op, Operands operands, Results &results,
                       EvalContext &context) {
  auto topK = cast<chlo::TopKOp>(op);
  const Tensor &x = operands[0].tensor();
  if (x.rank() == 0)
    return context.invalid(op, "top_k needs an operand of rank at least 1");
  int64_t width = x.shape().back();
  int64_t k = static_cast<int64_t>(topK.getK());
  if (k < 0 || k > width)
    return context.invalid(op, "k = " + Twine(k) + " is outside [0, " +
                                   Twine(width) + "]");
  std::optional<ElementType> indexType = resultElementType(op, context, 1);
  if (!indexType)
    return failure();
  if (!indexType->isInt())
    return unsupportedElementType(op, context, *indexType);
  std::vector<uint64_t> keys;
  if (!orderKeys(x, keys))
    return unsupportedElementType(op, context, x.elementType());

  Shape shape(x.shape().begin(), x.shape().end());
  shape.back() = k;
  Tensor values(x.elementType(), shape);
  Tensor indices(*indexType, shape);
  int64_t rows = width == 0 ? 0 : x.numElements() / width;
  std::vector<int64_t> order(width);
  unsigned indexBits = indexType->bitWidth();
  bool largest = topK.isLargest();
  for (int64_t row = 0; row < rows; ++row) {
    const uint64_t *rowKeys = keys.data() + row * width;
    std::iota(order.begin(), order.end(), 0);
    // Larger (smaller) keys first, equal keys by index: the order a stable
    // sort gives.
    std::partial_sort(order.begin(), order.begin() + k, order.end(),
                      [&](int64_t a, int64_t b) {
                        if (rowKeys[a] != rowKeys[b])
                          return largest ? rowKeys[a] > rowKeys[b]
                                         : rowKeys[a] < rowKeys[b];
                        return a < b;
                      });
    for (int64_t j = 0; j < k; ++j) {
      values.copyElementFrom(x, row * width + order[j], row * k + j);
      visitStorageType(indexType->kind(), [&](auto tag) {
        using I = typename decltype(tag)::type;
        if constexpr (std::is_integral_v<I> && !std::is_same_v<I, bool>)
          storeElement<I>(indices.bytes(), row * k + j,
                          wrapToWidth(static_cast<I>(order[j]), indexBits));
      });
    }
  }
  results.push_back(std::move(values));
  results.push_back(std::move(indices));
  return success();
}

//===- ragged_dot ----------------------------------------------------------===//

/// Element `i` of a real tensor as a double (exact for every float type).
double realElement(const Tensor &t, int64_t i) {
  ElementType type = t.elementType();
  if (type.isSmallFloat())
    return smallFloatToFloat(type.kind(), t.bytes() + i * type.storageBytes());
  double value = 0;
  visitStorageType(type.kind(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (!scalar::IsComplexT<T>::value)
      value = double(loadElement<T>(t.bytes(), i));
  });
  return value;
}

/// ragged_dot is dot_general where one lhs dimension (the ragged one) is
/// split into consecutive groups of group_sizes[..., g] elements:
///  - ragged non-contracting dimension: group j's rows multiply rhs slice j
///    of the rhs group dimension;
///  - ragged contracting dimension: result slice j (a new leading
///    dimension) contracts only over group j's part of that dimension;
///  - ragged batch dimension: an ordinary batched dot.
/// Positions past the last group contribute nothing. group_sizes has the
/// groups last, preceded by the lhs batch dimensions and the lhs dimensions
/// of the ragged dimension's kind that precede it (or is rank 1, one set of
/// sizes for all).
LogicalResult evalRaggedDot(Operation *op, Operands operands, Results &results,
                            EvalContext &context) {
  auto dot = cast<chlo::RaggedDotOp>(op);
  chlo::RaggedDotDimensionNumbersAttr numbers = dot.getRaggedDotDimensionNumbers();
  const Tensor &lhs = operands[0].tensor();
  const Tensor &rhs = operands[1].tensor();
  const Tensor &groupSizes = operands[2].tensor();
  std::optional<ElementType> type = resultElementType(op, context);
  if (!type)
    return failure();
  if (lhs.elementType().isComplex() || rhs.elementType().isComplex() ||
      type->isComplex() || type->isBool())
    return unsupportedElementType(op, context, *type);
  ArrayRef<int64_t> lb = numbers.getLhsBatchingDimensions();
  ArrayRef<int64_t> rb = numbers.getRhsBatchingDimensions();
  ArrayRef<int64_t> lc = numbers.getLhsContractingDimensions();
  ArrayRef<int64_t> rc = numbers.getRhsContractingDimensions();
  ArrayRef<int64_t> rg = numbers.getRhsGroupDimensions();
  if (numbers.getLhsRaggedDimensions().size() != 1)
    return context.invalid(op, "expected one lhs ragged dimension");
  int64_t ragged = numbers.getLhsRaggedDimensions()[0];
  enum class Mode { NonContracting, Contracting, Batch };
  Mode mode = llvm::is_contained(lc, ragged)   ? Mode::Contracting
              : llvm::is_contained(lb, ragged) ? Mode::Batch
                                               : Mode::NonContracting;
  if (mode == Mode::NonContracting && rg.size() != 1)
    return context.invalid(op, "a ragged non-contracting dimension needs one rhs group dimension");
  int64_t groups = groupSizes.rank() ? groupSizes.shape().back() : 0;

  SmallVector<int64_t> lhsFree, rhsFree;
  for (int64_t d = 0; d < lhs.rank(); ++d)
    if (!llvm::is_contained(lb, d) && !llvm::is_contained(lc, d))
      lhsFree.push_back(d);
  for (int64_t d = 0; d < rhs.rank(); ++d)
    if (!llvm::is_contained(rb, d) && !llvm::is_contained(rc, d) &&
        !llvm::is_contained(rg, d))
      rhsFree.push_back(d);
  // The lhs dimensions that index group_sizes, in order.
  SmallVector<int64_t> groupDims;
  ArrayRef<int64_t> sameKind = mode == Mode::Contracting ? lc : lb;
  for (int64_t d = 0; d < ragged; ++d) {
    bool kindMatches = mode == Mode::NonContracting
                           ? !llvm::is_contained(lc, d)
                           : llvm::is_contained(sameKind, d) || llvm::is_contained(lb, d);
    if (kindMatches)
      groupDims.push_back(d);
  }
  if (groupSizes.rank() != 1 &&
      groupSizes.rank() != static_cast<int64_t>(groupDims.size()) + 1)
    return context.unsupported(op, "this group_sizes shape");
  if (groupSizes.rank() == 1)
    groupDims.clear();

  // The group of lhs position `lhsIndex` along the ragged dimension, or -1.
  auto groupOf = [&](ArrayRef<int64_t> lhsIndex) -> int64_t {
    int64_t base = 0;
    for (int64_t d : groupDims)
      base = base * lhs.shape()[d] + lhsIndex[d];
    base *= groups;
    int64_t end = 0, position = lhsIndex[ragged];
    for (int64_t j = 0; j < groups; ++j) {
      end += integerElement(groupSizes, base + j);
      if (position < end)
        return j;
    }
    return -1;
  };

  Shape resultShape;
  if (mode == Mode::Contracting)
    resultShape.push_back(groups);
  for (int64_t d : lb)
    resultShape.push_back(lhs.shape()[d]);
  for (int64_t d : lhsFree)
    resultShape.push_back(lhs.shape()[d]);
  for (int64_t d : rhsFree)
    resultShape.push_back(rhs.shape()[d]);
  Shape contractingShape;
  for (int64_t d : lc)
    contractingShape.push_back(lhs.shape()[d]);

  Tensor result(*type, resultShape);
  Shape lhsIndex(lhs.rank()), rhsIndex(rhs.rank());
  bool integerResult = type->isInt();
  forEachIndex(resultShape, [&](ArrayRef<int64_t> index, int64_t linear) {
    size_t pos = 0;
    int64_t resultGroup = mode == Mode::Contracting ? index[pos++] : -1;
    for (size_t i = 0; i < lb.size(); ++i, ++pos) {
      lhsIndex[lb[i]] = index[pos];
      rhsIndex[rb[i]] = index[pos];
    }
    for (int64_t d : lhsFree)
      lhsIndex[d] = index[pos++];
    for (int64_t d : rhsFree)
      rhsIndex[d] = index[pos++];
    double sum = 0;
    int64_t intSum = 0;
    forEachIndex(contractingShape, [&](ArrayRef<int64_t> c, int64_t) {
      for (size_t i = 0; i < lc.size(); ++i) {
        lhsIndex[lc[i]] = c[i];
        rhsIndex[rc[i]] = c[i];
      }
      int64_t group = groupOf(lhsIndex);
      if (group < 0 || (mode == Mode::Contracting && group != resultGroup))
        return;
      if (mode == Mode::NonContracting)
        rhsIndex[rg[0]] = group;
      int64_t l = lhs.linearIndex(lhsIndex), r = rhs.linearIndex(rhsIndex);
      if (integerResult)
        intSum += integerElement(lhs, l) * integerElement(rhs, r);
      else
        sum += realElement(lhs, l) * realElement(rhs, r);
    });
    if (type->isSmallFloat()) {
      storeSmallFloat(type->kind(), float(sum),
                      result.bytes() + linear * type->storageBytes());
      return;
    }
    visitStorageType(type->kind(), [&](auto tag) {
      using T = typename decltype(tag)::type;
      if constexpr (std::is_floating_point_v<T>)
        storeElement<T>(result.bytes(), linear, T(sum));
      else if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>)
        storeElement<T>(result.bytes(), linear,
                        wrapToWidth(static_cast<T>(intSum), type->bitWidth()));
    });
  });
  results.push_back(std::move(result));
  return success();
}

//===- scan ----------------------------------------------------------------===//

/// Slice `i` of `t` along `dim`, with that dimension erased.
Tensor sliceAlong(const Tensor &t, int64_t dim, int64_t i) {
  Shape shape(t.shape().begin(), t.shape().end());
  int64_t size = shape[dim];
  shape.erase(shape.begin() + dim);
  Tensor slice(t.elementType(), shape);
  int64_t inner = numElementsOf(t.shape().drop_front(dim + 1));
  int64_t outer = numElementsOf(t.shape().take_front(dim));
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t in = 0; in < inner; ++in)
      slice.copyElementFrom(t, (o * size + i) * inner + in, o * inner + in);
  return slice;
}

/// Writes `slice` (dimension `dim` erased) at position `i` of `t`.
void insertAlong(Tensor &t, int64_t dim, int64_t i, const Tensor &slice) {
  int64_t size = t.shape()[dim];
  int64_t inner = numElementsOf(t.shape().drop_front(dim + 1));
  int64_t outer = numElementsOf(t.shape().take_front(dim));
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t in = 0; in < inner; ++in)
      t.copyElementFrom(slice, o * inner + in, (o * size + i) * inner + in);
}

/// A loop over positions along `dimension` (from the end when is_reverse):
/// the body maps (input slices..., carries...) to (output slices...,
/// carries...); the outputs stack the slices back along `dimension`.
LogicalResult evalScan(Operation *op, Operands operands, Results &results,
                       EvalContext &context) {
  auto scan = cast<chlo::ScanOp>(op);
  size_t numInputs = scan.getInputs().size();
  size_t numCarries = scan.getInits().size();
  size_t numOutputs = op->getNumResults() - numCarries;
  int64_t dim = static_cast<int64_t>(scan.getDimension());
  bool reverse = scan.getIsReverse().value_or(false);

  int64_t length = -1;
  for (size_t i = 0; i < numInputs; ++i) {
    const Tensor &input = operands[i].tensor();
    if (dim >= input.rank())
      return context.invalid(op, "dimension " + Twine(dim) + " is out of range");
    if (length >= 0 && input.shape()[dim] != length)
      return context.invalid(op, "inputs differ in the scanned dimension's size");
    length = input.shape()[dim];
  }
  SmallVector<Tensor> outputs;
  for (size_t i = 0; i < numOutputs; ++i) {
    auto resultType = dyn_cast<RankedTensorType>(op->getResult(i).getType());
    if (!resultType || !resultType.hasStaticShape())
      return context.unsupported(op, "scan with dynamically shaped outputs");
    std::optional<ElementType> type = resultElementType(op, context, i);
    if (!type)
      return failure();
    if (dim >= resultType.getRank())
      return context.invalid(op, "dimension " + Twine(dim) + " is out of range");
    if (length < 0)
      length = resultType.getShape()[dim];
    outputs.emplace_back(*type, resultType.getShape());
  }
  if (length < 0)
    length = 0;

  SmallVector<RuntimeValue> carries(operands.begin() + numInputs,
                                    operands.begin() + numInputs + numCarries);
  SmallVector<RuntimeValue> arguments;
  for (int64_t step = 0; step < length; ++step) {
    int64_t position = reverse ? length - 1 - step : step;
    arguments.clear();
    for (size_t i = 0; i < numInputs; ++i)
      arguments.push_back(sliceAlong(operands[i].tensor(), dim, position));
    arguments.append(carries.begin(), carries.end());
    FailureOr<SmallVector<RuntimeValue>> body =
        context.runRegion(scan.getBody(), arguments);
    if (failed(body))
      return failure();
    if (body->size() != numOutputs + numCarries)
      return context.invalid(op, "the body returns " + Twine(body->size()) +
                                     " values, expected " +
                                     Twine(numOutputs + numCarries));
    for (size_t i = 0; i < numOutputs; ++i) {
      const Tensor &slice = (*body)[i].tensor();
      if (slice.numElements() * outputs[i].shape()[dim] != outputs[i].numElements() ||
          slice.elementType() != outputs[i].elementType())
        return context.invalid(op, "an output slice does not fit its result");
      insertAlong(outputs[i], dim, position, slice);
    }
    carries.assign(body->begin() + numOutputs, body->end());
  }
  for (Tensor &output : outputs)
    results.push_back(std::move(output));
  results.append(carries.begin(), carries.end());
  return success();
}

} // namespace

void registerChloEvaluators(EvaluatorRegistry &registry) {
  registry.add<chlo::AcosOp>(evalUnary<Acos>);
  registry.add<chlo::AcoshOp>(evalUnary<Acosh>);
  registry.add<chlo::AsinOp>(evalUnary<Asin>);
  registry.add<chlo::AsinhOp>(evalUnary<Asinh>);
  registry.add<chlo::AtanOp>(evalUnary<Atan>);
  registry.add<chlo::AtanhOp>(evalUnary<Atanh>);
  registry.add<chlo::BesselI1eOp>(evalUnary<BesselI1e>);
  registry.add<chlo::ConjOp>(evalUnary<Conj>);
  registry.add<chlo::CoshOp>(evalUnary<Cosh>);
  registry.add<chlo::DigammaOp>(evalUnary<Digamma>);
  registry.add<chlo::ErfOp>(evalUnary<Erf>);
  registry.add<chlo::ErfcOp>(evalUnary<Erfc>);
  registry.add<chlo::ErfInvOp>(evalUnary<ErfInv>);
  registry.add<chlo::IsInfOp>(evalUnary<IsInf>);
  registry.add<chlo::IsNegInfOp>(evalUnary<IsNegInf>);
  registry.add<chlo::IsPosInfOp>(evalUnary<IsPosInf>);
  registry.add<chlo::LgammaOp>(evalUnary<Lgamma>);
  registry.add<chlo::SinhOp>(evalUnary<Sinh>);
  registry.add<chlo::TanOp>(evalUnary<Tan>);

  registry.add<chlo::MulhiOp>(evalBinary<MulHi>);
  registry.add<chlo::NextAfterOp>(evalNextAfter);
  registry.add<chlo::PolygammaOp>(evalBinary<Polygamma>);
  registry.add<chlo::ZetaOp>(evalBinary<Zeta>);

  registry.add<chlo::RaggedDotOp>(evalRaggedDot);
  registry.add<chlo::ScanOp>(evalScan);
  registry.add<chlo::TopKOp>(evalTopK);
}

} // namespace oxla::interp
