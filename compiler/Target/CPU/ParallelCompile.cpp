//===- ParallelCompile.cpp - Optimize and generate code on several threads ===//
//
// LLVM optimizes and compiles one module on one thread. The kernels of a
// lowered program (oxla-outline-kernels) are functions that do not inline
// into each other, so the module splits into parts that are optimized and
// compiled independently, each in an LLVMContext of its own (a context is
// not thread-safe), and linked together as the objects of one library.
//
//===----------------------------------------------------------------------===//

#include "compiler/Target/CPU/ParallelCompile.h"
#include "compiler/Target/CPU/CompileTimings.h"
#include "compiler/Target/CPU/ConstantData.h"
#include "compiler/Target/CPU/ObjectEmitter.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <algorithm>
#include <atomic>
#include <numeric>
#include <thread>

using namespace mlir;

namespace {

/// A module below this many instructions per part is compiled in fewer
/// parts: below a few thousand, splitting costs more than it saves.
constexpr size_t kParallelCompileMinInstructions = 4000;

/// The most parts per thread. The instruction count before optimization
/// predicts a function's compile time poorly (an entry of straight-line
/// calls is cheap, a loop that the vectorizer unrolls is not): with a few
/// parts per thread, each thread takes the next part when it is done, so a
/// part that takes longer than predicted no longer holds up the others
/// (searchless_chess_9m: one part of two took 3x the other's time).
constexpr unsigned kPartsPerThread = 3;

/// Functions of at most this many instructions that callers may inline are
/// copied into every part instead of living in one.
constexpr size_t kCopiedFunctionMaxInstructions = 200;

/// Globals of at most this many bytes are copied into every part (constant
/// tables that the optimizer may fold); larger ones and mutable ones live in
/// part 0.
constexpr uint64_t kCopiedGlobalMaxBytes = 4096;

size_t instructionCount(const llvm::Function &function) {
  size_t count = 0;
  for (const llvm::BasicBlock &block : function)
    count += block.size();
  return count;
}

/// Whether every part gets its own copy of `function`: a body callers may
/// inline (small, or `alwaysinline`, such as the vector variants of exp),
/// which is not a coroutine (CoroSplit splits one in place).
bool copiedToEveryPart(const llvm::Function &function) {
  if (function.isDeclaration() || function.isPresplitCoroutine() ||
      function.hasFnAttribute(llvm::Attribute::NoInline))
    return false;
  return function.hasFnAttribute(llvm::Attribute::AlwaysInline) ||
         instructionCount(function) <= kCopiedFunctionMaxInstructions;
}

bool copiedToEveryPart(const llvm::GlobalVariable &global) {
  if (global.isDeclaration() || !global.isConstant() || !global.hasLocalLinkage())
    return false;
  const llvm::DataLayout &layout = global.getParent()->getDataLayout();
  return layout.getTypeAllocSize(global.getValueType()) <= kCopiedGlobalMaxBytes;
}

/// Compiles one part, in a context of its own: parses its bitcode,
/// optimizes it and writes its object file, with a target machine of its
/// own (a target machine is not thread-safe either).
void compilePart(llvm::StringRef bitcode, llvm::TargetMachine *machine,
                 llvm::SmallString<0> &object, std::string &error,
                 oxla::CompileTimings *timings, unsigned part, std::string &initializer) {
  oxla::CompileTimings::Scope optimizing(timings, "part " + llvm::Twine(part) + ": optimize",
                                         /*depth=*/1);
  llvm::LLVMContext context;
  llvm::Expected<std::unique_ptr<llvm::Module>> module = llvm::parseBitcodeFile(
      llvm::MemoryBufferRef(bitcode, "part"), context);
  if (!module) {
    error = llvm::toString(module.takeError());
    return;
  }
  if (llvm::Error e = oxla::makeOptimizer(machine)(module->get())) {
    error = llvm::toString(std::move(e));
    return;
  }
  optimizing.stop();
  std::string name = oxla::constantInitializerName(part);
  if (oxla::emitConstantsAsData(**module, name))
    initializer = name;
  oxla::CompileTimings::Scope generating(
      timings, "part " + llvm::Twine(part) + ": generate code", /*depth=*/1);
  llvm::raw_svector_ostream os(object);
  (void)oxla::emitMachineCode(**module, *machine, /*assembly=*/false, os, error);
}

} // namespace

unsigned oxla::parallelCompileThreads() {
  return std::max(1u, std::thread::hardware_concurrency());
}

unsigned oxla::parallelCompileParts(const llvm::Module &module, unsigned threads) {
  size_t instructions = 0;
  for (const llvm::Function &function : module)
    instructions += instructionCount(function);
  size_t bySize = instructions / kParallelCompileMinInstructions;
  // One thread compiles the module whole: parts would only add the split.
  if (threads == 1)
    return 1;
  return static_cast<unsigned>(std::clamp<size_t>(bySize, 1, threads * kPartsPerThread));
}

LogicalResult oxla::compileInParallel(std::unique_ptr<llvm::Module> module,
                                      llvm::StringRef cpu, unsigned parts,
                                      llvm::SmallVectorImpl<llvm::SmallString<0>> &objects,
                                      std::string &error, CompileTimings *timings,
                                      llvm::SmallVectorImpl<std::string> *initializers,
                                      unsigned threads) {
  parts = std::max(parts, 1u);
  threads = threads == 0 ? parts : std::clamp(threads, 1u, parts);
  CompileTimings::Scope splitting(timings, "llvm: split into " + llvm::Twine(parts) +
                                               (parts == 1 ? " part" : " parts"));
  // Each definition's part: copied ones in all (-1), the rest spread by
  // size, largest first, each to the part with the fewest instructions.
  llvm::DenseMap<const llvm::GlobalValue *, int> home;
  llvm::SmallVector<std::pair<size_t, llvm::Function *>> bySize;
  for (llvm::Function &function : *module) {
    if (function.isDeclaration())
      continue;
    if (parts > 1 && copiedToEveryPart(function))
      home[&function] = -1;
    else
      bySize.push_back({instructionCount(function), &function});
  }
  llvm::stable_sort(bySize, [](auto &a, auto &b) { return a.first > b.first; });
  llvm::SmallVector<size_t> load(parts, 0);
  for (auto [size, function] : bySize) {
    unsigned part = std::min_element(load.begin(), load.end()) - load.begin();
    home[function] = part;
    load[part] += size;
  }
  for (llvm::GlobalVariable &global : module->globals())
    if (!global.isDeclaration())
      home[&global] = parts > 1 && copiedToEveryPart(global) ? -1 : 0;

  // Local symbols defined in one part are referenced from others: they
  // become hidden external symbols (renamed apart from any symbol of the
  // runtime).
  if (parts > 1)
    for (llvm::GlobalValue &value : module->global_values()) {
      auto found = home.find(&value);
      if (found == home.end() || found->second < 0 || !value.hasLocalLinkage())
        continue;
      value.setName("__oxla_local." + value.getName());
      value.setLinkage(llvm::GlobalValue::ExternalLinkage);
      value.setVisibility(llvm::GlobalValue::HiddenVisibility);
    }

  // Each part as bitcode, the part's definitions (and the copies) cloned
  // with declarations of the rest.
  llvm::SmallVector<llvm::SmallString<0>> bitcode(parts);
  for (unsigned part = 0; part < parts; ++part) {
    std::unique_ptr<llvm::Module> clone;
    if (parts == 1) {
      clone = std::move(module);
    } else {
      llvm::ValueToValueMapTy map;
      clone = llvm::CloneModule(*module, map, [&](const llvm::GlobalValue *value) {
        auto found = home.find(value);
        return found != home.end() &&
               (found->second < 0 || found->second == static_cast<int>(part));
      });
      // The copies are this part's own, except part 0's of a symbol that
      // was external (the one the library exports).
      if (part != 0)
        for (auto [value, where] : home)
          if (where < 0)
            llvm::cast<llvm::GlobalValue>(map[value])
                ->setLinkage(llvm::GlobalValue::InternalLinkage);
    }
    llvm::raw_svector_ostream os(bitcode[part]);
    llvm::WriteBitcodeToFile(*clone, os);
  }
  module.reset();
  splitting.stop();

  // The target machines (one per thread) are made here: registering the
  // target on first use is not thread-safe.
  llvm::SmallVector<std::unique_ptr<llvm::TargetMachine>> machines;
  for (unsigned thread = 0; thread < threads; ++thread) {
    machines.push_back(createTargetMachine(cpu, error));
    if (!machines.back())
      return failure();
  }
  std::string label = "llvm: optimize and generate code (" + std::to_string(parts) +
                       (parts == 1 ? " part)"
                        : threads == parts
                            ? " parts on as many threads)"
                            : " parts on " + std::to_string(threads) +
                                  (threads == 1 ? " thread)" : " threads)"));
  CompileTimings::Scope compiling(timings, label);
  objects.assign(parts, llvm::SmallString<0>());
  llvm::SmallVector<std::string> errors(parts), partInitializers(parts);
  // Each thread takes the largest part left (the parts are filled largest
  // function first, so the loads are in decreasing order but for ties).
  llvm::SmallVector<unsigned> order(parts);
  std::iota(order.begin(), order.end(), 0u);
  llvm::stable_sort(order, [&](unsigned a, unsigned b) { return load[a] > load[b]; });
  std::atomic<unsigned> next{0};
  auto work = [&](unsigned thread) {
    for (unsigned i = next++; i < parts; i = next++) {
      unsigned part = order[i];
      compilePart(bitcode[part], machines[thread].get(), objects[part], errors[part], timings,
                  part, partInitializers[part]);
    }
  };
  llvm::SmallVector<std::thread> workers;
  for (unsigned thread = 1; thread < threads; ++thread)
    workers.emplace_back(work, thread);
  work(0);
  for (std::thread &worker : workers)
    worker.join();
  compiling.stop();
  for (std::string &message : errors)
    if (!message.empty()) {
      error = message;
      return failure();
    }
  if (initializers)
    for (std::string &name : partInitializers)
      if (!name.empty())
        initializers->push_back(std::move(name));
  return success();
}
