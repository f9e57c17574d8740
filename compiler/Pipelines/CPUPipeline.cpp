//===- CPUPipeline.cpp - StableHLO to LLVM for the host CPU ---------------===//
//
// The CPU pipeline, phase by phase. compileForCPU marks the entry points for
// a C interface (`_mlir_ciface_<name>`) first; after "buffers" each takes
// its results as out-parameters (allocated by the caller, the runtime);
// after the last phase it adds the module ABI (ModuleABI.h).
//
//===----------------------------------------------------------------------===//

#include "compiler/Pipelines/CPUPipeline.h"
#include "compiler/Target/CPU/ModuleABI.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

llvm::ArrayRef<oxla::PipelinePhase> oxla::cpuPipelinePhases() {
  static const PipelinePhase phases[] = {
      // Still StableHLO: calls inlined (without canonicalizing: a constant
      // stays in the region it is written in), shapes static where the
      // arguments fix them. The entries' signatures are read after this.
      {"refined", "inline{default-pipeline=},oxla-refine-shapes,symbol-dce"},
      // StableHLO -> linalg/tensor/arith/math on tensors. First batch_norm
      // ops become reduces and elementwise ops, quantized ops become
      // dequantize, float op, quantize, chlo.scan a stablehlo.while and
      // chlo's broadcasting ops broadcast_in_dim and the elementwise op;
      // large f32 convolutions become calls of the runtime's routine.
      {"linalg", "oxla-decompose-batch-norm,oxla-decompose-quantized-ops,"
                 "oxla-decompose-scan,oxla-decompose-chlo-broadcast,"
                 "oxla-convolution-to-runtime,"
                 "oxla-convert-stablehlo-to-linalg,"
                 "inline,symbol-dce,"
                 "canonicalize,cse"},
      // Elementwise producers fuse into their consumers (not into matrix
      // products, which stay recognizable and cheap), each consumer with its
      // own copy of a shared broadcast or fill; f32 exp and tanh
      // become calls of vectorizable functions; reductions over rows and
      // what uses them run one tile of rows at a time. Loops written as
      // cf.br between blocks become scf.while first: bufferization and
      // deallocation handle structured loops only.
      {"fused", "lift-cf-to-scf,oxla-poison-tensors-to-empty,"
                "oxla-clone-cheap-producers,oxla-fuse-elementwise,oxla-expand-math,"
                "oxla-fuse-rows,canonicalize,cse"},
      // Tensors become buffers (each product into a fill of its own, not a
      // copy of a shared one); results become caller-allocated
      // out-parameters, computed in place where they were fresh buffers;
      // temporaries are freed. Large f32 matrix products become calls of
      // the runtime's packed matmul (same sums, in order).
      {"buffers", "oxla-clone-cheap-producers,"
                  "one-shot-bufferize{bufferize-function-boundaries=1 "
                  "function-boundary-type-conversion=identity-layout-map "
                  "allow-return-allocs-from-loops=1},"
                  "buffer-results-to-out-params,oxla-elide-result-copies,canonicalize,"
                  "buffer-deallocation-pipeline,convert-bufferization-to-memref,"
                  "oxla-matmul-to-runtime"},
      // Loops, then the LLVM dialect: row reductions with register
      // accumulators; parallel loops with enough work split into one task
      // per thread, the rest sequential; bf16 rounding expanded to integer
      // ops (correct round-to-nearest-even on any CPU).
      {"llvm-dialect", "scf-forall-to-parallel,oxla-lower-reductions,"
               "convert-linalg-to-parallel-loops,oxla-sequential-small-loops,"
               "async-parallel-for{async-dispatch=0 num-workers=-1 min-task-size=1},"
               "oxla-isolate-task-bodies,"
               "async-to-async-runtime,async-runtime-ref-counting,"
               "async-runtime-ref-counting-opt,convert-async-to-llvm,"
               "expand-strided-metadata,lower-affine,"
               "convert-scf-to-cf,arith-expand{include-bf16=1},"
               "convert-complex-to-standard,convert-vector-to-llvm,finalize-memref-to-llvm,"
               "convert-math-to-llvm,convert-math-to-libm,"
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
    if (failed(parsePassPipeline(phase.pipeline, pm, errorStream))) {
      llvm::errs() << "oxla: CPU pipeline phase '" << phase.name
                   << "': " << errors << "\n";
      return failure();
    }
    if (phase.name == lastPhase)
      break;
  }
  return success();
}

FailureOr<oxla::rt::ModuleMetadata>
oxla::compileForCPU(ModuleOp module, llvm::ArrayRef<func::FuncOp> entries,
                    llvm::StringRef lastPhase, bool applyCommandLineOptions) {
  // The first phase makes the signatures as static as the program allows;
  // the runtime allocates results of the types recorded after it.
  auto runPhases = [&](llvm::StringRef last, size_t first) {
    PassManager pm(module.getContext());
    return success((!applyCommandLineOptions || succeeded(applyPassManagerCLOptions(pm))) &&
                   succeeded(buildCPUPipeline(pm, last, first)) &&
                   succeeded(pm.run(module)));
  };
  llvm::StringRef refined = cpuPipelinePhases().front().name;
  if (failed(runPhases(refined, 0)))
    return failure();
  FailureOr<rt::ModuleMetadata> metadata = describeEntries(entries);
  if (failed(metadata))
    return failure();
  exposeEntries(entries);
  if (lastPhase == refined)
    return metadata;
  if (failed(runPhases(lastPhase, 1)))
    return failure();
  if (!lastPhase.empty() && lastPhase != cpuPipelinePhases().back().name)
    return metadata;
  if (failed(addModuleABI(module, *metadata)))
    return failure();
  return metadata;
}
