//===- SpmdPartition.cpp - The --oxla-spmd-partition pass ----------------===//

#include "compiler/Sharding/Passes.h"
#include "compiler/Sharding/SpmdPartitioner.h"

#include "compiler/Dialect/SDY/IR/SDY.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

namespace oxla {
#define GEN_PASS_DEF_SPMDPARTITION
#include "compiler/Sharding/Passes.h.inc"
} // namespace oxla

using namespace mlir;
using namespace oxla;
using namespace oxla::sharding;

namespace {

struct SpmdPartitionPass : public oxla::impl::SpmdPartitionBase<SpmdPartitionPass> {
  using SpmdPartitionBase::SpmdPartitionBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> funcs;
    int64_t devices = numDevices;
    if (devices < 0) {
      mlir::emitError(module.getLoc()) << "num-devices=" << devices
                         << " is not a device count (at least 1; 0: the meshes' size)";
      return signalPassFailure();
    }
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isExternal() || func.isPrivate() || func->hasAttr(kLocalViewAttr))
        continue;
      if (failed(importGSPMDShardings(func)))
        return signalPassFailure();
      if (!hasShardings(func))
        continue;
      FailureOr<int64_t> needed = devicesOf(func);
      if (failed(needed))
        return signalPassFailure();
      if (*needed == 1)
        continue;
      if (devices == 0)
        devices = *needed;
      if (*needed != devices) {
        func.emitError() << "unsupported: @" << func.getSymName() << " is sharded over "
                         << *needed << " devices, not the " << devices << " asked for";
        return signalPassFailure();
      }
      funcs.push_back(func);
    }
    int64_t channel = 0;
    for (func::FuncOp func : funcs) {
      propagateShardings(func);
      if (failed(partitionFunction(func, devices, asReplicas ? 1 : devices, channel)))
        return signalPassFailure();
    }
    if (funcs.empty())
      return;
    Builder builder(module.getContext());
    module->setAttr("mhlo.num_partitions", builder.getI32IntegerAttr(asReplicas ? 1 : devices));
    module->setAttr("mhlo.num_replicas", builder.getI32IntegerAttr(asReplicas ? devices : 1));
  }
};

} // namespace
