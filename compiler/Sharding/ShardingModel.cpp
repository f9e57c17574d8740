//===- ShardingModel.cpp - Mesh, axis refs, shardings --------------------===//

#include "compiler/Sharding/ShardingModel.h"

#include "compiler/Dialect/SDY/IR/SDY.h"

#include "llvm/ADT/STLExtras.h"

#include <numeric>

using namespace oxla::sharding;

int64_t Mesh::numDevices() const {
  int64_t total = 1;
  for (const MeshAxis &axis : axes)
    total *= axis.size;
  return total;
}

int64_t Mesh::requiredDevices() const {
  if (isMaximal())
    return deviceIds.front() + 1;
  return numDevices();
}

std::optional<size_t> Mesh::axisIndex(llvm::StringRef name) const {
  for (size_t i = 0; i < axes.size(); ++i)
    if (axes[i].name == name)
      return i;
  return std::nullopt;
}

std::vector<int64_t> Mesh::devices() const {
  if (!deviceIds.empty())
    return deviceIds;
  std::vector<int64_t> ids(numDevices());
  std::iota(ids.begin(), ids.end(), 0);
  return ids;
}

std::string Mesh::str() const {
  std::string out = "<[";
  for (size_t i = 0; i < axes.size(); ++i)
    out += (i ? ", \"" : "\"") + axes[i].name + "\"=" + std::to_string(axes[i].size);
  out += "]";
  if (!deviceIds.empty()) {
    out += ", device_ids=[";
    for (size_t i = 0; i < deviceIds.size(); ++i)
      out += (i ? ", " : "") + std::to_string(deviceIds[i]);
    out += "]";
  }
  return out + ">";
}

int64_t AxisRef::size(const Mesh &mesh) const {
  if (subSize)
    return *subSize;
  std::optional<size_t> index = mesh.axisIndex(name);
  return index ? mesh.axes[*index].size : 1;
}

std::string AxisRef::str() const {
  std::string out = "\"" + name + "\"";
  if (subSize)
    out += ":(" + std::to_string(preSize) + ")" + std::to_string(*subSize);
  return out;
}

static AxisRef axisRefOf(oxla::sdy::AxisRefAttr attr) {
  AxisRef ref;
  ref.name = attr.getName().str();
  if (oxla::sdy::SubAxisInfoAttr info = attr.getSubAxisInfo()) {
    ref.preSize = info.getPreSize();
    ref.subSize = info.getSize();
  }
  return ref;
}

Sharding Sharding::fromSdy(sdy::TensorShardingAttr attr, sdy::MeshAttr mesh) {
  Sharding sharding;
  for (sdy::MeshAxisAttr axis : mesh.getAxes())
    sharding.mesh.axes.push_back({axis.getName().str(), axis.getSize()});
  sharding.mesh.deviceIds.assign(mesh.getDeviceIds().begin(), mesh.getDeviceIds().end());
  sharding.meshName = attr.getMeshName().str();
  for (sdy::DimensionShardingAttr dim : attr.getDimShardings()) {
    DimSharding d;
    for (sdy::AxisRefAttr axis : dim.getAxes())
      d.axes.push_back(axisRefOf(axis));
    d.closed = dim.getIsClosed();
    d.priority = dim.getPriority();
    sharding.dims.push_back(std::move(d));
  }
  for (sdy::AxisRefAttr axis : attr.getReplicatedAxes())
    sharding.replicated.push_back(axisRefOf(axis));
  for (sdy::AxisRefAttr axis : attr.getUnreducedAxes())
    sharding.unreduced.push_back(axisRefOf(axis));
  switch (attr.getReduction()) {
  case sdy::ReductionKind::SUM: sharding.unreducedReduction = Reduction::Sum; break;
  case sdy::ReductionKind::MAX: sharding.unreducedReduction = Reduction::Max; break;
  case sdy::ReductionKind::MIN: sharding.unreducedReduction = Reduction::Min; break;
  }
  return sharding;
}

Sharding Sharding::replicatedOn(Mesh mesh, int64_t rank) {
  Sharding sharding;
  sharding.mesh = std::move(mesh);
  sharding.dims.resize(rank);
  return sharding;
}

int64_t Sharding::numShards(int64_t dim) const {
  int64_t shards = 1;
  for (const AxisRef &axis : dims[dim].axes)
    shards *= axis.size(mesh);
  return shards;
}

std::vector<int64_t> Sharding::shardShape(llvm::ArrayRef<int64_t> global) const {
  std::vector<int64_t> shape(global.begin(), global.end());
  for (int64_t dim = 0; dim < rank() && dim < static_cast<int64_t>(shape.size()); ++dim) {
    int64_t shards = numShards(dim);
    shape[dim] = (shape[dim] + shards - 1) / shards;
  }
  return shape;
}

bool Sharding::isFullyReplicated() const {
  return unreduced.empty() &&
         llvm::all_of(dims, [](const DimSharding &d) { return d.axes.empty(); });
}

std::optional<std::string> Sharding::validate(llvm::ArrayRef<int64_t> shape) const {
  if (static_cast<int64_t>(shape.size()) != rank())
    return "sharding has rank " + std::to_string(rank()) + ", the tensor " +
           std::to_string(shape.size());
  std::vector<const AxisRef *> used;
  auto use = [&](const AxisRef &axis) -> std::optional<std::string> {
    std::optional<size_t> index = mesh.axisIndex(axis.name);
    if (!index)
      return "unknown axis \"" + axis.name + "\"";
    int64_t full = mesh.axes[*index].size;
    if (axis.subSize && (axis.preSize < 1 || *axis.subSize <= 1 ||
                         full % (axis.preSize * *axis.subSize) != 0 || *axis.subSize == full))
      return "invalid sub-axis " + axis.str() + " of an axis of size " + std::to_string(full);
    int64_t begin = axis.preSize, end = begin * axis.size(mesh);
    for (const AxisRef *other : used) {
      int64_t b = other->preSize, e = b * other->size(mesh);
      if (other->name == axis.name && begin < e && b < end)
        return "axis " + axis.str() + " is used twice";
    }
    used.push_back(&axis);
    return std::nullopt;
  };
  for (const DimSharding &dim : dims)
    for (const AxisRef &axis : dim.axes)
      if (std::optional<std::string> error = use(axis))
        return error;
  for (const AxisRef &axis : replicated)
    if (std::optional<std::string> error = use(axis))
      return error;
  for (const AxisRef &axis : unreduced)
    if (std::optional<std::string> error = use(axis))
      return error;
  for (const std::string &manual : manualAxes)
    if (!mesh.axisIndex(manual))
      return "unknown manual axis \"" + manual + "\"";
  return std::nullopt;
}

std::string Sharding::str() const {
  std::string out = "<";
  out += meshName.empty() ? "mesh" + mesh.str() : "@" + meshName;
  out += ", [";
  auto axisList = [](const std::vector<AxisRef> &axes) {
    std::string s;
    for (size_t i = 0; i < axes.size(); ++i)
      s += (i ? ", " : "") + axes[i].str();
    return s;
  };
  for (size_t i = 0; i < dims.size(); ++i) {
    const DimSharding &dim = dims[i];
    out += i ? ", {" : "{";
    out += axisList(dim.axes);
    if (!dim.closed)
      out += dim.axes.empty() ? "?" : ", ?";
    out += "}";
    if (dim.priority)
      out += "p" + std::to_string(*dim.priority);
  }
  out += "]";
  if (!replicated.empty())
    out += ", replicated={" + axisList(replicated) + "}";
  if (!unreduced.empty()) {
    out += ", unreduced=";
    if (unreducedReduction == Reduction::Max)
      out += "max";
    else if (unreducedReduction == Reduction::Min)
      out += "min";
    out += "{" + axisList(unreduced) + "}";
  }
  return out + ">";
}

oxla::sdy::MeshAttr Mesh::toSdy(mlir::MLIRContext *context) const {
  llvm::SmallVector<sdy::MeshAxisAttr> sdyAxes;
  for (const MeshAxis &axis : axes)
    sdyAxes.push_back(sdy::MeshAxisAttr::get(context, llvm::StringRef(axis.name), axis.size));
  return sdy::MeshAttr::get(context, llvm::ArrayRef<sdy::MeshAxisAttr>(sdyAxes),
                            llvm::ArrayRef<int64_t>(deviceIds));
}

static oxla::sdy::AxisRefAttr toSdy(const AxisRef &axis, mlir::MLIRContext *context) {
  oxla::sdy::SubAxisInfoAttr info;
  if (axis.subSize)
    info = oxla::sdy::SubAxisInfoAttr::get(context, axis.preSize, *axis.subSize);
  return oxla::sdy::AxisRefAttr::get(context, llvm::StringRef(axis.name), info);
}

static llvm::SmallVector<oxla::sdy::AxisRefAttr> toSdy(const std::vector<AxisRef> &axes,
                                                      mlir::MLIRContext *context) {
  llvm::SmallVector<oxla::sdy::AxisRefAttr> refs;
  for (const AxisRef &axis : axes)
    refs.push_back(toSdy(axis, context));
  return refs;
}

oxla::sdy::TensorShardingAttr Sharding::toSdy(mlir::MLIRContext *context) const {
  mlir::Attribute meshOrRef =
      meshName.empty() ? mlir::Attribute(mesh.toSdy(context))
                       : mlir::Attribute(mlir::FlatSymbolRefAttr::get(context, meshName));
  llvm::SmallVector<sdy::DimensionShardingAttr> sdyDims;
  for (const DimSharding &dim : dims) {
    llvm::SmallVector<sdy::AxisRefAttr> refs = ::toSdy(dim.axes, context);
    sdyDims.push_back(sdy::DimensionShardingAttr::get(
        context, llvm::ArrayRef<sdy::AxisRefAttr>(refs), dim.closed, dim.priority));
  }
  sdy::ReductionKind reduction = sdy::ReductionKind::SUM;
  if (unreducedReduction == Reduction::Max)
    reduction = sdy::ReductionKind::MAX;
  else if (unreducedReduction == Reduction::Min)
    reduction = sdy::ReductionKind::MIN;
  llvm::SmallVector<sdy::AxisRefAttr> replicatedRefs = ::toSdy(replicated, context);
  llvm::SmallVector<sdy::AxisRefAttr> unreducedRefs = ::toSdy(unreduced, context);
  return sdy::TensorShardingAttr::get(
      context, meshOrRef, llvm::ArrayRef<sdy::DimensionShardingAttr>(sdyDims),
      llvm::ArrayRef<sdy::AxisRefAttr>(replicatedRefs),
      llvm::ArrayRef<sdy::AxisRefAttr>(unreducedRefs), reduction);
}
