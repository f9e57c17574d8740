//===- SignalOps.cpp - ONNX window functions, DFT and STFT -----------------===//
//
// HannWindow, HammingWindow and BlackmanWindow (opset 17): the generalized
// cosine windows of their spec function bodies,
//   y[n] = a0 - a1 cos(2 pi n / N') + a2 cos(4 pi n / N'),  n in [0, size),
// N' = size (periodic, the default) or size - 1 (symmetric); Hann
// a = (0.5, 0.5, 0), Hamming (25/46, 21/46, 0), Blackman (0.42, 0.5, 0.08).
// The size must be known when the model is read (a constant, or a graph
// input oxla.compile binds): the window is a constant.
//
// DFT and STFT (opset 17) multiply by constant cosine and sine matrices
// (dot_general over the transformed axis): the transform of x over n in
// [0, N) at bin k is sum_n x[n] e^(-+2 pi i k n / N) (+ and a factor 1/N for
// the inverse), the input zero-padded or truncated to N; the last dimension
// holds (real, imaginary), and a real input (size 1 there) has no imaginary
// part. One-sided transforms keep bins [0, N/2].
//
//===----------------------------------------------------------------------===//

#include "compiler/Import/ONNX/ops/Common.h"
#include "compiler/Import/ONNX/Tensors.h"

#include <cmath>

using namespace mlir;

namespace oxla::onnx {
namespace {

template <int A0Num, int A0Den, int A1Num, int A1Den, int A2Num, int A2Den>
Results lowerWindow(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  std::optional<SmallVector<int64_t>> size = ctx.constantInts(ctx.input(0));
  if (!size)
    return ctx.computedAtRunTime("the size", ctx.input(0));
  if (size->size() != 1 || (*size)[0] < 0)
    return ctx.invalid("size must be one value, not negative");
  Type element = elementType(ctx.context(), static_cast<int32_t>(ctx.intAttr(
                                                "output_datatype", ::onnx::TensorProto::FLOAT)));
  if (!element)
    return ctx.unsupported("output_datatype " + Twine(ctx.intAttr("output_datatype", 0)));
  int64_t n = (*size)[0];
  bool periodic = ctx.intAttr("periodic", 1) != 0;
  double a0 = static_cast<double>(A0Num) / A0Den, a1 = static_cast<double>(A1Num) / A1Den,
         a2 = static_cast<double>(A2Num) / A2Den;
  double denominator = static_cast<double>(periodic ? n : n - 1);
  SmallVector<double> values;
  for (int64_t i = 0; i < n; ++i) {
    double angle = 2 * M_PI * static_cast<double>(i) / denominator;
    values.push_back(a0 - a1 * std::cos(angle) + a2 * std::cos(2 * angle));
  }
  auto type = RankedTensorType::get({n}, b.getF64Type());
  Value window = b.create<hlo::ConstantOp>(loc, DenseElementsAttr::get(type, ArrayRef(values)));
  return single(ctx.folded(convert(b, loc, window, element)));
}

/// A constant [rows, columns] matrix of `element` type from f64 values.
Value matrixConstant(OpBuilder &b, Location loc, ArrayRef<double> values, int64_t rows,
                     int64_t columns, Type element) {
  auto type = RankedTensorType::get({rows, columns}, b.getF64Type());
  Value matrix = b.create<hlo::ConstantOp>(loc, DenseElementsAttr::get(type, values));
  return convert(b, loc, matrix, element);
}

/// `x` times `matrix` [size of dim, bins] over dimension `dim`; the bins
/// take the place of `dim`.
Value contractAlong(OpBuilder &b, Location loc, Value x, Value matrix, int64_t dim) {
  RankedTensorType type = typeOf(x);
  int64_t rank = type.getRank(), bins = typeOf(matrix).getDimSize(1);
  SmallVector<int64_t> shape(type.getShape());
  shape.erase(shape.begin() + dim);
  shape.push_back(bins);
  auto numbers = hlo::DotDimensionNumbersAttr::get(b.getContext(), {}, {}, {dim}, {0});
  Value product =
      b.create<hlo::DotGeneralOp>(loc, type.clone(shape), x, matrix, numbers, nullptr, nullptr);
  SmallVector<int64_t> permutation;
  for (int64_t i = 0; i < rank; ++i)
    permutation.push_back(i < dim ? i : i == dim ? rank - 1 : i - 1);
  return transpose(b, loc, product, permutation);
}

/// The discrete Fourier transform of (`re`, `im`) (`im` null for a real
/// signal) over dimension `dim`, of length `length` (the signal truncated or
/// zero-padded to it), at bins [0, `bins`): its real and imaginary parts.
std::pair<Value, Value> fourier(OpBuilder &b, Location loc, Value re, Value im, int64_t dim,
                                int64_t length, int64_t bins, bool inverse) {
  RankedTensorType type = typeOf(re);
  int64_t used = std::min(type.getDimSize(dim), length);
  if (used < type.getDimSize(dim)) {
    auto truncate = [&](Value v) {
      SmallVector<int64_t> start(type.getRank(), 0), limit(type.getShape()),
          strides(type.getRank(), 1), shape(type.getShape());
      limit[dim] = shape[dim] = used;
      return b.create<hlo::SliceOp>(loc, type.clone(shape), v, start, limit, strides).getResult();
    };
    re = truncate(re);
    if (im)
      im = truncate(im);
  }
  SmallVector<double> cosines, sines;
  for (int64_t n = 0; n < used; ++n)
    for (int64_t k = 0; k < bins; ++k) {
      // n k mod N keeps the angle exact for long transforms.
      double angle = 2 * M_PI * static_cast<double>((n * k) % length) / static_cast<double>(length);
      double scale = inverse ? 1.0 / static_cast<double>(length) : 1.0;
      cosines.push_back(scale * std::cos(angle));
      sines.push_back(scale * (inverse ? std::sin(angle) : -std::sin(angle)));
    }
  Type element = type.getElementType();
  Value cosine = matrixConstant(b, loc, cosines, used, bins, element);
  Value sine = matrixConstant(b, loc, sines, used, bins, element);
  // (re + i im)(cos + i sin), sin already signed for the direction.
  Value real = contractAlong(b, loc, re, cosine, dim);
  Value imaginary = contractAlong(b, loc, re, sine, dim);
  if (im) {
    real = elementwise<hlo::SubtractOp>(b, loc, {real, contractAlong(b, loc, im, sine, dim)});
    imaginary =
        elementwise<hlo::AddOp>(b, loc, {imaginary, contractAlong(b, loc, im, cosine, dim)});
  }
  return {real, imaginary};
}

/// The real and imaginary parts of an ONNX complex-or-real tensor (its last
/// dimension of size 2 or 1), or failure.
FailureOr<std::pair<Value, Value>> splitComplex(NodeContext &ctx, Value x) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  RankedTensorType type = typeOf(x);
  int64_t rank = type.getRank();
  if (!type.hasStaticShape()) {
    (void)ctx.unsupported("dynamic shapes");
    return failure();
  }
  if (!isFloat(x) || rank < 2 || (type.getDimSize(rank - 1) != 1 && type.getDimSize(rank - 1) != 2)) {
    (void)ctx.invalid("the signal must be a floating-point tensor whose last dimension (real, "
                      "imaginary) has size 1 or 2");
    return failure();
  }
  SmallVector<int64_t> shape(type.getShape().drop_back());
  auto part = [&](int64_t i) {
    SmallVector<int64_t> start(rank, 0), limit(type.getShape()), strides(rank, 1);
    start[rank - 1] = i;
    limit[rank - 1] = i + 1;
    SmallVector<int64_t> sliced(type.getShape());
    sliced[rank - 1] = 1;
    Value slice = b.create<hlo::SliceOp>(loc, type.clone(sliced), x, start, limit, strides);
    return reshape(b, loc, slice, shape);
  };
  Value re = part(0), im = type.getDimSize(rank - 1) == 2 ? part(1) : Value();
  return std::make_pair(re, im);
}

/// (re, im) stacked in a new last dimension.
Value joinComplex(OpBuilder &b, Location loc, Value re, Value im) {
  SmallVector<int64_t> shape(typeOf(re).getShape());
  shape.push_back(1);
  Value parts[] = {reshape(b, loc, re, shape), reshape(b, loc, im, shape)};
  shape.back() = 2;
  return b.create<hlo::ConcatenateOp>(loc, typeOf(re).clone(shape), parts,
                                      static_cast<uint64_t>(shape.size() - 1));
}

/// DFT (opset 17): the transform over `axis` (default 1, after the batch),
/// of length dft_length (an input, default the axis' size); `inverse`,
/// `onesided`.
Results lowerDFT(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  FailureOr<std::pair<Value, Value>> parts = splitComplex(ctx, ctx.input(0));
  if (failed(parts))
    return failure();
  auto [re, im] = *parts;
  int64_t rank = rankOf(re);
  std::optional<int64_t> axis = normalizeAxis(ctx.intAttr("axis", 1), rank + 1);
  if (!axis || *axis >= rank)
    return ctx.invalid("axis must name a signal dimension, not the last (complex) one");
  int64_t length = typeOf(re).getDimSize(*axis);
  if (ctx.hasInput(1)) {
    FailureOr<SmallVector<int64_t>> given = ctx.requireConstantInts(1, "dft_length");
    if (failed(given))
      return failure();
    if (given->size() != 1 || given->front() < 1)
      return ctx.invalid("dft_length must be one positive integer");
    length = given->front();
  }
  bool inverse = ctx.intAttr("inverse", 0) != 0, onesided = ctx.intAttr("onesided", 0) != 0;
  if (inverse && onesided)
    return ctx.unsupported("an inverse one-sided DFT");
  int64_t bins = onesided ? length / 2 + 1 : length;
  auto [real, imaginary] = fourier(b, loc, re, im, *axis, length, bins, inverse);
  return single(joinComplex(b, loc, real, imaginary));
}

/// STFT (opset 17): signal [batch, length, 1|2] cut into frames of
/// frame_length (or the window's size) every frame_step, each multiplied by
/// the window (default ones) and transformed: [batch, frames, bins, 2],
/// frames = (length - frame_length) / frame_step + 1; `onesided` (default 1)
/// keeps bins [0, frame_length / 2].
Results lowerSTFT(NodeContext &ctx) {
  OpBuilder &b = ctx.builder();
  Location loc = ctx.loc();
  Value signal = ctx.input(0);
  RankedTensorType type = typeOf(signal);
  if (type.getRank() != 3)
    return ctx.invalid("the signal must be [batch, length, 1 or 2]");
  if (!type.hasStaticShape())
    return ctx.unsupported("dynamic shapes");
  FailureOr<SmallVector<int64_t>> step = ctx.requireConstantInts(1, "frame_step");
  if (failed(step))
    return failure();
  if (step->size() != 1 || step->front() < 1)
    return ctx.invalid("frame_step must be one positive integer");
  Value window = ctx.hasInput(2) ? ctx.input(2) : Value();
  int64_t frameLength;
  if (ctx.hasInput(3)) {
    FailureOr<SmallVector<int64_t>> given = ctx.requireConstantInts(3, "frame_length");
    if (failed(given))
      return failure();
    if (given->size() != 1 || given->front() < 1)
      return ctx.invalid("frame_length must be one positive integer");
    frameLength = given->front();
  } else if (window) {
    frameLength = typeOf(window).getDimSize(0);
  } else {
    return ctx.invalid("needs a window or a frame_length");
  }
  if (window && (rankOf(window) != 1 || typeOf(window).getDimSize(0) != frameLength))
    return ctx.invalid("the window must have frame_length elements");
  int64_t batch = type.getDimSize(0), length = type.getDimSize(1), complex = type.getDimSize(2);
  if (frameLength > length)
    return ctx.invalid("frame_length is longer than the signal");
  int64_t frames = (length - frameLength) / step->front() + 1;

  // frames[b, f, n, c] = signal[b, f * step + n, c]: a gather of windows.
  SmallVector<int64_t> starts;
  for (int64_t f = 0; f < frames; ++f)
    starts.push_back(f * step->front());
  Value startIndices = reshape(b, loc, i64Constant(b, loc, starts), {frames, 1});
  auto numbers = hlo::GatherDimensionNumbersAttr::get(b.getContext(), {0, 2, 3}, {}, {}, {}, {1}, 1);
  Value framed = b.create<hlo::GatherOp>(
      loc, type.clone({batch, frames, frameLength, complex}), signal, startIndices, numbers,
      b.getDenseI64ArrayAttr({batch, frameLength, complex}), false);
  FailureOr<std::pair<Value, Value>> parts = splitComplex(ctx, framed);
  if (failed(parts))
    return failure();
  auto [re, im] = *parts;
  if (window) {
    Value wide = broadcastInDim(b, loc, convert(b, loc, window, type.getElementType()),
                                typeOf(re).getShape(), nullptr, {2});
    re = elementwise<hlo::MulOp>(b, loc, {re, wide});
    if (im)
      im = elementwise<hlo::MulOp>(b, loc, {im, wide});
  }
  bool onesided = ctx.intAttr("onesided", 1) != 0;
  int64_t bins = onesided ? frameLength / 2 + 1 : frameLength;
  auto [real, imaginary] = fourier(b, loc, re, im, 2, frameLength, bins, false);
  return single(joinComplex(b, loc, real, imaginary));
}

} // namespace

void registerSignalOps(LoweringTable &table) {
  table["HannWindow"] = lowerWindow<1, 2, 1, 2, 0, 1>;
  table["HammingWindow"] = lowerWindow<25, 46, 21, 46, 0, 1>;
  table["BlackmanWindow"] = lowerWindow<42, 100, 1, 2, 8, 100>;
  table["DFT"] = lowerDFT;
  table["STFT"] = lowerSTFT;
}

} // namespace oxla::onnx
