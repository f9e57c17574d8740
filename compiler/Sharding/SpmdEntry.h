//===- SpmdEntry.h - Run a partitioned program on N devices --------------===//
//
// `oxla-interpret --devices N`, `oxla-run --devices N` and clients of the C
// API with N devices: the entry is partitioned for N devices
// (--oxla-spmd-partition) and wrapped in a function of the entry's name and
// global types that cuts every argument into the shard each device holds
// (padding dimensions that do not divide), runs the per-device function on
// N processes (interpreter.run_parallel: one thread each, collectives
// between them), and puts each result back together from the devices'
// shards (dropping the padding). `--devices 1` runs the program's
// one-device meaning whatever its meshes say: the oracle the partitioned
// runs are checked against.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_SHARDING_SPMDENTRY_H
#define OXLA_COMPILER_SHARDING_SPMDENTRY_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>
#include <vector>

namespace oxla::sharding {

/// What a caller that holds shards needs to know of a partitioned entry.
struct PartitionedEntry {
  /// The global-view wrapper (the entry's own name).
  std::string name;
  /// The function taking every device's shards, device-major (device 0's
  /// arguments, then device 1's, ...), and returning every device's result
  /// shards the same way: `<name>.shards`.
  std::string shardsName;
  /// The per-device function run_parallel runs: `<name>.device`.
  std::string deviceName;
  int64_t devices = 1;
  /// Per argument and result: the sharding in Shardy's syntax with an
  /// inline mesh, "" for a replicated value.
  std::vector<std::string> argumentShardings, resultShardings;
};

/// Partitions the public sharded functions of `module` for `devices` devices
/// and replaces each by its global-view wrapper; with `devices` 1, gives
/// the program its one-device meaning. Reports and fails (exit 3) on what
/// the partitioner does not handle. With `shardings`, prints there each
/// partitioned entry's argument and result shardings and shard types
/// (--print-shardings). With `entries`, also adds each partitioned entry's
/// public `<name>.shards` function and describes the entries there.
mlir::LogicalResult runOnDevices(mlir::ModuleOp module, int64_t devices,
                                 llvm::raw_ostream *shardings = nullptr,
                                 std::vector<PartitionedEntry> *entries = nullptr);

/// After runOnDevices, for compiled runs: the shardings and device counts
/// are dropped (each device's function has its shard types, and the grid it
/// runs on is its run_parallel's).
mlir::LogicalResult forCompiledDevices(mlir::ModuleOp module);

} // namespace oxla::sharding

#endif // OXLA_COMPILER_SHARDING_SPMDENTRY_H
