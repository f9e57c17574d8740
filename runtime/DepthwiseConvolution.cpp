//===- DepthwiseConvolution.cpp - Depthwise f32 convolutions --------------===//
//
// `_mlir_ciface_oxla_depthwise_convolution_f32(input, kernel, output,
// window)` computes a convolution whose every feature group has one input
// feature (feature_group_count = Ci, as MobileNet, EfficientNet and ConvNeXt
// write it) on strided views
//   input [N, I_1 ... I_S, Ci], kernel [K_1 ... K_S, 1, Co],
//   output [N, O_1 ... O_S, Co]
// (compiler/Codegen/ConvolutionToRuntime.cpp), Co a multiple m of Ci:
// output feature o reads input feature o / m. `window` is the one of
// `oxla_convolution_f32` (per spatial dimension the stride, the kernel
// dilation, the low padding, the reversal). Each output is summed as the
// interpreter sums it: from +0, over the window positions in row-major
// order, skipping those on padding, each step a fused multiply-add where
// the matrix kernels fuse (GemmKernels.h), else the product rounded and
// then added. The `_bias` and `_bias_relu` forms then add bias[o] and take
// the maximum with +0, as the ones of the dense routine do.
//
// A general matrix product has nothing to gain here (one term per window
// position), so the loops run along the contiguous dimension: the features
// where they are contiguous (NHWC, as JAX writes it), else the last
// spatial dimension (NCHW, as ONNX does), each vector lane an output.
//
//===----------------------------------------------------------------------===//

#include "runtime/ConvolutionViews.h"
#include "runtime/GemmKernels.h"
#include "runtime/MemRefDescriptor.h"
#include "runtime/ThreadPool.h"

#include <algorithm>
#include <cmath>
#include <vector>

using namespace oxla::rt;

namespace {

using View = ConvView;
using Window = ConvWindow;
using Epilogue = ConvEpilogue;

/// The input position of kernel position `k` (of `size`) for output
/// position `o`.
inline int64_t inputPosition(const Window &w, int64_t size, int64_t k, int64_t o) {
  return o * w.stride + (w.reversed ? size - 1 - k : k) * w.dilation - w.padLow;
}

/// The multiply-add of one step: fused or the product rounded first. The
/// file is compiled with -ffp-contract=off, so `a * b + c` rounds twice.
template <bool Fused> inline float step(float a, float b, float c) {
  if constexpr (Fused)
    return __builtin_fmaf(a, b, c);
  else
    return a * b + c;
}

/// One output row (n, o_1 ... o_{S-1}) at a time; `prefix` is the offset
/// into the input of the row's window positions along the leading
/// dimensions, listed in row-major order with their kernel offsets.
struct Depthwise {
  View in, ker, out;
  std::vector<Window> window;
  Epilogue epilogue;
  int64_t spatial, Ci, Co, multiplier;

  int64_t rows() const {
    int64_t rows = out.sizes[0];
    for (int64_t s = 0; s + 1 < spatial; ++s)
      rows *= out.sizes[1 + s];
    return rows;
  }

  /// The valid window positions along the leading spatial dimensions of
  /// output row `row`, in row-major order: the input and kernel offsets of
  /// each. `outOffset` is the row's output offset.
  void leading(int64_t row, std::vector<std::pair<int64_t, int64_t>> &positions,
               int64_t &outOffset) const {
    // The row's output index along each leading dimension, last fastest.
    std::vector<int64_t> index(spatial);
    int64_t rest = row;
    for (int64_t s = spatial - 2; s >= 0; --s) {
      index[s] = rest % out.sizes[1 + s];
      rest /= out.sizes[1 + s];
    }
    int64_t n = rest;
    outOffset = n * out.strides[0];
    for (int64_t s = 0; s + 1 < spatial; ++s)
      outOffset += index[s] * out.strides[1 + s];
    positions.assign(1, {n * in.strides[0], 0});
    for (int64_t s = 0; s + 1 < spatial; ++s) {
      std::vector<std::pair<int64_t, int64_t>> next;
      for (auto [inOffset, kerOffset] : positions)
        for (int64_t k = 0; k < ker.sizes[s]; ++k) {
          int64_t pos = inputPosition(window[s], ker.sizes[s], k, index[s]);
          if (pos >= 0 && pos < in.sizes[1 + s])
            next.push_back({inOffset + pos * in.strides[1 + s], kerOffset + k * ker.strides[s]});
        }
      positions.swap(next);
    }
  }

  /// Features contiguous in the input, kernel and output, multiplier 1:
  /// each output position of the row sums a vector of features.
  template <bool Fused> __attribute__((always_inline)) void rowAlongFeatures(int64_t row) const {
    std::vector<std::pair<int64_t, int64_t>> positions;
    int64_t outOffset;
    leading(row, positions, outOffset);
    const Window &w = window[spatial - 1];
    int64_t K = ker.sizes[spatial - 1], O = out.sizes[spatial], I = in.sizes[spatial];
    int64_t inStep = in.strides[spatial], kerStep = ker.strides[spatial - 1];
    int64_t outStep = out.strides[spatial];
    constexpr int64_t kBlock = 64;
    float acc[kBlock];
    for (int64_t o = 0; o < O; ++o) {
      float *dst = out.data + outOffset + o * outStep;
      for (int64_t c0 = 0; c0 < Co; c0 += kBlock) {
        int64_t width = std::min(kBlock, Co - c0);
        for (int64_t c = 0; c < kBlock; ++c)
          acc[c] = 0.0f;
        for (auto [inOffset, kerOffset] : positions)
          for (int64_t k = 0; k < K; ++k) {
            int64_t pos = inputPosition(w, K, k, o);
            if (pos < 0 || pos >= I)
              continue;
            const float *x = in.data + inOffset + pos * inStep + c0;
            const float *y = ker.data + kerOffset + k * kerStep + c0;
            if (width == kBlock)
              for (int64_t c = 0; c < kBlock; ++c)
                acc[c] = step<Fused>(x[c], y[c], acc[c]);
            else
              for (int64_t c = 0; c < width; ++c)
                acc[c] = step<Fused>(x[c], y[c], acc[c]);
          }
        finish(acc, dst + c0, width, c0, 1);
      }
    }
  }

  /// The last spatial dimension contiguous in the input (stride 1 along
  /// it) and output: each feature's row is a vector of outputs, each
  /// window position adding a term to the outputs it reaches.
  template <bool Fused> __attribute__((always_inline)) void rowAlongPositions(int64_t row) const {
    std::vector<std::pair<int64_t, int64_t>> positions;
    int64_t outOffset;
    leading(row, positions, outOffset);
    const Window &w = window[spatial - 1];
    int64_t K = ker.sizes[spatial - 1], O = out.sizes[spatial], I = in.sizes[spatial];
    int64_t kerStep = ker.strides[spatial - 1];
    constexpr int64_t kBlock = 256;
    float acc[kBlock];
    for (int64_t f = 0; f < Co; ++f) {
      const float *x0 = in.data + (f / multiplier) * in.strides[spatial + 1];
      const float *y0 = ker.data + f * ker.strides[spatial + 1];
      float *dst = out.data + outOffset + f * out.strides[spatial + 1];
      for (int64_t o0 = 0; o0 < O; o0 += kBlock) {
        int64_t count = std::min(kBlock, O - o0);
        for (int64_t j = 0; j < count; ++j)
          acc[j] = 0.0f;
        for (auto [inOffset, kerOffset] : positions)
          for (int64_t k = 0; k < K; ++k) {
            // The outputs o0 + j whose input position is inside [0, I):
            // j in [first, last).
            int64_t base = inputPosition(w, K, k, o0);
            int64_t first = 0, last = count;
            if (base < 0)
              first = (-base + w.stride - 1) / w.stride;
            int64_t limit = I - base; // pos < I  <=>  j * stride < limit
            last = limit <= 0 ? 0 : std::min(count, (limit + w.stride - 1) / w.stride);
            if (first >= last)
              continue;
            float y = y0[kerOffset + k * kerStep];
            const float *x = x0 + inOffset + base;
            if (w.stride == 1)
              for (int64_t j = first; j < last; ++j)
                acc[j] = step<Fused>(x[j], y, acc[j]);
            else
              for (int64_t j = first; j < last; ++j)
                acc[j] = step<Fused>(x[j * w.stride], y, acc[j]);
          }
        finish(acc, dst + o0 * out.strides[spatial], count, f, 0);
      }
    }
  }

  /// Any layout and multiplier: one output at a time.
  template <bool Fused> __attribute__((always_inline)) void rowGeneral(int64_t row) const {
    std::vector<std::pair<int64_t, int64_t>> positions;
    int64_t outOffset;
    leading(row, positions, outOffset);
    const Window &w = window[spatial - 1];
    int64_t K = ker.sizes[spatial - 1], O = out.sizes[spatial], I = in.sizes[spatial];
    for (int64_t o = 0; o < O; ++o)
      for (int64_t f = 0; f < Co; ++f) {
        const float *x0 = in.data + (f / multiplier) * in.strides[spatial + 1];
        const float *y0 = ker.data + f * ker.strides[spatial + 1];
        float acc = 0.0f;
        for (auto [inOffset, kerOffset] : positions)
          for (int64_t k = 0; k < K; ++k) {
            int64_t pos = inputPosition(w, K, k, o);
            if (pos >= 0 && pos < I)
              acc = step<Fused>(x0[inOffset + pos * in.strides[spatial]],
                                y0[kerOffset + k * ker.strides[spatial - 1]], acc);
          }
        out.data[outOffset + o * out.strides[spatial] + f * out.strides[spatial + 1]] =
            epilogue.apply(acc, f);
      }
  }

  /// Stores `count` sums with the epilogue: along the features from
  /// feature `f` (`featureStep` 1, contiguous output), or of feature `f`
  /// along the positions (`featureStep` 0, output stride along them).
  void finish(const float *acc, float *dst, int64_t count, int64_t f, int64_t featureStep) const {
    if (featureStep) {
      for (int64_t j = 0; j < count; ++j)
        dst[j] = epilogue.apply(acc[j], f + j);
      return;
    }
    int64_t stride = out.strides[spatial];
    if (!epilogue.bias) {
      for (int64_t j = 0; j < count; ++j)
        dst[j * stride] = acc[j];
      return;
    }
    for (int64_t j = 0; j < count; ++j)
      dst[j * stride] = epilogue.apply(acc[j], f);
  }

  enum class Path { Features, Positions, General };

  Path path() const {
    int64_t last = in.rank - 1;
    if (multiplier == 1 && in.strides[last] == 1 && ker.strides[ker.rank - 1] == 1 &&
        out.strides[last] == 1)
      return Path::Features;
    if (in.strides[spatial] == 1 && out.strides[spatial] == 1)
      return Path::Positions;
    return Path::General;
  }

  template <bool Fused> __attribute__((always_inline)) void runRow(Path p, int64_t row) const {
    switch (p) {
    case Path::Features:
      return rowAlongFeatures<Fused>(row);
    case Path::Positions:
      return rowAlongPositions<Fused>(row);
    case Path::General:
      return rowGeneral<Fused>(row);
    }
  }

#if defined(__x86_64__)
  __attribute__((target("avx2,fma"))) void runRowFma(Path p, int64_t row) const {
    runRow<true>(p, row);
  }
#endif
  __attribute__((target("avx2"))) void runRowExactAvx2(Path p, int64_t row) const {
    runRow<false>(p, row);
  }
};

void depthwise(const UnrankedMemRef *input, const UnrankedMemRef *kernel,
               const UnrankedMemRef *output, const UnrankedMemRef *window, Epilogue epilogue) {
  View in = convViewOf(input), ker = convViewOf(kernel), out = convViewOf(output);
  std::vector<Window> windows;
  if (!convWindowsOf(window, in, ker, out, windows))
    return;
  int64_t spatial = out.rank - 2;
  int64_t Ci = in.sizes[in.rank - 1], Co = out.sizes[out.rank - 1];
  if (Ci == 0 || Co % Ci != 0 || ker.sizes[ker.rank - 2] != 1 || ker.sizes[ker.rank - 1] != Co)
    return;
  for (int64_t d = 0; d < out.rank; ++d)
    if (out.sizes[d] == 0)
      return;
  Depthwise conv{in, ker, out, std::move(windows), epilogue, spatial, Ci, Co, Co / Ci};
  Depthwise::Path p = conv.path();
  const GemmKernels &kernels = gemmKernels();
  bool fused = kernels.fused;
  bool avx2 = kernels.isa != GemmIsa::Portable;
  parallelFor(conv.rows(), [&](int64_t row) {
#if defined(__x86_64__)
    if (fused && avx2)
      return conv.runRowFma(p, row);
    if (avx2)
      return conv.runRowExactAvx2(p, row);
#endif
    if (fused)
      conv.runRow<true>(p, row);
    else
      conv.runRow<false>(p, row);
  });
}

/// The epilogue that adds `bias` (a rank-1 view of Co floats).
bool biasOf(const UnrankedMemRef *bias, const UnrankedMemRef *output, bool relu,
            Epilogue &epilogue) {
  View b = convViewOf(bias), out = convViewOf(output);
  if (b.rank != 1 || out.rank < 1 || b.sizes[0] != out.sizes[out.rank - 1])
    return false;
  epilogue = Epilogue{b.data, b.strides[0], relu};
  return true;
}

} // namespace

extern "C" void _mlir_ciface_oxla_depthwise_convolution_f32(const UnrankedMemRef *input,
                                                            const UnrankedMemRef *kernel,
                                                            const UnrankedMemRef *output,
                                                            const UnrankedMemRef *window) {
  depthwise(input, kernel, output, window, Epilogue{});
}

extern "C" void _mlir_ciface_oxla_depthwise_convolution_bias_f32(
    const UnrankedMemRef *input, const UnrankedMemRef *kernel, const UnrankedMemRef *output,
    const UnrankedMemRef *window, const UnrankedMemRef *bias) {
  Epilogue epilogue;
  if (biasOf(bias, output, /*relu=*/false, epilogue))
    depthwise(input, kernel, output, window, epilogue);
}

extern "C" void _mlir_ciface_oxla_depthwise_convolution_bias_relu_f32(
    const UnrankedMemRef *input, const UnrankedMemRef *kernel, const UnrankedMemRef *output,
    const UnrankedMemRef *window, const UnrankedMemRef *bias) {
  Epilogue epilogue;
  if (biasOf(bias, output, /*relu=*/true, epilogue))
    depthwise(input, kernel, output, window, epilogue);
}
