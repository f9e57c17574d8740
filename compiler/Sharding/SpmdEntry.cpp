//===- SpmdEntry.cpp - Run a partitioned program on N devices ------------===//

#include "compiler/Sharding/SpmdEntry.h"

#include "compiler/Dialect/Interpreter/IR/Interpreter.h"
#include "compiler/Dialect/SDY/IR/SDY.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "compiler/Sharding/DeviceGroups.h"
#include "compiler/Sharding/Passes.h"
#include "compiler/Sharding/SpmdPartitioner.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/Pass/PassManager.h"

#include <map>

using namespace mlir;
using namespace oxla;
using namespace oxla::sharding;

namespace {

/// The sharding of an argument or result of the partitioned function; none
/// for a replicated one.
std::optional<Sharding> shardingOf(sdy::TensorShardingAttr attr, Operation *from,
                                   int64_t devices) {
  if (!attr)
    return std::nullopt;
  sdy::MeshAttr mesh = attr.getMesh(from);
  if (!mesh || mesh.isMaximal() || mesh.getTotalSize() != devices)
    return std::nullopt;
  return Sharding::fromSdy(attr, mesh);
}

/// The shard of `global` that `device` holds.
Value shardFor(OpBuilder &b, Location loc, Value global, const std::optional<Sharding> &sharding,
               int64_t device) {
  if (!sharding)
    return global;
  auto type = cast<RankedTensorType>(global.getType());
  std::vector<int64_t> shard = sharding->shardShape(type.getShape());
  SmallVector<int64_t> padded(type.getShape()), high(type.getRank(), 0);
  for (int64_t dim = 0; dim < type.getRank(); ++dim) {
    padded[dim] = shard[dim] * sharding->numShards(dim);
    high[dim] = padded[dim] - type.getDimSize(dim);
  }
  if (llvm::any_of(high, [](int64_t h) { return h != 0; })) {
    Type element = type.getElementType();
    Value zero = b.create<stablehlo::ConstantOp>(
        loc, DenseElementsAttr::get(RankedTensorType::get({}, element), b.getZeroAttr(element)));
    SmallVector<int64_t> none(type.getRank(), 0);
    global = b.create<stablehlo::PadOp>(loc, RankedTensorType::get(padded, element), global, zero,
                                        b.getDenseI64ArrayAttr(none),
                                        b.getDenseI64ArrayAttr(high),
                                        b.getDenseI64ArrayAttr(none));
  }
  DevicePlacement placement(*sharding);
  auto shardType = RankedTensorType::get(shard, type.getElementType());
  // A value held as partial sums: the first device of each group holds it,
  // the others zeros (partial maxima and minima may all hold it).
  if (sharding->unreducedReduction == Reduction::Sum &&
      llvm::any_of(sharding->unreduced,
                   [&](const AxisRef &axis) { return placement.digit(axis, device) != 0; }))
    return b.create<stablehlo::ConstantOp>(
        loc, DenseElementsAttr::get(shardType, b.getZeroAttr(type.getElementType())));
  SmallVector<int64_t> start, limit, strides(type.getRank(), 1);
  for (int64_t dim = 0; dim < type.getRank(); ++dim) {
    start.push_back(placement.shardIndex(dim, device) * shard[dim]);
    limit.push_back(start.back() + shard[dim]);
  }
  return b.create<stablehlo::SliceOp>(loc, shardType, global, b.getDenseI64ArrayAttr(start),
                                      b.getDenseI64ArrayAttr(limit),
                                      b.getDenseI64ArrayAttr(strides));
}

/// The value a device's piece stands for: its own, or for a result held as
/// partial values, the combination over its group.
Value combined(OpBuilder &b, Location loc, ArrayRef<Value> pieces, const Sharding &sharding,
               int64_t device) {
  if (sharding.unreduced.empty())
    return pieces[device];
  DeviceGroups groups = DevicePlacement(sharding).groupsOver(sharding.unreduced);
  for (const std::vector<int64_t> &group : groups) {
    if (!llvm::is_contained(group, device))
      continue;
    Value total = pieces[group.front()];
    for (size_t i = 1; i < group.size(); ++i) {
      Value next = pieces[group[i]];
      if (sharding.unreducedReduction == Reduction::Max)
        total = b.create<stablehlo::MaxOp>(loc, total.getType(), total, next);
      else if (sharding.unreducedReduction == Reduction::Min)
        total = b.create<stablehlo::MinOp>(loc, total.getType(), total, next);
      else
        total = b.create<stablehlo::AddOp>(loc, total.getType(), total, next);
    }
    return total;
  }
  return pieces[device];
}

/// The global value of a result from every device's shard.
Value assemble(OpBuilder &b, Location loc, ArrayRef<Value> pieces, RankedTensorType global,
               const std::optional<Sharding> &sharding) {
  if (!sharding)
    return pieces.front();
  DevicePlacement placement(*sharding);
  int64_t rank = global.getRank();
  // The first device holding each combination of shard indices.
  std::map<std::vector<int64_t>, int64_t> deviceByIndex;
  for (int64_t device = static_cast<int64_t>(pieces.size()); device-- > 0;) {
    std::vector<int64_t> index;
    for (int64_t dim = 0; dim < rank; ++dim)
      index.push_back(placement.shardIndex(dim, device));
    deviceByIndex[index] = device;
  }
  std::function<Value(std::vector<int64_t> &)> build = [&](std::vector<int64_t> &prefix) {
    int64_t dim = static_cast<int64_t>(prefix.size());
    if (dim == rank)
      return combined(b, loc, pieces, *sharding, deviceByIndex.at(prefix));
    SmallVector<Value> parts;
    for (int64_t i = 0; i < sharding->numShards(dim); ++i) {
      prefix.push_back(i);
      parts.push_back(build(prefix));
      prefix.pop_back();
    }
    if (parts.size() == 1)
      return parts.front();
    auto type = cast<RankedTensorType>(parts.front().getType());
    SmallVector<int64_t> shape(type.getShape());
    shape[dim] *= static_cast<int64_t>(parts.size());
    return Value(b.create<stablehlo::ConcatenateOp>(
        loc, RankedTensorType::get(shape, type.getElementType()), parts,
        b.getI64IntegerAttr(dim)));
  };
  std::vector<int64_t> prefix;
  Value whole = build(prefix);
  auto type = cast<RankedTensorType>(whole.getType());
  if (type.getShape() == global.getShape())
    return whole;
  SmallVector<int64_t> start(rank, 0), strides(rank, 1);
  return b.create<stablehlo::SliceOp>(loc, global, whole, b.getDenseI64ArrayAttr(start),
                                      b.getDenseI64ArrayAttr(global.getShape()),
                                      b.getDenseI64ArrayAttr(strides));
}

/// Prints each argument's and result's sharding and shard type.
void printShardings(func::FuncOp local, FunctionType global, int64_t devices,
                    llvm::raw_ostream &os) {
  auto line = [&](StringRef what, unsigned index, Type globalType, Type shardType,
                  sdy::TensorShardingAttr attr) {
    os << "@" << local.getSymName() << " " << what << " #" << index << ": " << globalType;
    std::optional<Sharding> sharding = shardingOf(attr, local, devices);
    if (sharding)
      os << " sharding " << sharding->str();
    else
      os << " replicated";
    os << ", shard " << shardType << "\n";
  };
  for (unsigned i = 0; i < local.getNumArguments(); ++i)
    line("argument", i, global.getInput(i), local.getArgumentTypes()[i],
         local.getArgAttrOfType<sdy::TensorShardingAttr>(i, sdy::kShardingAttr));
  for (unsigned i = 0; i < local.getNumResults(); ++i)
    line("result", i, global.getResult(i), local.getResultTypes()[i],
         local.getResultAttrOfType<sdy::TensorShardingAttr>(i, sdy::kShardingAttr));
}

/// The public `<name>.shards` of the partitioned `local`: every device's
/// shards in, device-major, run_parallel, every device's result shards out.
void addShardsEntry(func::FuncOp local, StringRef name, int64_t devices) {
  Location loc = local.getLoc();
  OpBuilder b(local);
  SmallVector<Type> inputs, results;
  for (int64_t device = 0; device < devices; ++device) {
    llvm::append_range(inputs, local.getArgumentTypes());
    llvm::append_range(results, local.getResultTypes());
  }
  auto shards = b.create<func::FuncOp>(loc, (name + ".shards").str(),
                                       b.getFunctionType(inputs, results));
  Block *block = shards.addEntryBlock();
  b.setInsertionPointToStart(block);
  SmallVector<Attribute> row(devices, FlatSymbolRefAttr::get(local.getSymNameAttr()));
  SmallVector<Value> operands(block->getArguments());
  auto run = b.create<interpreter::RunParallelOp>(loc, results, operands, ArrayAttr(),
                                                  b.getArrayAttr({b.getArrayAttr(row)}));
  b.create<func::ReturnOp>(loc, run.getResults());
}

/// The sharding of each argument (or result) of `local`, "" when replicated.
std::vector<std::string> shardingTexts(func::FuncOp local, bool results, int64_t devices) {
  std::vector<std::string> texts;
  unsigned count = results ? local.getNumResults() : local.getNumArguments();
  for (unsigned i = 0; i < count; ++i) {
    auto attr = results
                    ? local.getResultAttrOfType<sdy::TensorShardingAttr>(i, sdy::kShardingAttr)
                    : local.getArgAttrOfType<sdy::TensorShardingAttr>(i, sdy::kShardingAttr);
    std::optional<Sharding> sharding = shardingOf(attr, local, devices);
    // With the mesh inline: the caller has no module to look the name up in.
    if (sharding)
      sharding->meshName.clear();
    texts.push_back(sharding ? sharding->str() : "");
  }
  return texts;
}

/// Renames the partitioned `local` and puts the global-view wrapper in its
/// place.
LogicalResult wrap(func::FuncOp local, FunctionType global, int64_t devices,
                   llvm::raw_ostream *shardings, std::vector<PartitionedEntry> *entries) {
  if (shardings)
    printShardings(local, global, devices, *shardings);
  Location loc = local.getLoc();
  std::string name = local.getSymName().str();
  OpBuilder b(local);
  auto wrapper = b.create<func::FuncOp>(loc, name, global);
  local.setSymName(name + ".device");
  local.setPrivate();
  if (entries) {
    addShardsEntry(local, name, devices);
    entries->push_back({name, name + ".shards", name + ".device", devices,
                        shardingTexts(local, false, devices),
                        shardingTexts(local, true, devices)});
  }
  Block *block = wrapper.addEntryBlock();
  b.setInsertionPointToStart(block);
  SmallVector<Value> inputs;
  for (int64_t device = 0; device < devices; ++device)
    for (BlockArgument arg : block->getArguments())
      inputs.push_back(shardFor(
          b, loc, arg,
          shardingOf(local.getArgAttrOfType<sdy::TensorShardingAttr>(arg.getArgNumber(),
                                                                     sdy::kShardingAttr),
                     local, devices),
          device));
  SmallVector<Type> resultTypes;
  for (int64_t device = 0; device < devices; ++device)
    llvm::append_range(resultTypes, local.getResultTypes());
  SmallVector<Attribute> row(devices, FlatSymbolRefAttr::get(local.getSymNameAttr()));
  auto run = b.create<interpreter::RunParallelOp>(loc, resultTypes, inputs, ArrayAttr(),
                                                  b.getArrayAttr({b.getArrayAttr(row)}));
  SmallVector<Value> results;
  unsigned numResults = local.getNumResults();
  for (unsigned j = 0; j < numResults; ++j) {
    auto type = dyn_cast<RankedTensorType>(global.getResult(j));
    SmallVector<Value> pieces;
    for (int64_t device = 0; device < devices; ++device)
      pieces.push_back(run.getResult(device * numResults + j));
    if (!type) {
      results.push_back(pieces.front());
      continue;
    }
    results.push_back(assemble(
        b, loc, pieces, type,
        shardingOf(local.getResultAttrOfType<sdy::TensorShardingAttr>(j, sdy::kShardingAttr),
                   local, devices)));
  }
  b.create<func::ReturnOp>(loc, results);
  return success();
}

} // namespace

LogicalResult oxla::sharding::runOnDevices(ModuleOp module, int64_t devices,
                                          llvm::raw_ostream *shardings,
                                          std::vector<PartitionedEntry> *entries) {
  PassManager pm(module.getContext());
  if (devices <= 1) {
    ShardingToOneDeviceOptions options;
    options.ignoreDeviceCount = true;
    pm.addPass(createShardingToOneDevice(options));
    module->removeAttr("mhlo.num_partitions");
    return pm.run(module);
  }
  std::map<std::string, FunctionType> globalTypes;
  for (auto func : module.getOps<func::FuncOp>())
    globalTypes[func.getSymName().str()] = func.getFunctionType();
  SpmdPartitionOptions options;
  options.numDevices = devices;
  pm.addPass(createSpmdPartition(options));
  if (failed(pm.run(module)))
    return failure();
  SmallVector<func::FuncOp> partitioned;
  for (auto func : module.getOps<func::FuncOp>())
    if (func->hasAttr(kLocalViewAttr))
      partitioned.push_back(func);
  for (func::FuncOp func : partitioned)
    if (failed(wrap(func, globalTypes.at(func.getSymName().str()), devices, shardings,
                     entries)))
      return failure();
  return success();
}

LogicalResult oxla::sharding::forCompiledDevices(ModuleOp module) {
  // The partitioned functions keep their shardings for the wrapper; the
  // compiled code needs none of them, and the grid comes from run_parallel.
  PassManager pm(module.getContext());
  ShardingToOneDeviceOptions options;
  options.ignoreDeviceCount = true;
  pm.addPass(createShardingToOneDevice(options));
  module->removeAttr("mhlo.num_partitions");
  module->removeAttr("mhlo.num_replicas");
  return pm.run(module);
}
