//===- ShardingRules.h - How each op family carries shardings ------------===//
//
// The op sharding rules that propagation and the SPMD partitioner share: for
// an op and the shardings of its operands, the shardings its operands must
// have for the op to run on local shards, the sharding of the result that
// local op computes, and the mesh axes over which that result is still a
// partial value (a contraction or reduction over a split dimension) to be
// combined with an all-reduce. Ops without a rule are run replicated.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_SHARDING_SHARDINGRULES_H
#define OXLA_COMPILER_SHARDING_SHARDINGRULES_H

#include "compiler/Sharding/ShardingModel.h"

#include "mlir/IR/Operation.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace oxla::sharding {

struct OpPlan {
  /// The sharding each operand must have (operands that are not ranked
  /// tensors get a rank-0 replicated sharding).
  std::vector<Sharding> operands;
  /// The sharding of the single result of the local op.
  Sharding result;
  /// Axes over which the local result holds partial values. A contraction
  /// leaves them in `result.unreduced` (combined when the value is read);
  /// other ops combine them at once.
  std::vector<AxisRef> partialAxes;
  /// (operand, dimension) pairs whose padding must hold the op's neutral
  /// value before the local op runs (split contracting/reduced dimensions
  /// that do not divide).
  std::vector<std::pair<unsigned, int64_t>> neutralPadding;
  /// Why the op needs the operand dimensions it gathers whole (for the
  /// involuntary-replication remark); "" for the generic reason.
  std::string wholeReason;
};

/// The plan of `op` given its operands' current shardings (one per operand,
/// replicated where unknown) and, optionally, the result sharding asked for.
/// std::nullopt when the op has no rule (it runs replicated).
std::optional<OpPlan> planOp(mlir::Operation *op, const std::vector<Sharding> &operands,
                             const Sharding *wanted);

/// Whether `op` is elementwise for sharding: operands of the result's shape
/// map dimension to dimension (scalars of select/clamp aside).
bool isElementwiseForSharding(mlir::Operation *op);

} // namespace oxla::sharding

#endif // OXLA_COMPILER_SHARDING_SHARDINGRULES_H
