//===- CommonSubexpressions.cpp - CSE that keeps scalar bodies closed -----===//
//
// Like MLIR's CSE (a pure op equal to one that dominates it is replaced by
// it), with one difference: the bodies of reduce, reduce_window, sort,
// scatter, map, select_and_scatter and the other ops that compute
// per-element with a region start with no known values, because the
// compiler lowers such a body on its own (a body that reads a value from
// outside has no lowering). The regions of while, if and case see the
// values of the code around them, so an op in a loop body or a branch that
// the enclosing code also computes is shared.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Simplify/Patterns.h"

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/IR/OperationSupport.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/ScopedHashTable.h"

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace {

struct EquivalentOp : public llvm::DenseMapInfo<Operation *> {
  static unsigned getHashValue(const Operation *op) {
    return OperationEquivalence::computeHash(
        const_cast<Operation *>(op), OperationEquivalence::directHashValue,
        OperationEquivalence::ignoreHashValue, OperationEquivalence::IgnoreLocations);
  }
  static bool isEqual(const Operation *lhs, const Operation *rhs) {
    if (lhs == rhs)
      return true;
    if (lhs == getTombstoneKey() || lhs == getEmptyKey() || rhs == getTombstoneKey() ||
        rhs == getEmptyKey())
      return false;
    return OperationEquivalence::isEquivalentTo(const_cast<Operation *>(lhs),
                                                const_cast<Operation *>(rhs),
                                                OperationEquivalence::IgnoreLocations);
  }
};

using KnownOps = llvm::ScopedHashTable<Operation *, Operation *, EquivalentOp>;

/// Whether the regions of `op` may read values of the code around it.
bool seesEnclosingValues(Operation *op) {
  return isa<hlo::WhileOp, hlo::IfOp, hlo::CaseOp>(op) ||
         !isa_and_nonnull<hlo::StableHLODialect>(op->getDialect());
}

void simplifyBlock(Block &block, KnownOps &known, bool &changed);

void simplifyRegions(Operation *op, KnownOps &known, bool &changed) {
  for (Region &region : op->getRegions())
    for (Block &block : region) {
      if (seesEnclosingValues(op) && !op->hasTrait<OpTrait::IsIsolatedFromAbove>()) {
        KnownOps::ScopeTy scope(known);
        simplifyBlock(block, known, changed);
      } else {
        KnownOps fresh;
        KnownOps::ScopeTy scope(fresh);
        simplifyBlock(block, fresh, changed);
      }
    }
}

void simplifyBlock(Block &block, KnownOps &known, bool &changed) {
  for (Operation &op : llvm::make_early_inc_range(block)) {
    if (op.getNumRegions() != 0) {
      simplifyRegions(&op, known, changed);
      continue;
    }
    if (op.getNumResults() == 0 || !isPure(&op))
      continue;
    if (Operation *existing = known.lookup(&op)) {
      op.replaceAllUsesWith(existing);
      op.erase();
      changed = true;
      continue;
    }
    known.insert(&op, &op);
  }
}

} // namespace

bool oxla::simplify::eliminateCommonSubexpressions(Operation *root) {
  bool changed = false;
  KnownOps known;
  KnownOps::ScopeTy scope(known);
  simplifyRegions(root, known, changed);
  return changed;
}
