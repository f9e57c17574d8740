//===- oxla-interpret.cpp - Run StableHLO with the reference interpreter --===//
//
// Entry points: --entry NAME, else a public @main, else every public function
// without arguments. Exit codes (DESIGN.md): 0 all checks passed, 1 a check
// failed, 2 invalid input, 3 unsupported op or type.
//
//===----------------------------------------------------------------------===//

#include "compiler/Registration.h"
#include "compiler/Transforms/Passes.h"
#include "interpreter/Interpreter.h"
#include "interpreter/TensorIO.h"
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
                                                llvm::cl::desc("<input file>"),
                                                llvm::cl::init("-"));
static llvm::cl::opt<bool> splitInputFile(
    "split-input-file",
    llvm::cl::desc("Run each '// -----' separated chunk as its own module"));
static llvm::cl::opt<std::string>
    entryName("entry", llvm::cl::desc("The function to run"),
              llvm::cl::value_desc("name"));
static llvm::cl::list<std::string> inputSpecs(
    "input",
    llvm::cl::desc("An argument: SHAPExTYPE=v1,v2,... (e.g. 2x3xf32=1,2,3,4,5,6, "
                   "f32=7), SHAPExTYPE for zeros, or @file.npy"),
    llvm::cl::value_desc("spec"));
static llvm::cl::opt<bool>
    printResults("print-results",
                 llvm::cl::desc("Print each entry's results (EXEC @name, then "
                                "one line per result)"));

namespace {

/// Severity order for combining chunks: invalid > unsupported > failed check.
int combine(int a, int b) {
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

int exitCodeOf(interp::Outcome outcome) {
  switch (outcome) {
  case interp::Outcome::Ok: return kExitOk;
  case interp::Outcome::CheckFailed: return kExitCheckFailed;
  case interp::Outcome::Invalid: return kExitInvalid;
  case interp::Outcome::Unsupported: return kExitUnsupported;
  }
  return kExitInvalid;
}

SmallVector<func::FuncOp> entryPoints(ModuleOp module) {
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

/// Builds the arguments of `function` from --input, checking them against
/// its signature.
FailureOr<SmallVector<interp::RuntimeValue>> argumentsFor(func::FuncOp function) {
  FunctionType type = function.getFunctionType();
  if (inputSpecs.size() != type.getNumInputs()) {
    function.emitError() << "@" << function.getSymName() << " takes "
                         << type.getNumInputs() << " argument(s), but "
                         << inputSpecs.size() << " --input given";
    return failure();
  }
  SmallVector<interp::RuntimeValue> arguments;
  for (auto [index, spec] : llvm::enumerate(inputSpecs)) {
    std::string error;
    std::optional<interp::Tensor> tensor =
        interp::parseTensorSpec(spec, function.getContext(), error);
    if (!tensor) {
      llvm::errs() << "oxla-interpret: --input #" << index << ": " << error << "\n";
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
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return kExitInvalid;
  if (hasQuantizedTypes(*module) && failed(decomposeQuantizedOps(*module)))
    return kExitUnsupported;
  SmallVector<func::FuncOp> entries = entryPoints(*module);
  // A module without functions (an empty split) has nothing to run.
  if (entries.empty() && entryName.empty() && module->getOps<func::FuncOp>().empty())
    return kExitOk;
  if (entries.empty()) {
    if (!entryName.empty())
      module->emitError() << "no function named @" << entryName;
    else
      module->emitError() << "no entry point: expected a public @main or "
                             "public functions without arguments";
    return kExitInvalid;
  }
  int code = kExitOk;
  for (func::FuncOp entry : entries) {
    // Each entry gets a fresh interpreter: checks of one do not leak into
    // another.
    interp::Interpreter interpreter(*module);
    FailureOr<SmallVector<interp::RuntimeValue>> arguments = argumentsFor(entry);
    if (failed(arguments)) {
      code = combine(code, kExitInvalid);
      continue;
    }
    FailureOr<SmallVector<interp::RuntimeValue>> results =
        interpreter.run(entry, *arguments);
    int entryCode = exitCodeOf(interpreter.outcome());
    if (failed(results) && entryCode == kExitOk)
      entryCode = kExitInvalid;
    code = combine(code, entryCode);
    if (succeeded(results) && printResults) {
      llvm::outs() << "EXEC @" << entry.getSymName() << "\n";
      for (const interp::RuntimeValue &value : *results) {
        printValue(value);
        llvm::outs() << "\n";
      }
    }
  }
  return code;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  parseCommandLine(argc, argv,
                   "oxla-interpret: run StableHLO with the reference interpreter\n");

  DialectRegistry registry;
  oxla::registerDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(inputFilename, &errorMessage);
  if (!input) {
    llvm::errs() << "oxla-interpret: " << errorMessage << "\n";
    return kExitInvalid;
  }
  int code = kExitOk;
  auto processChunk = [&](std::unique_ptr<llvm::MemoryBuffer> chunk,
                          llvm::raw_ostream &) {
    code = combine(code, runChunk(std::move(chunk), context));
    return success();
  };
  if (splitInputFile)
    forEachSplit(std::move(input), [&](std::unique_ptr<llvm::MemoryBuffer> chunk) {
      (void)processChunk(std::move(chunk), llvm::outs());
    });
  else
    (void)processChunk(std::move(input), llvm::outs());
  llvm::outs().flush();
  return code;
}
