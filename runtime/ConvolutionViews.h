//===- ConvolutionViews.h - What the convolution routines share -----------===//
//
// The operands of `_mlir_ciface_oxla_convolution*_f32` as the routines read
// them (ConvolutionRoutine.cpp), shared with the Winograd path
// (WinogradConvolution.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_RUNTIME_CONVOLUTIONVIEWS_H
#define OXLA_RUNTIME_CONVOLUTIONVIEWS_H

#include "runtime/MemRefDescriptor.h"

#include <cstdint>
#include <vector>

namespace oxla::rt {

/// A view with sizes and strides, from a memref descriptor.
struct ConvView {
  float *data;
  const int64_t *sizes, *strides;
  int64_t rank;
};

inline ConvView convViewOf(const UnrankedMemRef *memref) {
  auto *d = static_cast<const int64_t *>(memref->descriptor);
  return {reinterpret_cast<float *>(d[1]) + d[2], d + 3, d + 3 + memref->rank, memref->rank};
}


/// One spatial dimension of the window.
struct ConvWindow {
  int64_t stride, dilation, padLow;
  bool reversed;
};

/// The windows a convolution routine takes (4 words per spatial dimension:
/// stride, dilation, low padding, reversed) into `windows`; false when
/// `window` is not a vector of that many for `in`, `ker` and `out` of one
/// rank with at least one spatial dimension.
inline bool convWindowsOf(const UnrankedMemRef *window, const ConvView &in, const ConvView &ker,
                          const ConvView &out, std::vector<ConvWindow> &windows) {
  auto *w = static_cast<const int64_t *>(window->descriptor);
  int64_t spatial = out.rank - 2;
  if (spatial < 1 || in.rank != out.rank || ker.rank != out.rank || window->rank != 1 ||
      w[3] != 4 * spatial)
    return false;
  const int64_t *values = reinterpret_cast<const int64_t *>(w[1]) + w[2];
  int64_t step = w[4];
  for (int64_t s = 0; s < spatial; ++s) {
    const int64_t *v = values + 4 * s * step;
    windows.push_back({v[0], v[step], v[2 * step], v[3 * step] != 0});
  }
  return true;
}

/// What happens to each output once its sum is complete.
struct ConvEpilogue {
  /// bias[f * biasStride] is added to output feature f; none when null.
  const float *bias = nullptr;
  int64_t biasStride = 0;
  bool relu = false; ///< then max(x, +0), NaN propagating

  /// The epilogue applied to one sum of feature f.
  float apply(float x, int64_t f) const {
    if (!bias)
      return x;
    x += bias[f * biasStride];
    // maximum(x, +0): NaN stays, -0 and negatives become +0.
    return relu && !(x > 0.0f) && x == x ? 0.0f : x;
  }
};

/// Computes the convolution with Winograd's F(2x2, 3x3) where it applies
/// (WinogradConvolution.cpp says where) and returns whether it did; then
/// `directRows` lists the output rows (n * OH + y) that the direct routine
/// must compute again (their sums met an infinity or NaN).
bool winogradConvolution(const ConvView &in, const ConvView &ker, const ConvView &out,
                         const std::vector<ConvWindow> &window, const ConvEpilogue &epilogue,
                         std::vector<int64_t> &directRows);

} // namespace oxla::rt

#endif // OXLA_RUNTIME_CONVOLUTIONVIEWS_H
