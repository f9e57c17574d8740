//===- OneDevice.h - Programs with shardings, run on one device ----------===//
//
// Without --devices (SPMD partitioning, SpmdPartitioner.h) oxla runs every
// program on one device.
// A sharded program whose meshes have one device means there what it means
// on one device: constraints, reshards, barriers, groups and collectives over
// size-1 axes are identities, a manual computation runs its body once, a
// named computation is a call. A program that needs more devices is refused
// with the mesh (or attribute) that asks for them.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_SHARDING_ONEDEVICE_H
#define OXLA_COMPILER_SHARDING_ONEDEVICE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LogicalResult.h"

#include <string>

namespace oxla::sharding {

/// The custom-call targets of the sharding forms (GSPMD's and Shardy's
/// string round trip) that are identities on one device.
bool isShardingCustomCall(llvm::StringRef target);

/// Reports, at the op that asks for it, that `module` needs more than one
/// device: an sdy mesh (symbol or inline), `mhlo.num_partitions`, or an
/// `mhlo.sharding` over several devices. The message reads "needs N devices"
/// and names the mesh; oxla's tools exit with 3 (unsupported) on failure.
mlir::LogicalResult checkRunsOnOneDevice(mlir::ModuleOp module);

} // namespace oxla::sharding

#endif // OXLA_COMPILER_SHARDING_ONEDEVICE_H
