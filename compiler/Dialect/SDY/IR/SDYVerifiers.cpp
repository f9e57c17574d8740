//===- SDYVerifiers.cpp - Shardy's rules for a sharding of a value -------===//
//
// The rules that need the mesh and the value's type, shared by the ops'
// verifiers and the check of `sdy.sharding` on ops and function arguments
// (SDYDialect.cpp). Each message names the rule that failed.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/SDY/IR/SDY.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace oxla::sdy;

/// The axis exists and, for a sub-axis (m)k: m >= 1, k > 1, m*k divides the
/// axis size and k is not the whole axis.
static LogicalResult verifyAxisRef(AxisRefAttr axis, MeshAttr mesh,
                                   EmitErrorFn emitError) {
  MeshAxisAttr meshAxis = mesh.getAxis(axis.getName());
  if (!meshAxis)
    return emitError() << "unknown axis name: \"" << axis.getName() << "\"";
  SubAxisInfoAttr info = axis.getSubAxisInfo();
  if (!info)
    return success();
  int64_t full = meshAxis.getSize();
  if (info.getPreSize() < 1)
    return emitError() << "sub-axis pre-size must be at least 1: \"" << axis.getName()
                       << "\":(" << info.getPreSize() << ")" << info.getSize();
  if (info.getSize() <= 1)
    return emitError() << "sub-axis size must be greater than 1: \"" << axis.getName()
                       << "\":(" << info.getPreSize() << ")" << info.getSize();
  if (full % (info.getPreSize() * info.getSize()) != 0)
    return emitError() << "sub-axis next pre-size " << info.getPreSize() * info.getSize()
                       << " doesn't divide the size of the full axis " << full << ": \""
                       << axis.getName() << "\":(" << info.getPreSize() << ")"
                       << info.getSize();
  if (info.getSize() == full)
    return emitError() << "sub-axis size is equal to the full axis size " << full
                       << ": use \"" << axis.getName() << "\" instead";
  return success();
}

/// Index of the axis in the mesh's order.
static int64_t meshIndex(MeshAttr mesh, StringRef name) {
  for (auto [index, axis] : llvm::enumerate(mesh.getAxes()))
    if (axis.getName() == name)
      return index;
  return -1;
}

/// Checks a list of replicated or unreduced axes: valid axes, in mesh order.
static LogicalResult verifySortedAxes(ArrayRef<AxisRefAttr> axes, MeshAttr mesh,
                                      StringRef what, EmitErrorFn emitError) {
  for (size_t i = 1; i < axes.size(); ++i) {
    AxisRefAttr prev = axes[i - 1], cur = axes[i];
    int64_t a = meshIndex(mesh, prev.getName()), b = meshIndex(mesh, cur.getName());
    if (a > b || (a == b && prev.getPreSize() > cur.getPreSize()))
      return emitError() << what << " axes are not ordered w.r.t. the mesh";
  }
  return success();
}

LogicalResult oxla::sdy::verifyShardingForType(TensorShardingAttr sharding,
                                               MeshAttr mesh, Type type,
                                               EmitErrorFn emitError,
                                               bool checkDivisibility) {
  if (mesh.isMaximal() || mesh.getAxes().empty()) {
    bool anyAxis = !sharding.getReplicatedAxes().empty() ||
                   !sharding.getUnreducedAxes().empty() ||
                   llvm::any_of(sharding.getDimShardings(), [](DimensionShardingAttr d) {
                     return !d.getAxes().empty();
                   });
    if (anyAxis)
      return emitError() << "a sharding over a mesh without axes cannot name axes";
    if (mesh.isMaximal())
      return success();
  }
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped) {
    if (sharding.getRank() != 0 || !sharding.getReplicatedAxes().empty())
      return emitError() << "non-shaped tensors can only have a sharding with rank 0 "
                            "and no replicated axes";
  } else {
    if (!shaped.hasRank())
      return emitError() << "only ranked tensors can have a sharding";
    if (shaped.getRank() != sharding.getRank())
      return emitError() << "sharding doesn't match tensor rank: " << sharding.getRank()
                         << " != " << shaped.getRank();
  }
  // Every axis once: no axis or overlapping sub-axis twice across the
  // dimensions, the replicated and the unreduced axes.
  SmallVector<AxisRefAttr> seen;
  auto use = [&](AxisRefAttr axis) -> LogicalResult {
    if (failed(verifyAxisRef(axis, mesh, emitError)))
      return failure();
    for (AxisRefAttr other : seen)
      if (other.overlaps(axis, mesh))
        return emitError() << "duplicate axis ref: " << "\"" << axis.getName() << "\""
                           << (axis == other ? "" : " (overlapping sub-axes)");
    seen.push_back(axis);
    return success();
  };
  for (auto [dim, dimSharding] : llvm::enumerate(sharding.getDimShardings())) {
    ArrayRef<AxisRefAttr> axes = dimSharding.getAxes();
    int64_t product = 1;
    for (auto [i, axis] : llvm::enumerate(axes)) {
      if (failed(use(axis)))
        return failure();
      product *= axis.getSize(mesh);
      if (i > 0) {
        AxisRefAttr prev = axes[i - 1];
        if (prev.getName() == axis.getName() && prev.getSubAxisInfo() &&
            axis.getSubAxisInfo() &&
            prev.getPreSize() * prev.getSubAxisInfo().getSize() == axis.getPreSize())
          return emitError() << "two consecutive sub-axes can be merged: \""
                             << axis.getName() << "\" in dimension " << dim;
      }
    }
    if (!shaped || axes.empty())
      continue;
    int64_t size = shaped.getDimSize(dim);
    if (size == 0)
      return emitError() << "dimension " << dim << " has size 0 and cannot be sharded";
    if (checkDivisibility && !ShapedType::isDynamic(size) && size % product != 0)
      return emitError() << "dimension size " << size << " of dimension " << dim
                         << " is not divisible by the product of its axis sizes "
                         << product;
  }
  for (AxisRefAttr axis : sharding.getReplicatedAxes())
    if (failed(use(axis)))
      return failure();
  for (AxisRefAttr axis : sharding.getUnreducedAxes())
    if (failed(use(axis)))
      return failure();
  if (failed(verifySortedAxes(sharding.getReplicatedAxes(), mesh, "replicated",
                              emitError)) ||
      failed(verifySortedAxes(sharding.getUnreducedAxes(), mesh, "unreduced",
                              emitError)))
    return failure();
  return success();
}

LogicalResult oxla::sdy::verifyShardingAt(TensorShardingAttr sharding, Operation *op,
                                          Type type, EmitErrorFn emitError,
                                          bool checkDivisibility) {
  MeshAttr mesh = sharding.getMesh(op);
  if (!mesh)
    return emitError() << "unknown mesh: @" << sharding.getMeshName();
  return verifyShardingForType(sharding, mesh, type, emitError, checkDivisibility);
}

TensorShardingAttr oxla::sdy::getShardingOf(Value value) {
  if (auto result = dyn_cast<OpResult>(value)) {
    Operation *op = result.getOwner();
    if (auto constraint = dyn_cast<ShardingConstraintOp>(op))
      return constraint.getSharding();
    if (auto reshard = dyn_cast<ReshardOp>(op))
      return reshard.getSharding();
    // A global-view collective's result has its out_sharding.
    if (auto out = op->getAttrOfType<TensorShardingAttr>("out_sharding"))
      return out;
    if (auto perValue = op->getAttrOfType<TensorShardingPerValueAttr>(kShardingAttr))
      if (result.getResultNumber() < perValue.getShardings().size())
        return perValue.getShardings()[result.getResultNumber()];
    return {};
  }
  auto arg = cast<BlockArgument>(value);
  auto func = dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp());
  if (!func || arg.getOwner() != &func.getFunctionBody().front())
    return {};
  return func.getArgAttrOfType<TensorShardingAttr>(arg.getArgNumber(), kShardingAttr);
}
