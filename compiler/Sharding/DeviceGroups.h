//===- DeviceGroups.h - Which device holds which shard -------------------===//
//
// The device-level reading of a sharding (ShardingModel.h), which the SPMD
// partitioner needs to write collectives and per-device offsets: for every
// device id (= partition id), the shard index it holds along each dimension,
// and the process groups of the collectives that gather a dimension or
// combine values over mesh axes. Sub-axes are digits of their axis seen as a
// mixed-radix number (preSize is the digit's weight).
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_SHARDING_DEVICEGROUPS_H
#define OXLA_COMPILER_SHARDING_DEVICEGROUPS_H

#include "compiler/Sharding/ShardingModel.h"

#include <cstdint>
#include <vector>

namespace oxla::sharding {

using DeviceGroups = std::vector<std::vector<int64_t>>;

/// Two axis refs name the same (sub-)axis.
bool sameAxis(const AxisRef &a, const AxisRef &b);
/// Two meshes have the same axes and device order.
bool sameMesh(const Mesh &a, const Mesh &b);
/// Two shardings place every element on the same devices (same mesh, same
/// axes per dimension, same unreduced axes; priorities, openness and
/// replicated axes aside).
bool samePlacement(const Sharding &a, const Sharding &b);

class DevicePlacement {
public:
  explicit DevicePlacement(const Sharding &sharding);

  int64_t numDevices() const { return static_cast<int64_t>(gridOf_.size()); }
  /// The shard of dimension `dim` that device `device` holds (0 for an
  /// unsplit dimension).
  int64_t shardIndex(int64_t dim, int64_t device) const;
  /// The groups that all-gather dimension `dim`: devices that hold the same
  /// shard of every other dimension, one per shard of `dim`, in shard order.
  DeviceGroups gatherGroups(int64_t dim) const;
  /// The groups that combine values over `axes`: devices that differ only in
  /// the digits of those axes, in device order.
  DeviceGroups groupsOver(const std::vector<AxisRef> &axes) const;

  /// The digit of `axis` in device `device`'s mesh coordinates.
  int64_t digit(const AxisRef &axis, int64_t device) const;

private:

  const Sharding &sharding_;
  /// device id -> grid coordinates (one per mesh axis).
  std::vector<std::vector<int64_t>> coords_;
  /// device id -> row-major grid position.
  std::vector<int64_t> gridOf_;
};

} // namespace oxla::sharding

#endif // OXLA_COMPILER_SHARDING_DEVICEGROUPS_H
