//===- ObjectEmitter.cpp - LLVM IR, assembly, objects, shared libraries ---===//

#include "compiler/Target/CPU/ObjectEmitter.h"
#include "compiler/Target/CPU/CompileTimings.h"
#include "compiler/Target/CPU/ConstantData.h"
#include "compiler/Target/CPU/ParallelCompile.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicsX86.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"
#include "llvm/Transforms/IPO/AlwaysInliner.h"

using namespace mlir;

std::unique_ptr<llvm::TargetMachine> oxla::createTargetMachine(llvm::StringRef cpu,
                                                               std::string &error) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  std::string triple = llvm::sys::getProcessTriple();
  const llvm::Target *target = llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return nullptr;
  std::string cpuName = cpu.str(), features;
  if (cpu.empty() || cpu == "host") {
    cpuName = llvm::sys::getHostCPUName().str();
    llvm::SubtargetFeatures subtarget;
    llvm::StringMap<bool> host = llvm::sys::getHostCPUFeatures();
    for (const auto &feature : host)
      subtarget.AddFeature(feature.first(), feature.second);
    // LLVM's Intel tunings keep loops at 256 bits even where AVX-512 is
    // there (its Zen 4 tuning does not): on the Xeon measured, 512-bit
    // loops ran W1 1.16x, W2 1.11x and W7 1.05x faster (bench/run.py, 2
    // threads), the matmul and convolution routines use AVX-512 already.
    if (host.lookup("avx512f"))
      subtarget.AddFeature("prefer-256-bit", false);
    features = subtarget.getString();
  }
  // Vector gathers are slower than the scalar loads they replace on the
  // CPUs measured (AMD Zen); the SLP vectorizer would otherwise gather the
  // side-by-side rows of a reduction (oxla-lower-reductions).
  features += features.empty() ? "+prefer-no-gather" : ",+prefer-no-gather";
  llvm::TargetOptions options;
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      triple, cpuName, features, options, llvm::Reloc::PIC_, std::nullopt,
      llvm::CodeGenOptLevel::Aggressive));
  if (!machine)
    error = "cannot create a target machine for " + triple + " (cpu " + cpuName + ")";
  return machine;
}

namespace {
/// Runs the module passes that `build` adds with a PassBuilder for `machine`.
template <typename Build>
void runModulePasses(llvm::Module &module, llvm::TargetMachine *machine,
                     const llvm::PipelineTuningOptions &tuning, Build &&build) {
  llvm::LoopAnalysisManager loops;
  llvm::FunctionAnalysisManager functions;
  llvm::CGSCCAnalysisManager sccs;
  llvm::ModuleAnalysisManager modules;
  llvm::PassBuilder builder(machine, tuning);
  builder.registerModuleAnalyses(modules);
  builder.registerCGSCCAnalyses(sccs);
  builder.registerFunctionAnalyses(functions);
  builder.registerLoopAnalyses(loops);
  builder.crossRegisterProxies(loops, functions, sccs, modules);
  llvm::ModulePassManager passes;
  build(builder, passes);
  passes.run(module, modules);
}

/// The size of a basic block from which a module is optimized without the
/// SLP vectorizer. Oxla's loops are vectorized by the loop vectorizer; SLP
/// searches the rest (scalar remainders, straight-line code) for vector
/// trees, superlinearly in a block's size: 31% of W9_compile_5000's compile
/// time, whose loop body is one block of 8661 instructions, for a scalar
/// remainder that runs a few iterations a call. The bench's other modules
/// have blocks of at most 180 instructions.
constexpr size_t kSlpMaxBlock = 2000;

/// LLVM's -O2 pipeline with loop unrolling, interleaving and vectorization,
/// and SLP vectorization where no block has kSlpMaxBlock instructions.
void optimize(llvm::Module &module, llvm::TargetMachine *machine) {
  size_t largestBlock = 0;
  for (llvm::Function &function : module)
    for (llvm::BasicBlock &block : function)
      largestBlock = std::max(largestBlock, block.size());
  llvm::PipelineTuningOptions tuning;
  tuning.LoopUnrolling = true;
  tuning.LoopInterleaving = true;
  tuning.LoopVectorization = true;
  tuning.SLPVectorization = largestBlock < kSlpMaxBlock;
  runModulePasses(
      module, machine, tuning, [](llvm::PassBuilder &builder, llvm::ModulePassManager &passes) {
        passes.addPass(builder.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O2));
      });
}

/// Inlines the calls that the optimizer created of `alwaysinline` functions:
/// the loop vectorizer's calls of the vector variants of oxla's math
/// functions (ExpandMath.cpp), which exist only after the inliner ran.
/// Up to kMaxInlinedCalls of them: each inlined copy is code to generate,
/// and a module with hundreds of them (W9_compile_5000: 1250) compiled in
/// twice the time; it keeps its calls.
void inlineVectorizedCalls(llvm::Module &module, llvm::TargetMachine *machine) {
  constexpr size_t kMaxInlinedCalls = 256;
  size_t calls = 0;
  for (llvm::Function &function : module)
    if (function.hasFnAttribute(llvm::Attribute::AlwaysInline))
      calls += function.getNumUses();
  if (calls == 0 || calls > kMaxInlinedCalls)
    return;
  runModulePasses(module, machine, llvm::PipelineTuningOptions(),
                  [](llvm::PassBuilder &, llvm::ModulePassManager &passes) {
                    passes.addPass(llvm::AlwaysInlinerPass(/*InsertLifetimeIntrinsics=*/false));
                  });
}

/// Gives `__oxla_scalef_v<N>` (p * 2^n, ExpandMath.cpp) the body of one
/// vscalefps where the target has AVX-512 (with VL below 16 lanes): the
/// same single rounding as the portable body's two multiplications, in one
/// instruction instead of nine (W2 softmax: exp is most of its arithmetic).
/// LLVM 19 has no vector lowering of llvm.ldexp, which would say the same.
void useScalef(llvm::Module &module, llvm::TargetMachine *machine) {
  const llvm::MCSubtargetInfo *subtarget = machine->getMCSubtargetInfo();
  if (!subtarget->checkFeatures("+avx512f"))
    return;
  bool vl = subtarget->checkFeatures("+avx512vl");
  for (auto [lanes, intrinsic] : {std::pair{16, llvm::Intrinsic::x86_avx512_mask_scalef_ps_512},
                                  std::pair{8, llvm::Intrinsic::x86_avx512_mask_scalef_ps_256},
                                  std::pair{4, llvm::Intrinsic::x86_avx512_mask_scalef_ps_128}}) {
    llvm::Function *function = module.getFunction(("__oxla_scalef_v" + llvm::Twine(lanes)).str());
    if (!function || function->isDeclaration() || (lanes < 16 && !vl))
      continue;
    llvm::GlobalValue::LinkageTypes linkage = function->getLinkage();
    function->deleteBody(); // which makes it external
    function->setLinkage(linkage);
    llvm::IRBuilder<> b(llvm::BasicBlock::Create(module.getContext(), "entry", function));
    llvm::Value *p = function->getArg(0), *n = function->getArg(1);
    // Every lane written (mask all ones), in the current rounding mode.
    llvm::SmallVector<llvm::Value *, 5> operands = {
        p, n, llvm::PoisonValue::get(p->getType()),
        llvm::Constant::getAllOnesValue(b.getIntNTy(std::max(lanes, 8)))};
    if (lanes == 16)
      operands.push_back(b.getInt32(4)); // _MM_FROUND_CUR_DIRECTION
    b.CreateRet(b.CreateIntrinsic(intrinsic, {}, operands));
  }
}
} // namespace

std::function<llvm::Error(llvm::Module *)>
oxla::makeOptimizer(llvm::TargetMachine *machine) {
  return [machine](llvm::Module *module) -> llvm::Error {
    useScalef(*module, machine);
    optimize(*module, machine);
    inlineVectorizedCalls(*module, machine);
    return llvm::Error::success();
  };
}

std::unique_ptr<llvm::Module>
oxla::translateAndOptimize(ModuleOp module, llvm::LLVMContext &context,
                           llvm::TargetMachine &machine, std::string &error,
                           CompileTimings *timings) {
  CompileTimings::Scope translating(timings, "llvm: translate to LLVM IR");
  std::unique_ptr<llvm::Module> llvmModule = translateModuleToLLVMIR(module, context);
  translating.stop();
  if (!llvmModule) {
    error = "translation to LLVM IR failed";
    return nullptr;
  }
  llvmModule->setTargetTriple(machine.getTargetTriple().str());
  llvmModule->setDataLayout(machine.createDataLayout());
  CompileTimings::Scope optimizing(timings, "llvm: optimize");
  if (llvm::Error e = makeOptimizer(&machine)(llvmModule.get())) {
    error = llvm::toString(std::move(e));
    return nullptr;
  }
  emitConstantsAsData(*llvmModule, constantInitializerName(0));
  return llvmModule;
}

LogicalResult oxla::emitMachineCode(llvm::Module &module, llvm::TargetMachine &machine,
                                    bool assembly, llvm::raw_pwrite_stream &os,
                                    std::string &error) {
  llvm::legacy::PassManager passes;
  if (machine.addPassesToEmitFile(passes, os, nullptr,
                                  assembly ? llvm::CodeGenFileType::AssemblyFile
                                           : llvm::CodeGenFileType::ObjectFile)) {
    error = "the target cannot emit this file type";
    return failure();
  }
  passes.run(module);
  return success();
}

LogicalResult oxla::linkSharedLibrary(llvm::ArrayRef<std::string> objectPaths,
                                      llvm::StringRef outputPath, std::string &error) {
  std::optional<std::string> driver;
  for (const char *name : {"clang-19", "clang", "cc"})
    if (auto found = llvm::sys::findProgramByName(name)) {
      driver = *found;
      break;
    }
  if (!driver) {
    error = "no C compiler driver (clang-19, clang, cc) on PATH to link with";
    return failure();
  }
  // -Bsymbolic: the module's functions call each other, never a symbol of
  // the same name in the loading program (an entry named `main` would
  // otherwise bind to the executable's main).
  llvm::SmallVector<llvm::StringRef> args = {*driver, "-shared", "-o", outputPath,
                                             "-Wl,-Bsymbolic"};
  for (const std::string &path : objectPaths)
    args.push_back(path);
  args.push_back("-lm");
  std::string message;
  int rc = llvm::sys::ExecuteAndWait(*driver, args, std::nullopt, {}, 0, 0, &message);
  if (rc != 0) {
    error = "linking with " + *driver + " failed" +
            (message.empty() ? std::string() : ": " + message);
    return failure();
  }
  return success();
}

LogicalResult oxla::writeSharedLibrary(ModuleOp module, llvm::StringRef cpu,
                                       llvm::StringRef outputPath, std::string &error,
                                       LibraryFailure *why, unsigned parts,
                                       CompileTimings *timings, unsigned threads) {
  auto fail = [&](LibraryFailure kind, std::string message) -> LogicalResult {
    error = std::move(message);
    if (why)
      *why = kind;
    return failure();
  };
  std::unique_ptr<llvm::TargetMachine> machine = createTargetMachine(cpu, error);
  if (!machine)
    return fail(LibraryFailure::Unsupported, error);
  llvm::LLVMContext context;
  CompileTimings::Scope translating(timings, "llvm: translate to LLVM IR");
  std::unique_ptr<llvm::Module> llvmModule = translateModuleToLLVMIR(module, context);
  translating.stop();
  if (!llvmModule)
    return fail(LibraryFailure::Internal, "the translation to LLVM IR failed");
  llvmModule->setTargetTriple(machine->getTargetTriple().str());
  llvmModule->setDataLayout(machine->createDataLayout());
  // --llvm-parts N: N parts on as many threads (unless told otherwise).
  if (threads == 0)
    threads = parts == 0 ? parallelCompileThreads() : parts;
  if (parts == 0)
    parts = parallelCompileParts(*llvmModule, threads);
  llvm::SmallVector<llvm::SmallString<0>> objects;
  if (failed(compileInParallel(std::move(llvmModule), cpu, parts, objects, error, timings,
                               /*initializers=*/nullptr, threads)))
    return fail(LibraryFailure::Internal, "machine code generation failed (" + error + ")");
  CompileTimings::Scope linking(timings, "link");
  llvm::SmallVector<std::string> objectPaths;
  llvm::SmallVector<llvm::FileRemover> removers;
  removers.reserve(objects.size());
  for (const llvm::SmallString<0> &object : objects) {
    llvm::SmallString<128> objectPath;
    int fd;
    if (std::error_code ec = llvm::sys::fs::createTemporaryFile("oxla", "o", fd, objectPath))
      return fail(LibraryFailure::Unsupported,
                  "cannot create a temporary object file: " + ec.message());
    removers.emplace_back(objectPath);
    objectPaths.push_back(objectPath.str().str());
    llvm::raw_fd_ostream objectStream(fd, /*shouldClose=*/true);
    objectStream << object;
    objectStream.close();
    if (std::error_code ec = objectStream.error()) {
      objectStream.clear_error();
      return fail(LibraryFailure::Unsupported,
                  "cannot write " + objectPaths.back() + ": " + ec.message());
    }
  }
  if (failed(linkSharedLibrary(objectPaths, outputPath, error)))
    return fail(LibraryFailure::Unsupported, error);
  return success();
}
