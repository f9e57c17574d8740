//===- EntryPoints.cpp - Which functions a run tool runs, on what inputs --===//

#include "tools/common/EntryPoints.h"

#include "interpreter/TensorIO.h"
#include "tools/common/ToolSupport.h"

#include "mlir/Dialect/Quant/QuantTypes.h"

using namespace mlir;

SmallVector<func::FuncOp> oxla::tools::entryPoints(ModuleOp module,
                                                   StringRef entryName) {
  SmallVector<func::FuncOp> entries;
  if (!entryName.empty()) {
    if (auto f = module.lookupSymbol<func::FuncOp>(entryName))
      entries.push_back(f);
    return entries;
  }
  for (auto f : module.getOps<func::FuncOp>())
    if (f.isPublic() && f.getSymName() == "main")
      return {f};
  for (auto f : module.getOps<func::FuncOp>())
    if (f.isPublic() && !f.isExternal() && f.getNumArguments() == 0)
      entries.push_back(f);
  return entries;
}

bool oxla::tools::hasNoFunctions(ModuleOp module) {
  return module.getOps<func::FuncOp>().empty();
}

int oxla::tools::reportNoEntryPoint(ModuleOp module, StringRef entryName) {
  if (!entryName.empty())
    module->emitError() << "no function named @" << entryName;
  else
    module->emitError() << "no entry point: expected a public @main or "
                           "public functions without arguments";
  return kExitInvalid;
}

FailureOr<SmallVector<oxla::interp::Tensor>>
oxla::tools::argumentsFor(func::FuncOp function, ArrayRef<std::string> specs,
                          StringRef toolName) {
  FunctionType type = function.getFunctionType();
  if (specs.size() != type.getNumInputs()) {
    function.emitError() << "@" << function.getSymName() << " takes "
                         << type.getNumInputs() << " argument(s), but "
                         << specs.size() << " --input given";
    return failure();
  }
  SmallVector<interp::Tensor> arguments;
  for (auto [index, spec] : llvm::enumerate(specs)) {
    std::string error;
    std::optional<interp::Tensor> tensor =
        interp::parseTensorSpec(spec, function.getContext(), error);
    if (!tensor) {
      llvm::errs() << toolName << ": --input #" << index << ": " << error << "\n";
      return failure();
    }
    auto expected = dyn_cast<RankedTensorType>(type.getInput(index));
    Type element = tensor->elementType().toMlir(function.getContext());
    // A quantized argument takes its storage integers.
    auto sameElements = [&](Type expectedElement) {
      if (isa<quant::QuantizedType>(expectedElement))
        return interp::ElementType::fromMlir(expectedElement) ==
               std::optional<interp::ElementType>(tensor->elementType());
      return expectedElement == element;
    };
    bool compatible = expected && sameElements(expected.getElementType()) &&
                      expected.getRank() == tensor->rank();
    for (int64_t d = 0; compatible && d < tensor->rank(); ++d)
      compatible = expected.isDynamicDim(d) ||
                   expected.getDimSize(d) == tensor->shape()[d];
    if (!compatible) {
      function.emitError() << "--input #" << index << " does not match argument type "
                           << type.getInput(index);
      return failure();
    }
    arguments.push_back(std::move(*tensor));
  }
  return arguments;
}

int oxla::tools::combineExitCodes(int a, int b) {
  auto rank = [](int code) {
    switch (code) {
    case kExitInvalid: return 3;
    case kExitUnsupported: return 2;
    case kExitCheckFailed: return 1;
    default: return 0;
    }
  };
  return rank(a) >= rank(b) ? a : b;
}
