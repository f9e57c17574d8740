//===- oxla-interpret.cpp - Run StableHLO with the reference interpreter --===//
//
// Entry points: --entry NAME, else a public @main, else every public function
// without arguments. Exit codes (DESIGN.md): 0 all checks passed, 1 a check
// failed, 2 invalid input, 3 unsupported op or type.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/VHLO/Transforms/PortableArtifact.h"
#include "compiler/Sharding/OneDevice.h"
#include "compiler/Registration.h"
#include "compiler/Import/SourceCompat.h"
#include "compiler/Transforms/Passes.h"
#include "compiler/Transforms/Specialize.h"
#include "interpreter/Interpreter.h"
#include "interpreter/TensorIO.h"
#include "tools/common/BoundInputs.h"
#include "tools/common/EntryPoints.h"
#include "tools/common/ImportOptions.h"
#include "tools/common/RunOptions.h"
#include "compiler/Sharding/SpmdEntry.h"
#include "tools/common/ToolSupport.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/ToolUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <algorithm>

using namespace mlir;
using namespace oxla::tools;
namespace interp = oxla::interp;

static llvm::cl::opt<std::string> inputFilename(llvm::cl::Positional,
                                                llvm::cl::desc("<input file>"), llvm::cl::init("-"),
                                                llvm::cl::cat(oxla::tools::toolOptions()));
static llvm::cl::opt<bool>
    splitInputFile("split-input-file",
                   llvm::cl::desc("Run each '// -----' separated chunk as its own module"),
                   llvm::cl::cat(oxla::tools::toolOptions()));
static llvm::cl::opt<int64_t> numDevices(
    "devices",
    llvm::cl::desc("Partition sharded entries for N devices and run them on N processes "
                   "(inputs and results are global arrays); 1: the one-device meaning"),
    llvm::cl::value_desc("N"), llvm::cl::init(0), llvm::cl::cat(oxla::tools::toolOptions()));
static llvm::cl::opt<bool> printShardings(
    "print-shardings",
    llvm::cl::desc("With --devices: print each argument's and result's sharding and shard "
                   "type"),
    llvm::cl::cat(oxla::tools::toolOptions()));

namespace {

int exitCodeOf(interp::Outcome outcome) {
  switch (outcome) {
  case interp::Outcome::Ok: return kExitOk;
  case interp::Outcome::CheckFailed: return kExitCheckFailed;
  case interp::Outcome::Invalid: return kExitInvalid;
  case interp::Outcome::Unsupported: return kExitUnsupported;
  case interp::Outcome::OutOfMemory: return kExitCheckFailed;
  }
  return kExitInvalid;
}

void printValue(const interp::RuntimeValue &value) {
  if (value.isTensor()) {
    interp::printTensor(llvm::outs(), value.tensor());
  } else if (value.isToken()) {
    llvm::outs() << "token";
  } else {
    llvm::outs() << "(";
    llvm::interleaveComma(*value.tuple(), llvm::outs(),
                          [](const interp::RuntimeValue &v) { printValue(v); });
    llvm::outs() << ")";
  }
}

bool hasQuantizedTypes(ModuleOp module) {
  auto isQuantized = [](Type type) {
    return isa<quant::QuantizedType>(getElementTypeOrSelf(type));
  };
  WalkResult walk = module.walk([&](Operation *op) {
    if (llvm::any_of(op->getOperandTypes(), isQuantized) ||
        llvm::any_of(op->getResultTypes(), isQuantized))
      return WalkResult::interrupt();
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (llvm::any_of(block.getArgumentTypes(), isQuantized))
          return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return walk.wasInterrupted();
}

/// The interpreter holds quantized values as their storage integers and
/// evaluates only uniform_quantize/uniform_dequantize on quantization
/// parameters: every other op on quantized types becomes dequantize, float
/// op, quantize first (docs/interpreter.md, "Quantized types").
LogicalResult decomposeQuantizedOps(ModuleOp module) {
  PassManager pm(module.getContext());
  pm.addPass(oxla::createDecomposeQuantizedOps());
  return pm.run(module);
}

/// Parses and runs one module; returns its exit code.
int runChunk(std::unique_ptr<llvm::MemoryBuffer> buffer, MLIRContext &context) {
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  oxla::vhlo::SourceFailure failure;
  // As oxla-run: an ONNX model's graph inputs that fix shapes are imported
  // as constants of their --input values.
  std::vector<std::string> specs(inputSpecs.begin(), inputSpecs.end());
  OwningOpRef<ModuleOp> module =
      oxla::tools::parseBindingInputs(sourceMgr, &context, &failure, specs, "oxla-interpret");
  if (!module)
    return oxla::vhlo::exitCodeFor(failure);
  if (failed(importProgram(*module)))
    return kExitInvalid;
  // --devices N: partitioned for N devices and run on N processes, with
  // global inputs and results; --devices 1: the one-device meaning.
  if (numDevices < 0) {
    llvm::errs() << "oxla-interpret: --devices " << numDevices << " is not a device count (at least 1)\n";
    return kExitInvalid;
  }
  if (numDevices > 0 &&
      failed(oxla::sharding::runOnDevices(*module, numDevices, printShardings ? &llvm::outs() : nullptr)))
    return kExitUnsupported;
  // Without --devices a program runs on one device.
  if (failed(oxla::sharding::checkRunsOnOneDevice(*module)))
    return kExitUnsupported;
  // chlo's implicitly broadcasting ops run as the stablehlo ops they stand
  // for (docs/interpreter.md, "chlo").
  if (failed(oxla::decomposeChloBroadcastOps(*module)))
    return kExitUnsupported;
  if (hasQuantizedTypes(*module) && failed(decomposeQuantizedOps(*module)))
    return kExitUnsupported;
  SmallVector<func::FuncOp> entries = entryPoints(*module, entryName);
  // A piece of a split file without functions has nothing to run; a whole
  // file without them is an error (reportNoEntryPoint).
  if (splitInputFile && entries.empty() && entryName.empty() &&
      hasNoFunctions(*module))
    return kExitOk;
  if (entries.empty())
    return reportNoEntryPoint(*module, entryName);
  int code = kExitOk;
  for (func::FuncOp entry : entries) {
    // Each entry gets a fresh interpreter: checks of one do not leak into
    // another.
    interp::Interpreter interpreter(*module);
    FailureOr<SmallVector<interp::Tensor>> tensors =
        commandLineArguments(entry, specs, "oxla-interpret");
    if (failed(tensors)) {
      code = combineExitCodes(code, kExitInvalid);
      continue;
    }
    // `?` sizes that the program needs equal must be given equal.
    SmallVector<ArrayRef<int64_t>> shapes;
    for (const interp::Tensor &tensor : *tensors)
      shapes.push_back(tensor.shape());
    if (failed(oxla::checkArgumentShapes(entry, shapes))) {
      code = combineExitCodes(code, kExitInvalid);
      continue;
    }
    SmallVector<interp::RuntimeValue> arguments(tensors->begin(), tensors->end());
    FailureOr<SmallVector<interp::RuntimeValue>> results =
        interpreter.run(entry, arguments);
    int entryCode = exitCodeOf(interpreter.outcome());
    if (failed(results) && entryCode == kExitOk)
      entryCode = kExitInvalid;
    code = combineExitCodes(code, entryCode);
    if (succeeded(results) && printResults) {
      llvm::outs() << "EXEC @" << entry.getSymName() << "\n";
      for (const interp::RuntimeValue &value : *results) {
        printValue(value);
        llvm::outs() << "\n";
      }
    }
    if (succeeded(results) && !outputDir.empty()) {
      SmallVector<interp::Tensor> tensors;
      for (const interp::RuntimeValue &value : *results) {
        if (!value.isTensor()) {
          entry.emitError() << "unsupported: --output writes tensors as .npy files; a "
                               "result of @"
                            << entry.getSymName() << " is a tuple or a token";
          code = combineExitCodes(code, kExitUnsupported);
          tensors.clear();
          break;
        }
        tensors.push_back(value.tensor());
      }
      if (tensors.size() == results->size())
        code = combineExitCodes(code, writeResults(entry.getSymName(), tensors));
    }
  }
  return code;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  parseCommandLine(argc, argv, "oxla-interpret: run StableHLO with the reference interpreter\n",
                   {&toolOptions(), &inputOptions()});

  DialectRegistry registry;
  oxla::registerDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  // Diagnostics name the op and its location; the op's IR (for an error at
  // a function, the whole function in generic form) is noise to a user.
  context.printOpOnDiagnostic(false);

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      oxla::tools::openProgramFile(inputFilename, &errorMessage);
  if (!input) {
    llvm::errs() << "oxla-interpret: " << errorMessage << "\n";
    return kExitInvalid;
  }
  input = oxla::adaptSourceText(std::move(input));
  int code = kExitOk;
  if (splitInputFile)
    forEachSplit(std::move(input), [&](std::unique_ptr<llvm::MemoryBuffer> chunk) {
      code = combineExitCodes(code, runChunk(std::move(chunk), context));
    });
  else
    code = runChunk(std::move(input), context);
  llvm::outs().flush();
  return code;
}
