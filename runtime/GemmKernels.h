//===- GemmKernels.h - Register-blocked f32 micro-kernels -----------------===//
//
// The inner loops of the matmul and convolution routines: C[MR x nr] +=
// A * B-panel over kc terms, summed in k order. The exact kernels round
// each product and then add it (no fused multiply-add), the interpreter's
// arithmetic, bit for bit; the fused ones (the default where the CPU has
// FMA) compute c = fma(a, b, c) for k in order, which differs from the
// interpreter only by the products' rounding. OXLA_EXACT_PRODUCTS=1 picks
// the exact kernels.
// A(i, k) is a[i * aRow + k * aDepth]: a packed panel [k][kMR] has aRow 1,
// aDepth kMR; rows read in place have aDepth 1. A B panel is [k][nr]; C
// has row stride ldc and unit column stride.
//
#ifndef OXLA_RUNTIME_GEMMKERNELS_H
#define OXLA_RUNTIME_GEMMKERNELS_H

#include <cstdint>
#include <optional>
#include <vector>

namespace oxla::rt {

/// A strided matrix: element (i, j) at data[i * rowStride + j * colStride].
struct Matrix {
  float *data;
  int64_t rows, cols, rowStride, colStride;
  float &at(int64_t i, int64_t j) const { return data[i * rowStride + j * colStride]; }
};

constexpr int64_t kMR = 6;    ///< rows of a full C tile
constexpr int64_t kMaxNR = 64; ///< the most columns of a tile, for buffers

enum class GemmIsa { Avx512, Avx2, Portable };

/// C tile += A panel * B panel over kc steps: A's element (i, k) at
/// a[i * aRow + k * aDepth], B's row k (nr floats) at b + k * ldb (ldb = nr
/// for a packed panel, B's row stride when it is read in place).
using GemmKernel = void (*)(int64_t kc, const float *a, int64_t aRow, int64_t aDepth,
                            const float *b, int64_t ldb, float *c, int64_t ldc);

/// c[j] += sum over k of a[k * aStride] * b[k * ldb + j], for j < n: one
/// row of C when A has too few rows to pack. Each c[j] takes the products in
/// k order, each rounded before it is added, as the tiles do.
using RowKernel = void (*)(int64_t kc, const float *a, int64_t aStride, const float *b,
                           int64_t ldb, float *c, int64_t n);

struct GemmKernels {
  /// byRows[r - 1] computes the first r rows of a tile, r = 1 ... kMR.
  GemmKernel byRows[kMR];
  /// The same from +0: C's tile is only written (C = A * B-panel, the
  /// sums of byRows on a tile of +0, bit for bit).
  GemmKernel byRowsFromZero[kMR];
  int64_t nr; ///< columns of a tile
  RowKernel row;
  bool fused; ///< c = fma(a, b, c) rather than c + round(a * b)
  GemmIsa isa;
};

/// The widest tiles the CPU runs (AVX-512: 6 x 64, AVX2 with FMA: 6 x 16,
/// else portable loops, always exact); OXLA_MATMUL_KERNEL=avx2|portable
/// picks narrower ones (tests run every kernel on one machine), and
/// OXLA_EXACT_PRODUCTS=1 (not 0) the exact ones. Read once per process.
const GemmKernels &gemmKernels();
/// Of the same ISA and arithmetic, the narrowest tiles with at least
/// `columns` columns (the widest where none has): the last columns of a
/// product, which a wide tile would compute mostly for nothing (N = 96 on
/// 6 x 64 tiles: 25% more work than on 6 x 32 ones).
const GemmKernels &gemmKernelsCovering(int64_t columns);
/// For a product whose every panel takes one tile width (the convolutions):
/// the widest tiles that pad `columns` by at most an eighth, else the
/// narrowest that cover them (96 features: 3 x 32 rather than 2 x 64).
const GemmKernels &gemmKernelsForColumns(int64_t columns);

/// The tile widths (nr) of `isa`, widest first: AVX-512 64, 32, 16; AVX2 16,
/// 8; portable 16.
std::vector<int64_t> gemmTileWidths(GemmIsa isa);
/// The kernels of `isa` with tiles `nr` columns wide (0: the widest), exact
/// or fused (portable ones are exact only), or none where this CPU cannot
/// run them or `isa` has no such width.
std::optional<GemmKernels> gemmKernelsFor(GemmIsa isa, bool fused, int64_t nr = 0);

} // namespace oxla::rt

#endif // OXLA_RUNTIME_GEMMKERNELS_H
