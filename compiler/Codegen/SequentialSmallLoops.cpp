//===- SequentialSmallLoops.cpp - Parallel loops worth their tasks --------===//
//
// See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

#include <numeric>

namespace oxla {
#define GEN_PASS_DEF_SEQUENTIALSMALLLOOPS
#include "compiler/Codegen/Passes.h.inc"
} // namespace oxla

using namespace mlir;

namespace {

/// Work counted for a loop whose trip count is not a constant: large.
constexpr int64_t kUnknownTrips = 1 << 20;

int64_t saturatingMul(int64_t a, int64_t b) {
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max() / 4;
  return a != 0 && b > kMax / a ? kMax : a * b;
}

int64_t tripCount(Value lower, Value upper, Value step) {
  APInt l, u, s;
  if (!matchPattern(lower, m_ConstantInt(&l)) || !matchPattern(upper, m_ConstantInt(&u)) ||
      !matchPattern(step, m_ConstantInt(&s)) || s.getSExtValue() <= 0)
    return kUnknownTrips;
  int64_t span = u.getSExtValue() - l.getSExtValue();
  return span <= 0 ? 0 : (span + s.getSExtValue() - 1) / s.getSExtValue();
}

/// Ops executed by one run of `block`, loops counted with their trips.
int64_t workOf(Block &block) {
  int64_t work = 0;
  for (Operation &op : block) {
    int64_t trips = 1;
    if (auto loop = dyn_cast<scf::ForOp>(op))
      trips = tripCount(loop.getLowerBound(), loop.getUpperBound(), loop.getStep());
    else if (auto loop = dyn_cast<scf::ParallelOp>(op))
      for (auto [l, u, s] :
           llvm::zip_equal(loop.getLowerBound(), loop.getUpperBound(), loop.getStep()))
        trips = saturatingMul(trips, tripCount(l, u, s));
    else if (isa<scf::WhileOp>(op))
      trips = kUnknownTrips;
    int64_t inner = 1;
    for (Region &region : op.getRegions())
      for (Block &nested : region)
        inner += workOf(nested);
    work += saturatingMul(trips, inner);
  }
  return work;
}

/// Replaces `op` (without reductions) by an scf.parallel over its first
/// `outer` dimensions (none when `outer` is 0) around scf.for loops over
/// the others; returns the new parallel loop, if any.
scf::ParallelOp splitParallel(scf::ParallelOp op, size_t outer, RewriterBase &rewriter) {
  rewriter.setInsertionPoint(op);
  Location loc = op.getLoc();
  scf::ParallelOp parallel;
  SmallVector<Value> ivs;
  if (outer > 0) {
    parallel = rewriter.create<scf::ParallelOp>(
        loc, op.getLowerBound().take_front(outer), op.getUpperBound().take_front(outer),
        op.getStep().take_front(outer));
    llvm::append_range(ivs, parallel.getInductionVars());
    rewriter.setInsertionPoint(parallel.getBody()->getTerminator());
  }
  for (size_t d = outer; d < op.getNumLoops(); ++d) {
    auto loop = rewriter.create<scf::ForOp>(loc, op.getLowerBound()[d], op.getUpperBound()[d],
                                            op.getStep()[d]);
    ivs.push_back(loop.getInductionVar());
    rewriter.setInsertionPoint(loop.getBody()->getTerminator());
  }
  Block *body = op.getBody();
  rewriter.eraseOp(body->getTerminator());
  rewriter.inlineBlockBefore(body, rewriter.getInsertionBlock(), rewriter.getInsertionPoint(),
                             ivs);
  rewriter.eraseOp(op);
  return parallel;
}

/// Outer iterations that give every thread several tasks.
constexpr int64_t kOuterTrips = 64;

/// Keeps the leading dimensions of `op` whose trips reach kOuterTrips
/// parallel, collapsed into one, and runs the others as scf.for loops in
/// each iteration. async-parallel-for then splits a one-dimensional loop:
/// for several dimensions MLIR 19 rounds each task's block up to whole
/// inner rows but still counts the tasks with the unrounded block, so the
/// last tasks wrap around and compute rows twice (a sum doubled).
void keepOneParallelDimension(scf::ParallelOp op, RewriterBase &rewriter) {
  size_t dims = op.getNumLoops();
  if (dims < 2)
    return;
  size_t outer = 0;
  for (int64_t trips = 1; outer < dims && trips < kOuterTrips; ++outer)
    trips = saturatingMul(trips, tripCount(op.getLowerBound()[outer], op.getUpperBound()[outer],
                                           op.getStep()[outer]));
  scf::ParallelOp parallel = splitParallel(op, outer, rewriter);
  if (outer > 1) {
    std::vector<unsigned> all(outer);
    std::iota(all.begin(), all.end(), 0u);
    collapseParallelLoops(rewriter, parallel, {all});
  }
}

struct SequentialSmallLoops
    : public oxla::impl::SequentialSmallLoopsBase<SequentialSmallLoops> {
  using SequentialSmallLoopsBase::SequentialSmallLoopsBase;

  void runOnOperation() override {
    SmallVector<scf::ParallelOp> sequential, parallel;
    // Post-order: inner loops first, so no loop moves after it was collected.
    getOperation().walk([&](scf::ParallelOp op) {
      if (op.getNumReductions() != 0)
        return;
      if (op->getParentOfType<scf::ParallelOp>()) {
        sequential.push_back(op);
        return;
      }
      int64_t trips = 1;
      for (auto [l, u, s] : llvm::zip_equal(op.getLowerBound(), op.getUpperBound(), op.getStep()))
        trips = saturatingMul(trips, tripCount(l, u, s));
      if (saturatingMul(trips, workOf(*op.getBody())) < minParallelWork)
        sequential.push_back(op);
      else
        parallel.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (scf::ParallelOp op : sequential)
      splitParallel(op, 0, rewriter);
    for (scf::ParallelOp op : parallel)
      keepOneParallelDimension(op, rewriter);
  }
};

} // namespace
