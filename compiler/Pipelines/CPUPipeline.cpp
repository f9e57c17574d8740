//===- CPUPipeline.cpp - StableHLO to LLVM for the host CPU ---------------===//
//
// The CPU pipeline, phase by phase. compileForCPU marks the entry points for
// a C interface (`_mlir_ciface_<name>`) first; after "buffers" each takes
// its results as out-parameters (allocated by the caller, the runtime);
// after the last phase it adds the module ABI (ModuleABI.h).
//
//===----------------------------------------------------------------------===//

#include "compiler/Pipelines/CPUPipeline.h"
#include "compiler/Codegen/BufferPlan.h"
#include "compiler/Codegen/DonatedArguments.h"
#include "compiler/Target/CPU/CompileTimings.h"
#include "compiler/Target/CPU/ModuleABI.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"

#include <cstdlib>
#include <functional>

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

// Fault injection for the tests of the internal-error path (exit code 4,
// OXLA_INTERNAL): no valid program is known to fail in the pipeline, and
// each one found is fixed, so the tests make a phase fail as a bug would.
static llvm::cl::opt<std::string> failAfterPhase(
    "oxla-fail-after-phase", llvm::cl::Hidden,
    llvm::cl::desc("Make the CPU pipeline fail after the named phase, as an "
                   "internal error would (for testing)"));

// Miscompile injection for the tests of --check-with-interpreter and
// --bisect: compiled code that computes a wrong value must be caught, and
// the op that computes it named.
static llvm::cl::opt<std::string> injectMiscompile(
    "oxla-inject-miscompile", llvm::cl::Hidden,
    llvm::cl::desc("Make the compiled code of every op of the named kind (e.g. "
                   "stablehlo.multiply) add 1 to its integer or float results, as a "
                   "miscompile would (for testing)"));

// The buffer plan can be turned off to measure what it saves: every
// temporary is then allocated and freed on each call, as before it.
static llvm::cl::opt<bool> bufferPlan(
    "oxla-buffer-plan", llvm::cl::Hidden, llvm::cl::init(true),
    llvm::cl::desc("Place static temporaries in one arena kept between calls "
                   "(oxla-plan-buffers, oxla-allocate-from-arena); "
                   "--oxla-buffer-plan=false allocates each one per call"));

// The memory scheduler can be turned off to measure what it saves: the ops
// then run in the order the program writes them.
static llvm::cl::opt<bool> memorySchedule(
    "oxla-memory-schedule", llvm::cl::Hidden, llvm::cl::init(true),
    llvm::cl::desc("Order independent ops for the lowest peak of live temporaries "
                   "(oxla-schedule-for-memory); =false keeps the written order"));

// Rematerialization of cheap producers: set by the tools when a
// --memory-limit asks for less than the peak of the program as scheduled.
static llvm::cl::opt<bool> rematerialize(
    "oxla-rematerialize", llvm::cl::Hidden, llvm::cl::init(false),
    llvm::cl::desc("Compute cheap producers (fills, broadcasts, iotas, cheap elementwise "
                   "ops of arguments and constants) again at each later user instead of "
                   "keeping them live (oxla-rematerialize-cheap-producers)"));

void oxla::setRematerialization(bool on) { rematerialize = on; }

/// Adds 1 to each integer (but i1) or float tensor result of the ops named
/// --oxla-inject-miscompile, in the StableHLO the rest of the pipeline
/// lowers.
static void injectMiscompiles(ModuleOp module) {
  if (injectMiscompile.empty())
    return;
  SmallVector<Operation *> targets;
  module.walk([&](Operation *op) {
    if (op->getName().getStringRef() == injectMiscompile)
      targets.push_back(op);
  });
  for (Operation *op : targets) {
    OpBuilder builder(op->getContext());
    builder.setInsertionPointAfter(op);
    for (Value result : op->getResults()) {
      auto type = dyn_cast<RankedTensorType>(result.getType());
      Type element = type ? type.getElementType() : Type();
      Attribute one;
      if (element && element.isInteger() && !element.isInteger(1))
        one = builder.getIntegerAttr(element, 1);
      else if (auto floatType = dyn_cast_or_null<FloatType>(element))
        one = builder.getFloatAttr(floatType, 1.0);
      if (!one || !type.hasStaticShape())
        continue;
      OperationState constant(op->getLoc(), "stablehlo.constant");
      constant.addAttribute("value", DenseElementsAttr::get(type, one));
      constant.addTypes(type);
      Value ones = builder.create(constant)->getResult(0);
      OperationState add(op->getLoc(), "stablehlo.add");
      add.addOperands({result, ones});
      add.addTypes(type);
      Operation *wrong = builder.create(add);
      result.replaceAllUsesExcept(wrong->getResult(0), wrong);
    }
  }
}

bool oxla::compilesWithInjectedFaults() { return !injectMiscompile.empty(); }

static const std::string &buffersPhase() {
  static const std::string pipeline =
      std::string("oxla-clone-cheap-producers,oxla-schedule-for-memory{on-tensors=1},") +
      oxla::kBufferizationPasses +
      ",oxla-reuse-donated-arguments,oxla-plan-buffers,oxla-allocate-from-arena,"
      "buffer-deallocation-pipeline,convert-bufferization-to-memref,"
      "oxla-matmul-to-runtime";
  return pipeline;
}

llvm::ArrayRef<oxla::PipelinePhase> oxla::cpuPipelinePhases() {
  static const PipelinePhase phases[] = {
      // Still StableHLO: collectives become runtime exchanges and local ops
      // on the grid each function runs on, interpreter.run_parallel a
      // runtime call that runs its grid's functions on threads
      // (oxla-lower-collectives); sharding constructs take their one-device meaning
      // (identities; named and manual computations inlined; refused when a
      // mesh has more devices), the ops exporters encode as custom calls
      // decoded (again once shapes are known: a top_k's k may be a shape),
      // calls inlined (without canonicalizing: a constant stays in the
      // region it is written in), shapes static where the arguments fix
      // them. The entries' signatures are read after this.
      {"refined", "oxla-lower-collectives,oxla-sharding-to-one-device,oxla-decode-custom-calls,"
                  "inline{default-pipeline=},oxla-refine-shapes,"
                  "oxla-decode-custom-calls,symbol-dce"},
      // StableHLO -> linalg/tensor/arith/math on tensors. First batch_norm
      // ops become reduces and elementwise ops, quantized ops become
      // dequantize, float op, quantize, chlo.scan a stablehlo.while and
      // chlo's broadcasting ops broadcast_in_dim and the elementwise op;
      // sizes left `?` that an op needs equal are checked at run time
      // (oxla-check-dynamic-sizes: an invalid argument, not a read past an
      // end); then convolutions compute features-last (NCHW ones between
      // transposes); then the algebraic simplifier (exact rewrites only: constants
      // folded by the interpreter's evaluators, identities, convert and
      // data movement chains, CSE; compiler/Transforms/Simplify/);
      // f16/bf16 products and convolutions become f32 ones on converted
      // operands; large f32 convolutions become calls of the runtime's
      // routine.
      {"linalg", "oxla-decompose-batch-norm,oxla-decompose-quantized-ops,"
                 "oxla-decompose-scan,oxla-decompose-chlo-broadcast,oxla-check-dynamic-sizes,"
                 "oxla-convolution-layout,"
                 "oxla-simplify,"
                 "oxla-widen-narrow-contractions,oxla-convolution-to-runtime,"
                 "oxla-convert-stablehlo-to-linalg,"
                 "inline,symbol-dce,"
                 "canonicalize,cse"},
      // Elementwise producers fuse into their consumers (not into matrix
      // products, which stay recognizable and cheap), each consumer with its
      // own copy of a shared broadcast or fill; f32 exp and tanh
      // become calls of vectorizable functions, f64 -> f16/bf16
      // roundings and f16/bf16 maximum/minimum vectorizable ops;
      // reductions over rows and what uses them run one tile of rows at
      // a time. Loops written as
      // cf.br between blocks become scf.while first: bufferization and
      // deallocation handle structured loops only.
      {"fused", "lift-cf-to-scf,oxla-poison-tensors-to-empty,"
                "oxla-clone-cheap-producers,oxla-fuse-elementwise,oxla-expand-math,"
                "oxla-expand-f64-to-narrow-float,oxla-narrow-float-min-max,"
                "oxla-fuse-rows,canonicalize,cse"},
      // Tensors become buffers (each product into a fill of its own, not a
      // copy of a shared one); results become caller-allocated
      // out-parameters, computed in place where they were fresh buffers.
      // Independent ops are ordered for the lowest peak of live
      // temporaries (a list and a depth-first schedule, the better kept).
      // The buffer plan gives each static temporary an offset in one arena
      // from the live ranges (best fit, as XLA's heap simulator): planned
      // temporaries become views of an arena the runtime passes in and
      // keeps between calls; the rest are freed after their last use.
      // Large f32 matrix products become calls of the runtime's packed
      // matmul (same sums, in order).
      {"buffers", buffersPhase()},
      // Loops, then the LLVM dialect: row reductions with register
      // accumulators; parallel loops with enough work split into one task
      // per thread, the rest sequential; bf16 rounding expanded to integer
      // ops (correct round-to-nearest-even on any CPU). Allocations call
      // the runtime's _mlir_memref_to_llvm_alloc, which stops the program
      // with a runtime error where malloc returns null. Math ops become
      // LLVM intrinsics or libm calls before the vector dialect is lowered:
      // a libm call on a vector (erf of a vectorized row) is unrolled into
      // vector.extract/insert, which convert-vector-to-llvm then lowers.
      {"llvm-dialect", "scf-forall-to-parallel,oxla-lower-reductions,"
               "convert-linalg-to-parallel-loops,oxla-sequential-small-loops,"
               "oxla-outline-kernels,"
               "async-parallel-for{async-dispatch=0 num-workers=-1 min-task-size=1},"
               "oxla-isolate-task-bodies,"
               "async-to-async-runtime,async-runtime-ref-counting,"
               "async-runtime-ref-counting-opt,convert-async-to-llvm,"
               "expand-strided-metadata,lower-affine,"
               "convert-scf-to-cf,arith-expand{include-bf16=1},"
               "convert-complex-to-standard,convert-math-to-llvm,convert-math-to-libm,"
               "convert-vector-to-llvm,"
               "finalize-memref-to-llvm{use-generic-functions=1},"
               "convert-complex-to-llvm,convert-arith-to-llvm,"
               "convert-index-to-llvm,convert-func-to-llvm,convert-cf-to-llvm,"
               "reconcile-unrealized-casts"},
  };
  return phases;
}

LogicalResult oxla::buildCPUPipeline(OpPassManager &pm, llvm::StringRef lastPhase,
                                     size_t firstPhase) {
  for (const PipelinePhase &phase : cpuPipelinePhases().drop_front(firstPhase)) {
    std::string errors;
    llvm::raw_string_ostream errorStream(errors);
    std::string pipeline = phase.pipeline.str();
    constexpr llvm::StringLiteral planPasses = "oxla-plan-buffers,oxla-allocate-from-arena,";
    if (!bufferPlan)
      if (size_t at = pipeline.find(planPasses.str()); at != std::string::npos)
        pipeline.erase(at, planPasses.size());
    // The opt-in per-kernel profiler (ProfileKernels.cpp).
    if (const char *profile = std::getenv("OXLA_PROFILE_KERNELS");
        profile && *profile && llvm::StringRef(profile) != "0") {
      constexpr llvm::StringLiteral outline = "oxla-outline-kernels,";
      if (size_t at = pipeline.find(outline.str()); at != std::string::npos)
        pipeline.insert(at + outline.size(), "oxla-profile-kernels,");
    }
    if (rematerialize) {
      constexpr llvm::StringLiteral clone = "oxla-clone-cheap-producers,";
      if (size_t at = pipeline.find(clone.str()); at != std::string::npos)
        pipeline.insert(at + clone.size(), "oxla-rematerialize-cheap-producers,");
    }
    if (!memorySchedule || !bufferPlan)
      for (llvm::StringRef schedulePass :
           {"oxla-schedule-for-memory{on-tensors=1},", "oxla-schedule-for-memory,"})
        if (size_t at = pipeline.find(schedulePass.str()); at != std::string::npos)
          pipeline.erase(at, schedulePass.size());
    if (failed(parsePassPipeline(pipeline, pm, errorStream))) {
      llvm::errs() << "oxla: CPU pipeline phase '" << phase.name
                   << "': " << errors << "\n";
      return failure();
    }
    if (phase.name == lastPhase)
      break;
  }
  return success();
}

void oxla::reportInternalError(ModuleOp module, const llvm::Twine &what) {
  module.emitError() << "internal error: " << what
                     << " on a valid program; this is a bug in oxla (please "
                        "report it with the program)";
}

/// Reports the first call that closes a cycle of func.call ops: the
/// compiler inlines every call, which a recursive program cannot have.
static LogicalResult rejectRecursion(ModuleOp module) {
  SymbolTable symbols(module);
  enum class State { Visiting, Done };
  llvm::DenseMap<Operation *, State> states;
  std::function<LogicalResult(func::FuncOp)> visit =
      [&](func::FuncOp function) -> LogicalResult {
    if (!states.try_emplace(function, State::Visiting).second)
      return success();
    WalkResult walk = function.walk([&](func::CallOp call) {
      auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
      if (!callee)
        return WalkResult::advance();
      auto found = states.find(callee);
      if (found != states.end() && found->second == State::Visiting) {
        call.emitError() << "unsupported: recursive call of @"
                         << callee.getSymName()
                         << " (compiled code inlines every call; the "
                            "interpreter runs recursion)";
        return WalkResult::interrupt();
      }
      return failed(visit(callee)) ? WalkResult::interrupt()
                                   : WalkResult::advance();
    });
    states[function] = State::Done;
    return failure(walk.wasInterrupted());
  };
  for (auto function : module.getOps<func::FuncOp>())
    if (failed(visit(function)))
      return failure();
  return success();
}

FailureOr<oxla::rt::ModuleMetadata>
oxla::compileForCPU(ModuleOp module, llvm::ArrayRef<func::FuncOp> entries,
                    llvm::StringRef lastPhase, bool applyCommandLineOptions,
                    CompileFailure *why, CompileTimings *timings) {
  // Every error passes on to the caller's handler; one that names an
  // unsupported op or feature makes the failure "unsupported", anything
  // else failing a valid program is a bug.
  bool sawUnsupported = false;
  ScopedDiagnosticHandler observer(module.getContext(), [&](Diagnostic &d) {
    if (d.getSeverity() == DiagnosticSeverity::Error &&
        llvm::StringRef(d.str()).starts_with("unsupported"))
      sawUnsupported = true;
    return failure();
  });
  llvm::StringRef refined = cpuPipelinePhases().front().name;
  std::string failedPhase;
  auto fail = [&]() -> FailureOr<rt::ModuleMetadata> {
    CompileFailure kind = sawUnsupported ? CompileFailure::Unsupported
                          : llvm::StringRef(failedPhase) == refined ? CompileFailure::Invalid
                                                   : CompileFailure::Internal;
    if (kind == CompileFailure::Internal)
      reportInternalError(module, "the CPU pipeline failed" +
                                      (failedPhase.empty()
                                           ? std::string()
                                           : " in phase '" + failedPhase + "'"));
    if (why)
      *why = kind;
    return failure();
  };
  // The first phase makes the signatures as static as the program allows;
  // the runtime allocates results of the types recorded after it.
  if (failed(rejectRecursion(module))) {
    if (why)
      *why = CompileFailure::Unsupported;
    return failure();
  }
  // Phase by phase, so that a failure names its phase.
  auto runPhases = [&](llvm::StringRef last, size_t first) {
    llvm::ArrayRef<PipelinePhase> phases = cpuPipelinePhases();
    for (size_t i = first; i < phases.size(); ++i) {
      failedPhase = phases[i].name.str();
      CompileTimings::Scope timed(timings, phases[i].name);
      PassManager pm(module.getContext());
      if ((applyCommandLineOptions && failed(applyPassManagerCLOptions(pm))) ||
          failed(buildCPUPipeline(pm, phases[i].name, i)) ||
          failed(pm.run(module)))
        return failure();
      if (llvm::StringRef(failAfterPhase) == phases[i].name) {
        module.emitError() << "injected failure after phase '" << phases[i].name
                           << "' (--oxla-fail-after-phase)";
        return failure();
      }
      if (phases[i].name == last)
        break;
    }
    failedPhase.clear();
    return success();
  };
  if (failed(runPhases(refined, 0)))
    return fail();
  FailureOr<rt::ModuleMetadata> metadata = describeEntries(entries);
  if (failed(metadata))
    return fail();
  // Donated arguments are read before exposeEntries drops the exporter's
  // attributes.
  for (func::FuncOp entry : entries)
    if (failed(pairDonatedArguments(entry))) {
      if (why)
        *why = CompileFailure::Invalid;
      return failure();
    }
  exposeEntries(entries);
  if (lastPhase == refined)
    return metadata;
  injectMiscompiles(module);
  if (failed(runPhases(lastPhase, 1)))
    return fail();
  if (!lastPhase.empty() && lastPhase != cpuPipelinePhases().back().name)
    return metadata;
  CompileTimings::Scope timed(timings, "module ABI");
  if (failed(addModuleABI(module, *metadata)))
    return fail();
  return metadata;
}
