//===- oxla-compile.cpp - Compile StableHLO ahead of time -----------------===//
//
// `oxla-compile FILE -o OUT [--emit PHASE|llvm|asm|obj|lib] [--cpu NAME]
// [--llvm-parts N]`.
// The entry points follow the run tools' rules (--entry, else a public
// @main, else every public function without arguments). `lib` (the default)
// writes a shared library with the module ABI of runtime/ModuleMetadata.h,
// which `oxla-run OUT` (or any program linked with the runtime) loads.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/VHLO/Transforms/PortableArtifact.h"
#include "compiler/Sharding/OneDevice.h"
#include "compiler/Pipelines/CPUPipeline.h"
#include "compiler/Registration.h"
#include "compiler/Import/SourceCompat.h"
#include "compiler/Target/CPU/CompileTimings.h"
#include "compiler/Target/CPU/ObjectEmitter.h"
#include "compiler/Import/ONNX/ONNXImport.h"
#include "tools/common/BoundInputs.h"
#include "tools/common/EntryPoints.h"
#include "tools/common/ImportOptions.h"
#include "tools/common/MemoryOptions.h"
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
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Target/TargetMachine.h"

#include <optional>

using namespace mlir;
using namespace oxla::tools;

static llvm::cl::opt<std::string> inputFilename(llvm::cl::Positional,
                                                llvm::cl::desc("<input file>"), llvm::cl::init("-"),
                                                llvm::cl::cat(oxla::tools::toolOptions()));
static llvm::cl::opt<std::string> outputFilename("o", llvm::cl::desc("Output file"),
                                                 llvm::cl::value_desc("file"), llvm::cl::init("-"),
                                                 llvm::cl::cat(oxla::tools::toolOptions()));
static llvm::cl::opt<std::string> entryName("entry",
                                            llvm::cl::desc("The one entry point to compile"),
                                            llvm::cl::value_desc("name"),
                                            llvm::cl::cat(oxla::tools::toolOptions()));
static llvm::cl::opt<std::string>
    emitKind("emit",
             llvm::cl::desc("What to write: an MLIR phase of the CPU pipeline (refined, linalg, "
                            "fused, buffers, llvm-dialect; 'mlir' is the last), llvm (LLVM IR), "
                            "asm, obj, or lib (a shared library, the default)"),
             llvm::cl::init("lib"), llvm::cl::cat(oxla::tools::toolOptions()));
static llvm::cl::opt<std::string> targetName("target", llvm::cl::desc("The target (cpu)"),
                                             llvm::cl::init("cpu"),
                                             llvm::cl::cat(oxla::tools::toolOptions()));
static llvm::cl::opt<std::string>
    cpuName("cpu", llvm::cl::desc("The CPU to generate code for (default: host)"),
            llvm::cl::init("host"), llvm::cl::cat(oxla::tools::toolOptions()));

static llvm::cl::list<std::string> inputSpecs(
    "input",
    llvm::cl::desc("An ONNX model's graph input, by position (as oxla-run takes them: "
                   "SHAPExTYPE=v1,..., SHAPExTYPE, or @file.npy): the inputs whose values the "
                   "model needs when it is read (a Reshape's shape, a Slice's starts) are "
                   "compiled in as constants of these values; the library takes the others"),
    llvm::cl::value_desc("spec"), llvm::cl::cat(oxla::tools::toolOptions()));

static llvm::cl::opt<unsigned> llvmParts(
    "llvm-parts",
    llvm::cl::desc("Split the module into this many parts, optimized and compiled on as "
                   "many threads (--emit lib; default 0: one per hardware thread, fewer "
                   "for a small module)"),
    llvm::cl::init(0), llvm::cl::cat(oxla::tools::toolOptions()));

static llvm::cl::opt<unsigned> llvmThreads(
    "llvm-threads",
    llvm::cl::desc("The threads that optimize and compile the parts, each taking the "
                   "largest part left (--emit lib; default 0: one per part with "
                   "--llvm-parts, else one per hardware thread)"),
    llvm::cl::init(0), llvm::cl::cat(oxla::tools::toolOptions()));

static llvm::cl::opt<bool>
    timePhases("time-phases",
               llvm::cl::desc("Print on stderr the wall time of each step of the compilation: "
                              "parsing, the phases of the CPU pipeline, LLVM's translation, "
                              "optimization and code generation (per part), and linking"),
               llvm::cl::cat(oxla::tools::toolOptions()));

namespace {

bool isPhase(llvm::StringRef name) {
  for (const oxla::PipelinePhase &phase : oxla::cpuPipelinePhases())
    if (phase.name == name)
      return true;
  return false;
}

/// The exit code of a failed compilation.
int exitCodeOf(oxla::CompileFailure why) {
  switch (why) {
  case oxla::CompileFailure::Invalid: return kExitInvalid;
  case oxla::CompileFailure::Unsupported: return kExitUnsupported;
  case oxla::CompileFailure::Internal: return kExitInternal;
  }
  return kExitInternal;
}

/// Why the shared library `path` cannot be written, found before compiling
/// (the linker writes it last): opened for writing without truncating it,
/// and removed again when it did not exist. Nothing when it can be.
std::optional<std::string> unwritableOutput(llvm::StringRef path) {
  bool existed = llvm::sys::fs::exists(path);
  if (llvm::sys::fs::is_directory(path))
    return std::string("is a directory");
  int fd;
  if (std::error_code ec = llvm::sys::fs::openFileForWrite(
          path, fd, llvm::sys::fs::CD_OpenAlways, llvm::sys::fs::OF_Append))
    return ec.message();
  llvm::sys::Process::SafelyCloseFileDescriptor(fd);
  if (!existed)
    llvm::sys::fs::remove(path);
  return std::nullopt;
}

int compile(MLIRContext &context, oxla::CompileTimings *timings) {
  std::string error;
  oxla::CompileTimings::Scope parsing(timings, "parse");
  std::unique_ptr<llvm::MemoryBuffer> input =
      oxla::tools::openProgramFile(inputFilename, &error);
  if (!input) {
    llvm::errs() << "oxla-compile: " << error << "\n";
    return kExitInvalid;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(oxla::adaptSourceText(std::move(input)), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  if (!inputSpecs.empty() &&
      !oxla::onnx::isOnnxModel(inputFilename, sourceMgr.getMemoryBuffer(1)->getBuffer())) {
    llvm::errs() << "oxla-compile: --input gives values of an ONNX model's graph inputs; "
                 << inputFilename << " is not an ONNX model\n";
    return kExitInvalid;
  }
  oxla::vhlo::SourceFailure failure;
  std::vector<std::string> specs(inputSpecs.begin(), inputSpecs.end());
  OwningOpRef<ModuleOp> module =
      oxla::tools::parseBindingInputs(sourceMgr, &context, &failure, specs, "oxla-compile");
  if (!module)
    return oxla::vhlo::exitCodeFor(failure);
  if (failed(importProgram(*module)))
    return kExitInvalid;
  parsing.stop();
  // Until SPMD partitioning exists a program runs on one device.
  if (failed(oxla::sharding::checkRunsOnOneDevice(*module)))
    return kExitUnsupported;
  SmallVector<func::FuncOp> entries = entryPoints(*module, entryName);
  if (entries.empty())
    return reportNoEntryPoint(*module, entryName);

  llvm::StringRef emit = emitKind;
  if (emit == "mlir")
    emit = oxla::cpuPipelinePhases().back().name;
  bool mlirOutput = isPhase(emit);
  if (!mlirOutput && emit != "llvm" && emit != "asm" && emit != "obj" && emit != "lib") {
    llvm::errs() << "oxla-compile: unknown --emit '" << emitKind << "'\n";
    return kExitInvalid;
  }
  if (emit == "lib" && outputFilename != "-")
    if (std::optional<std::string> why = unwritableOutput(outputFilename)) {
      llvm::errs() << "oxla-compile: cannot write -o " << outputFilename << ": " << *why << "\n";
      return kExitInvalid;
    }
  if (targetName != "cpu") {
    llvm::errs() << "oxla-compile: unsupported: --target " << targetName
                 << " (only cpu)\n";
    return kExitUnsupported;
  }

  oxla::CompileFailure why;
  FailureOr<oxla::rt::ModuleMetadata> metadata = oxla::tools::compileWithinMemoryLimit(
      module, entries, mlirOutput ? emit : "", &why, timings);
  if (failed(metadata))
    return exitCodeOf(why);
  // The buffer plan is known once the whole pipeline ran.
  if (!mlirOutput || emit == oxla::cpuPipelinePhases().back().name)
    if (int code = reportAndCheckMemory(*metadata))
      return code;

  // A shared library is written by the linker; everything else here.
  std::unique_ptr<llvm::ToolOutputFile> output;
  if (emit != "lib") {
    output = openOutputFile(outputFilename, &error);
    if (!output) {
      llvm::errs() << "oxla-compile: " << error << "\n";
      return kExitInvalid;
    }
  }
  if (mlirOutput) {
    std::string printed;
    llvm::raw_string_ostream printedStream(printed);
    module->print(printedStream);
    output->os() << oxla::unpackI1HexConstants(printed) << "\n";
    output->keep();
    return kExitOk;
  }

  // lib: the shared library oxla-run, the C API and Python load.
  if (emit == "lib") {
    if (outputFilename == "-") {
      llvm::errs() << "oxla-compile: --emit lib needs -o FILE\n";
      return kExitInvalid;
    }
    oxla::LibraryFailure why;
    if (succeeded(oxla::writeSharedLibrary(*module, cpuName, outputFilename, error, &why,
                                           llvmParts, timings, llvmThreads)))
      return kExitOk;
    if (why == oxla::LibraryFailure::Internal) {
      oxla::reportInternalError(*module, error);
      return kExitInternal;
    }
    llvm::errs() << "oxla-compile: unsupported: " << error << "\n";
    return kExitUnsupported;
  }

  std::unique_ptr<llvm::TargetMachine> machine = oxla::createTargetMachine(cpuName, error);
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      machine ? oxla::translateAndOptimize(*module, llvmContext, *machine, error, timings)
              : nullptr;
  if (!machine) {
    llvm::errs() << "oxla-compile: unsupported: " << error << "\n";
    return kExitUnsupported;
  }
  if (!llvmModule) {
    oxla::reportInternalError(*module, "the translation to LLVM IR failed (" +
                                           error + ")");
    return kExitInternal;
  }
  if (emit == "llvm") {
    llvmModule->print(output->os(), nullptr);
    output->keep();
    return kExitOk;
  }
  oxla::CompileTimings::Scope generating(timings, "llvm: generate code");
  if (failed(oxla::emitMachineCode(*llvmModule, *machine, emit == "asm", output->os(),
                                   error))) {
    oxla::reportInternalError(*module, "machine code generation failed (" + error + ")");
    return kExitInternal;
  }
  output->keep();
  return kExitOk;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  // Before the pass manager's options: --mlir-print-ir-after and the like
  // list the passes registered when they are created.
  oxla::registerPasses();
  registerPassManagerCLOptions();
  parseCommandLine(argc, argv, "oxla-compile: compile StableHLO ahead of time\n", {&toolOptions()});

  DialectRegistry registry;
  oxla::registerDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  // Diagnostics name the op and its location; the op's IR is noise to a user.
  context.printOpOnDiagnostic(false);
  std::optional<oxla::CompileTimings> timings;
  if (timePhases)
    timings.emplace();
  int code = compile(context, timings ? &*timings : nullptr);
  // Also after a failure: the time up to it.
  if (timings)
    timings->print(llvm::errs());
  return code;
}
