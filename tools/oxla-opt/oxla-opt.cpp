//===- oxla-opt.cpp - Parse, verify, transform and print IR --------------===//
//
// An mlir-opt style driver over oxla's dialects and passes and the upstream
// ones oxla uses. Exit codes follow DESIGN.md: 0 success, 2 invalid input or
// usage (parse, verify or pass failure, bad flag).
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/VHLO/Transforms/PortableArtifact.h"
#include "compiler/Import/ONNX/ONNXImport.h"
#include "compiler/Registration.h"
#include "compiler/SourceCompat.h"
#include "tools/common/ToolSupport.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/Debug/CLOptionsSetup.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

#include <string>

using namespace mlir;
using namespace oxla::tools;

namespace {

/// A portable artifact becomes stablehlo text before the requested passes
/// run, as in every other tool (compiler/Dialect/VHLO/Transforms/
/// PortableArtifact.h); locations are kept for later diagnostics.
std::unique_ptr<llvm::MemoryBuffer>
deserializeToText(std::unique_ptr<llvm::MemoryBuffer> bytecode,
                  const DialectRegistry &registry,
                  oxla::vhlo::SourceFailure &failure) {
  std::string name = bytecode->getBufferIdentifier().str();
  MLIRContext context(registry);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(bytecode), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  OwningOpRef<ModuleOp> module =
      oxla::vhlo::parseSourceOrArtifact(sourceMgr, &context, &failure);
  if (!module)
    return nullptr;
  std::string text;
  llvm::raw_string_ostream stream(text);
  module->print(stream, OpPrintingFlags().enableDebugInfo());
  return llvm::MemoryBuffer::getMemBufferCopy(text, name);
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  DialectRegistry registry;
  oxla::registerDialects(registry);
  oxla::registerPasses();

  static llvm::cl::opt<std::string> inputFilename(
      llvm::cl::Positional, llvm::cl::desc("<input file>"),
      llvm::cl::init("-"));
  static llvm::cl::opt<std::string> outputFilename(
      "o", llvm::cl::desc("Output filename"), llvm::cl::value_desc("filename"),
      llvm::cl::init("-"));
  MlirOptMainConfig::registerCLOptions(registry);
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  tracing::DebugConfig::registerCLOptions();

  parseCommandLine(argc, argv, "oxla-opt: parse, verify, transform and print "
                               "StableHLO and MLIR\n");

  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  // Split outputs are joined with the input marker so that the printed file
  // can be fed back with --split-input-file.
  const MlirOptMainConfig &current = config;
  if (!current.inputSplitMarker().empty() &&
      current.outputSplitMarker().empty())
    config.outputSplitMarker(config.inputSplitMarker().str());

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(inputFilename, &errorMessage);
  if (!input) {
    llvm::errs() << "oxla-opt: " << errorMessage << "\n";
    return kExitInvalid;
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFilename, &errorMessage);
  if (!output) {
    llvm::errs() << "oxla-opt: " << errorMessage << "\n";
    return kExitInvalid;
  }
  // An ONNX model is imported, like an artifact, into stablehlo text.
  if (oxla::onnx::isOnnxModel(input->getBufferIdentifier(), input->getBuffer())) {
    oxla::vhlo::SourceFailure failure;
    input = deserializeToText(std::move(input), registry, failure);
    if (!input)
      return oxla::vhlo::exitCodeFor(failure);
  }
  // Text crosses MLIR versions in both directions (compiler/SourceCompat.h).
  input = oxla::packI1HexConstants(std::move(input));
  if (isBytecode(*input)) {
    oxla::vhlo::SourceFailure failure;
    input = deserializeToText(std::move(input), registry, failure);
    if (!input)
      return oxla::vhlo::exitCodeFor(failure);
  }
  std::string printed;
  llvm::raw_string_ostream printedStream(printed);
  LogicalResult result =
      MlirOptMain(printedStream, std::move(input), registry, config);
  if (config.shouldEmitBytecode())
    output->os() << printed;
  else
    output->os() << oxla::unpackI1HexConstants(printed);
  if (failed(result))
    return kExitInvalid;
  output->keep();
  return kExitOk;
}
