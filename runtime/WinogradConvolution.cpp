//===- WinogradConvolution.cpp - 3x3 convolutions in Winograd's F(2x2, 3x3) ===//
//
// A 3x3 convolution with stride 1 and dilation 1 computes each 2x2 block of
// outputs (a tile) from the 4x4 inputs under it with 16 products per input
// and output feature instead of 36 (Lavin and Gray, "Fast Algorithms for
// Convolutional Neural Networks", 2016):
//
//   Y = A^T [ (G g G^T) (.) (B^T d B) ] A
//
// g the 3x3 kernel of one input and output feature, d the 4x4 input tile of
// one input feature, (.) elementwise, summed over the input features. That
// sum is 16 matrix products, one per element (xi, nu) of the 4x4 tiles:
// M_xinu[tile][co] = sum over ci of V_xinu[tile][ci] U_xinu[ci][co], which
// the GEMM micro-kernels (GemmKernels.h) compute. The transforms B, G and A
// multiply by 0, +-1 and 1/2 only.
//
// The sums differ from the direct ones by rounding: each output is a
// combination of 16 sums of rounded transformed terms (relative error a few
// ULPs of the largest intermediate; W6: max abs error 4e-6 against f64
// numpy on outputs of about 1). So the routine takes this path only with
// the fused kernels (OXLA_EXACT_PRODUCTS=1 keeps the interpreter's sums,
// bit for bit) and for the layers where it pays: 2.25x fewer multiply-adds
// (W6 conv 8x56x56x64, 3x3x64x64: 1.7x faster than the direct routine).
//
// Infinities and NaN: the transforms mix a tile's inputs, so one infinite
// input makes more of the tile's sums infinite or NaN than the direct
// sums, which also skip the padding (0 * inf). Non-finite weights leave
// the convolution to the direct routine; a tile with a non-finite sum
// hands its output rows back to it (winogradConvolution's directRows).
//
// The tiles are computed in blocks of kBlockTiles (one task each): the
// block's V (16 x tiles x Ci) and M (16 x tiles x Co) stay in L2, and each
// U_xinu panel in L1 while the block's tiles read it.
//
//===----------------------------------------------------------------------===//

#include "runtime/ConvolutionViews.h"
#include "runtime/GemmKernels.h"
#include "runtime/ThreadPool.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>

using namespace oxla::rt;

namespace {

/// Tiles per task: a multiple of the micro-kernel's rows.
constexpr int64_t kBlockTiles = 6 * kMR;

/// Input and output features below which the transforms cost more than the
/// products save, and tiles below which the direct routine's threads have
/// too little to share.
constexpr int64_t kMinFeatures = 32, kMinTiles = 64;

/// 16 f32 lanes in portable vector arithmetic: the target clones below
/// compile them to one AVX-512 register, two AVX2 ones or four SSE ones.
using Lanes = float __attribute__((vector_size(64)));
constexpr int64_t kLanes = 16;


/// v = B^T d B for one 4x4 tile, `T` lanes (Lanes) or one feature (float):
/// rows, then columns, of (d0 - d2, d1 + d2, d2 - d1, d1 - d3).
template <typename T>
__attribute__((always_inline)) inline void transformInputTile(T d[16], T v[16]) {
  T t[16];
  for (int j = 0; j < 4; ++j) {
    t[0 + j] = d[0 + j] - d[8 + j];
    t[4 + j] = d[4 + j] + d[8 + j];
    t[8 + j] = d[8 + j] - d[4 + j];
    t[12 + j] = d[4 + j] - d[12 + j];
  }
  for (int i = 0; i < 4; ++i) {
    v[4 * i + 0] = t[4 * i + 0] - t[4 * i + 2];
    v[4 * i + 1] = t[4 * i + 1] + t[4 * i + 2];
    v[4 * i + 2] = t[4 * i + 2] - t[4 * i + 1];
    v[4 * i + 3] = t[4 * i + 1] - t[4 * i + 3];
  }
}

/// y = A^T m A for one tile: rows, then columns, of (m0 + m1 + m2,
/// m1 - m2 - m3).
template <typename T>
__attribute__((always_inline)) inline void transformOutputTile(T m[16], T y[4]) {
  T r[8];
  for (int j = 0; j < 4; ++j) {
    r[j] = m[j] + m[4 + j] + m[8 + j];
    r[4 + j] = m[4 + j] - m[8 + j] - m[12 + j];
  }
  for (int i = 0; i < 2; ++i) {
    y[2 * i] = r[4 * i] + r[4 * i + 1] + r[4 * i + 2];
    y[2 * i + 1] = r[4 * i + 1] - r[4 * i + 2] - r[4 * i + 3];
  }
}

/// v[k][c] = (B^T d B)[k] over the features c < n, d[k] the 16 inputs of
/// the tile (a row of zeros where the tile covers padding).
__attribute__((target_clones("avx512f", "avx2", "default"))) void
transformInput(const float *const d[16], float *const v[16], int64_t n) {
  int64_t c = 0;
  for (; c + kLanes <= n; c += kLanes) {
    Lanes x[16], y[16];
    for (int k = 0; k < 16; ++k)
      std::memcpy(&x[k], d[k] + c, sizeof(Lanes));
    transformInputTile(x, y);
    for (int k = 0; k < 16; ++k)
      std::memcpy(v[k] + c, &y[k], sizeof(Lanes));
  }
  for (; c < n; ++c) {
    float x[16], y[16];
    for (int k = 0; k < 16; ++k)
      x[k] = d[k][c];
    transformInputTile(x, y);
    for (int k = 0; k < 16; ++k)
      v[k][c] = y[k];
  }
}

/// Where one tile's outputs go and what is added to them.
struct TileOutputs {
  float *target[4]; ///< output (y0 + i, x0 + j) at target[2i + j]; null outside
  const float *bias; ///< n floats, or null
  bool relu;
};

/// x = max(x, +0) lane by lane, NaN propagating, -0 made +0: the lanes
/// that are neither > 0 nor NaN are cleared.
template <typename T> __attribute__((always_inline)) inline void relu(T &x) {
  if constexpr (sizeof(T) == sizeof(float)) {
    x = !(x > 0.0f) && x == x ? 0.0f : x;
  } else {
    using Mask = int __attribute__((vector_size(sizeof(T))));
    Mask keep = (x > 0.0f) | (x != x), bits;
    std::memcpy(&bits, &x, sizeof x);
    bits &= keep;
    std::memcpy(&x, &bits, sizeof x);
  }
}

/// The epilogue on a tile's 4 outputs of features [c, c + lanes), stored;
/// `nonFinite` becomes NaN in the lanes where a sum is infinite or NaN.
template <typename T>
__attribute__((always_inline)) inline void finishTile(T y[4], const TileOutputs &out,
                                                      const T &bias, int64_t c, T &nonFinite) {
  for (int k = 0; k < 4; ++k) {
    if (!out.target[k])
      continue;
    nonFinite += y[k] - y[k];
    if (out.bias) {
      y[k] = y[k] + bias;
      if (out.relu)
        relu(y[k]);
    }
    std::memcpy(out.target[k] + c, &y[k], sizeof y[k]);
  }
}

/// The tile's outputs (A^T m A)[i] over the features c < n, m[k] its 16
/// sums, with the epilogue; whether every sum is finite.
__attribute__((target_clones("avx512f", "avx2", "default"))) bool
transformOutput(const float *const m[16], const TileOutputs &out, int64_t n) {
  int64_t c = 0;
  Lanes nonFiniteLanes{};
  for (; c + kLanes <= n; c += kLanes) {
    Lanes x[16], r[4], bias{};
    for (int k = 0; k < 16; ++k)
      std::memcpy(&x[k], m[k] + c, sizeof(Lanes));
    transformOutputTile(x, r);
    if (out.bias)
      std::memcpy(&bias, out.bias + c, sizeof bias);
    finishTile(r, out, bias, c, nonFiniteLanes);
  }
  float nonFinite = 0.0f;
  for (; c < n; ++c) {
    float x[16], r[4];
    for (int k = 0; k < 16; ++k)
      x[k] = m[k][c];
    transformOutputTile(x, r);
    finishTile(r, out, out.bias ? out.bias[c] : 0.0f, c, nonFinite);
  }
  for (int64_t l = 0; l < kLanes; ++l)
    nonFinite += nonFiniteLanes[l];
  return nonFinite == nonFinite;
}

class Winograd {
public:
  Winograd(const ConvView &in, const ConvView &ker, const ConvView &out,
           const std::vector<ConvWindow> &window, const ConvEpilogue &epilogue)
      : in(in), ker(ker), out(out), epilogue(epilogue),
        kernels(gemmKernelsForColumns(out.sizes[3])), Ci(in.sizes[3]), Co(out.sizes[3]),
        nr(kernels.nr), panels((out.sizes[3] + kernels.nr - 1) / kernels.nr), coPadded(panels * nr),
        tilesY((out.sizes[1] + 1) / 2), tilesX((out.sizes[2] + 1) / 2),
        tiles(out.sizes[0] * tilesY * tilesX),
        redo(static_cast<size_t>(out.sizes[0] * out.sizes[1])) {
    for (int s = 0; s < 2; ++s) {
      padLow[s] = window[s].padLow;
      reversed[s] = window[s].reversed;
    }
    if (epilogue.bias)
      for (int64_t co = 0; co < Co; ++co)
        bias.push_back(epilogue.bias[co * epilogue.biasStride]);
    transformKernel();
  }

  int64_t blocks() const { return (tiles + kBlockTiles - 1) / kBlockTiles; }

  /// The output rows (n * OH + y) marked for the direct routine.
  std::vector<int64_t> rowsToRedo() const {
    std::vector<int64_t> rows;
    for (size_t r = 0; r < redo.size(); ++r)
      if (redo[r].load(std::memory_order_relaxed))
        rows.push_back(static_cast<int64_t>(r));
    return rows;
  }

  /// The tiles of block `b`, through V and M in this thread's buffers.
  void runBlock(int64_t b) const {
    int64_t first = b * kBlockTiles, count = std::min(kBlockTiles, tiles - first);
    thread_local std::vector<float> v, m, zeros;
    v.resize(static_cast<size_t>(16 * kBlockTiles * Ci));
    m.resize(static_cast<size_t>(16 * kBlockTiles * coPadded));
    if (zeros.size() != static_cast<size_t>(Ci)) // never written: +0 stays
      zeros.assign(static_cast<size_t>(Ci), 0.0f);
    for (int64_t t = 0; t < count; ++t)
      gatherAndTransform(first + t, zeros.data(), v.data() + t * Ci, count);
    multiply(count, v.data(), m.data());
    for (int64_t t = 0; t < count; ++t)
      transformAndStore(first + t, m.data() + t * coPadded, count);
  }

private:
  /// U[xi nu] = G g G^T as kernel panels [16][panel][ci][nr], features past
  /// Co zero; reversed dimensions read g backwards.
  void transformKernel() {
    packed.assign(static_cast<size_t>(16 * panels * Ci * nr), 0.0f);
    // Per input feature, on the pool's threads: the filters of every call
    // are transformed (a call does not know whether they changed).
    parallelFor(Ci, [&](int64_t ci) {
      for (int64_t co = 0; co < Co; ++co) {
        float g[3][3], t[4][3];
        for (int i = 0; i < 3; ++i)
          for (int j = 0; j < 3; ++j)
            g[i][j] = ker.data[(reversed[0] ? 2 - i : i) * ker.strides[0] +
                               (reversed[1] ? 2 - j : j) * ker.strides[1] +
                               ci * ker.strides[2] + co * ker.strides[3]];
        // G = [1 0 0; 1/2 1/2 1/2; 1/2 -1/2 1/2; 0 0 1], rows then columns.
        for (int j = 0; j < 3; ++j) {
          t[0][j] = g[0][j];
          t[1][j] = 0.5f * (g[0][j] + g[1][j] + g[2][j]);
          t[2][j] = 0.5f * (g[0][j] - g[1][j] + g[2][j]);
          t[3][j] = g[2][j];
        }
        int64_t panel = co / nr, lane = co % nr;
        for (int i = 0; i < 4; ++i) {
          float u[4] = {t[i][0], 0.5f * (t[i][0] + t[i][1] + t[i][2]),
                        0.5f * (t[i][0] - t[i][1] + t[i][2]), t[i][2]};
          for (int j = 0; j < 4; ++j)
            packed[static_cast<size_t>(((4 * i + j) * panels + panel) * Ci * nr + ci * nr +
                                       lane)] = u[j];
        }
      }
    });
  }

  /// Where tile `tile` is: batch, first output row and column.
  void place(int64_t tile, int64_t &n, int64_t &y0, int64_t &x0) const {
    x0 = 2 * (tile % tilesX);
    y0 = 2 * (tile / tilesX % tilesY);
    n = tile / (tilesX * tilesY);
  }

  /// V[k][t][:] of tile `tile` at `v` (= V[0][t]), `count` tiles a block.
  void gatherAndTransform(int64_t tile, const float *zeros, float *v, int64_t count) const {
    int64_t n, y0, x0;
    place(tile, n, y0, x0);
    const float *d[16];
    float *target[16];
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j) {
        int64_t y = y0 + i - padLow[0], x = x0 + j - padLow[1];
        bool inside = y >= 0 && y < in.sizes[1] && x >= 0 && x < in.sizes[2];
        d[4 * i + j] = inside ? in.data + n * in.strides[0] + y * in.strides[1] +
                                    x * in.strides[2]
                              : zeros;
        target[4 * i + j] = v + (4 * i + j) * count * Ci;
      }
    transformInput(d, target, Ci);
  }

  /// M[k] = V[k] U[k] for the block's `count` tiles, from +0.
  void multiply(int64_t count, const float *v, float *m) const {
    for (int64_t k = 0; k < 16; ++k)
      for (int64_t p = 0; p < panels; ++p) {
        const float *b = packed.data() + (k * panels + p) * Ci * nr;
        for (int64_t t = 0; t < count; t += kMR)
          kernels.byRowsFromZero[std::min(kMR, count - t) - 1](
              Ci, v + (k * count + t) * Ci, Ci, 1, b, nr,
              m + (k * count + t) * coPadded + p * nr, coPadded);
      }
  }

  /// The outputs of tile `tile` from M[k][t][:] at `m` (= M[0][t]), with
  /// the epilogue; marks its output rows for the direct routine where a sum
  /// is not finite.
  void transformAndStore(int64_t tile, const float *m, int64_t count) const {
    int64_t n, y0, x0;
    place(tile, n, y0, x0);
    const float *sums[16];
    for (int k = 0; k < 16; ++k)
      sums[k] = m + k * count * coPadded;
    TileOutputs outputs{{}, epilogue.bias ? bias.data() : nullptr, epilogue.relu};
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 2; ++j)
        if (y0 + i < out.sizes[1] && x0 + j < out.sizes[2])
          outputs.target[2 * i + j] = out.data + n * out.strides[0] +
                                      (y0 + i) * out.strides[1] + (x0 + j) * out.strides[2];
    if (!transformOutput(sums, outputs, Co))
      for (int i = 0; i < 2 && y0 + i < out.sizes[1]; ++i)
        redo[n * out.sizes[1] + y0 + i].store(true, std::memory_order_relaxed);
  }

  const ConvView &in, &ker, &out;
  const ConvEpilogue &epilogue;
  const GemmKernels &kernels;
  int64_t Ci, Co, nr, panels, coPadded, tilesY, tilesX, tiles;
  int64_t padLow[2];
  bool reversed[2];
  std::vector<float> packed, bias;
  /// Per output row: whether the direct routine computes it again.
  mutable std::vector<std::atomic<bool>> redo;
};

} // namespace

bool oxla::rt::winogradConvolution(const ConvView &in, const ConvView &ker, const ConvView &out,
                                   const std::vector<ConvWindow> &window,
                                   const ConvEpilogue &epilogue,
                                   std::vector<int64_t> &directRows) {
  if (out.rank != 4 || ker.sizes[0] != 3 || ker.sizes[1] != 3 || !gemmKernels().fused ||
      in.strides[3] != 1 || out.strides[3] != 1 || in.sizes[3] < kMinFeatures ||
      out.sizes[3] < kMinFeatures)
    return false;
  for (const ConvWindow &w : window)
    if (w.stride != 1 || w.dilation != 1)
      return false;
  if (out.sizes[0] * ((out.sizes[1] + 1) / 2) * ((out.sizes[2] + 1) / 2) < kMinTiles)
    return false;
  // An infinite or NaN weight would reach every output of its tiles through
  // the transforms (and 0 * inf the padding, which the direct sums skip).
  for (int64_t i = 0; i < 3; ++i)
    for (int64_t j = 0; j < 3; ++j)
      for (int64_t ci = 0; ci < in.sizes[3]; ++ci)
        for (int64_t co = 0; co < out.sizes[3]; ++co)
          if (!std::isfinite(ker.data[i * ker.strides[0] + j * ker.strides[1] +
                                      ci * ker.strides[2] + co * ker.strides[3]]))
            return false;
  Winograd winograd(in, ker, out, window, epilogue);
  parallelFor(winograd.blocks(), [&](int64_t b) { winograd.runBlock(b); });
  directRows = winograd.rowsToRedo();
  return true;
}
