//===- BoundInputs.cpp - ONNX graph inputs given values on the command line -===//

#include "tools/common/BoundInputs.h"

#include "compiler/Dialect/StableHLO/IR/TensorSizes.h"
#include "compiler/Import/ONNX/ONNXImport.h"
#include "interpreter/TensorIO.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

OwningOpRef<ModuleOp> oxla::tools::parseBindingInputs(llvm::SourceMgr &sourceMgr,
                                                      MLIRContext *context,
                                                      vhlo::SourceFailure *failure,
                                                      std::vector<std::string> &specs,
                                                      llvm::StringRef toolName) {
  const llvm::MemoryBuffer *buffer = sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  llvm::StringRef name = buffer->getBufferIdentifier(), bytes = buffer->getBuffer();
  if (specs.empty() || !onnx::isOnnxModel(name, bytes))
    return vhlo::parseSourceOrArtifact(sourceMgr, context, failure);

  // Quiet imports say which inputs the model needs the values of (a value
  // bound can reveal that another is needed: a shape computed from two).
  onnx::InputBindings bindings;
  SmallVector<size_t> positions;
  auto dropBound = [&] {
    llvm::sort(positions, std::greater<size_t>());
    for (size_t position : positions)
      specs.erase(specs.begin() + position);
  };
  while (true) {
    bindings.arguments.clear();
    bindings.wanted.clear();
    OwningOpRef<ModuleOp> module;
    {
      ScopedDiagnosticHandler quiet(context, [](Diagnostic &) { return success(); });
      module = onnx::importModel(bytes, name, context, nullptr, &bindings);
      if (module && failed(stablehlo::verifyTensorSizes(*module)))
        module = nullptr;
    }
    if (module) {
      dropBound();
      return module;
    }
    bool more = false;
    if (specs.size() == bindings.arguments.size()) {
      for (const std::string &input : bindings.wanted) {
        size_t position = llvm::find(bindings.arguments, input) - bindings.arguments.begin();
        if (position == bindings.arguments.size() || bindings.values.count(input))
          continue;
        std::string error;
        bool outOfMemory = false;
        std::optional<interp::Tensor> tensor =
            interp::parseTensorSpec(specs[position], context, error, &outOfMemory);
        if (!tensor) {
          llvm::errs() << toolName << ": --input #" << position << " (graph input '" << input
                       << "'): " << error << "\n";
          if (failure)
            *failure = vhlo::SourceFailure::Invalid;
          return nullptr;
        }
        bindings.values[input] = tensor->toAttr(context);
        positions.push_back(position);
        more = true;
      }
    }
    if (!more)
      break;
  }
  // The import fails: read again to report why.
  if (bindings.values.empty())
    return vhlo::parseSourceOrArtifact(sourceMgr, context, failure);
  onnx::ImportFailure why = onnx::ImportFailure::None;
  OwningOpRef<ModuleOp> module = onnx::importModel(bytes, name, context, &why, &bindings);
  if (failure)
    *failure = why == onnx::ImportFailure::Unsupported ? vhlo::SourceFailure::Unsupported
                                                       : vhlo::SourceFailure::Invalid;
  if (!module || failed(stablehlo::verifyTensorSizes(*module)))
    return nullptr;
  dropBound();
  return module;
}
