//===- BufferPlan.h - Offsets of temporaries in one arena -----------------===//
//
// After bufferization every temporary of a function is a memref.alloc. The
// plan gives each static-shape temporary that does not outlive the call an
// offset in one arena, from the temporaries' live ranges: two buffers share
// bytes only when their live ranges are disjoint. Offsets are chosen like
// XLA's heap simulator (GlobalDecreasingSizeBestFitHeap): the largest buffer
// first, each into the smallest gap left between the buffers already placed
// that overlap it in time, or above them all.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_CODEGEN_BUFFERPLAN_H
#define OXLA_COMPILER_CODEGEN_BUFFERPLAN_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Location.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace oxla {

/// One planned temporary: the allocation, its bytes, its live range in
/// program order (first and last position, inclusive) and its offset;
/// `computedAt` is the location of the first op that computes it (the
/// allocation's own location may be a shared fill's, merged by CSE).
struct PlannedBuffer {
  mlir::memref::AllocOp alloc;
  mlir::Location computedAt = mlir::UnknownLoc();
  uint64_t bytes = 0;
  /// An allocation in the body of a parallel loop (scf.forall with static
  /// bounds) has one copy per iteration, `slotBytes` apart; `bytes` counts
  /// them all, and it is live through the whole loop.
  uint64_t copies = 1, slotBytes = 0;
  uint64_t start = 0, end = 0;
  uint64_t offset = 0;
};

struct BufferPlan {
  /// Every byte offset is a multiple of this (the alignment of memref.alloc
  /// after bufferization, and of a cache line).
  static constexpr uint64_t kAlignment = 64;
  /// The most copies of a buffer in a parallel loop's body the plan makes
  /// (one per iteration); a loop with more iterations allocates per call.
  static constexpr uint64_t kMaxCopies = 4096;

  std::vector<PlannedBuffer> buffers;
  /// The arena's size: the end of the highest placed buffer.
  uint64_t arenaBytes = 0;
  /// The most bytes live at one position (a lower bound of the arena) and
  /// where: the indices in `buffers` live there.
  uint64_t livePeakBytes = 0;
  std::vector<size_t> liveAtPeak;
  /// Allocations left to run time: they outlive the call or a parallel
  /// iteration, or their shape is dynamic.
  std::vector<mlir::memref::AllocOp> unplanned;
  uint64_t unplannedStaticBytes = 0;
  unsigned unplannedDynamic = 0;
};

/// The passes between the fused tensors and the buffer plan (the
/// "buffers" phase of the CPU pipeline): oxla-schedule-for-memory runs
/// them on a copy of the module to measure an order exactly.
inline constexpr const char *kBufferizationPasses =
    "one-shot-bufferize{bufferize-function-boundaries=1 "
    "function-boundary-type-conversion=identity-layout-map "
    "allow-return-allocs-from-loops=1},"
    "buffer-results-to-out-params,oxla-elide-result-copies,canonicalize,"
    "oxla-schedule-for-memory";

/// Plans the temporaries of `function` (a function on buffers, before
/// deallocation: nothing frees the allocations yet).
BufferPlan planBuffers(mlir::func::FuncOp function);

/// The iterations of `forall` when its bounds are constants.
std::optional<uint64_t> staticTripCount(mlir::scf::ForallOp forall);

/// The bytes of a memref type of static shape (its elements packed).
uint64_t staticBytes(mlir::MemRefType type);

} // namespace oxla

#endif // OXLA_COMPILER_CODEGEN_BUFFERPLAN_H
