//===- ConvolutionRoutine.cpp - f32 convolutions for compiled code --------===//
//
// `_mlir_ciface_oxla_convolution_f32(input, kernel, output, window)` computes
// a convolution with one feature group on strided views
//   input [N, I_1 ... I_S, Ci], kernel [K_1 ... K_S, Ci, Co],
//   output [N, O_1 ... O_S, Co]
// (compiler/Codegen/ConvolutionToRuntime.cpp). `window` holds, per spatial
// dimension s, the stride, the kernel dilation, the low padding and whether
// the window is reversed. Every output element is summed as the interpreter
// sums it: from +0, over the window positions in row-major order, skipping
// the ones that fall on padding (0 * inf would be NaN), then over the input
// features, each step a fused multiply-add or, with the exact kernels
// (GemmKernels.h), the product rounded before it is added: then results
// are bit for bit the interpreter's.
//
// The work is a matrix product per output row (n, o_1 ... o_{S-1}): M runs
// along the last spatial dimension, N over the output features, K over the
// valid window positions and input features. Columns whose last window
// dimension is clipped by padding get their own shorter K; each K is a
// list of contiguous segments of the kernel, packed once per call.
//
//===----------------------------------------------------------------------===//

#include "runtime/GemmKernels.h"
#include "runtime/MemRefDescriptor.h"
#include "runtime/ThreadPool.h"

#include <algorithm>
#include <cstring>
#include <vector>

using namespace oxla::rt;

namespace {

/// A view with sizes and strides, from a memref descriptor.
struct View {
  float *data;
  const int64_t *sizes, *strides;
  int64_t rank;
};

View viewOf(const UnrankedMemRef *memref) {
  auto *d = static_cast<const int64_t *>(memref->descriptor);
  return {reinterpret_cast<float *>(d[1]) + d[2], d + 3, d + 3 + memref->rank, memref->rank};
}

struct Window {
  int64_t stride, dilation, padLow;
  bool reversed;
};

/// The kernel positions [first, last) along one dimension whose input
/// position for output position `o` is inside [0, size): an interval, as
/// the position is monotonic in k.
std::pair<int64_t, int64_t> validPositions(const Window &w, int64_t kernelSize, int64_t size,
                                           int64_t o) {
  int64_t first = kernelSize, last = 0;
  for (int64_t k = 0; k < kernelSize; ++k) {
    int64_t pos = o * w.stride + (w.reversed ? kernelSize - 1 - k : k) * w.dilation - w.padLow;
    if (pos >= 0 && pos < size) {
      first = std::min(first, k);
      last = k + 1;
    }
  }
  return first < last ? std::make_pair(first, last) : std::make_pair<int64_t, int64_t>(0, 0);
}

/// A contiguous run of the K sequence: kernel terms [kernelStart, +length)
/// read input from `inputOffset` on.
struct Segment {
  int64_t kernelStart, length, inputOffset;
};

class Convolution {
public:
  Convolution(View input, View kernel, View output, std::vector<Window> window)
      : in(input), ker(kernel), out(output), window(std::move(window)),
        spatial(output.rank - 2), kernels(gemmKernels()) {
    Ci = in.sizes[in.rank - 1];
    Co = out.sizes[out.rank - 1];
    positions = 1;
    for (int64_t s = 0; s < spatial; ++s)
      positions *= ker.sizes[s];
    terms = positions * Ci;
    panels = (Co + kernels.nr - 1) / kernels.nr;
    packKernel();
  }

  int64_t rows() const {
    int64_t rows = out.sizes[0];
    for (int64_t s = 0; s + 1 < spatial; ++s)
      rows *= out.sizes[1 + s];
    return rows;
  }
  int64_t columns() const { return out.sizes[spatial]; }

  /// Output row `row`, columns [c0, c1).
  void run(int64_t row, int64_t c0, int64_t c1) const;

private:
  /// The kernel as panels of nr output features, each [term][nr], term =
  /// (k_1 ... k_S, ci) row-major; features past Co are zeros.
  void packKernel() {
    int64_t nr = kernels.nr;
    packed.assign(static_cast<size_t>(panels * terms * nr), 0.0f);
    for (int64_t position = 0; position < positions; ++position) {
      int64_t rest = position, offset = 0;
      for (int64_t s = spatial - 1; s >= 0; --s) {
        offset += (rest % ker.sizes[s]) * ker.strides[s];
        rest /= ker.sizes[s];
      }
      for (int64_t ci = 0; ci < Ci; ++ci) {
        const float *source = ker.data + offset + ci * ker.strides[spatial];
        int64_t term = position * Ci + ci;
        for (int64_t co = 0; co < Co; ++co)
          packed[((co / nr) * terms + term) * nr + co % nr] =
              source[co * ker.strides[spatial + 1]];
      }
    }
  }

  /// The segments of the columns whose last window dimension is
  /// [last0, last1), given the valid intervals of the outer dimensions.
  void segments(const std::vector<std::pair<int64_t, int64_t>> &outer, int64_t last0,
                int64_t last1, int64_t rowOffset, std::vector<Segment> &result) const;

  View in, ker, out;
  std::vector<Window> window;
  int64_t spatial, Ci, Co, positions, terms, panels;
  const GemmKernels &kernels;
  std::vector<float> packed;
};

void Convolution::segments(const std::vector<std::pair<int64_t, int64_t>> &outer,
                           int64_t last0, int64_t last1, int64_t rowOffset,
                           std::vector<Segment> &result) const {
  result.clear();
  if (last0 >= last1)
    return;
  // Odometer over the outer dimensions' valid positions, row-major.
  std::vector<int64_t> k(outer.size());
  for (size_t s = 0; s < outer.size(); ++s) {
    if (outer[s].first >= outer[s].second)
      return;
    k[s] = outer[s].first;
  }
  int64_t S = spatial;
  while (true) {
    int64_t position = 0, inputOffset = rowOffset;
    for (int64_t s = 0; s + 1 < S; ++s) {
      position = position * ker.sizes[s] + k[s];
      const Window &w = window[s];
      int64_t windowIndex = w.reversed ? ker.sizes[s] - 1 - k[s] : k[s];
      inputOffset += windowIndex * w.dilation * in.strides[1 + s];
    }
    position = position * ker.sizes[S - 1] + last0;
    result.push_back({position * Ci, (last1 - last0) * Ci, inputOffset});
    int64_t s = static_cast<int64_t>(outer.size()) - 1;
    for (; s >= 0; --s) {
      if (++k[s] < outer[s].second)
        break;
      k[s] = outer[s].first;
    }
    if (s < 0)
      return;
  }
}

void Convolution::run(int64_t row, int64_t c0, int64_t c1) const {
  int64_t S = spatial, nr = kernels.nr;
  // The row's batch and outer output positions; where the outer window
  // dimensions start in the input and which positions are valid.
  std::vector<int64_t> o(S - 1);
  int64_t rest = row;
  for (int64_t s = S - 2; s >= 0; --s) {
    o[s] = rest % out.sizes[1 + s];
    rest /= out.sizes[1 + s];
  }
  int64_t n = rest;
  std::vector<std::pair<int64_t, int64_t>> outer(o.size());
  int64_t rowInput = n * in.strides[0], rowOutput = n * out.strides[0];
  for (int64_t s = 0; s + 1 < S; ++s) {
    const Window &w = window[s];
    outer[s] = validPositions(w, ker.sizes[s], in.sizes[1 + s], o[s]);
    // Input position of window index 0 (may lie in the padding).
    rowInput += (o[s] * w.stride - w.padLow) * in.strides[1 + s];
    rowOutput += o[s] * out.strides[1 + s];
  }
  const Window &last = window[S - 1];
  int64_t lastSize = ker.sizes[S - 1], lastStride = in.strides[S];
  int64_t inFeatureStride = in.strides[in.rank - 1];
  int64_t outColumnStride = out.strides[S], outFeatureStride = out.strides[out.rank - 1];
  // A segment's terms (window position, then feature) lie one after the
  // other in the input when features are dense and the next window
  // position starts where the features of the last end: the kernel then
  // reads each column's terms in place instead of a packed copy.
  bool direct = inFeatureStride == 1 && last.dilation * lastStride == Ci;

  thread_local std::vector<float> packedA;
  thread_local std::vector<Segment> segs;
  float tile[kMR * 32];
  for (int64_t run0 = c0; run0 < c1;) {
    // A run of columns with the same valid last-dimension positions.
    auto valid = validPositions(last, lastSize, in.sizes[S], run0);
    int64_t run1 = run0 + 1;
    while (run1 < c1 && validPositions(last, lastSize, in.sizes[S], run1) == valid)
      ++run1;
    segments(outer, valid.first, valid.second, rowInput, segs);
    int64_t length = 0;
    for (const Segment &seg : segs)
      length += seg.length;
    if (!direct && packedA.size() < static_cast<size_t>(length * kMR))
      packedA.resize(static_cast<size_t>(length * kMR));
    // Input position of the window position k of `column`.
    auto position = [&](int64_t column, int64_t k) {
      int64_t windowIndex = last.reversed ? lastSize - 1 - k : k;
      return column * last.stride + windowIndex * last.dilation - last.padLow;
    };
    for (int64_t t = run0; t < run1; t += kMR) {
      int64_t rows = std::min(kMR, run1 - t);
      if (!direct) {
        // A panel [term][kMR]: the input under each column's window.
        float *a = packedA.data();
        for (const Segment &seg : segs)
          for (int64_t k = valid.first; k < valid.second; ++k) {
            for (int64_t r = 0; r < rows; ++r) {
              const float *source = in.data + seg.inputOffset + position(t + r, k) * lastStride;
              for (int64_t ci = 0; ci < Ci; ++ci)
                a[ci * kMR + r] = source[ci * inFeatureStride];
            }
            a += Ci * kMR;
          }
      }
      for (int64_t p = 0; p < panels; ++p) {
        std::fill(tile, tile + kMR * nr, 0.0f);
        const float *b = packed.data() + p * terms * nr;
        int64_t offset = 0;
        for (const Segment &seg : segs) {
          if (direct)
            kernels.byRows[rows - 1](
                seg.length, in.data + seg.inputOffset + position(t, valid.first) * lastStride,
                last.stride * lastStride, 1, b + seg.kernelStart * nr, nr, tile, nr);
          else
            kernels.byRows[rows - 1](seg.length, packedA.data() + offset * kMR, 1, kMR,
                                     b + seg.kernelStart * nr, nr, tile, nr);
          offset += seg.length;
        }
        int64_t cols = std::min(nr, Co - p * nr);
        for (int64_t r = 0; r < rows; ++r) {
          float *target = out.data + rowOutput + (t + r) * outColumnStride +
                          p * nr * outFeatureStride;
          for (int64_t c = 0; c < cols; ++c)
            target[c * outFeatureStride] = tile[r * nr + c];
        }
      }
    }
    run0 = run1;
  }
}

} // namespace

extern "C" void _mlir_ciface_oxla_convolution_f32(const UnrankedMemRef *input,
                                                  const UnrankedMemRef *kernel,
                                                  const UnrankedMemRef *output,
                                                  const UnrankedMemRef *window) {
  View in = viewOf(input), ker = viewOf(kernel), out = viewOf(output);
  auto *w = static_cast<const int64_t *>(window->descriptor);
  const int64_t *values = reinterpret_cast<const int64_t *>(w[1]) + w[2];
  int64_t spatial = out.rank - 2;
  if (spatial < 1 || in.rank != out.rank || ker.rank != out.rank || window->rank != 1 ||
      w[3] != 4 * spatial)
    return;
  for (int64_t d = 0; d < out.rank; ++d)
    if (out.sizes[d] == 0)
      return;
  std::vector<Window> windows;
  for (int64_t s = 0; s < spatial; ++s) {
    const int64_t *v = values + 4 * s * w[4];
    windows.push_back({v[0], v[w[4]], v[2 * w[4]], v[3 * w[4]] != 0});
  }
  Convolution conv(in, ker, out, std::move(windows));
  // Tasks: rows, split into column chunks when there are few rows.
  ThreadPool *pool = ThreadPool::current();
  int64_t threads = pool ? std::max<unsigned>(pool->size(), 1) : 1;
  int64_t rows = conv.rows(), columns = conv.columns();
  int64_t chunks = std::min((columns + kMR - 1) / kMR,
                            std::max<int64_t>(1, (2 * threads + rows - 1) / rows));
  int64_t chunk = (columns + chunks - 1) / chunks;
  chunk = (chunk + kMR - 1) / kMR * kMR;
  chunks = (columns + chunk - 1) / chunk;
  parallelFor(rows * chunks, [&](int64_t task) {
    int64_t c0 = (task % chunks) * chunk;
    conv.run(task / chunks, c0, std::min(columns, c0 + chunk));
  });
}
