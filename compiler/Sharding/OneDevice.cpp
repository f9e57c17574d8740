//===- OneDevice.cpp - How many devices a sharded program needs ----------===//

#include "compiler/Sharding/OneDevice.h"

#include "compiler/Dialect/SDY/IR/SDY.h"
#include "compiler/Sharding/GSPMDSharding.h"
#include "compiler/Sharding/ShardingModel.h"
#include "compiler/Sharding/SpmdPartitioner.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace oxla;

bool sharding::isShardingCustomCall(StringRef target) {
  return llvm::is_contained({StringRef("Sharding"), StringRef("SPMDFullToShardShape"),
                             StringRef("SPMDShardToFullShape"),
                             StringRef("xla.sdy.FuncResultSharding"),
                             StringRef("xla.sdy.GlobalToLocalShape"),
                             StringRef("xla.sdy.LocalToGlobalShape")},
                            target);
}

namespace {

constexpr llvm::StringLiteral kRefusal =
    "; run it partitioned with --devices N (oxla-run, oxla-interpret), or partition it "
    "with oxla-opt --oxla-spmd-partition";

int64_t requiredDevices(sdy::MeshAttr mesh) {
  if (mesh.isMaximal())
    return mesh.getDeviceIds().front() + 1;
  return mesh.getTotalSize();
}

std::string meshText(sdy::MeshAttr mesh) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << mesh;
  return text;
}

/// The devices one `mhlo.sharding` string asks for (1 when it does not parse:
/// the verifier reports that).
int64_t requiredDevices(StringAttr gspmd) {
  if (gspmd.getValue().empty())
    return 1;
  auto parsed = sharding::GSPMDSharding::parse(gspmd.getValue());
  if (!std::holds_alternative<sharding::GSPMDSharding>(parsed))
    return 1;
  return std::get<sharding::GSPMDSharding>(parsed).requiredDevices();
}

} // namespace

LogicalResult sharding::checkRunsOnOneDevice(ModuleOp module) {
  // A module with partitioned (local-view) functions runs them on several
  // processes (interpreter.run_parallel); its meshes are theirs.
  bool partitioned = llvm::any_of(module.getOps<func::FuncOp>(), [](func::FuncOp func) {
    return func->hasAttr(kLocalViewAttr);
  });
  // Named meshes.
  for (auto mesh : module.getOps<sdy::MeshOp>()) {
    if (partitioned)
      break;
    int64_t needed = requiredDevices(mesh.getMesh());
    if (needed > 1) {
      mesh.emitError() << "program needs " << needed << " devices (mesh @"
                       << mesh.getSymName() << " = " << meshText(mesh.getMesh()) << ")"
                       << kRefusal;
      return failure();
    }
  }
  // Inline meshes and GSPMD strings on any op, argument or result.
  LogicalResult result = success();
  module.walk([&](Operation *op) {
    if (op->hasAttr(kLocalViewAttr) || (partitioned && isa<sdy::MeshOp>(op)))
      return WalkResult::skip();
    auto check = [&](Attribute attrs) -> WalkResult {
      return attrs.walk([&](Attribute attr) {
        if (auto mesh = dyn_cast<sdy::MeshAttr>(attr); mesh && requiredDevices(mesh) > 1) {
          op->emitError() << "program needs " << requiredDevices(mesh)
                          << " devices (inline mesh " << meshText(mesh) << ")" << kRefusal;
          return WalkResult::interrupt();
        }
        // `mhlo.sharding` strings, in the attributes of an op, an argument
        // or a result.
        if (auto dict = dyn_cast<DictionaryAttr>(attr))
          if (auto gspmd = dict.getAs<StringAttr>("mhlo.sharding"))
            if (int64_t needed = requiredDevices(gspmd); needed > 1) {
              op->emitError() << "program needs " << needed
                              << " devices (mhlo.sharding = \"" << gspmd.getValue()
                              << "\")" << kRefusal;
              return WalkResult::interrupt();
            }
        return WalkResult::advance();
      });
    };
    if (check(op->getAttrDictionary()).wasInterrupted()) {
      result = failure();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (failed(result))
    return failure();
  // mhlo.num_partitions on the module, when no mesh or sharding said more.
  if (auto partitions = module->getAttrOfType<IntegerAttr>("mhlo.num_partitions"))
    if (partitions.getInt() > 1 && !partitioned) {
      module.emitError() << "program needs " << partitions.getInt()
                         << " devices (mhlo.num_partitions = " << partitions.getInt()
                         << ")" << kRefusal;
      return failure();
    }
  return success();
}
