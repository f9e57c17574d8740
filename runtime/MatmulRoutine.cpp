//===- MatmulRoutine.cpp - f32 matrix products for compiled code ----------===//
//
// `_mlir_ciface_oxla_matmul_f32(A, B, C)` computes C += A * B on strided
// views [batch..., M, K], [batch..., K, N], [batch..., M, N]
// (compiler/Codegen/MatmulToRuntime.cpp); `_mlir_ciface_oxla_matmul_f32_zero`
// computes C = A * B from +0, ignoring what C held: each tile is zeroed just
// before its first K block, where it is about to be read (no separate pass
// over C, no parallel region of its own). Every element
// of C is summed in the interpreter's order, k = 0, 1, ..., K - 1, each
// step a fused multiply-add or, with the exact kernels, the product rounded
// and then added: then the result is bit for bit the interpreter's and the
// plain loops' (GemmKernels.h). Speed comes from
// elsewhere: packed panels of B (or B in place where its rows hold whole
// panels), A read in place, a register-blocked micro-kernel that
// keeps an MR x NR tile of C in vector registers across a K block (C is
// loaded before and stored after each block, which keeps the order), and
// the tasks of the invocation's thread pool (kernels: GemmKernels.h).
//
//===----------------------------------------------------------------------===//

#include "runtime/GemmKernels.h"
#include "runtime/MemRefDescriptor.h"
#include "runtime/ThreadPool.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <functional>
#include <vector>

using namespace oxla::rt;

namespace {

constexpr int64_t kKC = 256;  // depth of a K block
constexpr int64_t kMC = 96;   // rows of an A block
constexpr int64_t kNC = 1024; // columns of a packed B block

/// Packs depth [k0, k0 + kc) x columns [j0, j0 + nc) of B into nr-column
/// panels, each laid out [k][nr]; columns past the matrix are zeros.
void packB(const Matrix &b, int64_t k0, int64_t kc, int64_t j0, int64_t nc, int64_t nr,
           float *out) {
  for (int64_t q = 0; q < nc; q += nr) {
    int64_t cols = std::min(nr, nc - q);
    for (int64_t k = 0; k < kc; ++k) {
      const float *row = &b.at(k0 + k, j0 + q);
      if (b.colStride == 1)
        std::memcpy(out + k * nr, row, cols * sizeof(float));
      else
        for (int64_t c = 0; c < cols; ++c)
          out[k * nr + c] = row[c * b.colStride];
      for (int64_t c = cols; c < nr; ++c)
        out[k * nr + c] = 0.0f;
    }
    out += kc * nr;
  }
}

/// Where the kernels read one K block of B: panel p (nr columns from the
/// block's first column) starts at panels + p * panelStride and its rows are
/// ldb apart. Packed panels are [k][nr] (panelStride kc * nr, ldb nr); B read
/// in place has panelStride nr and ldb its row stride.
struct BPanels {
  const float *panels;
  int64_t panelStride, ldb;

  static BPanels packed(const float *data, int64_t kc, int64_t nr) { return {data, kc * nr, nr}; }
  const float *panel(int64_t p) const { return panels + p * panelStride; }
};

/// C[i0 : i0 + mc, j0 : j0 + nc] += A[:, k0 : k0 + kc] * B-block, the
/// block's panels for depth [k0, k0 + kc) and columns from j0.
/// `zeroC`: C's tiles start from +0 instead of their contents.
void multiplyPacked(const Matrix &a, const Matrix &c, const BPanels &blockB, int64_t k0, int64_t kc,
                    int64_t i0, int64_t mc, int64_t j0, int64_t nc, bool zeroC) {
  const GemmKernels &kernels = gemmKernels();
  int64_t nr = kernels.nr;
  float edge[kMR * kMaxNR];
  bool directC = c.colStride == 1;
  for (int64_t ib = 0; ib < mc; ib += kMC) {
    int64_t mb = std::min(kMC, mc - ib);
    for (int64_t q = 0; q < nc; q += nr) {
      int64_t cols = std::min(nr, nc - q);
      const float *panelB = blockB.panel(q / nr);
      // A partial panel's columns on the narrowest tiles that cover them
      // (they read the panel's first `width` columns).
      const GemmKernels &tiles = cols == nr ? kernels : gemmKernelsCovering(cols);
      int64_t width = tiles.nr;
      for (int64_t p = 0; p < mb; p += kMR) {
        int64_t rows = std::min(kMR, mb - p);
        // A is read in place: the kernel broadcasts one element of each of
        // its rows per step, and a packed copy measured slower (the packing
        // pass costs more than the strided loads save).
        const float *panelA = &a.at(i0 + ib + p, k0);
        float *tile = &c.at(i0 + ib + p, j0 + q);
        // The next tile's C, which the kernel loads first: fetched while
        // this one computes (its rows are far apart and miss the caches).
        bool belowInPanel = p + kMR < mb;
        if (belowInPanel || q + nr < nc) {
          const float *next = belowInPanel ? tile + kMR * c.rowStride : &c.at(i0 + ib, j0 + q + nr);
          int64_t nextRows = belowInPanel ? std::min(kMR, mb - p - kMR) : std::min(kMR, mb);
          for (int64_t r = 0; r < nextRows; ++r)
            for (int64_t line = 0; line < nr; line += 16)
              __builtin_prefetch(next + r * c.rowStride + line * c.colStride, 1, 3);
        }
        // Tiles that fill their columns are computed where they lie, the
        // last rows too (the kernels write only their rows).
        if (directC && cols == width) {
          GemmKernel kernel = zeroC ? tiles.byRowsFromZero[rows - 1] : tiles.byRows[rows - 1];
          kernel(kc, panelA, a.rowStride, a.colStride, panelB, blockB.ldb, tile, c.rowStride);
          continue;
        }
        // Others (or strided C) go through a buffer.
        for (int64_t r = 0; r < kMR; ++r)
          for (int64_t col = 0; col < width; ++col)
            edge[r * width + col] =
                !zeroC && r < rows && col < cols ? tile[r * c.rowStride + col * c.colStride] : 0.0f;
        tiles.byRows[rows - 1](kc, panelA, a.rowStride, a.colStride, panelB, blockB.ldb, edge,
                               width);
        for (int64_t r = 0; r < rows; ++r)
          for (int64_t col = 0; col < cols; ++col)
            tile[r * c.rowStride + col * c.colStride] = edge[r * width + col];
      }
    }
  }
}

/// C[i0 : i0 + mc, j0 : j0 + nc] += A * B on one thread, K blocks in order.
void multiplyBlock(const Matrix &a, const Matrix &b, const Matrix &c, int64_t i0, int64_t mc,
                   int64_t j0, int64_t nc, bool zeroC) {
  int64_t nr = gemmKernels().nr, K = a.cols;
  thread_local std::vector<float> packedB;
  size_t needB = static_cast<size_t>(std::min(K, kKC) * ((nc + nr - 1) / nr * nr));
  if (packedB.size() < needB)
    packedB.resize(needB);
  for (int64_t k0 = 0; k0 < K; k0 += kKC) {
    int64_t kc = std::min(kKC, K - k0);
    packB(b, k0, kc, j0, nc, nr, packedB.data());
    multiplyPacked(a, c, BPanels::packed(packedB.data(), kc, nr), k0, kc, i0, mc, j0, nc,
                   zeroC && k0 == 0);
  }
}

/// B's elements up to which one matrix product shares B among its tasks.
constexpr int64_t kSharedB = 1 << 20;

/// When `threads` threads taking row-block x panel-group tasks of an
/// M x N product in order would finish, in units of one tile's work: a task
/// costs its tiles (a partial one as much as a whole one, which the kernel
/// computes at nearly the same speed) plus kTaskTiles for starting it.
/// `freeAt` is scratch, so that trying many splits allocates once.
double finishTime(int64_t M, int64_t N, int64_t nr, int64_t rowBlock, int64_t panelGroup,
                  int64_t threads, std::vector<double> &freeAt) {
  constexpr double kTaskTiles = 1;
  int64_t panels = (N + nr - 1) / nr;
  freeAt.assign(static_cast<size_t>(std::max<int64_t>(threads, 1)), 0.0);
  for (int64_t i0 = 0; i0 < M; i0 += rowBlock)
    for (int64_t p0 = 0; p0 < panels; p0 += panelGroup) {
      int64_t rowTiles = (std::min(rowBlock, M - i0) + kMR - 1) / kMR;
      double tiles = static_cast<double>(rowTiles * std::min(panelGroup, panels - p0));
      *std::min_element(freeAt.begin(), freeAt.end()) += tiles + kTaskTiles;
    }
  return *std::max_element(freeAt.begin(), freeAt.end());
}

/// How multiplyShared divides an M x N product into tasks: blocks of
/// `rowBlock` rows times groups of `panelGroup` panels.
struct TaskSplit {
  int64_t rowBlock, panelGroup;
};

/// The row blocks tried: all rows, those that give each thread 1 to 4 equal
/// tasks, and halvings of kMC rows down to 4 tiles, all whole tiles; the panel
/// groups: halvings of all panels. Of these splits, the one whose tasks
/// end soonest on `threads` threads taking them in order; ties go to
/// fewer, larger tasks (tried first). (Halvings alone left 256 rows on 2
/// threads as 11 tasks of 24 rows, one thread running 6: W4_matmul_256
/// took 0.104 ms, 0.091 ms as 2 tasks.)
TaskSplit searchSplit(int64_t M, int64_t N, int64_t nr, int64_t threads) {
  int64_t panels = (N + nr - 1) / nr;
  auto wholeTiles = [](int64_t rows) { return (rows + kMR - 1) / kMR * kMR; };
  std::vector<int64_t> rowBlocks{wholeTiles(M)};
  for (int64_t perThread = 1; perThread <= 4; ++perThread)
    rowBlocks.push_back(wholeTiles((M + threads * perThread - 1) / (threads * perThread)));
  for (int64_t rb = std::min(kMC, wholeTiles(M));; rb = wholeTiles(rb / 2)) {
    rowBlocks.push_back(rb);
    if (rb <= 4 * kMR)
      break;
  }
  std::sort(rowBlocks.begin(), rowBlocks.end(), std::greater<int64_t>());
  rowBlocks.erase(std::unique(rowBlocks.begin(), rowBlocks.end()), rowBlocks.end());
  TaskSplit split{rowBlocks.front(), panels};
  std::vector<double> freeAt;
  double best = finishTime(M, N, nr, split.rowBlock, panels, threads, freeAt);
  for (int64_t rb : rowBlocks)
    for (int64_t pg = panels;; pg = (pg + 1) / 2) {
      double time = finishTime(M, N, nr, rb, pg, threads, freeAt);
      if (time < best * 0.999) {
        best = time;
        split = {rb, pg};
      }
      if (pg == 1)
        break;
    }
  return split;
}

/// searchSplit, remembered per thread for the last few shapes: the search
/// takes about 5 us, 6% of W4_matmul_256 on 2 threads, and a program's
/// products repeat their shapes call after call.
TaskSplit splitFor(int64_t M, int64_t N, int64_t nr, int64_t threads) {
  struct Entry {
    int64_t M = -1, N, nr, threads;
    TaskSplit split;
  };
  thread_local Entry cache[8];
  thread_local unsigned nextSlot = 0;
  for (const Entry &e : cache)
    if (e.M == M && e.N == N && e.nr == nr && e.threads == threads)
      return e.split;
  Entry &slot = cache[nextSlot++ % 8];
  slot = {M, N, nr, threads, searchSplit(M, N, nr, threads)};
  return slot.split;
}

/// Rows of A from which a product packs B even where the kernels could read
/// it in place: in place, a panel's rows lie a row stride of B apart (1-4
/// KiB in W7's products), which maps them to a few L1 sets, so that the
/// panel does not stay in L1 from one tile to the next; packed, it does.
/// The pass over B pays off over enough tiles: W7 (M = 1024) 2T 6.63 -> 6.08
/// ms, while W4_matmul_256 (M = 256) went 0.090 -> 0.100 ms.
constexpr int64_t kPackedBRows = 512;

/// C += A * B for one matrix whose B has at most kSharedB elements, on all
/// threads: tasks over row blocks and panel groups share B, each running
/// the K blocks in order. When B's rows are contiguous and hold whole panels
/// and A has fewer than kPackedBRows rows, the kernels read B in place (it
/// is small enough to stay in cache, and packing would cost a pass over it
/// and a wait per call); otherwise it is packed once (every K block, in
/// parallel) before the tasks start, where tasks packing their own B would
/// repeat the packing for every row block.
void multiplyShared(const Matrix &a, const Matrix &b, const Matrix &c, int64_t threads,
                    bool zeroC) {
  int64_t nr = gemmKernels().nr, M = a.rows, K = a.cols, N = b.cols;
  int64_t panels = (N + nr - 1) / nr, kBlocks = (K + kKC - 1) / kKC;
  bool inPlace = b.colStride == 1 && N % nr == 0 && M < kPackedBRows;
  thread_local std::vector<float> packedB;
  if (!inPlace)
    packedB.resize(static_cast<size_t>(panels * nr * K));
  // The calling thread's buffer: tasks on other threads must not name the
  // thread_local. K block kb starts at kb * kKC * panels * nr; its panels
  // are kc x nr.
  float *shared = packedB.data();
  auto blockOf = [=, &b](int64_t kb) {
    int64_t k0 = kb * kKC, kc = std::min(kKC, K - k0);
    if (inPlace)
      return BPanels{&b.at(k0, 0), nr, b.rowStride};
    return BPanels::packed(shared + k0 * panels * nr, kc, nr);
  };
  if (!inPlace)
    parallelFor(kBlocks * panels, [&](int64_t task) {
      int64_t kb = task / panels, p = task % panels;
      int64_t k0 = kb * kKC, kc = std::min(kKC, K - k0);
      packB(b, k0, kc, p * nr, std::min(nr, N - p * nr), nr,
            const_cast<float *>(blockOf(kb).panel(p)));
    });
  TaskSplit split = splitFor(M, N, nr, threads);
  int64_t rowBlock = split.rowBlock, panelGroup = split.panelGroup;
  int64_t groups = (panels + panelGroup - 1) / panelGroup;
  parallelFor(((M + rowBlock - 1) / rowBlock) * groups, [&](int64_t task) {
    int64_t i0 = (task / groups) * rowBlock, g = task % groups, q0 = g * panelGroup * nr;
    for (int64_t kb = 0; kb < kBlocks; ++kb) {
      int64_t k0 = kb * kKC, kc = std::min(kKC, K - k0);
      BPanels group = blockOf(kb);
      group.panels = group.panel(g * panelGroup);
      multiplyPacked(a, c, group, k0, kc, i0, std::min(rowBlock, M - i0), q0,
                     std::min(panelGroup * nr, N - q0), zeroC && kb == 0);
    }
  });
}

/// Few rows: C[i, :] += A[i, k] * B[k, :] for k in order, straight from B
/// (whose rows must be contiguous); packing would cost more than it saves.
void multiplyFewRows(const Matrix &a, const Matrix &b, const Matrix &c, int64_t j0, int64_t nc,
                     bool zeroC) {
  RowKernel row = gemmKernels().row;
  for (int64_t i = 0; i < a.rows; ++i) {
    float *out = &c.at(i, j0);
    if (zeroC)
      for (int64_t j = 0; j < nc; ++j)
        out[j * c.colStride] = 0.0f;
    if (c.colStride == 1) {
      row(a.cols, &a.at(i, 0), a.colStride, &b.at(0, j0), b.rowStride, out, nc);
      continue;
    }
    for (int64_t k = 0; k < a.cols; ++k) {
      float x = a.at(i, k);
      const float *bRow = &b.at(k, j0);
      for (int64_t j = 0; j < nc; ++j)
        out[j * c.colStride] = out[j * c.colStride] + x * bRow[j];
    }
  }
}

Matrix matrixAt(const int64_t *descriptor, int64_t rank, int64_t offset) {
  const int64_t *sizes = descriptor + 3, *strides = descriptor + 3 + rank;
  auto *aligned = reinterpret_cast<float *>(descriptor[1]);
  return {aligned + descriptor[2] + offset, sizes[rank - 2], sizes[rank - 1], strides[rank - 2],
          strides[rank - 1]};
}

/// C = A * B from +0 (`zeroC`) or C += A * B.
void multiply(const UnrankedMemRef *a, const UnrankedMemRef *b, const UnrankedMemRef *c,
              bool zeroC) {
  int64_t rank = c->rank;
  if (rank < 2 || a->rank != rank || b->rank != rank)
    return;
  auto *da = static_cast<const int64_t *>(a->descriptor);
  auto *db = static_cast<const int64_t *>(b->descriptor);
  auto *dc = static_cast<const int64_t *>(c->descriptor);
  // Batch dimensions, row-major.
  int64_t batches = 1;
  for (int64_t d = 0; d < rank - 2; ++d)
    batches *= dc[3 + d];
  Matrix c0 = matrixAt(dc, rank, 0);
  int64_t M = c0.rows, N = c0.cols;
  if (batches == 0 || M == 0 || N == 0)
    return;
  auto batchOffset = [&](const int64_t *descriptor, int64_t batch) {
    int64_t offset = 0;
    for (int64_t d = rank - 3; d >= 0; --d) {
      int64_t size = dc[3 + d];
      offset += (batch % size) * descriptor[3 + rank + d];
      batch /= size;
    }
    return offset;
  };
  // No terms: no K block zeroes C.
  if (matrixAt(da, rank, 0).cols == 0) {
    if (zeroC)
      for (int64_t batch = 0; batch < batches; ++batch) {
        Matrix mc = matrixAt(dc, rank, batchOffset(dc, batch));
        for (int64_t i = 0; i < M; ++i)
          for (int64_t j = 0; j < N; ++j)
            mc.at(i, j) = 0.0f;
      }
    return;
  }

  int64_t nr = gemmKernels().nr;
  bool fewRows = M < kMR && matrixAt(db, rank, 0).colStride == 1;
  oxla::rt::ThreadPool *pool = oxla::rt::ThreadPool::current();
  int64_t threads = pool ? std::max<unsigned>(pool->size(), 1) : 1;
  if (batches == 1 && !fewRows && matrixAt(da, rank, 0).cols * N <= kSharedB) {
    multiplyShared(matrixAt(da, rank, 0), matrixAt(db, rank, 0), c0, threads, zeroC);
    return;
  }
  // Tasks: batch x column blocks x row blocks, enough for every thread
  // while each task keeps a column block of at least 4 micro-tiles.
  int64_t colBlock = std::min<int64_t>(kNC, (N + nr - 1) / nr * nr);
  int64_t rowBlock = fewRows ? M : std::max<int64_t>(kMR, (M + kMR - 1) / kMR * kMR);
  auto tasksOf = [&](int64_t rb, int64_t cb) {
    return batches * ((N + cb - 1) / cb) * ((M + rb - 1) / rb);
  };
  while (tasksOf(rowBlock, colBlock) < 2 * threads) {
    if (!fewRows && rowBlock > kMC / 2)
      rowBlock = (rowBlock / 2 + kMR - 1) / kMR * kMR;
    else if (colBlock > 4 * nr)
      colBlock = (colBlock / 2 + nr - 1) / nr * nr;
    else
      break;
  }
  int64_t colBlocks = (N + colBlock - 1) / colBlock, rowBlocks = (M + rowBlock - 1) / rowBlock;
  parallelFor(batches * colBlocks * rowBlocks, [&](int64_t task) {
    int64_t batch = task / (colBlocks * rowBlocks);
    int64_t rest = task % (colBlocks * rowBlocks);
    int64_t j0 = (rest / rowBlocks) * colBlock, i0 = (rest % rowBlocks) * rowBlock;
    Matrix ma = matrixAt(da, rank, batchOffset(da, batch));
    Matrix mb = matrixAt(db, rank, batchOffset(db, batch));
    Matrix mc = matrixAt(dc, rank, batchOffset(dc, batch));
    int64_t nc = std::min(colBlock, N - j0), mcRows = std::min(rowBlock, M - i0);
    if (fewRows)
      multiplyFewRows(ma, mb, mc, j0, nc, zeroC);
    else
      multiplyBlock(ma, mb, mc, i0, mcRows, j0, nc, zeroC);
  });
}

} // namespace

extern "C" void _mlir_ciface_oxla_matmul_f32(const UnrankedMemRef *a, const UnrankedMemRef *b,
                                             const UnrankedMemRef *c) {
  multiply(a, b, c, /*zeroC=*/false);
}

extern "C" void _mlir_ciface_oxla_matmul_f32_zero(const UnrankedMemRef *a, const UnrankedMemRef *b,
                                                  const UnrankedMemRef *c) {
  multiply(a, b, c, /*zeroC=*/true);
}
