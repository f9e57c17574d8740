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
