//===- oxla-opt.cpp - Parse, verify, transform and print IR --------------===//
//
// An mlir-opt style driver over oxla's dialects and passes and the upstream
// ones oxla uses. Exit codes follow DESIGN.md: 0 success, 2 invalid input or
// usage (parse, verify or pass failure, bad flag).
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/StableHLO/IR/TensorSizes.h"
#include "compiler/Dialect/VHLO/Transforms/PortableArtifact.h"
#include "compiler/Import/ONNX/ONNXImport.h"
#include "compiler/Registration.h"
#include "compiler/Import/ForeignDialects.h"
#include "compiler/Import/SourceCompat.h"
#include "tools/common/ToolSupport.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/Debug/CLOptionsSetup.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/Pass.h"
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

/// oxla::stablehlo::verifyTensorSizes as a pass (not registered: oxla-opt
/// runs it before the requested passes).
struct VerifyTensorSizes
    : public PassWrapper<VerifyTensorSizes, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(VerifyTensorSizes)
  StringRef getArgument() const override { return "oxla-verify-tensor-sizes"; }
  StringRef getDescription() const override {
    return "Check that every tensor's size fits in 64 bits";
  }
  void runOnOperation() override {
    if (failed(oxla::stablehlo::verifyTensorSizes(getOperation())))
      signalPassFailure();
  }
};

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
  // MlirOptMain parses text itself: the sizes check every reader makes
  // after parsing runs as the first pass here.
  MlirOptMainConfig requested = config;
  // A pass that refuses what oxla does not implement says "unsupported:"
  // (e.g. the SPMD partitioner): the exit code is then 3, not 2.
  static bool sawUnsupported = false;
  config.setPassPipelineSetupFn([requested](PassManager &pm) {
    pm.getContext()->getDiagEngine().registerHandler([](Diagnostic &diagnostic) {
      if (diagnostic.getSeverity() == DiagnosticSeverity::Error &&
          llvm::StringRef(diagnostic.str()).starts_with("unsupported"))
        sawUnsupported = true;
      return failure(); // the next handler prints it
    });
    pm.addPass(std::make_unique<VerifyTensorSizes>());
    return requested.setupPassPipeline(pm);
  });
  // Split outputs are joined with the input marker so that the printed file
  // can be fed back with --split-input-file.
  const MlirOptMainConfig &current = config;
  if (!current.inputSplitMarker().empty() &&
      current.outputSplitMarker().empty())
    config.outputSplitMarker(config.inputSplitMarker().str());

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      oxla::tools::openProgramFile(inputFilename, &errorMessage);
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
  // Text crosses MLIR versions in both directions (compiler/Import/SourceCompat.h).
  input = oxla::adaptSourceText(std::move(input));
  // Exporters' own dialect attributes are kept as written (ForeignDialects.h).
  if (!isBytecode(*input))
    oxla::registerForeignDialects(registry, input->getBuffer());
  if (!isBytecode(*input))
    if (std::optional<std::string> reason = oxla::vhlo::binaryInputReason(*input)) {
      llvm::errs() << input->getBufferIdentifier() << ":0:0: error: " << *reason << "\n";
      return kExitInvalid;
    }
  // Text nested deeper than MLIR's parser can recurse is refused first.
  if (!isBytecode(*input))
    if (std::optional<oxla::vhlo::NestingError> nesting =
            oxla::vhlo::findNestingError(*input)) {
      llvm::errs() << input->getBufferIdentifier() << ":" << nesting->line << ":"
                   << nesting->column << ": error: " << nesting->message << "\n";
      return kExitUnsupported;
    }
  if (isBytecode(*input)) {
    oxla::vhlo::SourceFailure failure;
    input = deserializeToText(std::move(input), registry, failure);
    if (!input)
      return oxla::vhlo::exitCodeFor(failure);
  } else if (input->getBuffer().contains("xla.sdy.")) {
    // Shardy's string round trip is read into the sdy dialect on the way in,
    // as every tool reads it (PortableArtifact.h): each split goes through
    // that reader and comes back as text with its locations.
    std::string name = input->getBufferIdentifier().str();
    std::string joined;
    bool readAll = true, first = true;
    auto readPiece = [&](std::unique_ptr<llvm::MemoryBuffer> piece) {
      oxla::vhlo::SourceFailure pieceFailure;
      std::unique_ptr<llvm::MemoryBuffer> text =
          deserializeToText(std::move(piece), registry, pieceFailure);
      if (!text) {
        readAll = false;
        return;
      }
      if (!first)
        joined += "\n" + current.inputSplitMarker().str() + "\n";
      first = false;
      joined += text->getBuffer();
    };
    if (current.inputSplitMarker().empty())
      readPiece(std::move(input));
    else
      forEachSplit(std::move(input), readPiece);
    if (!readAll)
      return kExitInvalid;
    input = llvm::MemoryBuffer::getMemBufferCopy(joined, name);
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
    return sawUnsupported ? kExitUnsupported : kExitInvalid;
  output->keep();
  return kExitOk;
}
