//===- JIT.cpp - Run a lowered module in process --------------------------===//

#include "compiler/Target/CPU/JIT.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/Support/TargetSelect.h"

using namespace mlir;

oxla::JitModule::JitModule(std::unique_ptr<ExecutionEngine> engine)
    : engine_(std::move(engine)) {}

oxla::JitModule::~JitModule() = default;

std::unique_ptr<oxla::JitModule>
oxla::JitModule::create(ModuleOp module, llvm::ArrayRef<RuntimeSymbol> symbols,
                        std::string &error) {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();

  // The host CPU with its features (AVX2, FMA here).
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder) {
    error = llvm::toString(builder.takeError());
    return nullptr;
  }
  builder->setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
  auto machine = builder->createTargetMachine();
  if (!machine) {
    error = llvm::toString(machine.takeError());
    return nullptr;
  }
  auto transformer = makeOptimizingTransformer(/*optLevel=*/2, /*sizeLevel=*/0,
                                               machine->get());
  ExecutionEngineOptions options;
  options.transformer = transformer;
  options.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Aggressive;
  auto engine = ExecutionEngine::create(module, options, std::move(*machine));
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

LogicalResult oxla::JitModule::invoke(llvm::StringRef function,
                                      llvm::MutableArrayRef<void *> args,
                                      std::string &error) {
  if (llvm::Error e = engine_->invokePacked(("_mlir_ciface_" + function).str(), args)) {
    error = llvm::toString(std::move(e));
    return failure();
  }
  return success();
}
