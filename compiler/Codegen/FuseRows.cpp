//===- FuseRows.cpp - Row tiles of reductions and what uses them ----------===//
//
// See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Interfaces/TilingInterface.h"

namespace oxla {
#define GEN_PASS_DEF_FUSEROWS
#include "compiler/Codegen/Passes.h.inc"
} // namespace oxla

using namespace mlir;

namespace {

/// Bytes of one row tile's operands that should stay in the L2 cache.
constexpr int64_t kTileBytes = 128 * 1024;

bool isFusible(Operation *op) {
  if (auto generic = dyn_cast<linalg::GenericOp>(op))
    return !oxla::isMultiplyAccumulate(generic);
  return isa<linalg::ReduceOp, linalg::FillOp, linalg::BroadcastOp, linalg::TransposeOp>(op);
}

/// Whether a linalg.reduce that reduces only dimensions after the first
/// feeds `op` through fusible ops of its block.
bool consumesRowReduction(Operation *op) {
  SmallVector<Operation *> work = {op};
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!work.empty()) {
    Operation *current = work.pop_back_val();
    if (!seen.insert(current).second)
      continue;
    for (Value operand : current->getOperands()) {
      Operation *producer = operand.getDefiningOp();
      if (!producer || producer->getBlock() != op->getBlock() || !isFusible(producer))
        continue;
      if (auto reduce = dyn_cast<linalg::ReduceOp>(producer))
        if (!llvm::is_contained(reduce.getDimensions(), 0))
          return true;
      work.push_back(producer);
    }
  }
  return false;
}

/// An elementwise linalg.generic on ranked tensors whose result no other
/// fusible op uses: the last op of a row computation.
bool isRoot(linalg::GenericOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInits() != 1 ||
      op.getNumReductionLoops() != 0 || op.getNumLoops() < 2)
    return false;
  auto type = dyn_cast<RankedTensorType>(op.getResult(0).getType());
  if (!type || !type.hasStaticShape() || !op.getIndexingMapsArray().back().isIdentity())
    return false;
  for (Operation *user : op->getUsers())
    if (isFusible(user))
      return false;
  return consumesRowReduction(op);
}

/// What a row tile does with a producer it reaches.
enum class Fusion { Skip, Clone, Yield };

/// The fusible ops of `root`'s block that reach it through fusible ops.
llvm::SmallPtrSet<Operation *, 32> coneOf(Operation *root) {
  llvm::SmallPtrSet<Operation *, 32> cone;
  SmallVector<Operation *> work = {root};
  while (!work.empty()) {
    Operation *current = work.pop_back_val();
    for (Value operand : current->getOperands()) {
      Operation *producer = operand.getDefiningOp();
      if (producer && producer->getBlock() == root->getBlock() && isFusible(producer) &&
          cone.insert(producer).second)
        work.push_back(producer);
    }
  }
  return cone;
}

/// How the row tile of `root` takes in each op of its cone. An op that only
/// the cone uses is computed inside the tile (Clone). One that ops after the
/// root use as well is computed inside the tile and its whole result yielded
/// from the loop for them (Yield): computed once, and a later tile reaches
/// the loop, not the op, so a residual chain is not copied into every
/// layer's tile. One that an op before the root uses stays where it is
/// (Skip), but fills, which are cheap and end a chain, are cloned.
llvm::DenseMap<Operation *, Fusion> fusionPlan(Operation *root) {
  llvm::SmallPtrSet<Operation *, 32> cone = coneOf(root);
  llvm::DenseMap<Operation *, Fusion> plan;
  for (Operation *op : cone) {
    Fusion fusion = Fusion::Clone;
    if (!isa<linalg::FillOp>(op)) {
      for (Operation *user : op->getUsers()) {
        Operation *inBlock = root->getBlock()->findAncestorOpInBlock(*user);
        if (inBlock == root || cone.contains(inBlock))
          continue;
        if (!inBlock || !root->isBeforeInBlock(inBlock)) {
          fusion = Fusion::Skip;
          break;
        }
        fusion = Fusion::Yield;
      }
    }
    plan[op] = fusion;
  }
  return plan;
}

/// Whether the payload of `op` reads none of its inits.
bool ignoresInits(linalg::GenericOp op) {
  return llvm::none_of(op.getDpsInitsMutable(),
                       [&](OpOperand &init) { return op.payloadUsesValueFromOperand(&init); });
}

/// Whether `a` and `b` compute the same values: the same inputs and payload,
/// inits that neither reads.
bool sameButInits(linalg::GenericOp a, linalg::GenericOp b) {
  if (a.getInputs() != b.getInputs() || a->getResultTypes() != b->getResultTypes() ||
      !ignoresInits(a) || !ignoresInits(b))
    return false;
  llvm::DenseSet<std::pair<Value, Value>> equal;
  for (auto [x, y] : llvm::zip(a.getDpsInits(), b.getDpsInits()))
    equal.insert({x, y});
  return OperationEquivalence::isEquivalentTo(
      a, b,
      [&](Value x, Value y) { return success(x == y || equal.contains({x, y})); },
      [&](Value x, Value y) { equal.insert({x, y}); },
      OperationEquivalence::IgnoreLocations);
}

/// Moves the pure ops of `point`'s block that compute `value` before
/// `point`; false where one of them has effects.
bool computeBefore(Value value, Operation *point) {
  Operation *def = value.getDefiningOp();
  if (!def || def->getBlock() != point->getBlock() || def->isBeforeInBlock(point))
    return true;
  if (def == point || def->getNumRegions() != 0 || !isMemoryEffectFree(def))
    return false;
  for (Value operand : def->getOperands())
    if (!computeBefore(operand, point))
      return false;
  def->moveBefore(point);
  return true;
}

/// Tile-and-fuse fuses a producer once per slice that reads it, and the
/// copy whose result the loop yields writes the loop's output instead of
/// the producer's init, so CSE cannot merge the copies: merge them here,
/// keeping the first and giving it the yielded copy's inits.
void mergeCopies(Block &body) {
  SmallVector<linalg::GenericOp> seen;
  for (Operation &op : llvm::make_early_inc_range(body)) {
    auto generic = dyn_cast<linalg::GenericOp>(op);
    if (!generic)
      continue;
    auto first = llvm::find_if(seen, [&](linalg::GenericOp earlier) {
      return sameButInits(earlier, generic);
    });
    if (first == seen.end()) {
      seen.push_back(generic);
      continue;
    }
    linalg::GenericOp kept = *first;
    bool yielded = llvm::any_of(generic->getUsers(), [](Operation *user) {
      return isa<tensor::ParallelInsertSliceOp>(user);
    });
    if (yielded) {
      if (!llvm::all_of(generic.getDpsInits(),
                        [&](Value init) { return computeBefore(init, kept); }))
        continue;
      kept.getDpsInitsMutable().assign(generic.getDpsInits());
    }
    generic->replaceAllUsesWith(kept);
    generic->erase();
  }
}

struct FuseRows : public oxla::impl::FuseRowsBase<FuseRows> {
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> roots;
    getOperation().walk([&](linalg::GenericOp op) {
      if (isRoot(op))
        roots.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::GenericOp root : roots) {
      auto type = cast<RankedTensorType>(root.getResult(0).getType());
      int64_t rows = type.getDimSize(0);
      int64_t rowBytes =
          type.getNumElements() / std::max<int64_t>(rows, 1) *
          std::max<int64_t>(1, type.getElementTypeBitWidth() / 8);
      int64_t tile = std::max<int64_t>(1, kTileBytes / std::max<int64_t>(rowBytes, 1));
      // Too few tiles to share between threads: leave the loops whole.
      if (rows / tile < 4)
        continue;
      SmallVector<OpFoldResult> sizes(root.getNumLoops(), rewriter.getIndexAttr(0));
      sizes[0] = rewriter.getIndexAttr(tile);
      scf::SCFTilingOptions tiling;
      tiling.setTileSizes(sizes).setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
      scf::SCFTileAndFuseOptions options;
      options.setTilingOptions(tiling);
      // Fuse what computes the tile's rows; a slice that covers all of a
      // producer's first dimension would recompute it for every tile.
      // A producer fused for several slices is yielded once (the copies
      // are merged below).
      llvm::DenseMap<Operation *, Fusion> plan = fusionPlan(root);
      llvm::SmallPtrSet<Operation *, 8> yielded;
      options.setFusionControlFn([&](tensor::ExtractSliceOp slice, OpResult producer, bool) {
        auto decision = plan.find(producer.getOwner());
        if (decision == plan.end() || decision->second == Fusion::Skip)
          return std::make_tuple(false, false);
        auto source = cast<RankedTensorType>(slice.getSourceType());
        bool partial = source.getRank() > 0 && slice.getStaticSizes()[0] != source.getDimSize(0);
        bool yield = partial && decision->second == Fusion::Yield &&
                     yielded.insert(producer.getOwner()).second;
        return std::make_tuple(partial, yield);
      });
      rewriter.setInsertionPoint(root);
      FailureOr<scf::SCFTileAndFuseResult> result = scf::tileConsumerAndFuseProducersUsingSCF(
          rewriter, cast<TilingInterface>(root.getOperation()), options);
      if (failed(result))
        continue;
      // Uses after the loop read the yielded results; the producers' other
      // uses are in ops the loop replaces, erased as dead code.
      Operation *loop = result->loops.front();
      for (auto [original, replacement] : result->replacements) {
        if (original == root.getResult(0))
          continue;
        rewriter.replaceUsesWithIf(original, replacement, [&](OpOperand &use) {
          Operation *user = loop->getBlock()->findAncestorOpInBlock(*use.getOwner());
          return user && loop->isBeforeInBlock(user);
        });
      }
      rewriter.replaceOp(root, result->replacements.lookup(root.getResult(0)));
      // The copies read equal slices once CSE has merged them.
      DominanceInfo dominance;
      eliminateCommonSubExpressions(rewriter, dominance, loop);
      for (LoopLikeOpInterface tileLoop : result->loops)
        for (Region *region : tileLoop.getLoopRegions())
          mergeCopies(region->front());
    }
  }
};

} // namespace
