//===- Fft.cpp - Discrete Fourier transforms of any length ----------------===//

#include "runtime/kernels/fft/Fft.h"

#include <cmath>
#include <functional>

namespace oxla::kernels::fft {
namespace {

constexpr double kPi = 3.14159265358979323846;

bool isPowerOfTwo(size_t n) { return n && !(n & (n - 1)); }

/// exp(sign * 2 pi i * numerator / denominator), with the angle reduced
/// exactly first.
Complex unitRoot(int64_t numerator, int64_t denominator, int sign) {
  numerator %= denominator;
  double angle = sign * 2 * kPi * static_cast<double>(numerator) /
                 static_cast<double>(denominator);
  return {std::cos(angle), std::sin(angle)};
}

/// In-place iterative radix-2 transform; data.size() is a power of two.
void radix2(std::vector<Complex> &data, bool forward) {
  size_t n = data.size();
  for (size_t i = 1, j = 0; i < n; ++i) {
    size_t bit = n >> 1;
    for (; j & bit; bit >>= 1)
      j ^= bit;
    j ^= bit;
    if (i < j)
      std::swap(data[i], data[j]);
  }
  int sign = forward ? -1 : 1;
  for (size_t length = 2; length <= n; length <<= 1) {
    size_t half = length / 2;
    std::vector<Complex> twiddles(half);
    for (size_t k = 0; k < half; ++k)
      twiddles[k] = unitRoot(k, length, sign);
    for (size_t start = 0; start < n; start += length)
      for (size_t k = 0; k < half; ++k) {
        Complex even = data[start + k];
        Complex odd = data[start + k + half] * twiddles[k];
        data[start + k] = even + odd;
        data[start + k + half] = even - odd;
      }
  }
}

/// Bluestein: the DFT as a convolution with a chirp, done with radix-2
/// transforms of a power-of-two length >= 2n - 1.
void bluestein(std::vector<Complex> &data, bool forward) {
  int64_t n = data.size();
  size_t size = 1;
  while (size < static_cast<size_t>(2 * n - 1))
    size <<= 1;
  int sign = forward ? -1 : 1;
  // chirp[k] = exp(sign * pi i k^2 / n) = unitRoot(k^2, 2n).
  std::vector<Complex> chirp(n);
  for (int64_t k = 0; k < n; ++k)
    chirp[k] = unitRoot((k * k) % (2 * n), 2 * n, sign);
  std::vector<Complex> a(size), b(size);
  for (int64_t k = 0; k < n; ++k)
    a[k] = data[k] * chirp[k];
  b[0] = std::conj(chirp[0]);
  for (int64_t k = 1; k < n; ++k)
    b[k] = b[size - k] = std::conj(chirp[k]);
  radix2(a, true);
  radix2(b, true);
  for (size_t k = 0; k < size; ++k)
    a[k] *= b[k];
  radix2(a, false);
  double inverse = 1.0 / static_cast<double>(size);
  for (int64_t k = 0; k < n; ++k)
    data[k] = a[k] * inverse * chirp[k];
}

std::vector<int64_t> rowMajorStrides(const std::vector<int64_t> &shape) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (size_t d = shape.size(); d-- > 1;)
    strides[d - 1] = strides[d] * shape[d];
  return strides;
}

int64_t count(const std::vector<int64_t> &shape) {
  int64_t total = 1;
  for (int64_t size : shape)
    total *= size;
  return total;
}

/// Calls `visit(offset)` for every row-major index of `shape`, with the
/// offset `strides` give it.
void forEachIndex(const std::vector<int64_t> &shape, const std::vector<int64_t> &strides,
                  const std::function<void(int64_t linear, int64_t offset)> &visit) {
  int64_t total = count(shape);
  std::vector<int64_t> index(shape.size(), 0);
  for (int64_t linear = 0; linear < total; ++linear) {
    int64_t offset = 0;
    for (size_t d = 0; d < shape.size(); ++d)
      offset += index[d] * strides[d];
    visit(linear, offset);
    for (size_t d = shape.size(); d-- > 0;) {
      if (++index[d] < shape[d])
        break;
      index[d] = 0;
    }
  }
}

/// Transforms every line along `axis` of the row-major array `data` of
/// `shape`.
void transformAxis(std::vector<Complex> &data, const std::vector<int64_t> &shape,
                   int64_t axis, bool forward) {
  int64_t length = shape[axis];
  if (length <= 1)
    return;
  std::vector<int64_t> strides = rowMajorStrides(shape);
  std::vector<int64_t> others = shape;
  others[axis] = 1;
  std::vector<Complex> line(length);
  forEachIndex(others, strides, [&](int64_t, int64_t base) {
    for (int64_t k = 0; k < length; ++k)
      line[k] = data[base + k * strides[axis]];
    transform(line, forward);
    for (int64_t k = 0; k < length; ++k)
      data[base + k * strides[axis]] = line[k];
  });
}

template <typename R>
void load(const void *input, bool complex, const std::vector<int64_t> &shape,
          const std::vector<int64_t> &strides, std::vector<Complex> &out) {
  out.assign(count(shape), Complex());
  forEachIndex(shape, strides, [&](int64_t linear, int64_t offset) {
    if (complex)
      out[linear] = Complex(static_cast<const std::complex<R> *>(input)[offset]);
    else
      out[linear] = Complex(static_cast<const R *>(input)[offset], 0);
  });
}

template <typename R>
void store(const std::vector<Complex> &values, bool complex, double scale,
           const std::vector<int64_t> &shape, const std::vector<int64_t> &strides,
           void *output) {
  forEachIndex(shape, strides, [&](int64_t linear, int64_t offset) {
    Complex value = values[linear] * scale;
    if (complex)
      static_cast<std::complex<R> *>(output)[offset] = std::complex<R>(value);
    else
      static_cast<R *>(output)[offset] = static_cast<R>(value.real());
  });
}

template <typename R> void run(const Plan &plan, const void *input, void *output) {
  std::vector<int64_t> inShape = plan.inputShape(), outShape = plan.outputShape();
  std::vector<Complex> values;
  int64_t last = plan.axes.back();
  switch (plan.kind) {
  case Kind::C2C:
    load<R>(input, true, inShape, plan.stridesIn, values);
    for (int64_t axis : plan.axes)
      transformAxis(values, inShape, axis, plan.forward);
    store<R>(values, true, plan.scale, outShape, plan.stridesOut, output);
    return;
  case Kind::R2C: {
    // The full complex transform of the real input, then its first
    // n / 2 + 1 entries along the last axis.
    load<R>(input, false, inShape, plan.stridesIn, values);
    for (int64_t axis : plan.axes)
      transformAxis(values, inShape, axis, plan.forward);
    std::vector<int64_t> fullStrides = rowMajorStrides(inShape);
    std::vector<Complex> kept(count(outShape));
    forEachIndex(outShape, fullStrides, [&](int64_t linear, int64_t offset) {
      kept[linear] = values[offset];
    });
    store<R>(kept, true, plan.scale, outShape, plan.stridesOut, output);
    return;
  }
  case Kind::C2R: {
    // The other axes first, then each line along the last axis extended to
    // its Hermitian-symmetric spectrum of length n; the real part of its
    // transform is the result (the imaginary parts of the DC and Nyquist
    // terms drop out, as in ducc0).
    load<R>(input, true, inShape, plan.stridesIn, values);
    for (int64_t axis : plan.axes)
      if (axis != last)
        transformAxis(values, inShape, axis, plan.forward);
    int64_t n = outShape[last], half = inShape[last];
    std::vector<int64_t> inStrides = rowMajorStrides(inShape);
    std::vector<int64_t> outStrides = rowMajorStrides(outShape);
    std::vector<int64_t> others = outShape;
    others[last] = 1;
    std::vector<Complex> full(count(outShape)), line(n);
    forEachIndex(others, inStrides, [&](int64_t linear, int64_t inBase) {
      for (int64_t k = 0; k < n; ++k) {
        if (k < half)
          line[k] = values[inBase + k * inStrides[last]];
        else
          line[k] = std::conj(values[inBase + (n - k) * inStrides[last]]);
      }
      if (n > 1)
        transform(line, plan.forward);
      // The same index in the output array.
      int64_t outBase = 0, rest = linear;
      for (size_t d = others.size(); d-- > 0;) {
        outBase += (rest % others[d]) * outStrides[d];
        rest /= others[d];
      }
      for (int64_t k = 0; k < n; ++k)
        full[outBase + k * outStrides[last]] = line[k];
    });
    store<R>(full, false, plan.scale, outShape, plan.stridesOut, output);
    return;
  }
  }
}

} // namespace

void transform(std::vector<Complex> &data, bool forward) {
  if (data.size() <= 1)
    return;
  if (isPowerOfTwo(data.size()))
    radix2(data, forward);
  else
    bluestein(data, forward);
}

std::vector<int64_t> Plan::inputShape() const {
  std::vector<int64_t> result = shape;
  if (kind == Kind::C2R)
    result[axes.back()] = shape[axes.back()] / 2 + 1;
  return result;
}

std::vector<int64_t> Plan::outputShape() const {
  std::vector<int64_t> result = shape;
  if (kind == Kind::R2C)
    result[axes.back()] = shape[axes.back()] / 2 + 1;
  return result;
}

void execute(const Plan &plan, const void *input, void *output) {
  if (plan.single)
    run<float>(plan, input, output);
  else
    run<double>(plan, input, output);
}

} // namespace oxla::kernels::fft
