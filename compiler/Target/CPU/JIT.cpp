//===- JIT.cpp - Run a lowered module in process --------------------------===//

#include "compiler/Target/CPU/JIT.h"
#include "compiler/Target/CPU/CompileTimings.h"
#include "compiler/Target/CPU/ObjectEmitter.h"
#include "compiler/Target/CPU/ParallelCompile.h"
#include "runtime/ModuleMetadata.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SmallVectorMemoryBuffer.h"
#include "llvm/Target/TargetMachine.h"

using namespace mlir;

oxla::JitModule::JitModule(std::unique_ptr<llvm::orc::LLJIT> jit) : jit_(std::move(jit)) {}

oxla::JitModule::~JitModule() = default;

std::unique_ptr<oxla::JitModule>
oxla::JitModule::create(ModuleOp module, llvm::ArrayRef<RuntimeSymbol> symbols,
                        std::string &error, CompileTimings *timings) {
  std::unique_ptr<llvm::TargetMachine> machine = createTargetMachine("host", error);
  if (!machine)
    return nullptr;
  llvm::SmallVector<llvm::SmallString<0>> objects;
  llvm::SmallVector<std::string> initializers;
  {
    llvm::LLVMContext context;
    CompileTimings::Scope translating(timings, "llvm: translate to LLVM IR");
    std::unique_ptr<llvm::Module> llvmModule = translateModuleToLLVMIR(module, context);
    translating.stop();
    if (!llvmModule) {
      error = "the translation to LLVM IR failed";
      return nullptr;
    }
    llvmModule->setTargetTriple(machine->getTargetTriple().str());
    llvmModule->setDataLayout(machine->createDataLayout());
    unsigned threads = parallelCompileThreads();
    unsigned parts = parallelCompileParts(*llvmModule, threads);
    if (failed(compileInParallel(std::move(llvmModule), "host", parts, objects, error,
                                 timings, &initializers, threads)))
      return nullptr;
  }

  CompileTimings::Scope linking(timings, "link in memory (JIT)");
  auto fail = [&](llvm::Error e) -> std::unique_ptr<JitModule> {
    error = llvm::toString(std::move(e));
    return nullptr;
  };
  llvm::Expected<std::unique_ptr<llvm::orc::LLJIT>> jit = llvm::orc::LLJITBuilder().create();
  if (!jit)
    return fail(jit.takeError());
  llvm::orc::JITDylib &library = (*jit)->getMainJITDylib();
  // The runtime's symbols first, then the process's (libm's functions).
  llvm::orc::MangleAndInterner interner((*jit)->getExecutionSession(),
                                        (*jit)->getDataLayout());
  llvm::orc::SymbolMap runtime;
  for (const RuntimeSymbol &symbol : symbols)
    runtime[interner(symbol.first)] = {llvm::orc::ExecutorAddr::fromPtr(symbol.second),
                                       llvm::JITSymbolFlags::Exported};
  if (llvm::Error e = library.define(llvm::orc::absoluteSymbols(std::move(runtime))))
    return fail(std::move(e));
  auto process = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
      (*jit)->getDataLayout().getGlobalPrefix());
  if (!process)
    return fail(process.takeError());
  library.addGenerator(std::move(*process));
  for (auto [index, object] : llvm::enumerate(objects))
    if (llvm::Error e = (*jit)->addObjectFile(std::make_unique<llvm::SmallVectorMemoryBuffer>(
            std::move(object), "oxla-part-" + std::to_string(index) + ".o",
            /*RequiresNullTerminator=*/false)))
      return fail(std::move(e));
  // Links the part that holds the metadata now, so that a failure to link
  // is reported here; ORC links the other parts as their symbols are first
  // looked up (the callers look up every entry right away).
  llvm::Expected<llvm::orc::ExecutorAddr> metadata = (*jit)->lookup(rt::kMetadataSymbol);
  if (!metadata)
    return fail(metadata.takeError());
  // The constructors that fill splat constants (ConstantData.h): a shared
  // library's run when it is loaded, these here.
  for (const std::string &name : initializers) {
    llvm::Expected<llvm::orc::ExecutorAddr> initializer = (*jit)->lookup(name);
    if (!initializer)
      return fail(initializer.takeError());
    initializer->toPtr<void (*)()>()();
  }
  return std::unique_ptr<JitModule>(new JitModule(std::move(*jit)));
}

void *oxla::JitModule::lookup(llvm::StringRef symbol, std::string &error) const {
  llvm::Expected<llvm::orc::ExecutorAddr> address = jit_->lookup(symbol);
  if (!address) {
    error = llvm::toString(address.takeError());
    return nullptr;
  }
  if (!*address) {
    error = "the symbol " + symbol.str() + " is null";
    return nullptr;
  }
  return address->toPtr<void *>();
}
