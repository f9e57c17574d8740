//===- ShardingModel.h - oxla's one model of how a tensor is distributed -===//
//
// Both sharding forms exporters write become this model: Shardy's
// (#sdy.sharding over an sdy.mesh) and GSPMD's (`mhlo.sharding` strings,
// GSPMDSharding.h). A sharding places a tensor on a mesh of devices with
// named axes: each dimension is split along a list of axes (major to minor),
// and every other axis either replicates the tensor, holds partial values to
// be reduced (unreduced), or is manual (the program is already written per
// device along it). The SPMD partitioner works on this model; on one device
// every sharding is the whole tensor.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_SHARDING_SHARDINGMODEL_H
#define OXLA_COMPILER_SHARDING_SHARDINGMODEL_H

#include "mlir/IR/Operation.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace oxla::sdy {
class MeshAttr;
class TensorShardingAttr;
} // namespace oxla::sdy

namespace oxla::sharding {

struct MeshAxis {
  std::string name;
  int64_t size = 1;
};

/// Named axes over a set of devices. Device `deviceIds[i]` sits at the
/// row-major position i of the axes' grid; without device ids the order is
/// the identity. A mesh without axes and with one device id is "maximal":
/// the tensor lives whole on that device.
class Mesh {
public:
  std::vector<MeshAxis> axes;
  std::vector<int64_t> deviceIds;

  /// The product of the axis sizes (1 without axes).
  int64_t numDevices() const;
  /// Devices the program needs: the number of devices, or for a maximal mesh
  /// the device id + 1.
  int64_t requiredDevices() const;
  bool isMaximal() const { return axes.empty() && deviceIds.size() == 1; }
  /// The position of the axis named `name`.
  std::optional<size_t> axisIndex(llvm::StringRef name) const;
  /// The device at each grid position (the identity without device ids).
  std::vector<int64_t> devices() const;
  /// Shardy's syntax: <["x"=2, "y"=4], device_ids=[...]>.
  std::string str() const;
  /// The #sdy.mesh of this mesh.
  sdy::MeshAttr toSdy(mlir::MLIRContext *context) const;
};

/// A full axis, or the sub-axis (preSize)size of it: the axis seen as a
/// mixed-radix number, the digit of weight preSize with `size` values.
struct AxisRef {
  std::string name;
  int64_t preSize = 1;
  std::optional<int64_t> subSize; ///< set for a sub-axis

  int64_t size(const Mesh &mesh) const;
  std::string str() const;
};

struct DimSharding {
  std::vector<AxisRef> axes; ///< major to minor
  bool closed = true;        ///< may propagation shard it further?
  std::optional<int64_t> priority;
};

enum class Reduction { Sum, Max, Min };

class Sharding {
public:
  Mesh mesh;
  std::string meshName; ///< the sdy.mesh symbol, "" for an inline mesh
  std::vector<DimSharding> dims;
  std::vector<AxisRef> replicated; ///< explicitly replicated axes
  std::vector<AxisRef> unreduced;  ///< axes holding partial values
  Reduction unreducedReduction = Reduction::Sum;
  std::vector<std::string> manualAxes; ///< axes the value is already local on

  /// Builds the model of `attr` over `mesh`.
  static Sharding fromSdy(sdy::TensorShardingAttr attr, sdy::MeshAttr mesh);
  /// The fully replicated sharding of a rank-`rank` tensor on `mesh`.
  static Sharding replicatedOn(Mesh mesh, int64_t rank);

  int64_t rank() const { return static_cast<int64_t>(dims.size()); }
  /// In how many pieces dimension `dim` is split.
  int64_t numShards(int64_t dim) const;
  /// The per-device shape of a tensor of shape `global` (dimensions that do
  /// not divide are rounded up, the way partitioners pad them).
  std::vector<int64_t> shardShape(llvm::ArrayRef<int64_t> global) const;
  /// No dimension is split and nothing is unreduced.
  bool isFullyReplicated() const;
  /// Checks Shardy's rules against `mesh` and a tensor of shape `shape`
  /// (axes exist, each used once, sub-axes valid, rank); the reason on failure.
  std::optional<std::string> validate(llvm::ArrayRef<int64_t> shape) const;
  /// Shardy's syntax with an inline mesh: <mesh<[...]>, [{"x"}, {}]>.
  std::string str() const;
  /// The #sdy.sharding of this sharding: over @meshName, or over the mesh
  /// inline when it has no name. Manual axes are not part of it (Shardy
  /// keeps them on the sdy.manual_computation).
  sdy::TensorShardingAttr toSdy(mlir::MLIRContext *context) const;
};

} // namespace oxla::sharding

#endif // OXLA_COMPILER_SHARDING_SHARDINGMODEL_H
