//===- LinalgEvaluators.cpp - fft, cholesky, triangular_solve, batch_norm ===//
//
// Spec "fft", "cholesky", "triangular_solve", "batch_norm_inference",
// "batch_norm_training" and "batch_norm_grad".
//
// All of them compute in double (complex<double> for complex types) and round
// once to the result element type: the spec leaves their precision to the
// implementation, and double keeps the result within rounding of the exact
// value for the sizes the corpus uses. The narrow float types go through
// float on the way back, as everywhere in the interpreter.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "interpreter/Interpreter.h"
#include "interpreter/Numerics.h"
#include "interpreter/ops/EvaluatorSupport.h"
#include "interpreter/ops/IndexSpace.h"

#include <cmath>
#include <complex>
#include <limits>
#include <type_traits>
#include <vector>

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace oxla::interp {
namespace {

using Operands = ArrayRef<RuntimeValue>;
using Results = SmallVectorImpl<RuntimeValue>;
using Complex = std::complex<double>;

//===- Loading and storing ------------------------------------------------===//

/// The elements of a float tensor as doubles.
std::vector<double> loadReals(const Tensor &tensor) {
  int64_t n = tensor.numElements();
  std::vector<double> values(n);
  ElementType type = tensor.elementType();
  if (type.kind() == ElementKind::F64) {
    const double *data = tensor.data<double>();
    values.assign(data, data + n);
  } else if (type.kind() == ElementKind::F32) {
    const float *data = tensor.data<float>();
    for (int64_t i = 0; i < n; ++i)
      values[i] = data[i];
  } else {
    unsigned size = type.storageBytes();
    for (int64_t i = 0; i < n; ++i)
      values[i] = smallFloatToFloat(type.kind(), tensor.bytes() + i * size);
  }
  return values;
}

/// The elements of a complex tensor as complex<double>.
std::vector<Complex> loadComplexes(const Tensor &tensor) {
  int64_t n = tensor.numElements();
  std::vector<Complex> values(n);
  if (tensor.elementType().kind() == ElementKind::C128) {
    const Complex *data = tensor.data<Complex>();
    values.assign(data, data + n);
  } else {
    const std::complex<float> *data = tensor.data<std::complex<float>>();
    for (int64_t i = 0; i < n; ++i)
      values[i] = Complex(data[i].real(), data[i].imag());
  }
  return values;
}

/// Rounds `value` to the float type `type` and stores it as element `i`.
void storeReal(Tensor &tensor, int64_t i, double value) {
  ElementType type = tensor.elementType();
  if (type.kind() == ElementKind::F64)
    tensor.data<double>()[i] = value;
  else if (type.kind() == ElementKind::F32)
    tensor.data<float>()[i] = static_cast<float>(value);
  else
    storeSmallFloat(type.kind(), static_cast<float>(value),
                    tensor.bytes() + i * type.storageBytes());
}

Tensor storeReals(ElementType type, ArrayRef<int64_t> shape,
                  ArrayRef<double> values) {
  Tensor tensor(type, shape);
  for (size_t i = 0; i < values.size(); ++i)
    storeReal(tensor, i, values[i]);
  return tensor;
}

Tensor storeComplexes(ElementType type, ArrayRef<int64_t> shape,
                      ArrayRef<Complex> values) {
  Tensor tensor(type, shape);
  if (type.kind() == ElementKind::C128) {
    std::copy(values.begin(), values.end(), tensor.data<Complex>());
  } else {
    auto *out = tensor.data<std::complex<float>>();
    for (size_t i = 0; i < values.size(); ++i)
      out[i] = std::complex<float>(static_cast<float>(values[i].real()),
                                   static_cast<float>(values[i].imag()));
  }
  return tensor;
}

/// `value` rounded to the float type `type` (and widened back).
double roundTo(ElementType type, double value) {
  Tensor scalar(type, {});
  storeReal(scalar, 0, value);
  return loadReals(scalar)[0];
}

//===- fft -----------------------------------------------------------------===//

/// exp(-+2 pi i k / n) for k in [0, n): the forward (or inverse) roots.
std::vector<Complex> rootsOfUnity(int64_t n, bool inverse) {
  std::vector<Complex> roots(n);
  double sign = inverse ? 1.0 : -1.0;
  for (int64_t k = 0; k < n; ++k) {
    double angle = sign * 2.0 * M_PI * static_cast<double>(k) / static_cast<double>(n);
    roots[k] = Complex(std::cos(angle), std::sin(angle));
  }
  return roots;
}

/// The discrete Fourier transform of `line` (length n) into `out`: a plain
/// O(n^2) sum, which is accurate and fast enough for the sizes in use. The
/// inverse divides by n, as the spec's ifft inverts fft.
void dft(ArrayRef<Complex> line, ArrayRef<Complex> roots, bool inverse,
         MutableArrayRef<Complex> out) {
  int64_t n = line.size();
  for (int64_t t = 0; t < static_cast<int64_t>(out.size()); ++t) {
    Complex sum = 0;
    for (int64_t k = 0, r = 0; k < n; ++k, r = (r + t) % n)
      sum += line[k] * roots[r];
    out[t] = inverse ? sum / static_cast<double>(n) : sum;
  }
}

/// Applies fft (or ifft) to every 1-d slice of `data` along `axis`.
void transformAxis(std::vector<Complex> &data, ArrayRef<int64_t> shape,
                   int64_t axis, bool inverse) {
  int64_t n = shape[axis];
  if (n == 0 || data.empty())
    return;
  int64_t stride = stridesOf(shape)[axis];
  int64_t outer = static_cast<int64_t>(data.size()) / (n * stride);
  std::vector<Complex> roots = rootsOfUnity(n, inverse);
  std::vector<Complex> line(n), out(n);
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t s = 0; s < stride; ++s) {
      int64_t base = o * n * stride + s;
      for (int64_t k = 0; k < n; ++k)
        line[k] = data[base + k * stride];
      dft(line, roots, inverse, out);
      for (int64_t k = 0; k < n; ++k)
        data[base + k * stride] = out[k];
    }
  }
}

LogicalResult evalFft(Operation *op, Operands operands, Results &results,
                      EvalContext &context) {
  auto fft = cast<hlo::FftOp>(op);
  const Tensor &operand = operands[0].tensor();
  std::optional<ElementType> resultType = resultElementType(op, context);
  if (!resultType)
    return failure();
  ArrayRef<int64_t> lengths = fft.getFftLength();
  Shape operandShape(operand.shape()), resultShape;
  auto resultTensorType = cast<RankedTensorType>(op->getResult(0).getType());
  resultShape.assign(resultTensorType.getShape().begin(),
                     resultTensorType.getShape().end());
  int64_t rank = operand.rank(), count = lengths.size();
  if (count < 1 || count > rank ||
      static_cast<int64_t>(resultShape.size()) != rank)
    return context.invalid(op, "fft_length does not fit the operand's rank");
  // The transformed axes are the trailing ones; the real tensor of an
  // RFFT/IRFFT has exactly fft_length there, the complex side n/2+1 last.
  hlo::FftType kind = fft.getFftType();
  bool real = kind == hlo::FftType::RFFT || kind == hlo::FftType::IRFFT;
  ArrayRef<int64_t> fullShape =
      kind == hlo::FftType::IRFFT ? ArrayRef<int64_t>(resultShape)
                                  : ArrayRef<int64_t>(operandShape);
  for (int64_t i = 0; i < count; ++i)
    if (fullShape[rank - count + i] != lengths[i])
      return context.invalid(op, "fft_length does not match the operand's "
                                 "trailing dimensions");
  int64_t last = rank - 1;
  if (real) {
    int64_t n = lengths.back(), half = n == 0 ? 0 : n / 2 + 1;
    ArrayRef<int64_t> complexShape =
        kind == hlo::FftType::RFFT ? ArrayRef<int64_t>(resultShape)
                                   : ArrayRef<int64_t>(operandShape);
    if (complexShape[last] != half)
      return context.invalid(op, "the complex side's last dimension is not "
                                 "fft_length[-1] / 2 + 1");
  }

  switch (kind) {
  case hlo::FftType::FFT:
  case hlo::FftType::IFFT: {
    bool inverse = kind == hlo::FftType::IFFT;
    std::vector<Complex> data = loadComplexes(operand);
    for (int64_t i = 0; i < count; ++i)
      transformAxis(data, operandShape, inverse ? rank - count + i : last - i,
                    inverse);
    results.push_back(storeComplexes(*resultType, resultShape, data));
    return success();
  }
  case hlo::FftType::RFFT: {
    // rfft along the last axis keeps the first n/2+1 outputs; fft follows
    // along the other transformed axes.
    std::vector<double> input = loadReals(operand);
    int64_t n = operandShape[last], half = resultShape[last];
    int64_t lines = n == 0 ? 0 : static_cast<int64_t>(input.size()) / n;
    std::vector<Complex> data(numElementsOf(resultShape));
    std::vector<Complex> roots = rootsOfUnity(n, /*inverse=*/false);
    std::vector<Complex> line(n);
    for (int64_t l = 0; l < lines; ++l) {
      for (int64_t k = 0; k < n; ++k)
        line[k] = input[l * n + k];
      dft(line, roots, /*inverse=*/false,
          MutableArrayRef<Complex>(data.data() + l * half, half));
    }
    for (int64_t i = 1; i < count; ++i)
      transformAxis(data, resultShape, last - i, /*inverse=*/false);
    results.push_back(storeComplexes(*resultType, resultShape, data));
    return success();
  }
  case hlo::FftType::IRFFT: {
    std::vector<Complex> data = loadComplexes(operand);
    for (int64_t i = 0; i + 1 < count; ++i)
      transformAxis(data, operandShape, rank - count + i, /*inverse=*/true);
    // irfft inverts rfft: the missing outputs are the conjugates of the kept
    // ones (Hermitian symmetry) and the result is the real part. That makes
    // the imaginary parts of the zero (and Nyquist) frequency irrelevant.
    int64_t n = resultShape[last], half = operandShape[last];
    int64_t lines = n == 0 ? 0 : numElementsOf(resultShape) / n;
    std::vector<double> output(numElementsOf(resultShape));
    std::vector<Complex> roots = rootsOfUnity(n, /*inverse=*/true);
    std::vector<Complex> line(n), out(n);
    for (int64_t l = 0; l < lines; ++l) {
      const Complex *kept = data.data() + l * half;
      for (int64_t k = 0; k < n; ++k)
        line[k] = k < half ? kept[k] : std::conj(kept[n - k]);
      dft(line, roots, /*inverse=*/true, out);
      for (int64_t t = 0; t < n; ++t)
        output[l * n + t] = out[t].real();
    }
    results.push_back(storeReals(*resultType, resultShape, output));
    return success();
  }
  }
  return context.unsupported(op, "fft_type");
}

//===- Matrices -----------------------------------------------------------===//

inline double conjugate(double x) { return x; }
inline Complex conjugate(Complex x) { return std::conj(x); }
inline double realPart(double x) { return x; }
inline double realPart(Complex x) { return x.real(); }
template <typename T> T notANumber() {
  double nan = std::numeric_limits<double>::quiet_NaN();
  if constexpr (std::is_same_v<T, Complex>)
    return Complex(nan, nan);
  else
    return nan;
}

template <typename T> std::vector<T> loadMatrixValues(const Tensor &tensor);
template <> std::vector<double> loadMatrixValues(const Tensor &tensor) {
  return loadReals(tensor);
}
template <> std::vector<Complex> loadMatrixValues(const Tensor &tensor) {
  return loadComplexes(tensor);
}

Tensor storeMatrixValues(ElementType type, ArrayRef<int64_t> shape,
                         ArrayRef<double> values) {
  return storeReals(type, shape, values);
}
Tensor storeMatrixValues(ElementType type, ArrayRef<int64_t> shape,
                         ArrayRef<Complex> values) {
  return storeComplexes(type, shape, values);
}

/// Runs `fn` with the computation type for a float (double) or complex
/// (complex<double>) element type; false for anything else.
template <typename Fn> bool visitFloatOrComplex(ElementType type, Fn &&fn) {
  if (type.isFloat()) {
    fn(double{});
    return true;
  }
  if (type.isComplex()) {
    fn(Complex{});
    return true;
  }
  return false;
}

//===- cholesky ------------------------------------------------------------===//

/// The Cholesky factor of one n x n matrix at `a`, reading only the triangle
/// `lower` names. The other triangle of the result is zero. A matrix that is
/// not Hermitian positive-definite (a pivot that is not positive, or NaN)
/// gives an all-NaN result: the spec leaves it implementation-defined, and
/// NaN is what XLA backends and JAX report for a failed factorization.
template <typename T>
void choleskyMatrix(const T *a, T *out, int64_t n, bool lower) {
  // Work on the lower factor L of a = L L^H; for upper, U = L^H where L is
  // the factor of the matrix whose lower triangle is conj(a^T).
  auto at = [&](int64_t i, int64_t j) {
    return lower ? a[i * n + j] : conjugate(a[j * n + i]);
  };
  std::vector<T> l(n * n, T(0));
  for (int64_t j = 0; j < n; ++j) {
    double pivot = realPart(at(j, j));
    for (int64_t k = 0; k < j; ++k)
      pivot -= std::norm(l[j * n + k]);
    if (!(pivot > 0)) {
      std::fill(out, out + n * n, notANumber<T>());
      return;
    }
    double diagonal = std::sqrt(pivot);
    l[j * n + j] = diagonal;
    for (int64_t i = j + 1; i < n; ++i) {
      T sum = at(i, j);
      for (int64_t k = 0; k < j; ++k)
        sum -= l[i * n + k] * conjugate(l[j * n + k]);
      l[i * n + j] = sum / diagonal;
    }
  }
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j)
      out[i * n + j] = lower ? l[i * n + j] : conjugate(l[j * n + i]);
}

LogicalResult evalCholesky(Operation *op, Operands operands, Results &results,
                           EvalContext &context) {
  auto cholesky = cast<hlo::CholeskyOp>(op);
  const Tensor &a = operands[0].tensor();
  ElementType type = a.elementType();
  if (a.rank() < 2 || a.shape()[a.rank() - 1] != a.shape()[a.rank() - 2])
    return context.invalid(op, "operand is not a batch of square matrices");
  int64_t n = a.shape().back();
  int64_t batches = n == 0 ? 0 : a.numElements() / (n * n);
  bool lower = cholesky.getLower();
  bool handled = visitFloatOrComplex(type, [&](auto tag) {
    using T = decltype(tag);
    std::vector<T> values = loadMatrixValues<T>(a);
    std::vector<T> out(values.size());
    for (int64_t b = 0; b < batches; ++b)
      choleskyMatrix(values.data() + b * n * n, out.data() + b * n * n, n, lower);
    results.push_back(storeMatrixValues(type, a.shape(), ArrayRef<T>(out)));
  });
  if (!handled)
    return unsupportedElementType(op, context, type);
  return success();
}

//===- triangular_solve ----------------------------------------------------===//

/// Solves op(a) x = b (left side) or x op(a) = b for one matrix pair, where
/// op(a) is the triangle of `a` that `lower` names (with a unit diagonal if
/// `unitDiagonal`), transposed or adjoined as `transpose` says. Only that
/// triangle of `a` is read. `b` is m x k (left) or k x m (right).
template <typename T>
void triangularSolveMatrix(const T *a, const T *b, T *x, int64_t m, int64_t k,
                           bool leftSide, bool lower, bool unitDiagonal,
                           hlo::Transpose transpose) {
  // The effective matrix op(a), dense; lower-triangular unless transposing
  // flips the triangle.
  std::vector<T> op(m * m, T(0));
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < m; ++j) {
      if (lower ? j > i : j < i)
        continue;
      T value = i == j && unitDiagonal ? T(1) : a[i * m + j];
      switch (transpose) {
      case hlo::Transpose::TRANSPOSE:
        op[j * m + i] = value;
        break;
      case hlo::Transpose::ADJOINT:
        op[j * m + i] = conjugate(value);
        break;
      default:
        op[i * m + j] = value;
        break;
      }
    }
  }
  bool opLower = lower == (transpose == hlo::Transpose::NO_TRANSPOSE);
  auto M = [&](int64_t i, int64_t j) { return op[i * m + j]; };
  if (leftSide) {
    // Column c of x: forward substitution for lower, back for upper.
    for (int64_t c = 0; c < k; ++c) {
      for (int64_t s = 0; s < m; ++s) {
        int64_t i = opLower ? s : m - 1 - s;
        T sum = b[i * k + c];
        if (opLower)
          for (int64_t j = 0; j < i; ++j)
            sum -= M(i, j) * x[j * k + c];
        else
          for (int64_t j = i + 1; j < m; ++j)
            sum -= M(i, j) * x[j * k + c];
        x[i * k + c] = sum / M(i, i);
      }
    }
    return;
  }
  // Row r of x solves x op(a) = b: x[j] is fixed by column j of op(a), from
  // the last column for lower, from the first for upper.
  for (int64_t r = 0; r < k; ++r) {
    for (int64_t s = 0; s < m; ++s) {
      int64_t j = opLower ? m - 1 - s : s;
      T sum = b[r * m + j];
      if (opLower)
        for (int64_t i = j + 1; i < m; ++i)
          sum -= x[r * m + i] * M(i, j);
      else
        for (int64_t i = 0; i < j; ++i)
          sum -= x[r * m + i] * M(i, j);
      x[r * m + j] = sum / M(j, j);
    }
  }
}

LogicalResult evalTriangularSolve(Operation *op, Operands operands,
                                  Results &results, EvalContext &context) {
  auto solve = cast<hlo::TriangularSolveOp>(op);
  const Tensor &a = operands[0].tensor(), &b = operands[1].tensor();
  ElementType type = b.elementType();
  int64_t rank = a.rank();
  if (rank < 2 || b.rank() != rank || a.shape()[rank - 1] != a.shape()[rank - 2] ||
      a.shape().drop_back(2) != b.shape().drop_back(2))
    return context.invalid(op, "operands are not batches of matching matrices");
  if (solve.getTransposeA() == hlo::Transpose::TRANSPOSE_INVALID)
    return context.invalid(op, "transpose_a is TRANSPOSE_INVALID");
  bool leftSide = solve.getLeftSide();
  int64_t m = a.shape().back();
  int64_t rows = b.shape()[rank - 2], cols = b.shape()[rank - 1];
  if ((leftSide ? rows : cols) != m)
    return context.invalid(op, "b does not match the size of a");
  int64_t k = leftSide ? cols : rows;
  int64_t batches = numElementsOf(a.shape().drop_back(2));
  bool handled = visitFloatOrComplex(type, [&](auto tag) {
    using T = decltype(tag);
    std::vector<T> av = loadMatrixValues<T>(a), bv = loadMatrixValues<T>(b);
    std::vector<T> x(bv.size());
    for (int64_t i = 0; i < batches; ++i)
      triangularSolveMatrix(av.data() + i * m * m, bv.data() + i * m * k,
                            x.data() + i * m * k, m, k, leftSide,
                            solve.getLower(), solve.getUnitDiagonal(),
                            solve.getTransposeA());
    results.push_back(storeMatrixValues(type, b.shape(), ArrayRef<T>(x)));
  });
  if (!handled)
    return unsupportedElementType(op, context, type);
  return success();
}

//===- batch_norm ------------------------------------------------------------===//

/// Where the feature of each operand element is: element i has feature
/// (i / stride) % features.
struct FeatureLayout {
  int64_t stride = 1, features = 1, perFeature = 0;
  int64_t featureOf(int64_t i) const { return (i / stride) % features; }
};

FailureOr<FeatureLayout> featureLayout(Operation *op, const Tensor &operand,
                                       uint64_t featureIndex,
                                       EvalContext &context) {
  if (featureIndex >= static_cast<uint64_t>(operand.rank())) {
    (void)context.invalid(op, "feature_index is out of range");
    return failure();
  }
  FeatureLayout layout;
  layout.stride = stridesOf(operand.shape())[featureIndex];
  layout.features = operand.shape()[featureIndex];
  layout.perFeature =
      layout.features == 0 ? 0 : operand.numElements() / layout.features;
  return layout;
}

/// The spec's epsilon is a constant of the operand's element type.
double epsilonOf(APFloat epsilon, ElementType type) {
  return roundTo(type, epsilon.convertToDouble());
}

/// Per-feature mean of `values`, rounded to `type` like the spec's
/// compute_mean (a reduce in the element type, then a divide).
std::vector<double> featureMeans(ArrayRef<double> values,
                                 const FeatureLayout &layout, ElementType type) {
  std::vector<double> sums(layout.features, 0.0);
  for (size_t i = 0; i < values.size(); ++i)
    sums[layout.featureOf(i)] += values[i];
  for (double &sum : sums)
    sum = roundTo(type, sum / static_cast<double>(layout.perFeature));
  return sums;
}

/// (operand - mean) / sqrt(variance + epsilon) * scale + offset.
void normalize(ArrayRef<double> x, ArrayRef<double> scale,
               ArrayRef<double> offset, ArrayRef<double> mean,
               ArrayRef<double> variance, double epsilon,
               const FeatureLayout &layout, Tensor &result) {
  for (size_t i = 0; i < x.size(); ++i) {
    int64_t f = layout.featureOf(i);
    double stddev = std::sqrt(variance[f] + epsilon);
    storeReal(result, i, (x[i] - mean[f]) / stddev * scale[f] + offset[f]);
  }
}

LogicalResult evalBatchNormInference(Operation *op, Operands operands,
                                     Results &results, EvalContext &context) {
  auto norm = cast<hlo::BatchNormInferenceOp>(op);
  const Tensor &operand = operands[0].tensor();
  ElementType type = operand.elementType();
  if (!type.isFloat())
    return unsupportedElementType(op, context, type);
  FailureOr<FeatureLayout> layout =
      featureLayout(op, operand, norm.getFeatureIndex(), context);
  if (failed(layout))
    return failure();
  Tensor result(type, operand.shape());
  normalize(loadReals(operand), loadReals(operands[1].tensor()),
            loadReals(operands[2].tensor()), loadReals(operands[3].tensor()),
            loadReals(operands[4].tensor()), epsilonOf(norm.getEpsilon(), type),
            *layout, result);
  results.push_back(std::move(result));
  return success();
}

LogicalResult evalBatchNormTraining(Operation *op, Operands operands,
                                    Results &results, EvalContext &context) {
  auto norm = cast<hlo::BatchNormTrainingOp>(op);
  const Tensor &operand = operands[0].tensor();
  ElementType type = operand.elementType();
  if (!type.isFloat())
    return unsupportedElementType(op, context, type);
  FailureOr<FeatureLayout> layout =
      featureLayout(op, operand, norm.getFeatureIndex(), context);
  if (failed(layout))
    return failure();
  std::vector<double> x = loadReals(operand);
  std::vector<double> mean = featureMeans(x, *layout, type);
  // The (biased) variance is the mean of the squared deviations from the
  // mean in the element type, as the spec composes it from compute_mean.
  std::vector<double> squares(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    double centered = x[i] - mean[layout->featureOf(i)];
    squares[i] = centered * centered;
  }
  std::vector<double> variance = featureMeans(squares, *layout, type);
  Tensor output(type, operand.shape());
  normalize(x, loadReals(operands[1].tensor()), loadReals(operands[2].tensor()),
            mean, variance, epsilonOf(norm.getEpsilon(), type), *layout, output);
  Shape featureShape{layout->features};
  results.push_back(std::move(output));
  results.push_back(storeReals(type, featureShape, mean));
  results.push_back(storeReals(type, featureShape, variance));
  return success();
}

LogicalResult evalBatchNormGrad(Operation *op, Operands operands,
                                Results &results, EvalContext &context) {
  auto norm = cast<hlo::BatchNormGradOp>(op);
  const Tensor &operand = operands[0].tensor();
  ElementType type = operand.elementType();
  if (!type.isFloat())
    return unsupportedElementType(op, context, type);
  FailureOr<FeatureLayout> layout =
      featureLayout(op, operand, norm.getFeatureIndex(), context);
  if (failed(layout))
    return failure();
  std::vector<double> x = loadReals(operand);
  std::vector<double> scale = loadReals(operands[1].tensor());
  std::vector<double> mean = loadReals(operands[2].tensor());
  std::vector<double> variance = loadReals(operands[3].tensor());
  std::vector<double> gradOutput = loadReals(operands[4].tensor());
  double epsilon = epsilonOf(norm.getEpsilon(), type);
  int64_t features = layout->features;
  double count = static_cast<double>(layout->perFeature);

  // The spec's formulation (that of XLA's batchnorm expander):
  //   i1 = grad_output * N, i2 = sum(grad_output),
  //   i3 = sum(grad_output * (x - mean)), i5 = i3 * (x - mean) / (var + eps),
  //   grad_operand = scale / stddev / N * (i1 - i2 - i5),
  //   grad_scale = sum(grad_output * (x - mean) / stddev),
  //   grad_offset = sum(grad_output).
  std::vector<double> sumGrad(features, 0.0), sumGradCentered(features, 0.0),
      gradScale(features, 0.0);
  for (size_t i = 0; i < x.size(); ++i) {
    int64_t f = layout->featureOf(i);
    double centered = x[i] - mean[f];
    double stddev = std::sqrt(variance[f] + epsilon);
    sumGrad[f] += gradOutput[i];
    sumGradCentered[f] += gradOutput[i] * centered;
    gradScale[f] += gradOutput[i] * (centered / stddev);
  }
  Tensor gradOperand(type, operand.shape());
  for (size_t i = 0; i < x.size(); ++i) {
    int64_t f = layout->featureOf(i);
    double centered = x[i] - mean[f];
    double varianceEps = variance[f] + epsilon;
    double stddev = std::sqrt(varianceEps);
    double i6 = gradOutput[i] * count - sumGrad[f] -
                sumGradCentered[f] * centered / varianceEps;
    storeReal(gradOperand, i, scale[f] / stddev / count * i6);
  }
  Shape featureShape{features};
  results.push_back(std::move(gradOperand));
  results.push_back(storeReals(type, featureShape, gradScale));
  results.push_back(storeReals(type, featureShape, sumGrad));
  return success();
}

} // namespace

void registerLinalgEvaluators(EvaluatorRegistry &registry) {
  registry.add<hlo::BatchNormGradOp>(evalBatchNormGrad);
  registry.add<hlo::BatchNormInferenceOp>(evalBatchNormInference);
  registry.add<hlo::BatchNormTrainingOp>(evalBatchNormTraining);
  registry.add<hlo::CholeskyOp>(evalCholesky);
  registry.add<hlo::FftOp>(evalFft);
  registry.add<hlo::TriangularSolveOp>(evalTriangularSolve);
}

} // namespace oxla::interp
