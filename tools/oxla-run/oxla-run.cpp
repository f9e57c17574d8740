//===- oxla-run.cpp - Compile StableHLO for the CPU and run it ------------===//
//
// `oxla-run FILE.mlir` compiles with the JIT; `oxla-run MODULE.so` runs a
// module oxla-compile wrote, without the compiler.
//
// Same entry rules, inputs and exit codes as oxla-interpret (DESIGN.md):
// 0 all checks passed, 1 a check failed or a runtime error, 2 invalid input,
// 3 unsupported (the compiler cannot lower an op: it never falls back to
// the interpreter).
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/VHLO/Transforms/PortableArtifact.h"
#include "compiler/Sharding/OneDevice.h"
#include "compiler/Pipelines/CPUPipeline.h"
#include "compiler/Registration.h"
#include "compiler/Import/SourceCompat.h"
#include "compiler/Target/CPU/CompileCache.h"
#include "compiler/Target/CPU/CompileTimings.h"
#include "compiler/Target/CPU/JIT.h"
#include "compiler/Target/CPU/ObjectEmitter.h"
#include "compiler/Transforms/Passes.h"
#include "compiler/Transforms/Specialize.h"
#include "interpreter/Checks.h"
#include "interpreter/Interpreter.h"
#include "interpreter/TensorIO.h"
#include "runtime/CheckRoutines.h"
#include "runtime/LoadedModule.h"
#include "runtime/MemoryAccounting.h"
#include "runtime/ThreadPool.h"
#include "runtime/kernels/CallAttributesFromMlir.h"
#include "tools/common/BoundInputs.h"
#include "tools/common/CrossCheck.h"
#include "tools/common/EntryPoints.h"
#include "tools/common/ImportOptions.h"
#include "tools/common/MemoryOptions.h"
#include "tools/common/RunOptions.h"
#include "compiler/Sharding/SpmdEntry.h"
#include "runtime/collectives/Collectives.h"
#ifdef OXLA_HAVE_MPI
#include "runtime/collectives/MpiDistribution.h"
#endif
#include "compiler/Dialect/Interpreter/IR/Interpreter.h"
#include "tools/common/ToolSupport.h"
#include "tools/oxla-run/Bisect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/SourceMgr.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

using namespace mlir;
using namespace oxla::tools;
namespace interp = oxla::interp;

static llvm::cl::opt<std::string> inputFilename(llvm::cl::Positional,
                                                llvm::cl::desc("<input file>"), llvm::cl::init("-"),
                                                llvm::cl::cat(oxla::tools::toolOptions()));
static llvm::cl::opt<bool> splitInputFile(
    "split-input-file",
    llvm::cl::desc("Compile and run each '// -----' separated chunk as its own module"),
    llvm::cl::cat(oxla::tools::toolOptions()));
static llvm::cl::opt<bool>
    noCache("no-cache",
            llvm::cl::desc("Compile the program even when the compile cache "
                           "($OXLA_CACHE_DIR, else ~/.cache/oxla) holds it, and do not store it"),
            llvm::cl::cat(toolOptions()));
static llvm::cl::opt<bool>
    cacheReport("cache-report",
                llvm::cl::desc("Say on stderr whether the compiled program came from the "
                               "compile cache (hit) or was compiled into it (miss)"),
                llvm::cl::cat(toolOptions()));
static llvm::cl::opt<bool>
    timePhases("time-phases",
               llvm::cl::desc("Print on stderr the wall time of each step of the compilation: "
                              "parsing, the phases of the CPU pipeline, LLVM's translation, "
                              "optimization and code generation, linking and loading"),
               llvm::cl::cat(toolOptions()));
static llvm::cl::opt<bool> checkWithInterpreter(
    "check-with-interpreter",
    llvm::cl::desc("Also run the reference interpreter on the same inputs and report "
                   "the first result element that differs (integers exactly, floats "
                   "within --max-ulp ULPs or --atol + --rtol * max(|expected|, rms))"),
    llvm::cl::cat(oxla::tools::toolOptions()));
static llvm::cl::opt<unsigned>
    maxUlp("max-ulp",
           llvm::cl::desc("ULPs a float result may differ from the interpreter's "
                          "under --check-with-interpreter"),
           llvm::cl::init(3), llvm::cl::cat(oxla::tools::toolOptions()));
static llvm::cl::opt<double> relativeTolerance(
    "rtol",
    llvm::cl::desc("Relative tolerance of --check-with-interpreter, of max(|expected|, "
                   "the result's rms) (default: 0 with --max-ulp, else the program's op "
                   "count times the result type's machine epsilon)"),
    llvm::cl::cat(oxla::tools::toolOptions()));
static llvm::cl::opt<double> absoluteTolerance(
    "atol", llvm::cl::desc("Absolute tolerance of --check-with-interpreter"),
    llvm::cl::init(0.0), llvm::cl::cat(oxla::tools::toolOptions()));
static llvm::cl::opt<bool> bisect(
    "bisect",
    llvm::cl::desc("Find the first op whose compiled result leaves the interpreter's by "
                   "more than its own bound: run each op compiled and in the interpreter "
                   "on the interpreter's values of its operands"),
    llvm::cl::cat(oxla::tools::toolOptions()));
static llvm::cl::opt<std::string>
    emitStage("emit",
              llvm::cl::desc("Print the module after a pipeline phase (refined, linalg, fused, "
                             "buffers, llvm-dialect) instead of running it"),
              llvm::cl::value_desc("phase"), llvm::cl::cat(oxla::tools::toolOptions()));
static llvm::cl::opt<unsigned> benchmarkCalls(
    "benchmark",
    llvm::cl::desc("After the first call of each entry (the warm-up), time N more calls "
                   "and print 'benchmark @NAME: median X ms, min Y ms, max Z ms, N calls, "
                   "T threads'"),
    llvm::cl::value_desc("N"), llvm::cl::init(0), llvm::cl::cat(oxla::tools::toolOptions()));
static llvm::cl::opt<int64_t> numDevices(
    "devices",
    llvm::cl::desc("Partition sharded entries for N devices, compile the per-device program "
                   "once and run it on N devices (threads of this process, each with its "
                   "share of --threads); inputs and results are global arrays"),
    llvm::cl::value_desc("N"), llvm::cl::init(0), llvm::cl::cat(oxla::tools::toolOptions()));
static llvm::cl::opt<bool> printShardings(
    "print-shardings",
    llvm::cl::desc("With --devices: print each argument's and result's sharding and shard "
                   "type"),
    llvm::cl::cat(oxla::tools::toolOptions()));
static llvm::cl::opt<bool> distributed(
    "distributed",
    llvm::cl::desc("Under mpirun: run the devices in the mpirun processes (--devices-per-process "
                   "each; --devices defaults to their total); every process reads the global "
                   "inputs, rank 0 prints the global results"),
    llvm::cl::cat(oxla::tools::toolOptions()));
static llvm::cl::opt<int64_t> devicesPerProcess(
    "devices-per-process",
    llvm::cl::desc("With --distributed: the devices each process runs (threads)"),
    llvm::cl::value_desc("K"), llvm::cl::init(1), llvm::cl::cat(oxla::tools::toolOptions()));
/// False on the MPI processes but rank 0: they compute, rank 0 reports.
static bool reportsResults = true;
static llvm::cl::opt<bool> memoryStats(
    "memory-stats",
    llvm::cl::desc("Call each entry twice and print 'memory @NAME: measured peak N bytes, K "
                   "allocations per call': the most bytes held at once by the arguments, "
                   "results and compiled code during the second call, and its allocations"),
    llvm::cl::cat(oxla::tools::toolOptions()));
/// --threads T: the threads the compiled code runs on (0, the default: one
/// per core). libLLVM registers a `threads` option of its own, so oxla-run
/// takes this one off the command line before LLVM parses it
/// (takeThreadsOption).
static unsigned threadCount = 0;

namespace {

/// Allocates one result buffer per `spec` (a static type spelled like
/// --input).
std::optional<interp::Tensor> resultBuffer(llvm::StringRef spec, MLIRContext &context) {
  if (spec.contains('?'))
    return std::nullopt;
  std::string error;
  bool outOfMemory = false;
  std::optional<interp::Tensor> buffer =
      interp::parseTensorSpec(spec, &context, error, &outOfMemory);
  if (outOfMemory) {
    // A runtime error (exit 1) that names the bytes.
    llvm::errs() << "error: result " << spec << ": " << error << "\n";
    std::exit(kExitCheckFailed);
  }
  return buffer;
}

/// What --check-with-interpreter compares the compiled results with.
struct Reference {
  /// The interpreter's results for entry `index`, or nullopt after
  /// reporting why it could not run.
  llvm::function_ref<std::optional<SmallVector<interp::Tensor>>(
      size_t index, ArrayRef<interp::Tensor> arguments)>
      results;
  /// Checks entry `index` op by op (bisectMiscompile); returns its exit
  /// code. Empty when the user gave the tolerance (then the whole-program
  /// bound alone decides).
  llvm::function_ref<int(size_t index, ArrayRef<interp::Tensor> arguments)> opByOp;
};

/// The length of the program under --check-with-interpreter
/// (computationLength).
int64_t programLength = 0;

/// The tolerance of --check-with-interpreter and --bisect for an op or
/// program of `length`.
oxla::tools::Tolerance toleranceFor(int64_t length) {
  oxla::tools::Tolerance tolerance;
  tolerance.maxUlp = maxUlp;
  if (relativeTolerance.getNumOccurrences())
    tolerance.relative = double(relativeTolerance);
  else if (maxUlp.getNumOccurrences())
    tolerance.relative = 0.0; // --max-ulp alone asks for a ULP bound only.
  tolerance.absolute = absoluteTolerance;
  tolerance.length = length;
  return tolerance;
}

/// Compares the compiled results of entry `index` with the interpreter's;
/// returns the exit code. A result beyond the program's default bound is
/// checked op by op before it is reported: when every op agrees with the
/// interpreter within its own bound, the difference is the program's
/// propagation of allowed rounding differences (a warning, exit 0); else
/// the first op that does not is the error (docs/compiler.md).
int compareWithReference(const Reference &reference, size_t index, const std::string &entry,
                         ArrayRef<interp::Tensor> arguments, ArrayRef<interp::Tensor> results,
                         ArrayRef<interp::Tensor> expected) {
  for (auto [number, pair] : llvm::enumerate(llvm::zip_equal(results, expected))) {
    auto &[compiled, interpreted] = pair;
    interp::CheckResult verdict =
        oxla::tools::compareWithReference(compiled, interpreted, toleranceFor(programLength));
    if (verdict.passed)
      continue;
    std::string difference = "@" + entry + " result #" + std::to_string(number) +
                             " differs from the interpreter's: " + verdict.message;
    if (!reference.opByOp) {
      llvm::errs() << "error: " << difference << "\n";
      return kExitCheckFailed;
    }
    llvm::errs() << "note: " << difference << "; checking @" << entry << " op by op\n";
    int code = reference.opByOp(index, arguments);
    if (code == kExitOk) {
      llvm::errs() << "warning: every op of @" << entry
                   << " agrees with the interpreter within its own bound: the difference of "
                      "result #"
                   << number << " is rounding propagated through the program\n";
      return kExitOk;
    }
    llvm::errs() << "error: " << difference
                 << (code == kExitCheckFailed ? " (the first op that differs is above)"
                                              : " (it could not be checked op by op, see above)")
                 << "\n";
    return kExitCheckFailed;
  }
  return kExitOk;
}

/// With --benchmark N: times N calls of `call` (the first call, made
/// before, was the warm-up) and prints the line DESIGN.md fixes.
void benchmarkEntry(llvm::StringRef name, llvm::function_ref<void()> call, unsigned threads) {
  uint64_t bytesBefore = oxla::rt::collectives::bytesReceivedSoFar();
  std::vector<double> ms;
  ms.reserve(benchmarkCalls);
  for (unsigned i = 0; i < benchmarkCalls; ++i) {
    auto start = std::chrono::steady_clock::now();
    call();
    ms.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
            .count());
  }
  // Under MPI every process calls (their devices meet); rank 0 reports.
  if (!reportsResults)
    return;
  std::sort(ms.begin(), ms.end());
  size_t n = ms.size();
  double median = n % 2 ? ms[n / 2] : (ms[n / 2 - 1] + ms[n / 2]) / 2;
  llvm::outs() << llvm::format("benchmark @%s: median %.3f ms, min %.3f ms, max %.3f ms, "
                               "%u calls, %u threads\n",
                               name.str().c_str(), median, ms.front(), ms.back(),
                               unsigned(n), threads);
  // Devices (--devices, run_parallel): what their collectives moved.
  if (uint64_t bytes = oxla::rt::collectives::bytesReceivedSoFar() - bytesBefore)
    llvm::outs() << "collectives @" << name << ": " << bytes / std::max<size_t>(n, 1)
                 << " bytes received per call by this process's devices\n";
  llvm::outs().flush();
}

/// --memory-stats: counts what compiled code allocates during one call made
/// after a first one (which may set up the arena kept between calls), plus
/// the arguments and results the caller holds throughout. The entry's
/// donated arguments are donated: copies of them, each also the memory of
/// its result, so that the arguments and results oxla-run reports stay
/// those of an ordinary call.
void measureMemory(const oxla::rt::EntryMetadata &entry, ArrayRef<interp::Tensor> arguments, MutableArrayRef<interp::Tensor> results,
                   llvm::function_ref<void(MutableArrayRef<interp::Tensor>,
                                           MutableArrayRef<interp::Tensor>, ArrayRef<int64_t>)>
                       call) {
  SmallVector<interp::Tensor> donated;
  SmallVector<int64_t> resultInArgument(results.size(), -1);
  for (const interp::Tensor &tensor : arguments) {
    donated.emplace_back(tensor.elementType(), tensor.shape());
    if (tensor.byteSize() > 0)
      std::memcpy(donated.back().bytes(), tensor.bytes(), tensor.byteSize());
  }
  for (const oxla::rt::Donation &donation : entry.donations)
    resultInArgument[donation.result] = static_cast<int64_t>(donation.argument);
  uint64_t held = 0;
  for (const interp::Tensor &tensor : donated)
    held += tensor.byteSize();
  for (auto [index, tensor] : llvm::enumerate(results))
    if (resultInArgument[index] < 0)
      held += tensor.byteSize();
  llvm::StringRef name = entry.name;
  auto callDonating = [&] { call(donated, results, resultInArgument); };
  // This entry's arena only, not one an earlier entry left on this thread.
  oxla::rt::releaseThreadArena();
  oxla::rt::setMemoryAccounting(true);
  callDonating();
  oxla::rt::resetMemoryPeak();
  callDonating();
  oxla::rt::MemoryCounters counters = oxla::rt::memoryCounters();
  oxla::rt::releaseThreadArena();
  oxla::rt::setMemoryAccounting(false);
  llvm::outs() << "memory @" << name << ": measured peak " << held + counters.peakBytes
               << " bytes, " << counters.allocations << " allocations per call\n";
  llvm::outs().flush();
}

int runEntries(const oxla::rt::ModuleMetadata &metadata,
               llvm::function_ref<oxla::rt::EntryFunction(const std::string &)> lookup,
               SmallVectorImpl<SmallVector<interp::Tensor>> &arguments,
               MLIRContext &context, std::optional<Reference> reference = std::nullopt) {
  // The compiled code's tasks run on a pool of --threads threads (the
  // process's default pool, one thread per core, without it).
  std::optional<oxla::rt::ThreadPool> pool;
  if (threadCount)
    pool.emplace(threadCount);
  oxla::rt::ScopedPool scopedPool(pool ? &*pool : &oxla::rt::ThreadPool::processDefault());
  unsigned threads = pool ? pool->size() : oxla::rt::ThreadPool::processDefault().size();
  oxla::rt::CheckSession session;
  session.checks = &metadata.checks;
  // interpreter.run_parallel runs the grid's functions, compiled as
  // entries of their own (runtime/collectives/).
  session.entries = [&](const std::string &name) {
    return reinterpret_cast<void *>(lookup(name));
  };
  // XLA's CPU targets run from the runtime's kernel library.
  session.customCalls = &metadata.customCalls;
  int code = oxla::tools::reportAndCheckMemory(metadata);
  if (code != kExitOk)
    return code;
  for (auto [entryIndex, pair] :
       llvm::enumerate(llvm::zip_equal(metadata.entries, arguments))) {
    auto &[entry, entryArguments] = pair;
    SmallVector<interp::Tensor> results;
    for (const std::string &spec : entry.results) {
      std::optional<interp::Tensor> buffer = resultBuffer(spec, context);
      if (!buffer) {
        llvm::errs() << "error: unsupported: @" << entry.name
                     << " returns " << spec
                     << "; oxla-run returns only statically shaped tensors\n";
        return kExitUnsupported;
      }
      results.push_back(std::move(*buffer));
    }
    oxla::rt::EntryFunction function = lookup(entry.name);
    if (!function) {
      llvm::errs() << "error: the module has no entry function for @" << entry.name << "\n";
      return kExitInvalid;
    }
    int64_t failedBefore = session.failed;
    std::optional<oxla::rt::AbandonedCall> abandoned;
    {
      oxla::rt::ActiveChecks active(session);
      abandoned = oxla::tools::callCompiledEntry(function, entryArguments, results);
    }
    // An abandoned call has no results to print, time or compare.
    if (abandoned)
      return combineExitCodes(code, oxla::tools::exitCodeOfAbandonedCall(*abandoned));
    if (session.failed != failedBefore)
      code = combineExitCodes(code, kExitCheckFailed);
    if (memoryStats)
      measureMemory(entry, entryArguments, results,
                    [&](MutableArrayRef<interp::Tensor> callArguments,
                        MutableArrayRef<interp::Tensor> callResults,
                        ArrayRef<int64_t> resultInArgument) {
                      oxla::rt::ActiveChecks active(session);
                      (void)oxla::tools::callCompiledEntry(function, callArguments, callResults,
                                                           resultInArgument);
                    });
    if (benchmarkCalls)
      benchmarkEntry(
          entry.name,
          [&] {
            oxla::rt::ActiveChecks active(session);
            // Descriptors are rebuilt per call: a few words per tensor. The
            // first call ran to its end: so do these, on the same inputs.
            (void)oxla::tools::callCompiledEntry(function, entryArguments, results);
          },
          threads);
    if (reference) {
      std::optional<SmallVector<interp::Tensor>> expected =
          reference->results(entryIndex, entryArguments);
      if (!expected)
        code = combineExitCodes(code, kExitUnsupported);
      else
        code = combineExitCodes(code, compareWithReference(*reference, entryIndex, entry.name,
                                                           entryArguments, results, *expected));
    }
    if (printResults && reportsResults) {
      llvm::outs() << "EXEC @" << entry.name << "\n";
      for (const interp::Tensor &result : results) {
        interp::printTensor(llvm::outs(), result);
        llvm::outs() << "\n";
      }
    }
    if (reportsResults)
      code = combineExitCodes(code, writeResults(entry.name, results));
  }
  return code;
}

/// Specializes a function with a dynamic signature for `arguments`: their
/// shapes, and the values of its dimension variables (the leading integer
/// scalars of a shape-polymorphic export), so that oxla-refine-shapes can
/// make the program static.
LogicalResult specializeForArguments(func::FuncOp function,
                                     ArrayRef<interp::Tensor> arguments,
                                     std::string &signature) {
  signature += "@" + function.getSymName().str() + "\n";
  if (!oxla::hasDynamicSignature(function))
    return success();
  SmallVector<Type> types;
  SmallVector<std::optional<DenseElementsAttr>> values;
  size_t dimensionVariables = leadingDimensionVariables(function);
  for (auto [index, declared, argument] :
       llvm::enumerate(function.getArgumentTypes(), arguments)) {
    auto tensor = cast<RankedTensorType>(declared);
    types.push_back(tensor.clone(argument.shape()));
    std::optional<DenseElementsAttr> value;
    if (index < dimensionVariables) {
      DenseElementsAttr attr = argument.toAttr(function.getContext());
      if (attr && attr.getType() == tensor)
        value = attr;
    }
    // What the compiled code depends on: each shape, and the values of the
    // dimension variables.
    llvm::raw_string_ostream os(signature);
    os << types.back();
    if (value)
      os << " = " << *value;
    os << "\n";
    values.push_back(value);
  }
  return oxla::specializeFunction(function, types, values);
}

/// Checks the module's custom calls before compiling: XLA's CPU targets run
/// from the runtime's kernel library and must be called as XLA's kernels
/// are (else exit 2); oxla-run has no registry for other kernels (the C API
/// has), so any other target is unsupported (exit 3), a GPU-only one with
/// the CPU target JAX would have used. Returns the exit code, 0 when every
/// call can run.
int checkCustomCalls(ModuleOp module) {
  int code = kExitOk;
  module.walk([&](Operation *op) {
    if (op->getName().getStringRef() != "stablehlo.custom_call")
      return;
    auto target = op->getAttrOfType<StringAttr>("call_target_name");
    // Checks and JAX's shape assertions are compiled in (CheckPatterns.cpp);
    // sharding markers take their one-device meaning.
    if (!target || target.getValue().starts_with("check.") ||
        target.getValue() == "shape_assertion" ||
        oxla::sharding::isShardingCustomCall(target.getValue()))
      return;
    std::string name = target.getValue().str();
    if (oxla::kernels::isXlaCpuTarget(name)) {
      std::string error;
      std::optional<oxla::kernels::CallAttributes> attributes =
          oxla::kernels::callAttributesOf(op, error);
      std::vector<oxla::kernels::BufferType> operands, results;
      for (Type type : op->getOperandTypes())
        if (std::optional<oxla::kernels::BufferType> buffer = oxla::kernels::bufferTypeOf(type))
          operands.push_back(*buffer);
      for (Type type : oxla::kernels::flatResultTypes(op))
        if (std::optional<oxla::kernels::BufferType> buffer = oxla::kernels::bufferTypeOf(type))
          results.push_back(*buffer);
      // Dynamic shapes are checked once the JIT has specialized them.
      if (operands.size() != op->getNumOperands() ||
          results.size() != oxla::kernels::flatResultTypes(op).size())
        return;
      oxla::kernels::Status status =
          attributes ? oxla::kernels::verifyXlaCpuCall(name, *attributes, operands, results)
                     : oxla::kernels::Status::invalid("custom_call @" + name + ": " + error);
      if (status.isOk())
        return;
      op->emitError() << status.message;
      code = combineExitCodes(code, status.code == oxla::kernels::Status::Code::Unsupported
                                        ? kExitUnsupported
                                        : kExitInvalid);
      return;
    }
    if (std::optional<std::string> advice = oxla::kernels::gpuTargetAdvice(name))
      op->emitError() << "unsupported: " << *advice;
    else
      op->emitError() << "unsupported: custom_call target '" << name
                      << "' has no kernel in oxla-run (kernels are registered through "
                         "the C API: oxla_client_register_custom_call)";
    code = combineExitCodes(code, kExitUnsupported);
  });
  return code;
}

/// With --cache-report, says whether the program came from the cache.
void reportCacheUse(llvm::StringRef outcome, llvm::StringRef path) {
  if (cacheReport)
    llvm::errs() << "oxla-run: compile cache " << outcome << ": " << path << "\n";
}

/// The functions the module's interpreter.run_parallel ops run.
SmallVector<func::FuncOp> processFunctions(ModuleOp module) {
  SmallVector<func::FuncOp> functions;
  module.walk([&](oxla::interpreter::RunParallelOp run) {
    for (Attribute row : run.getPrograms())
      for (Attribute program : cast<ArrayAttr>(row))
        if (auto function = module.lookupSymbol<func::FuncOp>(
                cast<FlatSymbolRefAttr>(program).getValue()))
          if (!llvm::is_contained(functions, function))
            functions.push_back(function);
  });
  return functions;
}

/// `metadata` with only the entries the command line runs (not the
/// functions run_parallel runs).
oxla::rt::ModuleMetadata topLevel(oxla::rt::ModuleMetadata metadata,
                                  ArrayRef<std::string> entries) {
  llvm::erase_if(metadata.entries, [&](const oxla::rt::EntryMetadata &entry) {
    return !llvm::is_contained(entries, entry.name);
  });
  return metadata;
}

/// Compiles and runs one StableHLO module; returns its exit code.
int runChunk(std::unique_ptr<llvm::MemoryBuffer> buffer, MLIRContext &context) {
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  // --time-phases: printed once the program is compiled (or loaded), before
  // it runs.
  std::optional<oxla::CompileTimings> timings;
  if (timePhases)
    timings.emplace();
  oxla::CompileTimings *timed = timings ? &*timings : nullptr;
  auto printTimings = [&] {
    if (timings)
      timings->print(llvm::errs());
  };
  oxla::CompileTimings::Scope parsing(timed, "parse");
  oxla::vhlo::SourceFailure failure;
  // An ONNX model's graph inputs that fix shapes (a Reshape's shape) are
  // imported as constants of their --input values; the program takes the
  // others.
  std::vector<std::string> specs(inputSpecs.begin(), inputSpecs.end());
  OwningOpRef<ModuleOp> module =
      oxla::tools::parseBindingInputs(sourceMgr, &context, &failure, specs, "oxla-run");
  if (!module)
    return oxla::vhlo::exitCodeFor(failure);
  if (failed(importProgram(*module)))
    return kExitInvalid;
  parsing.stop();
  // --devices N: partitioned for N devices, the per-device program run on N
  // devices (run_parallel in the wrapper), global inputs and results.
  if (numDevices < 0) {
    llvm::errs() << "oxla-run: --devices " << numDevices << " is not a device count (at least 1)\n";
    return kExitInvalid;
  }
  if (numDevices > 0 &&
      failed(oxla::sharding::runOnDevices(*module, numDevices,
                          printShardings && reportsResults ? &llvm::outs() : nullptr)))
    return kExitUnsupported;
  if (numDevices > 1 && failed(oxla::sharding::forCompiledDevices(*module)))
    return kExitInternal;
  // Without --devices a program runs on one device.
  if (failed(oxla::sharding::checkRunsOnOneDevice(*module)))
    return kExitUnsupported;
  SmallVector<func::FuncOp> entries = entryPoints(*module, entryName);
  // A piece of a split file without functions has nothing to run; a whole
  // file without them is an error (reportNoEntryPoint).
  if (splitInputFile && entries.empty() && entryName.empty() &&
      hasNoFunctions(*module))
    return kExitOk;
  if (entries.empty())
    return reportNoEntryPoint(*module, entryName);
  SmallVector<std::string> topNames;
  for (func::FuncOp entry : entries)
    topNames.push_back(entry.getSymName().str());

  SmallVector<SmallVector<interp::Tensor>> arguments;
  for (func::FuncOp entry : entries) {
    FailureOr<SmallVector<interp::Tensor>> entryArguments =
        commandLineArguments(entry, specs, "oxla-run");
    if (failed(entryArguments))
      return kExitInvalid;
    arguments.push_back(std::move(*entryArguments));
  }

  if (emitStage.empty())
    if (int code = checkCustomCalls(*module); code != kExitOk)
      return code;

  // The interpreter runs the program as written, before lowering.
  OwningOpRef<ModuleOp> original;
  SmallVector<std::string> entryNames;
  if (checkWithInterpreter) {
    original = module->clone();
    // As oxla-interpret runs them (docs/interpreter.md, "chlo").
    if (failed(oxla::decomposeChloBroadcastOps(*original)))
      return kExitUnsupported;
    programLength = oxla::tools::computationLength(*original);
    for (func::FuncOp entry : entries)
      entryNames.push_back(entry.getSymName().str());
  }
  auto interpret = [&](size_t index, ArrayRef<interp::Tensor> inputs)
      -> std::optional<SmallVector<interp::Tensor>> {
    auto function = original->lookupSymbol<func::FuncOp>(entryNames[index]);
    interp::Interpreter interpreter(*original);
    SmallVector<interp::RuntimeValue> values(inputs.begin(), inputs.end());
    FailureOr<SmallVector<interp::RuntimeValue>> results = interpreter.run(function, values);
    if (failed(results))
      return std::nullopt;
    SmallVector<interp::Tensor> tensors;
    for (interp::RuntimeValue &value : *results)
      tensors.push_back(value.tensor());
    return tensors;
  };
  // The JIT compiles for these arguments: dynamic shapes become theirs.
  std::string signature;
  for (auto [entry, entryArguments] : llvm::zip_equal(entries, arguments))
    if (failed(specializeForArguments(entry, entryArguments, signature)))
      return kExitInvalid;
  // Under the default tolerance, a difference is checked op by op on the
  // program as specialized, before compiling.
  bool defaultTolerance = !maxUlp.getNumOccurrences() &&
                          !relativeTolerance.getNumOccurrences() &&
                          !absoluteTolerance.getNumOccurrences();
  OwningOpRef<ModuleOp> specialized;
  if (checkWithInterpreter && defaultTolerance)
    specialized = module->clone();
  auto opByOp = [&](size_t index, ArrayRef<interp::Tensor> inputs) {
    return oxla::tools::bisectMiscompile(*specialized, entryNames[index], inputs, toleranceFor,
                                         "--check-with-interpreter");
  };
  std::optional<Reference> reference;
  if (checkWithInterpreter)
    reference = Reference{interpret, nullptr};
  if (specialized)
    reference->opByOp = opByOp;

  if (bisect) {
    int code = kExitOk;
    for (auto [entry, entryArguments] : llvm::zip_equal(entries, arguments))
      code = combineExitCodes(
          code, oxla::tools::bisectMiscompile(*module, entry.getSymName(), entryArguments,
                                              toleranceFor));
    return code;
  }

  // A program compiled before for these arguments is loaded from the
  // compile cache (CompileCache.h); a new one is compiled into it.
  std::optional<oxla::CompileCache> cache;
  if (emitStage.empty() && !noCache && !oxla::compilesWithInjectedFaults())
    cache = oxla::CompileCache::fromEnvironment();
  std::string key;
  std::string error;
  if (cache) {
    llvm::StringRef source = sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())->getBuffer();
    oxla::CompileTimings::Scope lookingUp(timed, "compile cache: key and lookup");
    key = oxla::CompileCache::key({"oxla-run", source, signature,
                                   oxla::CompileCache::environmentVariables(),
                                   "devices=" + std::to_string(numDevices) +
                                       // Under a limit the program may be compiled to fit it.
                                       (oxla::tools::memoryLimit.getNumOccurrences()
                                            ? " memory-limit=" +
                                                  std::to_string(oxla::tools::memoryLimit)
                                            : std::string())});
    std::optional<std::string> path = cache->lookup(key);
    lookingUp.stop();
    if (path) {
      oxla::CompileTimings::Scope loading(timed, "compile cache hit: load");
      std::unique_ptr<oxla::rt::LoadedModule> loaded = oxla::rt::LoadedModule::open(*path, error);
      loading.stop();
      if (loaded) {
        printTimings();
        reportCacheUse("hit", *path);
        auto lookup = [&](const std::string &name) { return loaded->entry(name); };
        return runEntries(topLevel(loaded->metadata(), topNames), lookup, arguments, context,
                          reference);
      }
    }
  }

  oxla::CompileFailure why;
  // The functions run_parallel runs are compiled as entries too.
  SmallVector<func::FuncOp> compiled(entries.begin(), entries.end());
  for (func::FuncOp process : processFunctions(*module))
    if (!llvm::is_contained(compiled, process)) {
      process.setPublic();
      compiled.push_back(process);
    }
  FailureOr<oxla::rt::ModuleMetadata> metadata =
      oxla::tools::compileWithinMemoryLimit(module, compiled, emitStage, &why, timed);
  if (failed(metadata))
    return why == oxla::CompileFailure::Invalid       ? kExitInvalid
           : why == oxla::CompileFailure::Unsupported ? kExitUnsupported
                                                      : kExitInternal;
  if (!emitStage.empty()) {
    printTimings();
    module->print(llvm::outs());
    llvm::outs() << "\n";
    return kExitOk;
  }

  if (cache) {
    std::string written = cache->temporaryPath(key);
    std::optional<std::string> path;
    if (succeeded(oxla::writeSharedLibrary(*module, "host", written, error, nullptr, 0,
                                           timed))) {
      oxla::CompileTimings::Scope inserting(timed, "compile cache: insert");
      path = cache->insert(key, written, error);
    }
    std::unique_ptr<oxla::rt::LoadedModule> loaded;
    oxla::CompileTimings::Scope loading(timed, "load");
    if (path)
      loaded = oxla::rt::LoadedModule::open(*path, error);
    loading.stop();
    if (loaded) {
      printTimings();
      reportCacheUse("miss", *path);
      auto lookup = [&](const std::string &name) { return loaded->entry(name); };
      return runEntries(topLevel(loaded->metadata(), topNames), lookup, arguments, context,
                        reference);
    }
    // The program still runs, with the JIT.
    llvm::sys::fs::remove(written);
    llvm::errs() << "oxla-run: warning: compile cache in '" << cache->directory()
                 << "' not used: " << error << "\n";
  }

  std::vector<oxla::RuntimeSymbol> symbols;
  for (auto [name, address] : oxla::rt::routineSymbols())
    symbols.emplace_back(name, address);
  std::unique_ptr<oxla::JitModule> jit =
      oxla::JitModule::create(*module, symbols, error, timed);
  if (!jit) {
    oxla::reportInternalError(*module, "the LLVM JIT rejected the module (" + error + ")");
    return kExitInternal;
  }
  printTimings();
  auto lookup = [&](const std::string &name) {
    std::string lookupError;
    return reinterpret_cast<oxla::rt::EntryFunction>(
        jit->lookup(oxla::rt::kEntryPrefix + name, lookupError));
  };
  return runEntries(topLevel(*metadata, topNames), lookup, arguments, context, reference);
}

/// Runs a module `oxla-compile` wrote; returns the exit code.
int runCompiledModule(const std::string &path, MLIRContext &context) {
  std::string error;
  std::unique_ptr<oxla::rt::LoadedModule> loaded = oxla::rt::LoadedModule::open(path, error);
  if (!loaded) {
    llvm::errs() << "oxla-run: " << error << "\n";
    return kExitInvalid;
  }
  // The module's entries are the ones oxla-compile chose; --entry picks one.
  oxla::rt::ModuleMetadata metadata = loaded->metadata();
  bool unsupportedCalls = false;
  for (const oxla::rt::CustomCallDescription &call : metadata.customCalls) {
    if (oxla::rt::isBuiltinCustomCall(call.target))
      continue;
    llvm::errs() << path << ": error: unsupported: custom_call target '" << call.target
                 << "' has no kernel in oxla-run (kernels are registered through "
                    "the C API: oxla_client_register_custom_call)\n";
    unsupportedCalls = true;
  }
  if (unsupportedCalls)
    return kExitUnsupported;
  if (!entryName.empty()) {
    llvm::erase_if(metadata.entries, [](const oxla::rt::EntryMetadata &entry) {
      return entry.name != entryName;
    });
    if (metadata.entries.empty()) {
      llvm::errs() << path << ": error: no entry point named @" << entryName << "\n";
      return kExitInvalid;
    }
  }
  SmallVector<SmallVector<interp::Tensor>> arguments;
  for (const oxla::rt::EntryMetadata &entry : metadata.entries) {
    if (inputSpecs.size() != entry.arguments.size()) {
      llvm::errs() << path << ": error: @" << entry.name << " takes "
                   << entry.arguments.size() << " argument(s), but "
                   << inputSpecs.size() << " --input given\n";
      return kExitInvalid;
    }
    SmallVector<interp::Tensor> entryArguments;
    for (auto [index, spec, expected] :
         llvm::enumerate(inputSpecs, entry.arguments)) {
      bool outOfMemory = false;
      std::optional<interp::Tensor> tensor =
          interp::parseTensorSpec(spec, &context, error, &outOfMemory);
      if (!tensor) {
        llvm::errs() << "oxla-run: --input #" << index << ": " << error << "\n";
        return outOfMemory ? kExitCheckFailed : kExitInvalid;
      }
      // Compare with the declared type, '?' matching any size.
      std::string actual;
      llvm::raw_string_ostream os(actual);
      for (int64_t size : tensor->shape())
        os << size << "x";
      os << tensor->elementType().toMlir(&context);
      llvm::SmallVector<llvm::StringRef> want, got;
      llvm::StringRef(expected).split(want, 'x');
      llvm::StringRef(os.str()).split(got, 'x');
      bool compatible = want.size() == got.size();
      for (size_t i = 0; compatible && i < want.size(); ++i)
        compatible = want[i] == got[i] || (want[i] == "?" && i + 1 < want.size());
      if (!compatible) {
        llvm::errs() << path << ": error: --input #" << index << " is " << os.str()
                     << ", but @" << entry.name << " takes " << expected << "\n";
        return kExitInvalid;
      }
      entryArguments.push_back(std::move(*tensor));
    }
    arguments.push_back(std::move(entryArguments));
  }
  auto lookup = [&](const std::string &name) { return loaded->entry(name); };
  return runEntries(metadata, lookup, arguments, context);
}

} // namespace

/// Removes `--threads T` (or `-threads T`, `--threads=T`) from the command
/// line and sets threadCount; false after reporting a bad value.
static bool takeThreadsOption(int &argc, char **argv) {
  int out = 1;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if (arg == "--") {
      while (i < argc)
        argv[out++] = argv[i++];
      break;
    }
    llvm::StringRef value;
    if (arg == "--threads" || arg == "-threads") {
      if (i + 1 == argc) {
        llvm::errs() << "oxla-run: --threads needs a value\n";
        return false;
      }
      value = argv[++i];
    } else if (arg.consume_front("--threads=") || arg.consume_front("-threads=")) {
      value = arg;
    } else {
      argv[out++] = argv[i];
      continue;
    }
    if (value.getAsInteger(10, threadCount) || threadCount > 4096) {
      llvm::errs() << "oxla-run: --threads: '" << value
                   << "' is not a thread count (0 to 4096; 0: one per core)\n";
      return false;
    }
  }
  argc = out;
  argv[argc] = nullptr;
  return true;
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  if (!takeThreadsOption(argc, argv))
    return kExitInvalid;
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  // Before the pass manager's options: --mlir-print-ir-after and the like
  // list the passes registered when they are created.
  oxla::registerPasses();
  registerPassManagerCLOptions();
  parseCommandLine(argc, argv,
                   "oxla-run: compile StableHLO for the host CPU and run it\n\n"
                   "  --threads T  the threads the compiled code runs on (default 0: "
                   "one per core)\n",
                   {&toolOptions(), &inputOptions()});

  // --distributed: this process runs its share of the devices under MPI.
#ifdef OXLA_HAVE_MPI
  std::unique_ptr<oxla::rt::collectives::Distribution> processes;
#endif
  if (distributed) {
    if (devicesPerProcess < 1) {
      llvm::errs() << "oxla-run: --devices-per-process must be at least 1\n";
      return kExitInvalid;
    }
#ifdef OXLA_HAVE_MPI
    std::string error;
    processes = oxla::rt::collectives::createMpiDistribution(devicesPerProcess, error);
    if (!processes) {
      llvm::errs() << "oxla-run: error: --distributed: " << error << "\n";
      return kExitCheckFailed;
    }
    oxla::rt::collectives::setDistribution(processes.get());
    int64_t total = processes->processes() * devicesPerProcess;
    if (numDevices.getNumOccurrences() && numDevices != total) {
      llvm::errs() << "oxla-run: error: --devices " << numDevices << ", but "
                   << processes->processes() << " processes of " << devicesPerProcess
                   << " device(s) run " << total << "\n";
      return kExitInvalid;
    }
    numDevices = total;
    reportsResults = processes->rank() == 0;
#else
    llvm::errs() << "oxla-run: error: unsupported: --distributed: this oxla was built "
                    "without MPI (install libopenmpi-dev and rebuild)\n";
    return kExitUnsupported;
#endif
  }

  DialectRegistry registry;
  oxla::registerDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  // Diagnostics name the op and its location; the op's IR is noise to a user.
  context.printOpOnDiagnostic(false);

  if (llvm::StringRef(inputFilename).ends_with(".so"))
    return runCompiledModule(inputFilename, context);

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      oxla::tools::openProgramFile(inputFilename, &errorMessage);
  if (!input) {
    llvm::errs() << "oxla-run: " << errorMessage << "\n";
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
