//===- SequentialSmallLoops.cpp - Parallel loops worth their tasks --------===//
//
// See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

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

/// Replaces `op` (without reductions) by a nest of scf.for loops.
void makeSequential(scf::ParallelOp op, RewriterBase &rewriter) {
  rewriter.setInsertionPoint(op);
  Location loc = op.getLoc();
  SmallVector<Value> ivs;
  for (auto [lower, upper, step] :
       llvm::zip_equal(op.getLowerBound(), op.getUpperBound(), op.getStep())) {
    auto loop = rewriter.create<scf::ForOp>(loc, lower, upper, step);
    ivs.push_back(loop.getInductionVar());
    rewriter.setInsertionPoint(loop.getBody()->getTerminator());
  }
  Block *body = op.getBody();
  rewriter.eraseOp(body->getTerminator());
  rewriter.inlineBlockBefore(body, rewriter.getInsertionBlock(), rewriter.getInsertionPoint(),
                             ivs);
  rewriter.eraseOp(op);
}

struct SequentialSmallLoops
    : public oxla::impl::SequentialSmallLoopsBase<SequentialSmallLoops> {
  using SequentialSmallLoopsBase::SequentialSmallLoopsBase;

  void runOnOperation() override {
    SmallVector<scf::ParallelOp> sequential;
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
    });
    IRRewriter rewriter(&getContext());
    for (scf::ParallelOp op : sequential)
      makeSequential(op, rewriter);
  }
};

} // namespace
