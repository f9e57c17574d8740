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
// `_mlir_ciface_oxla_convolution_bias_f32(input, kernel, output, window,
// bias)` then adds bias[feature] to each output, and
// `_mlir_ciface_oxla_convolution_bias_relu_f32` also takes the maximum with
// +0 (NaN stays NaN), as stablehlo.add and stablehlo.maximum would after
// the convolution: the same roundings, applied to each tile while it is in
// the caches instead of in passes of their own over the output.
//
// 3x3 windows with stride 1 and enough features go to Winograd's
// F(2x2, 3x3) instead, with the fused kernels (WinogradConvolution.cpp).
//
// Each routine takes a last operand, `cache`: empty, or (for a constant
// kernel, compiler/Codegen/ConvolutionToRuntime.cpp) a zero-initialized
// buffer of the module's, kPackedCacheHeader floats and then room for the
// packed kernel. The first call packs the kernel into it and marks it
// ready; later calls read it instead of packing again (at batch 1 the
// packing, a strided read and a write of the whole kernel, took as long as
// the products of a 7x7 layer).
//
// The work is a matrix product per output row (n, o_1 ... o_{S-1}): M runs
// along the last spatial dimension, N over the output features, K over the
// valid window positions and input features. Columns whose last window
// dimension is clipped by padding get their own shorter K; each K is a
// list of contiguous segments of the kernel, packed once per call (or
// once, into the cache).
//
// Outputs whose last spatial dimension is short (7x7 at batch 1: a 6-row
// and a 1-row tile per row) are computed as one product over all output
// positions instead (runPositionPanel): kMR consecutive positions per
// tile, whatever their row, their window's terms gathered once into a
// packed A with zeros for the padding, then a task per kernel panel over
// every tile, in blocks of terms (the kernel is read once). ResNet-18's
// 7x7x512 3x3 layer, 1 thread: 4.4-5.4 -> 3.9-4.9 ms; at 14x14 it was
// slower than the row path (3.4 -> 4.0 ms), which keeps those. Adding those zero
// products changes no sum (a sum from +0 is never -0, s + +-0 = s) as long
// as the kernel is finite, which packing checks. Where
// the input is read in place, such a column of up to kMR neighbouring rows
// fills one tile together (runNarrowColumnsAcrossRows).
//
//===----------------------------------------------------------------------===//

#include "runtime/ConvolutionViews.h"
#include "runtime/GemmKernels.h"
#include "runtime/MemRefDescriptor.h"
#include "runtime/ThreadPool.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <optional>
#include <vector>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

using namespace oxla::rt;

namespace {

#if defined(__x86_64__)
/// The epilogue on 16-lane vectors, for `cols` a multiple of 16 and a
/// contiguous bias: the same roundings as the scalar loop (finish), in a
/// sixteenth of its steps: W6 (3 x 3 convolution, bias, ReLU) -3%.
__attribute__((target("avx512f"))) void biasReluAvx512(float *c, int64_t ldc, int64_t rows,
                                                       int64_t cols, const float *bias,
                                                       bool relu) {
  const __m512 zero = _mm512_setzero_ps();
  for (int64_t j = 0; j < cols; j += 16) {
    __m512 b = _mm512_loadu_ps(bias + j);
    for (int64_t r = 0; r < rows; ++r) {
      __m512 x = _mm512_add_ps(_mm512_loadu_ps(c + r * ldc + j), b);
      if (relu) {
        // Lanes that are not > 0 and not NaN become +0.
        __mmask16 clear = _mm512_cmp_ps_mask(x, zero, _CMP_NGT_UQ) &
                          _mm512_cmp_ps_mask(x, x, _CMP_ORD_Q);
        x = _mm512_mask_mov_ps(x, clear, zero);
      }
      _mm512_storeu_ps(c + r * ldc + j, x);
    }
  }
}
#endif

using View = ConvView;

bool isFinite(const float *data, int64_t size) {
  for (int64_t i = 0; i < size; ++i)
    if (!std::isfinite(data[i]))
      return false;
  return true;
}
using Window = ConvWindow;
using Epilogue = ConvEpilogue;

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

/// The cache's header: its state word (0 empty, 1 being packed, 2 ready)
/// and the panel width it was packed for; the packed kernel follows, 64
/// bytes in.
constexpr int64_t kPackedCacheHeader = 16;

class Convolution {
public:
  Convolution(View input, View kernel, View output, std::vector<Window> window, Epilogue epilogue,
              View cache)
      : in(input), ker(kernel), out(output), window(std::move(window)), epilogue(epilogue),
        spatial(output.rank - 2), kernels(gemmKernelsForColumns(output.sizes[output.rank - 1])) {
    Ci = in.sizes[in.rank - 1];
    Co = out.sizes[out.rank - 1];
    positions = 1;
    for (int64_t s = 0; s < spatial; ++s)
      positions *= ker.sizes[s];
    terms = positions * Ci;
    panels = (Co + kernels.nr - 1) / kernels.nr;
    packKernelOnce(cache);
  }

  int64_t rows() const {
    int64_t rows = out.sizes[0];
    for (int64_t s = 0; s + 1 < spatial; ++s)
      rows *= out.sizes[1 + s];
    return rows;
  }
  int64_t columns() const { return out.sizes[spatial]; }

  /// Whether runPositionPanel computes this convolution: a short last
  /// output dimension, dense output positions, a finite kernel.
  bool byPositionTiles() const {
    if (!finiteKernel || out.strides[out.rank - 1] != 1 || columns() >= 2 * kMR)
      return false;
    for (int64_t d = out.rank - 2; d >= 1; --d)
      if (out.strides[d] != out.strides[d + 1] * out.sizes[d + 1])
        return false;
    return out.strides[0] == out.strides[1] * out.sizes[1];
  }
  /// Output positions in all (batch and spatial), kMR per tile.
  int64_t positionTiles() const {
    int64_t count = 1;
    for (int64_t d = 0; d <= spatial; ++d)
      count *= out.sizes[d];
    return (count + kMR - 1) / kMR;
  }
  int64_t panelCount() const { return panels; }
  int64_t termCount() const { return terms; }
  /// The terms of tile `tile`'s positions, [term][kMR], zeros for the
  /// padding, into `a`.
  void packPositionTile(int64_t tile, float *a) const;
  /// Panel p of every tile of positions, from the packed tiles.
  void runPositionPanel(const float *packedA, int64_t p) const;

  /// Output row `row`, columns [c0, c1); with `narrowRunsAcrossRows`, not
  /// the columns in runs narrower than a tile (runNarrowColumnsAcrossRows
  /// does them).
  void run(int64_t row, int64_t c0, int64_t c1, bool narrowRunsAcrossRows) const;

  /// Rows [row0, row0 + count) are neighbours along the last index of a row
  /// (the last outer output dimension, or the batch for 1-D windows), at
  /// most kMR of them: computes their columns of narrow runs (the columns
  /// whose window the padding clips) together, one tile per column, where a
  /// row alone would fill one row of a tile.
  void runNarrowColumnsAcrossRows(int64_t row0, int64_t count) const;

  /// Neighbouring rows per run of them, and how far apart neighbours'
  /// inputs and outputs lie.
  int64_t neighbours() const { return spatial >= 2 ? out.sizes[spatial - 1] : out.sizes[0]; }
  int64_t neighbourInputStep() const {
    return spatial >= 2 ? window[spatial - 2].stride * in.strides[spatial - 1] : in.strides[0];
  }
  int64_t neighbourOutputStep() const {
    return spatial >= 2 ? out.strides[spatial - 1] : out.strides[0];
  }

  /// A segment's terms (window position, then feature) lie one after the
  /// other in the input when features are dense and the next window
  /// position starts where the features of the last end: the kernel then
  /// reads each column's terms in place instead of a packed copy.
  bool direct() const {
    return in.strides[in.rank - 1] == 1 &&
           window[spatial - 1].dilation * in.strides[spatial] == Ci;
  }

private:
  /// The kernel as panels of nr output features, each [term][nr], term =
  /// (k_1 ... k_S, ci) row-major; features past Co are zeros; into
  /// `target`.
  void packKernel(float *target) const;
  /// Sets `packed`: the cache's packed kernel (packed by this call if the
  /// cache is empty), or a packed copy of this call's own.
  void packKernelOnce(View cache);

  /// Where output row `row` (n, o_1 ... o_{S-1}) starts in the input
  /// (window index 0 of each outer dimension, maybe in the padding) and in
  /// the output, and the valid positions of its outer window dimensions.
  struct RowPlace {
    std::vector<std::pair<int64_t, int64_t>> outer;
    int64_t input = 0, output = 0;
  };
  void place(int64_t row, RowPlace &result) const;

  /// Input position along the last dimension of window position k of
  /// output column `column`.
  int64_t lastPosition(int64_t column, int64_t k) const {
    const Window &last = window[spatial - 1];
    int64_t windowIndex = last.reversed ? ker.sizes[spatial - 1] - 1 - k : k;
    return column * last.stride + windowIndex * last.dilation - last.padLow;
  }

  /// The segments of the columns whose last window dimension is
  /// [last0, last1), given the valid intervals of the outer dimensions.
  void segments(const std::vector<std::pair<int64_t, int64_t>> &outer, int64_t last0,
                int64_t last1, int64_t rowOffset, std::vector<Segment> &result) const;

  /// `rows` (at most kMR) output positions, every feature panel, from +0:
  /// position r's outputs start at output + r * outputStep, and
  /// `accumulate(rows, b, c, ldc)` adds the terms of the positions times
  /// panel b to the tile at c.
  template <typename F>
  void computePanels(int64_t rows, float *output, int64_t outputStep, F &&accumulate) const;

  /// computePanels with the terms read in place: position r's terms of a
  /// segment start at in.data + seg.inputOffset + inputBase + r * inputStep.
  void computeDirect(const std::vector<Segment> &segs, int64_t inputBase, int64_t inputStep,
                     int64_t rows, float *output, int64_t outputStep) const {
    computePanels(rows, output, outputStep,
                  [&](int64_t count, const float *b, float *c, int64_t ldc) {
                    for (const Segment &seg : segs)
                      kernels.byRows[count - 1](seg.length,
                                                in.data + seg.inputOffset + inputBase, inputStep,
                                                1, b + seg.kernelStart * kernels.nr, kernels.nr,
                                                c, ldc);
                  });
  }

  /// computeDirect for the tiles of columns [c0, c1) of one row, whose
  /// outputs start at rowOutput + column * outputStep, when every panel is
  /// dense (features contiguous, Co a multiple of nr): panel by panel and
  /// segment by segment, the row's tiles in turn, so that the segment of
  /// the kernel panel stays in L1 while the tiles read it (tile by tile,
  /// each tile streamed the whole kernel from L2). Every output sums the
  /// same terms in the same order as computeDirect.
  void computeDirectAcrossTiles(const std::vector<Segment> &segs, int64_t first, int64_t c0,
                                int64_t c1, float *rowOutput, int64_t outputStep) const {
    int64_t nr = kernels.nr, lastStride = in.strides[spatial];
    int64_t inputStep = window[spatial - 1].stride * lastStride;
    for (int64_t p = 0; p < panels; ++p) {
      const float *b = packed + p * terms * nr;
      float *panelOutput = rowOutput + p * nr;
      // The first segment's sums start from +0 (none: the window lies in
      // the padding, the sums are +0).
      if (segs.empty())
        for (int64_t column = c0; column < c1; ++column)
          std::fill_n(panelOutput + column * outputStep, nr, 0.0f);
      for (size_t s = 0; s < segs.size(); ++s) {
        const GemmKernel *byRows = s == 0 ? kernels.byRowsFromZero : kernels.byRows;
        for (int64_t t = c0; t < c1; t += kMR)
          byRows[std::min(kMR, c1 - t) - 1](
              segs[s].length, in.data + segs[s].inputOffset + lastPosition(t, first) * lastStride,
              inputStep, 1, b + segs[s].kernelStart * nr, nr, panelOutput + t * outputStep,
              outputStep);
      }
      for (int64_t t = c0; t < c1; t += kMR)
        finish(panelOutput + t * outputStep, outputStep, std::min(kMR, c1 - t), nr, p * nr);
    }
  }

  /// Applies the epilogue to `rows` x `cols` sums at c (row stride ldc),
  /// whose first column is output feature `feature0`.
  void finish(float *c, int64_t ldc, int64_t rows, int64_t cols, int64_t feature0) const {
    if (!epilogue.bias)
      return;
#if defined(__x86_64__)
    if (kernels.isa == GemmIsa::Avx512 && epilogue.biasStride == 1 && cols % 16 == 0) {
      biasReluAvx512(c, ldc, rows, cols, epilogue.bias + feature0, epilogue.relu);
      return;
    }
#endif
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t j = 0; j < cols; ++j)
        c[r * ldc + j] = epilogue.apply(c[r * ldc + j], feature0 + j);
  }

  View in, ker, out;
  std::vector<Window> window;
  Epilogue epilogue;
  int64_t spatial, Ci, Co, positions, terms, panels;
  const GemmKernels &kernels;
  /// The packed kernel: in the cache or in `ownPacked`.
  const float *packed = nullptr;
  /// Whether every kernel value is finite (checked when packing).
  bool finiteKernel = false;
  /// Not value-initialized: packKernel writes every element, the columns
  /// past Co of the last panel as zeros (one pass over the buffer, not two).
  std::unique_ptr<float[]> ownPacked;
};

void Convolution::packKernelOnce(View cache) {
  int64_t size = panels * terms * kernels.nr;
  bool usable = cache.rank == 1 && cache.strides[0] == 1 &&
                cache.sizes[0] >= kPackedCacheHeader + size &&
                reinterpret_cast<uintptr_t>(cache.data) % 64 == 0;
  if (usable) {
    auto *state = reinterpret_cast<int32_t *>(cache.data);
    float *target = cache.data + kPackedCacheHeader;
    if (__atomic_load_n(state, __ATOMIC_ACQUIRE) == 2 && state[1] == kernels.nr) {
      packed = target;
      finiteKernel = state[2] != 0;
      return;
    }
    int32_t empty = 0;
    if (__atomic_compare_exchange_n(state, &empty, 1, false, __ATOMIC_ACQ_REL,
                                    __ATOMIC_ACQUIRE)) {
      packKernel(target);
      finiteKernel = isFinite(target, size);
      state[1] = static_cast<int32_t>(kernels.nr);
      state[2] = finiteKernel;
      __atomic_store_n(state, 2, __ATOMIC_RELEASE);
      packed = target;
      return;
    }
    // Another call is packing it now: this one packs its own.
  }
  ownPacked.reset(new float[static_cast<size_t>(size)]);
  packKernel(ownPacked.get());
  packed = ownPacked.get();
  finiteKernel = isFinite(packed, size);
}

void Convolution::packPositionTile(int64_t tile, float *a) const {
  int64_t S = spatial;
  int64_t count = 1;
  for (int64_t d = 0; d <= S; ++d)
    count *= out.sizes[d];
  int64_t first = tile * kMR, rows = std::min(kMR, count - first);
  std::fill_n(a, terms * kMR, 0.0f);
  int64_t inFeatureStride = in.strides[in.rank - 1];
  std::vector<int64_t> o(static_cast<size_t>(S));
  for (int64_t r = 0; r < rows; ++r) {
    // Position first + r as (n, o_1 ... o_S).
    int64_t rest = first + r;
    for (int64_t s = S - 1; s >= 0; --s) {
      o[s] = rest % out.sizes[1 + s];
      rest /= out.sizes[1 + s];
    }
    const float *image = in.data + rest * in.strides[0];
    for (int64_t position = 0; position < positions; ++position) {
      int64_t left = position, offset = 0;
      bool inside = true;
      for (int64_t s = S - 1; s >= 0; --s) {
        int64_t kk = left % ker.sizes[s];
        left /= ker.sizes[s];
        const Window &w = window[s];
        int64_t windowIndex = w.reversed ? ker.sizes[s] - 1 - kk : kk;
        int64_t pos = o[s] * w.stride + windowIndex * w.dilation - w.padLow;
        inside = inside && pos >= 0 && pos < in.sizes[1 + s];
        offset += pos * in.strides[1 + s];
      }
      if (!inside)
        continue;
      float *target = a + position * Ci * kMR + r;
      const float *source = image + offset;
      for (int64_t ci = 0; ci < Ci; ++ci)
        target[ci * kMR] = source[ci * inFeatureStride];
    }
  }
}

void Convolution::runPositionPanel(const float *packedA, int64_t p) const {
  int64_t S = spatial, nr = kernels.nr;
  int64_t count = 1;
  for (int64_t d = 0; d <= S; ++d)
    count *= out.sizes[d];
  int64_t tiles = (count + kMR - 1) / kMR, step = out.strides[S];
  int64_t cols = std::min(nr, Co - p * nr);
  const float *b = packed + p * terms * nr;
  // Blocks of terms: the panel's block (kBlock x nr) stays in L1 while
  // every tile reads it; each tile sums into its place (or a buffer for a
  // partial panel) block after block, in the order of the terms.
  constexpr int64_t kBlock = 256;
  thread_local std::vector<float> partial;
  if (cols < nr)
    partial.assign(static_cast<size_t>(tiles * kMR * nr), 0.0f);
  for (int64_t k0 = 0; k0 < terms; k0 += kBlock) {
    int64_t length = std::min(kBlock, terms - k0);
    for (int64_t t = 0; t < tiles; ++t) {
      int64_t rows = std::min(kMR, count - t * kMR);
      const float *a = packedA + t * terms * kMR + k0 * kMR;
      float *c = cols == nr ? out.data + t * kMR * step + p * nr : partial.data() + t * kMR * nr;
      int64_t ldc = cols == nr ? step : nr;
      (k0 == 0 ? kernels.byRowsFromZero : kernels.byRows)[rows - 1](length, a, 1, kMR,
                                                                     b + k0 * nr, nr, c, ldc);
    }
  }
  for (int64_t t = 0; t < tiles; ++t) {
    int64_t rows = std::min(kMR, count - t * kMR);
    float *output = out.data + t * kMR * step + p * nr;
    if (cols == nr) {
      finish(output, step, rows, nr, p * nr);
      continue;
    }
    float *tile = partial.data() + t * kMR * nr;
    finish(tile, nr, rows, cols, p * nr);
    for (int64_t r = 0; r < rows; ++r)
      std::memcpy(output + r * step, tile + r * nr, cols * sizeof(float));
  }
}

void Convolution::packKernel(float *target) const {
  int64_t nr = kernels.nr;
  for (int64_t position = 0; position < positions; ++position) {
    int64_t rest = position, offset = 0;
    for (int64_t s = spatial - 1; s >= 0; --s) {
      offset += (rest % ker.sizes[s]) * ker.strides[s];
      rest /= ker.sizes[s];
    }
    int64_t coStride = ker.strides[spatial + 1];
    for (int64_t ci = 0; ci < Ci; ++ci) {
      const float *source = ker.data + offset + ci * ker.strides[spatial];
      int64_t term = position * Ci + ci;
      // Panel by panel: no division per element (the packing runs on one
      // thread before the parallel loop).
      for (int64_t p = 0; p < panels; ++p) {
        float *to = target + (p * terms + term) * nr;
        const float *from = source + p * nr * coStride;
        int64_t cols = std::min(nr, Co - p * nr);
        std::fill(to + cols, to + nr, 0.0f);
        if (coStride == 1)
          std::memcpy(to, from, cols * sizeof(float));
        else
          for (int64_t j = 0; j < cols; ++j)
            to[j] = from[j * coStride];
      }
    }
  }
}

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

void Convolution::place(int64_t row, RowPlace &result) const {
  int64_t rest = row;
  result.outer.resize(static_cast<size_t>(spatial - 1));
  result.input = result.output = 0;
  for (int64_t s = spatial - 2; s >= 0; --s) {
    int64_t o = rest % out.sizes[1 + s];
    rest /= out.sizes[1 + s];
    const Window &w = window[s];
    result.outer[s] = validPositions(w, ker.sizes[s], in.sizes[1 + s], o);
    result.input += (o * w.stride - w.padLow) * in.strides[1 + s];
    result.output += o * out.strides[1 + s];
  }
  result.input += rest * in.strides[0];
  result.output += rest * out.strides[0];
}

template <typename F>
void Convolution::computePanels(int64_t rows, float *output, int64_t outputStep,
                                F &&accumulate) const {
  int64_t nr = kernels.nr, featureStride = out.strides[out.rank - 1];
  float tile[kMR * kMaxNR];
  for (int64_t p = 0; p < panels; ++p) {
    const float *b = packed + p * terms * nr;
    float *target = output + p * nr * featureStride;
    int64_t cols = std::min(nr, Co - p * nr);
    // A whole panel of dense features is summed where it goes.
    if (featureStride == 1 && cols == nr) {
      for (int64_t r = 0; r < rows; ++r)
        std::fill_n(target + r * outputStep, nr, 0.0f);
      accumulate(rows, b, target, outputStep);
      finish(target, outputStep, rows, nr, p * nr);
      continue;
    }
    std::fill(tile, tile + kMR * nr, 0.0f);
    accumulate(rows, b, tile, nr);
    finish(tile, nr, rows, cols, p * nr);
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t c = 0; c < cols; ++c)
        target[r * outputStep + c * featureStride] = tile[r * nr + c];
  }
}

void Convolution::run(int64_t row, int64_t c0, int64_t c1, bool narrowRunsAcrossRows) const {
  int64_t S = spatial;
  thread_local RowPlace here;
  place(row, here);
  const Window &last = window[S - 1];
  int64_t lastSize = ker.sizes[S - 1], lastStride = in.strides[S];
  int64_t inFeatureStride = in.strides[in.rank - 1], outColumnStride = out.strides[S];
  bool inPlace = direct();

  thread_local std::vector<float> packedA;
  thread_local std::vector<Segment> segs;
  for (int64_t run0 = c0; run0 < c1;) {
    // A run of columns with the same valid last-dimension positions.
    auto valid = validPositions(last, lastSize, in.sizes[S], run0);
    int64_t run1 = run0 + 1;
    while (run1 < c1 && validPositions(last, lastSize, in.sizes[S], run1) == valid)
      ++run1;
    if (narrowRunsAcrossRows && run1 - run0 < kMR) {
      run0 = run1;
      continue;
    }
    segments(here.outer, valid.first, valid.second, here.input, segs);
    if (inPlace && out.strides[out.rank - 1] == 1 && Co % kernels.nr == 0) {
      computeDirectAcrossTiles(segs, valid.first, run0, run1, out.data + here.output,
                               outColumnStride);
      run0 = run1;
      continue;
    }
    int64_t length = 0;
    for (const Segment &seg : segs)
      length += seg.length;
    if (!inPlace && packedA.size() < static_cast<size_t>(length * kMR))
      packedA.resize(static_cast<size_t>(length * kMR));
    for (int64_t t = run0; t < run1; t += kMR) {
      int64_t rows = std::min(kMR, run1 - t);
      float *output = out.data + here.output + t * outColumnStride;
      if (inPlace) {
        computeDirect(segs, lastPosition(t, valid.first) * lastStride, last.stride * lastStride,
                      rows, output, outColumnStride);
        continue;
      }
      // A panel [term][kMR]: the input under each column's window.
      float *a = packedA.data();
      for (const Segment &seg : segs)
        for (int64_t k = valid.first; k < valid.second; ++k) {
          for (int64_t r = 0; r < rows; ++r) {
            const float *source =
                in.data + seg.inputOffset + lastPosition(t + r, k) * lastStride;
            for (int64_t ci = 0; ci < Ci; ++ci)
              a[ci * kMR + r] = source[ci * inFeatureStride];
          }
          a += Ci * kMR;
        }
      computePanels(rows, output, outColumnStride,
                    [&](int64_t count, const float *b, float *c, int64_t ldc) {
                      int64_t offset = 0;
                      for (const Segment &seg : segs) {
                        kernels.byRows[count - 1](seg.length, packedA.data() + offset * kMR, 1,
                                                  kMR, b + seg.kernelStart * kernels.nr,
                                                  kernels.nr, c, ldc);
                        offset += seg.length;
                      }
                    });
    }
    run0 = run1;
  }
}

void Convolution::runNarrowColumnsAcrossRows(int64_t row0, int64_t count) const {
  int64_t S = spatial, columns = out.sizes[S];
  const Window &last = window[S - 1];
  int64_t lastSize = ker.sizes[S - 1], lastStride = in.strides[S];
  thread_local std::vector<RowPlace> places;
  thread_local std::vector<Segment> segs;
  places.resize(static_cast<size_t>(count));
  for (int64_t r = 0; r < count; ++r)
    place(row0 + r, places[r]);
  for (int64_t run0 = 0; run0 < columns;) {
    auto valid = validPositions(last, lastSize, in.sizes[S], run0);
    int64_t run1 = run0 + 1;
    while (run1 < columns && validPositions(last, lastSize, in.sizes[S], run1) == valid)
      ++run1;
    if (run1 - run0 >= kMR) {
      run0 = run1;
      continue;
    }
    // Rows with the same valid outer positions share the segments, their
    // inputs one neighbour step apart.
    for (int64_t first = 0; first < count;) {
      int64_t end = first + 1;
      while (end < count && places[end].outer == places[first].outer)
        ++end;
      segments(places[first].outer, valid.first, valid.second, places[first].input, segs);
      for (int64_t column = run0; column < run1; ++column)
        computeDirect(segs, lastPosition(column, valid.first) * lastStride,
                      neighbourInputStep(), end - first,
                      out.data + places[first].output + column * out.strides[S],
                      neighbourOutputStep());
      first = end;
    }
    run0 = run1;
  }
}

} // namespace

namespace {

void convolve(const UnrankedMemRef *input, const UnrankedMemRef *kernel,
              const UnrankedMemRef *output, const UnrankedMemRef *window, Epilogue epilogue,
              const UnrankedMemRef *cache) {
  View in = convViewOf(input), ker = convViewOf(kernel), out = convViewOf(output);
  std::vector<Window> windows;
  if (!convWindowsOf(window, in, ker, out, windows))
    return;
  for (int64_t d = 0; d < out.rank; ++d)
    if (out.sizes[d] == 0)
      return;
  std::vector<int64_t> directRows;
  bool winograd = winogradConvolution(in, ker, out, windows, epilogue, directRows);
  if (winograd && directRows.empty())
    return;
  Convolution conv(in, ker, out, std::move(windows), epilogue, convViewOf(cache));
  if (winograd) {
    parallelFor(static_cast<int64_t>(directRows.size()), [&](int64_t i) {
      conv.run(directRows[i], 0, conv.columns(), /*narrowRunsAcrossRows=*/false);
    });
    return;
  }
  ThreadPool *pool = ThreadPool::current();
  int64_t threads = pool ? std::max<unsigned>(pool->size(), 1) : 1;
  if (conv.byPositionTiles()) {
    // The tiles' terms are gathered once (a task per tile), then each
    // panel is a task over every tile: the kernel is read once.
    int64_t tiles = conv.positionTiles(), terms = conv.termCount();
    std::unique_ptr<float[]> packedA(new float[static_cast<size_t>(tiles * terms * kMR)]);
    parallelFor(tiles, [&](int64_t t) { conv.packPositionTile(t, packedA.get() + t * terms * kMR); });
    parallelFor(conv.panelCount(), [&](int64_t p) { conv.runPositionPanel(packedA.get(), p); });
    return;
  }
  // Tasks: rows, split into column chunks when there are few rows.
  int64_t rows = conv.rows(), columns = conv.columns();
  int64_t chunks = std::min((columns + kMR - 1) / kMR,
                            std::max<int64_t>(1, (2 * threads + rows - 1) / rows));
  int64_t chunk = (columns + chunks - 1) / chunks;
  chunk = (chunk + kMR - 1) / kMR * kMR;
  chunks = (columns + chunk - 1) / chunk;
  // Whole rows, up to kMR neighbouring ones per task, when that leaves
  // enough tasks: the columns whose window the padding clips are then
  // computed across the rows, a full tile each instead of a tile row.
  int64_t neighbours = conv.neighbours(), groups = (neighbours + kMR - 1) / kMR;
  int64_t runs = rows / neighbours;
  if (chunks == 1 && conv.direct() && runs * groups >= 2 * threads) {
    parallelFor(runs * groups, [&](int64_t task) {
      int64_t first = (task / groups) * neighbours + (task % groups) * kMR;
      int64_t count = std::min(kMR, neighbours - (task % groups) * kMR);
      for (int64_t row = first; row < first + count; ++row)
        conv.run(row, 0, columns, /*narrowRunsAcrossRows=*/true);
      conv.runNarrowColumnsAcrossRows(first, count);
    });
    return;
  }
  parallelFor(rows * chunks, [&](int64_t task) {
    int64_t c0 = (task % chunks) * chunk;
    conv.run(task / chunks, c0, std::min(columns, c0 + chunk), /*narrowRunsAcrossRows=*/false);
  });
}

/// The epilogue that adds `bias` (a rank-1 view of Co floats), or none.
std::optional<Epilogue> biasEpilogue(const UnrankedMemRef *bias, const UnrankedMemRef *output,
                                     bool relu) {
  View b = convViewOf(bias), out = convViewOf(output);
  if (b.rank != 1 || out.rank < 1 || b.sizes[0] != out.sizes[out.rank - 1])
    return std::nullopt;
  return Epilogue{b.data, b.strides[0], relu};
}

} // namespace

extern "C" void _mlir_ciface_oxla_convolution_f32(const UnrankedMemRef *input,
                                                  const UnrankedMemRef *kernel,
                                                  const UnrankedMemRef *output,
                                                  const UnrankedMemRef *window,
                                                  const UnrankedMemRef *cache) {
  convolve(input, kernel, output, window, Epilogue{}, cache);
}

extern "C" void _mlir_ciface_oxla_convolution_bias_f32(const UnrankedMemRef *input,
                                                       const UnrankedMemRef *kernel,
                                                       const UnrankedMemRef *output,
                                                       const UnrankedMemRef *window,
                                                       const UnrankedMemRef *bias,
                                                       const UnrankedMemRef *cache) {
  if (auto epilogue = biasEpilogue(bias, output, /*relu=*/false))
    convolve(input, kernel, output, window, *epilogue, cache);
}

extern "C" void _mlir_ciface_oxla_convolution_bias_relu_f32(const UnrankedMemRef *input,
                                                            const UnrankedMemRef *kernel,
                                                            const UnrankedMemRef *output,
                                                            const UnrankedMemRef *window,
                                                            const UnrankedMemRef *bias,
                                                            const UnrankedMemRef *cache) {
  if (auto epilogue = biasEpilogue(bias, output, /*relu=*/true))
    convolve(input, kernel, output, window, *epilogue, cache);
}
