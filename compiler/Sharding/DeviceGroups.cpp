//===- DeviceGroups.cpp - Which device holds which shard -----------------===//

#include "compiler/Sharding/DeviceGroups.h"

#include <algorithm>
#include <map>

using namespace oxla::sharding;

bool oxla::sharding::sameAxis(const AxisRef &a, const AxisRef &b) {
  return a.name == b.name && a.preSize == b.preSize && a.subSize == b.subSize;
}

bool oxla::sharding::sameMesh(const Mesh &a, const Mesh &b) {
  if (a.axes.size() != b.axes.size() || a.devices() != b.devices())
    return false;
  for (size_t i = 0; i < a.axes.size(); ++i)
    if (a.axes[i].name != b.axes[i].name || a.axes[i].size != b.axes[i].size)
      return false;
  return true;
}

static bool sameAxes(const std::vector<AxisRef> &a, const std::vector<AxisRef> &b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), sameAxis);
}

bool oxla::sharding::samePlacement(const Sharding &a, const Sharding &b) {
  if (a.rank() != b.rank() || !sameMesh(a.mesh, b.mesh))
    return false;
  for (int64_t dim = 0; dim < a.rank(); ++dim)
    if (!sameAxes(a.dims[dim].axes, b.dims[dim].axes))
      return false;
  return sameAxes(a.unreduced, b.unreduced);
}

DevicePlacement::DevicePlacement(const Sharding &sharding) : sharding_(sharding) {
  std::vector<int64_t> devices = sharding.mesh.devices();
  coords_.resize(devices.size());
  gridOf_.resize(devices.size());
  for (int64_t grid = 0; grid < static_cast<int64_t>(devices.size()); ++grid) {
    std::vector<int64_t> coords(sharding.mesh.axes.size());
    int64_t rest = grid;
    for (size_t axis = coords.size(); axis-- > 0;) {
      coords[axis] = rest % sharding.mesh.axes[axis].size;
      rest /= sharding.mesh.axes[axis].size;
    }
    coords_[devices[grid]] = std::move(coords);
    gridOf_[devices[grid]] = grid;
  }
}

int64_t DevicePlacement::digit(const AxisRef &axis, int64_t device) const {
  std::optional<size_t> index = sharding_.mesh.axisIndex(axis.name);
  if (!index)
    return 0;
  return (coords_[device][*index] / axis.preSize) % axis.size(sharding_.mesh);
}

int64_t DevicePlacement::shardIndex(int64_t dim, int64_t device) const {
  int64_t index = 0;
  for (const AxisRef &axis : sharding_.dims[dim].axes)
    index = index * axis.size(sharding_.mesh) + digit(axis, device);
  return index;
}

DeviceGroups DevicePlacement::groupsOver(const std::vector<AxisRef> &axes) const {
  // Devices whose coordinates agree once the digits of `axes` are cleared.
  std::map<std::vector<int64_t>, std::vector<int64_t>> groups;
  for (int64_t device = 0; device < numDevices(); ++device) {
    std::vector<int64_t> key = coords_[device];
    for (const AxisRef &axis : axes)
      if (std::optional<size_t> index = sharding_.mesh.axisIndex(axis.name))
        key[*index] -= digit(axis, device) * axis.preSize;
    groups[key].push_back(device);
  }
  DeviceGroups result;
  for (auto &entry : groups)
    result.push_back(std::move(entry.second));
  std::sort(result.begin(), result.end());
  return result;
}

DeviceGroups DevicePlacement::gatherGroups(int64_t dim) const {
  DeviceGroups groups = groupsOver(sharding_.dims[dim].axes);
  for (std::vector<int64_t> &group : groups)
    std::stable_sort(group.begin(), group.end(), [&](int64_t a, int64_t b) {
      return shardIndex(dim, a) < shardIndex(dim, b);
    });
  return groups;
}
