//===- ImportOptions.cpp - What the tools do to a program after parsing it ===//

#include "tools/common/ImportOptions.h"

#include "compiler/Import/ElidedWeights.h"
#include "compiler/Import/Passes.h"
#include "tools/common/ToolSupport.h"

#include "llvm/Support/CommandLine.h"

using namespace mlir;

static llvm::cl::opt<oxla::ElidedWeightFill> elidedWeights(
    "elided-weights",
    llvm::cl::desc("What to do with constants the exporter elided "
                   "(dense_resource<__elided__>)"),
    llvm::cl::values(
        clEnumValN(oxla::ElidedWeightFill::Error, "error", "report each (the default)"),
        clEnumValN(oxla::ElidedWeightFill::Zeros, "zeros", "fill them with zeros"),
        clEnumValN(oxla::ElidedWeightFill::Random, "random",
                   "fill them with seeded uniform values (--elided-weights-seed)")),
    llvm::cl::init(oxla::ElidedWeightFill::Error), llvm::cl::cat(oxla::tools::toolOptions()));

static llvm::cl::opt<uint64_t>
    elidedWeightsSeed("elided-weights-seed",
                      llvm::cl::desc("The seed of --elided-weights=random"),
                      llvm::cl::init(0), llvm::cl::cat(oxla::tools::toolOptions()));

LogicalResult oxla::tools::importProgram(ModuleOp module) {
  return success(succeeded(decodeCustomCalls(module)) &&
                 succeeded(resolveElidedWeights(module, elidedWeights, elidedWeightsSeed)));
}
