//===- FuseRows.cpp - Row tiles of reductions and what uses them ----------===//
//
// See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/IR/PatternMatch.h"
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
      options.setFusionControlFn([](tensor::ExtractSliceOp slice, OpResult producer, bool) {
        if (!isFusible(producer.getOwner()))
          return std::make_tuple(false, false);
        auto source = cast<RankedTensorType>(slice.getSourceType());
        bool partial = source.getRank() > 0 && slice.getStaticSizes()[0] != source.getDimSize(0);
        return std::make_tuple(partial, false);
      });
      rewriter.setInsertionPoint(root);
      FailureOr<scf::SCFTileAndFuseResult> result = scf::tileConsumerAndFuseProducersUsingSCF(
          rewriter, cast<TilingInterface>(root.getOperation()), options);
      if (failed(result))
        continue;
      rewriter.replaceOp(root, result->replacements.lookup(root.getResult(0)));
    }
  }
};

} // namespace
