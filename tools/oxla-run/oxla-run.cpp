//===- oxla-run.cpp - Compile StableHLO for the CPU and run it ------------===//
//
// Same entry rules, inputs and exit codes as oxla-interpret (DESIGN.md):
// 0 all checks passed, 1 a check failed or a runtime error, 2 invalid input,
// 3 unsupported (the compiler cannot lower an op: it never falls back to
// the interpreter).
//
//===----------------------------------------------------------------------===//

#include "compiler/Pipelines/CPUPipeline.h"
#include "compiler/Registration.h"
#include "compiler/Target/CPU/JIT.h"
#include "interpreter/TensorIO.h"
#include "runtime/CheckRoutines.h"
#include "tools/common/EntryPoints.h"
#include "tools/common/ToolSupport.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace oxla::tools;
namespace interp = oxla::interp;

static llvm::cl::opt<std::string> inputFilename(llvm::cl::Positional,
                                                llvm::cl::desc("<input file>"),
                                                llvm::cl::init("-"));
static llvm::cl::opt<bool> splitInputFile(
    "split-input-file",
    llvm::cl::desc("Compile and run each '// -----' separated chunk as its own module"));
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
static llvm::cl::opt<std::string> emitStage(
    "emit",
    llvm::cl::desc("Print the module after a pipeline phase (linalg, fused, "
                   "buffers, llvm) instead of running it"),
    llvm::cl::value_desc("phase"));

namespace {

/// A memref descriptor for a contiguous row-major buffer:
/// {allocated, aligned, offset, sizes[rank], strides[rank]}.
struct Descriptor {
  std::vector<int64_t> words;
  void *address() { return words.data(); }
};

Descriptor describe(interp::Tensor &tensor) {
  Descriptor d;
  int64_t rank = tensor.rank();
  d.words.resize(3 + 2 * rank);
  auto pointer = reinterpret_cast<int64_t>(tensor.bytes());
  d.words[0] = d.words[1] = pointer;
  d.words[2] = 0;
  interp::Shape strides = interp::stridesOf(tensor.shape());
  for (int64_t i = 0; i < rank; ++i) {
    d.words[3 + i] = tensor.shape()[i];
    d.words[3 + rank + i] = strides[i];
  }
  return d;
}

/// Reads the `oxla.checks` table the conversion left on the module.
oxla::rt::CheckSession checkSessionOf(ModuleOp module) {
  oxla::rt::CheckSession session;
  auto table = module->getAttrOfType<ArrayAttr>("oxla.checks");
  if (!table)
    return session;
  for (Attribute entry : table) {
    auto dict = cast<DictionaryAttr>(entry);
    oxla::rt::CheckDescription check;
    check.kind = dict.getAs<StringAttr>("kind").str();
    check.op = dict.getAs<StringAttr>("op").str();
    check.location = dict.getAs<StringAttr>("location").str();
    check.maxUlp = dict.getAs<IntegerAttr>("max_ulp").getInt();
    check.minUlp = dict.getAs<IntegerAttr>("min_ulp").getInt();
    check.tolerance = dict.getAs<FloatAttr>("tolerance").getValueAsDouble();
    session.checks.push_back(std::move(check));
  }
  return session;
}

/// The interpreter's element type of a static tensor type, or a reported
/// error.
std::optional<interp::Tensor> resultBuffer(func::FuncOp entry, Type type) {
  auto tensorType = dyn_cast<RankedTensorType>(type);
  std::optional<interp::ElementType> element =
      tensorType ? interp::ElementType::fromMlir(tensorType.getElementType())
                 : std::nullopt;
  if (!tensorType || !tensorType.hasStaticShape() || !element) {
    entry.emitError() << "unsupported: oxla-run returns only statically "
                         "shaped tensors, not "
                      << type;
    return std::nullopt;
  }
  return interp::Tensor(*element, tensorType.getShape());
}

/// Compiles and runs one module; returns its exit code.
int runChunk(std::unique_ptr<llvm::MemoryBuffer> buffer, MLIRContext &context) {
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return kExitInvalid;
  SmallVector<func::FuncOp> entries = entryPoints(*module, entryName);
  if (entries.empty() && entryName.empty() && hasNoFunctions(*module))
    return kExitOk;
  if (entries.empty())
    return reportNoEntryPoint(*module, entryName);

  // What each entry takes and returns, read before lowering changes it.
  struct EntrySignature {
    std::string name;
    SmallVector<interp::Tensor> arguments, results;
  };
  SmallVector<EntrySignature> signatures;
  int code = kExitOk;
  for (func::FuncOp entry : entries) {
    EntrySignature signature{entry.getSymName().str(), {}, {}};
    FailureOr<SmallVector<interp::Tensor>> arguments =
        argumentsFor(entry, inputSpecs, "oxla-run");
    if (failed(arguments))
      return kExitInvalid;
    signature.arguments = std::move(*arguments);
    for (Type type : entry.getFunctionType().getResults()) {
      std::optional<interp::Tensor> result = resultBuffer(entry, type);
      if (!result)
        return kExitUnsupported;
      signature.results.push_back(std::move(*result));
    }
    signatures.push_back(std::move(signature));
  }

  // Entry points get a C interface: _mlir_ciface_<name>(descriptor *...).
  for (func::FuncOp entry : entries)
    entry->setAttr("llvm.emit_c_interface", UnitAttr::get(&context));
  PassManager pm(&context);
  if (failed(applyPassManagerCLOptions(pm)) ||
      failed(oxla::buildCPUPipeline(pm, emitStage)))
    return kExitInvalid;
  if (failed(pm.run(*module)))
    return kExitUnsupported;
  if (!emitStage.empty()) {
    module->print(llvm::outs());
    llvm::outs() << "\n";
    return kExitOk;
  }

  oxla::rt::CheckSession session = checkSessionOf(*module);
  std::vector<oxla::RuntimeSymbol> symbols;
  for (auto [name, address] : oxla::rt::checkRoutineSymbols())
    symbols.emplace_back(name, address);
  std::string error;
  std::unique_ptr<oxla::JitModule> jit = oxla::JitModule::create(*module, symbols, error);
  if (!jit) {
    module->emitError() << "unsupported: the LLVM JIT rejected the module: " << error;
    return kExitUnsupported;
  }

  for (EntrySignature &signature : signatures) {
    std::vector<Descriptor> descriptors;
    for (interp::Tensor &tensor : signature.arguments)
      descriptors.push_back(describe(tensor));
    for (interp::Tensor &tensor : signature.results)
      descriptors.push_back(describe(tensor));
    // The C interface takes a pointer to each descriptor; invokePacked
    // takes the address of each argument.
    std::vector<void *> pointers, arguments;
    for (Descriptor &d : descriptors)
      pointers.push_back(d.address());
    for (void *&pointer : pointers)
      arguments.push_back(&pointer);

    int64_t failedBefore = session.failed;
    {
      oxla::rt::ActiveChecks active(session);
      if (failed(jit->invoke(signature.name, arguments, error))) {
        module->emitError() << "@" << signature.name << ": " << error;
        code = combineExitCodes(code, kExitCheckFailed);
        continue;
      }
    }
    if (session.failed != failedBefore)
      code = combineExitCodes(code, kExitCheckFailed);
    if (printResults) {
      llvm::outs() << "EXEC @" << signature.name << "\n";
      for (const interp::Tensor &result : signature.results) {
        interp::printTensor(llvm::outs(), result);
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
  registerPassManagerCLOptions();
  oxla::registerPasses();
  parseCommandLine(argc, argv,
                   "oxla-run: compile StableHLO for the host CPU and run it\n");

  DialectRegistry registry;
  oxla::registerDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(inputFilename, &errorMessage);
  if (!input) {
    llvm::errs() << "oxla-run: " << errorMessage << "\n";
    return kExitInvalid;
  }
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
