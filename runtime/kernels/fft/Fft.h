//===- Fft.h - Discrete Fourier transforms of any length ------------------===//
//
// The transforms behind `ducc_fft`: a complex DFT of any length (radix-2
// for powers of two, Bluestein's chirp-z for the others), in double
// precision whatever the element type, and the N-dimensional strided
// transforms ducc0 offers (c2c, r2c, c2r), unnormalized and then scaled.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_RUNTIME_KERNELS_FFT_FFT_H
#define OXLA_RUNTIME_KERNELS_FFT_FFT_H

#include <complex>
#include <cstdint>
#include <vector>

namespace oxla::kernels::fft {

using Complex = std::complex<double>;

/// Replaces `data` by its DFT: X[k] = sum_j x[j] exp(-+2 pi i jk/n), the
/// minus sign when `forward`.
void transform(std::vector<Complex> &data, bool forward);

enum class Kind { C2C, C2R, R2C };

/// An N-dimensional transform over `axes` of strided memory, as ducc0's
/// c2c/r2c/c2r: `shape` is the complex shape for C2C and the real one
/// otherwise (the complex side has shape[axes.back()] / 2 + 1 there).
/// Strides are in elements. Elements are float/complex<float> when
/// `single`, else double/complex<double>.
struct Plan {
  Kind kind = Kind::C2C;
  bool single = true;
  std::vector<int64_t> shape, stridesIn, stridesOut;
  std::vector<int64_t> axes;
  bool forward = true;
  double scale = 1;

  /// The shapes of the input and the output.
  std::vector<int64_t> inputShape() const;
  std::vector<int64_t> outputShape() const;
};

void execute(const Plan &plan, const void *input, void *output);

} // namespace oxla::kernels::fft

#endif // OXLA_RUNTIME_KERNELS_FFT_FFT_H
