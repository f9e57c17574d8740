//===- GemmKernels.h - Register-blocked f32 micro-kernels -----------------===//
//
// The inner loops of the matmul and convolution routines: C[MR x nr] +=
// A * B-panel over kc terms, summed in k order, each product rounded and
// then added (no fused multiply-add), the interpreter's arithmetic.
// A(i, k) is a[i * aRow + k * aDepth]: a packed panel [k][kMR] has aRow 1,
// aDepth kMR; rows read in place have aDepth 1. A B panel is [k][nr]; C
// has row stride ldc and unit column stride.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_RUNTIME_GEMMKERNELS_H
#define OXLA_RUNTIME_GEMMKERNELS_H

#include <cstdint>

namespace oxla::rt {

/// A strided matrix: element (i, j) at data[i * rowStride + j * colStride].
struct Matrix {
  float *data;
  int64_t rows, cols, rowStride, colStride;
  float &at(int64_t i, int64_t j) const { return data[i * rowStride + j * colStride]; }
};

constexpr int64_t kMR = 6; ///< rows of a full C tile

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
  int64_t nr; ///< columns of a tile
  RowKernel row;
};

/// The widest kernels the CPU runs (AVX-512: 6 x 32, AVX2: 6 x 16, else
/// portable loops); OXLA_MATMUL_KERNEL=avx2|portable picks narrower ones
/// (tests run every kernel on one machine).
const GemmKernels &gemmKernels();

} // namespace oxla::rt

#endif // OXLA_RUNTIME_GEMMKERNELS_H
