//===- JIT.cpp - Run a lowered module in process --------------------------===//

#include "compiler/Target/CPU/JIT.h"
#include "compiler/Target/CPU/ObjectEmitter.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Target/TargetMachine.h"

using namespace mlir;

oxla::JitModule::JitModule(std::unique_ptr<ExecutionEngine> engine)
    : engine_(std::move(engine)) {}

oxla::JitModule::~JitModule() = default;

std::unique_ptr<oxla::JitModule>
oxla::JitModule::create(ModuleOp module, llvm::ArrayRef<RuntimeSymbol> symbols,
                        std::string &error) {
  std::unique_ptr<llvm::TargetMachine> machine = createTargetMachine("host", error);
  if (!machine)
    return nullptr;
  // options.transformer is a function_ref: the optimizer must outlive it.
  std::function<llvm::Error(llvm::Module *)> optimizer = makeOptimizer(machine.get());
  ExecutionEngineOptions options;
  options.transformer = optimizer;
  options.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Aggressive;
  auto engine = ExecutionEngine::create(module, options, std::move(machine));
  if (!engine) {
    error = llvm::toString(engine.takeError());
    return nullptr;
  }
  (*engine)->registerSymbols([&](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap map;
    for (const RuntimeSymbol &symbol : symbols)
      map[interner(symbol.first)] = {llvm::orc::ExecutorAddr::fromPtr(symbol.second),
                                     llvm::JITSymbolFlags::Exported};
    return map;
  });
  return std::unique_ptr<JitModule>(new JitModule(std::move(*engine)));
}

void *oxla::JitModule::lookup(llvm::StringRef symbol, std::string &error) const {
  llvm::Expected<void *> address = engine_->lookup(symbol);
  if (!address) {
    error = llvm::toString(address.takeError());
    return nullptr;
  }
  return *address;
}
