//===- SpmdPartitioner.h - Global program to per-device program ----------===//
//
// Rewrites a function with shardings (after propagation) into the program
// every device runs on its shards: arguments and results get the shard
// types, each op runs on local shards by its sharding rule
// (ShardingRules.h), and where an op needs its operands placed otherwise, or
// a value must end with another sharding, explicit StableHLO collectives
// move the data (all_gather, then a local slice indexed by partition_id;
// all_reduce for partial sums). Dimensions that do not divide are padded to
// the next multiple; padding is filled with the neutral value where a
// contraction or reduction reads it. Ops without a rule run replicated, and
// the partitioner reports each operand it had to gather whole for them.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_SHARDING_SPMDPARTITIONER_H
#define OXLA_COMPILER_SHARDING_SPMDPARTITIONER_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Support/LogicalResult.h"

#include <cstdint>

namespace oxla::sharding {

/// The attribute a partitioned (local-view) function carries: the number of
/// devices it was partitioned for.
inline constexpr llvm::StringLiteral kLocalViewAttr = "oxla.spmd_devices";

/// Rewrites GSPMD's `mhlo.sharding` strings in `func` as sdy shardings over
/// inline meshes and `custom_call @Sharding` as `sdy.sharding_constraint`
/// (ImportGSPMD.cpp); fails on manual shardings.
mlir::LogicalResult importGSPMDShardings(mlir::func::FuncOp func);

/// Whether `func` has any sharding (on an argument, a result or an op).
bool hasShardings(mlir::func::FuncOp func);

/// The number of devices of the meshes `func`'s shardings use (all must
/// agree, one-device meshes aside); 1 when it has none. Reports and fails
/// on meshes of different sizes.
mlir::FailureOr<int64_t> devicesOf(mlir::func::FuncOp func);

/// Gives every op result of `func` without a sharding the one its op's rule
/// computes from the operands (Shardy-style forward propagation); shardings
/// written by the user and sharding constraints are kept.
void propagateShardings(mlir::func::FuncOp func);

/// Partitions `func` for `numDevices` devices (see above). `channel` numbers
/// the collectives' channels across calls. The devices run as `numPartitions`
/// partitions of numDevices / numPartitions replicas: device id
/// replica_id * numPartitions + partition_id (the spec's flattened id).
mlir::LogicalResult partitionFunction(mlir::func::FuncOp func, int64_t numDevices,
                                      int64_t numPartitions,
                                      int64_t &channel);

} // namespace oxla::sharding

#endif // OXLA_COMPILER_SHARDING_SPMDPARTITIONER_H
