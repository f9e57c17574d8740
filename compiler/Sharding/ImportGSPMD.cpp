//===- ImportGSPMD.cpp - GSPMD shardings as sdy shardings ----------------===//
//
// Before partitioning, GSPMD's `mhlo.sharding` strings (on arguments,
// results and ops) become `sdy.sharding`s over inline meshes (the model of
// GSPMDSharding::toSharding: one axis per split tile dimension, the tile
// assignment's device order), and `custom_call @Sharding` becomes
// `sdy.sharding_constraint`. Each string keeps its own mesh: the
// partitioner moves data between shardings over different meshes of the
// same devices by gathering and slicing. `{manual}` (the values of a
// shard_map body, between `@SPMDFullToShardShape` and
// `@SPMDShardToFullShape`) becomes no sharding: each device's own value,
// which the partitioner leaves in place.
//
//===----------------------------------------------------------------------===//

#include "compiler/Sharding/SpmdPartitioner.h"

#include "compiler/Dialect/SDY/IR/SDY.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "compiler/Sharding/GSPMDSharding.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace oxla;
using namespace oxla::sharding;

namespace {

constexpr llvm::StringLiteral kGSPMDAttr = "mhlo.sharding";

/// The sdy sharding of a GSPMD string for a value of type `type`; a null
/// attribute (after reporting at `at`) when it cannot be partitioned.
FailureOr<sdy::TensorShardingAttr> convert(StringAttr text, Type type, Operation *at) {
  auto ranked = dyn_cast<RankedTensorType>(type);
  if (!ranked)
    return sdy::TensorShardingAttr();
  auto parsed = GSPMDSharding::parse(text.getValue());
  if (!std::holds_alternative<GSPMDSharding>(parsed))
    return sdy::TensorShardingAttr(); // the verifier reports bad strings
  const GSPMDSharding &gspmd = std::get<GSPMDSharding>(parsed);
  // `{manual}` (shard_map): the value is each device's own, written per
  // device between @SPMDFullToShardShape and @SPMDShardToFullShape.
  if (gspmd.kind == GSPMDSharding::Kind::Manual)
    return sdy::TensorShardingAttr();
  if (llvm::is_contained(gspmd.subgroups, GSPMDSharding::Subgroup::Manual)) {
    at->emitError() << "unsupported: the SPMD partitioner does not handle GSPMD shardings "
                       "manual along some devices only (\""
                    << text.getValue() << "\") yet";
    return failure();
  }
  // Replicated: the whole tensor, the default. Maximal: the whole tensor
  // on one device (an inline mesh `<[], device_ids=[k]>`).
  if (gspmd.kind != GSPMDSharding::Kind::Tiled && gspmd.kind != GSPMDSharding::Kind::Maximal)
    return sdy::TensorShardingAttr();
  auto model = gspmd.toSharding(ranked.getRank());
  if (!std::holds_alternative<Sharding>(model))
    return sdy::TensorShardingAttr();
  Sharding sharding = std::get<Sharding>(model);
  sharding.meshName.clear();
  return sharding.toSdy(at->getContext());
}

} // namespace

LogicalResult oxla::sharding::importGSPMDShardings(func::FuncOp func) {
  MLIRContext *context = func.getContext();
  for (unsigned i = 0; i < func.getNumArguments(); ++i)
    if (auto text = func.getArgAttrOfType<StringAttr>(i, kGSPMDAttr)) {
      FailureOr<sdy::TensorShardingAttr> sdy =
          convert(text, func.getArgument(i).getType(), func);
      if (failed(sdy))
        return failure();
      func.removeArgAttr(i, kGSPMDAttr);
      if (*sdy)
        func.setArgAttr(i, sdy::kShardingAttr, *sdy);
    }
  for (unsigned i = 0; i < func.getNumResults(); ++i)
    if (auto text = func.getResultAttrOfType<StringAttr>(i, kGSPMDAttr)) {
      FailureOr<sdy::TensorShardingAttr> sdy =
          convert(text, func.getResultTypes()[i], func);
      if (failed(sdy))
        return failure();
      func.removeResultAttr(i, StringAttr::get(context, kGSPMDAttr));
      if (*sdy)
        func.setResultAttr(i, sdy::kShardingAttr, *sdy);
    }
  SmallVector<Operation *> ops;
  func.walk([&](Operation *op) {
    if (op->hasAttr(kGSPMDAttr))
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    auto text = op->getAttrOfType<StringAttr>(kGSPMDAttr);
    if (!text || op->getNumResults() != 1)
      continue;
    FailureOr<sdy::TensorShardingAttr> sdy = convert(text, op->getResult(0).getType(), op);
    if (failed(sdy))
      return failure();
    auto call = dyn_cast<stablehlo::CustomCallOp>(op);
    if (call && call.getCallTargetName() == "Sharding" && op->getNumOperands() == 1) {
      Value input = op->getOperand(0);
      if (*sdy) {
        OpBuilder builder(op);
        input = builder.create<sdy::ShardingConstraintOp>(op->getLoc(), input.getType(), input,
                                                          *sdy);
      }
      op->getResult(0).replaceAllUsesWith(input);
      op->erase();
      continue;
    }
    op->removeAttr(kGSPMDAttr);
    if (*sdy)
      op->setAttr(sdy::kShardingAttr, sdy::TensorShardingPerValueAttr::get(context, {*sdy}));
  }
  return success();
}
