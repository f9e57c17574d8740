//===- ElementwiseClusters.cpp - Fuse elementwise chains in one step ------===//
//
// linalg's elementwise fusion merges one producer into one consumer at a
// time, building a new op that holds both bodies. Along a chain of n ops the
// fused body grows by one op per step and is copied every time: n^2 / 2
// copies (a generated 5000-op chain took 4 s in the pass). Here whole
// clusters become one linalg.generic each, every body copied once, before
// the pattern-based fusion runs for what clusters do not cover (broadcasts
// and transposes between producer and consumer, reshapes, fills).
//
// A cluster is a set of elementwise generics over the same static iteration
// space in one block: a member other than the last is used only as inputs
// of members, through identity indexing maps, so its values are computed
// inside the fused op once, where they are used.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace {

/// An elementwise generic a cluster can hold: all loops parallel, one static
/// result through an identity map whose initial value the body ignores, a
/// body of pure operations.
bool isClusterable(Operation *op) {
  auto generic = dyn_cast<linalg::GenericOp>(op);
  if (!generic || !generic.hasPureTensorSemantics() || generic.getNumResults() != 1 ||
      generic.getNumDpsInits() != 1 || generic.getNumLoops() != generic.getNumParallelLoops())
    return false;
  auto type = dyn_cast<RankedTensorType>(generic.getResult(0).getType());
  if (!type || !type.hasStaticShape() ||
      !generic.getIndexingMapMatchingResult(generic->getResult(0)).isIdentity())
    return false;
  Block &body = generic.getRegion().front();
  if (!body.getArguments().back().use_empty())
    return false;
  return llvm::all_of(body.without_terminator(),
                      [](Operation &inner) { return isMemoryEffectFree(&inner); });
}

/// Whether `use` reads a member's value elementwise in `consumer`'s space.
bool isIdentityInput(OpOperand &use, linalg::GenericOp consumer, RankedTensorType type) {
  return consumer.isDpsInput(&use) && consumer.getMatchingIndexingMap(&use).isIdentity() &&
         cast<RankedTensorType>(consumer.getResult(0).getType()).getShape() == type.getShape();
}

/// Replaces the cluster `members` (in block order; the last is the root) by
/// one generic at the root.
void fuse(ArrayRef<linalg::GenericOp> members) {
  linalg::GenericOp root = members.back();
  OpBuilder b(root);
  llvm::SmallPtrSet<Operation *, 16> inCluster;
  for (linalg::GenericOp member : members)
    inCluster.insert(member);
  // Operands from outside, once per value and map.
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  DenseMap<std::pair<Value, AffineMap>, unsigned> inputIndex;
  for (linalg::GenericOp member : members)
    for (OpOperand *operand : member.getDpsInputOperands()) {
      Value value = operand->get();
      if (inCluster.contains(value.getDefiningOp()))
        continue;
      auto key = std::make_pair(value, member.getMatchingIndexingMap(operand));
      if (inputIndex.try_emplace(key, inputs.size()).second) {
        inputs.push_back(value);
        maps.push_back(key.second);
      }
    }
  maps.push_back(root.getIndexingMapMatchingResult(root->getResult(0)));
  auto fused = b.create<linalg::GenericOp>(root.getLoc(), root.getResultTypes(), inputs,
                                           root.getDpsInits(), maps,
                                           root.getIteratorTypesArray());
  SmallVector<Type> argumentTypes;
  SmallVector<Location> argumentLocations;
  SmallVector<Value> operands(inputs);
  operands.append(root.getDpsInits().begin(), root.getDpsInits().end());
  for (Value value : operands) {
    argumentTypes.push_back(getElementTypeOrSelf(value.getType()));
    argumentLocations.push_back(value.getLoc());
  }
  Block *block = b.createBlock(&fused.getRegion(), {}, argumentTypes, argumentLocations);
  b.setInsertionPointToStart(block);
  IRMapping mapping;
  DenseMap<Operation *, Value> computed;
  for (linalg::GenericOp member : members) {
    Block &body = member.getRegion().front();
    for (OpOperand *operand : member.getDpsInputOperands()) {
      BlockArgument argument = body.getArgument(operand->getOperandNumber());
      Operation *producer = operand->get().getDefiningOp();
      if (inCluster.contains(producer))
        mapping.map(argument, computed.lookup(producer));
      else
        mapping.map(argument,
                    block->getArgument(inputIndex.lookup(
                        {operand->get(), member.getMatchingIndexingMap(operand)})));
    }
    for (Operation &op : body.without_terminator())
      b.clone(op, mapping);
    computed[member] = mapping.lookupOrDefault(body.getTerminator()->getOperand(0));
  }
  b.create<linalg::YieldOp>(root.getLoc(), computed.lookup(root));
  root->getResult(0).replaceAllUsesWith(fused->getResult(0));
  for (linalg::GenericOp member : llvm::reverse(members))
    member->erase();
}

} // namespace

void oxla::fuseElementwiseClusters(Operation *scope) {
  SmallVector<Block *> blocks;
  scope->walk([&](Block *block) { blocks.push_back(block); });
  for (Block *block : blocks) {
    // From the last op up: an op joins the cluster of its users when they
    // all belong to one cluster and read it elementwise; else it starts one.
    DenseMap<Operation *, unsigned> clusterOf;
    SmallVector<SmallVector<linalg::GenericOp>> clusters;
    for (Operation &op : llvm::reverse(*block)) {
      if (!isClusterable(&op))
        continue;
      auto generic = cast<linalg::GenericOp>(op);
      auto type = cast<RankedTensorType>(generic.getResult(0).getType());
      std::optional<unsigned> joined;
      bool joinable = !generic->use_empty();
      for (OpOperand &use : generic->getUses()) {
        auto consumer = dyn_cast<linalg::GenericOp>(use.getOwner());
        auto found = consumer ? clusterOf.find(consumer) : clusterOf.end();
        if (found == clusterOf.end() || !isIdentityInput(use, consumer, type) ||
            (joined && *joined != found->second)) {
          joinable = false;
          break;
        }
        joined = found->second;
      }
      if (!joinable) {
        joined = clusters.size();
        clusters.emplace_back();
      }
      clusterOf[generic] = *joined;
      clusters[*joined].push_back(generic);
    }
    for (SmallVector<linalg::GenericOp> &members : clusters) {
      if (members.size() < 2)
        continue;
      std::reverse(members.begin(), members.end()); // block order
      fuse(members);
    }
  }
}
