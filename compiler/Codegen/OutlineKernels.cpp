//===- OutlineKernels.cpp - Each loop nest a function of its own ----------===//
//
// See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/BitVector.h"

namespace oxla {
#define GEN_PASS_DEF_OUTLINEKERNELS
#include "compiler/Codegen/Passes.h.inc"
} // namespace oxla

using namespace mlir;

namespace {

/// Whether `value` is made by an op that the kernel recomputes for itself
/// instead of taking it as an argument: a constant, which LLVM then folds
/// into the kernel's code. The address of a global is an argument at
/// first, so that the kernels of a model's layers, the same code on the
/// weights of each layer, are one function (sinkGlobals then moves back
/// into the kernel the globals that all its calls pass).
bool isRecomputed(Value value) {
  Operation *def = value.getDefiningOp();
  return def && def->getNumOperands() == 0 && def->getNumRegions() == 0 &&
         matchPattern(def, m_Constant());
}

/// The number of ops in the loop `op`, or nullopt where it allocates on
/// the heap: such a loop (the body of a program's while loop, a row tile
/// with temporaries) holds several kernels, not one.
std::optional<int64_t> kernelSize(Operation *op) {
  int64_t ops = 0;
  WalkResult walk = op->walk([&](Operation *inner) {
    if (isa<memref::AllocOp, memref::DeallocOp, memref::ReallocOp>(inner))
      return WalkResult::interrupt();
    ++ops;
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return std::nullopt;
  return ops;
}

/// An outlined kernel and the calls of it.
struct Kernel {
  func::FuncOp function;
  SmallVector<func::CallOp> calls;
};

/// Moves `kernel` into a new private function inserted before `parent`
/// and replaces it with a call: the values it uses from above become the
/// function's arguments (constants are cloned into it), its results the
/// function's results.
Kernel outline(Operation *kernel, func::FuncOp parent, SymbolTable &symbols,
               ArrayAttr noinline) {
  llvm::SetVector<Value> captured;
  getUsedValuesDefinedAbove(kernel->getRegions(), captured);
  SmallVector<Value> arguments;
  SmallVector<Operation *> recomputed;
  for (Value value : captured) {
    if (isRecomputed(value))
      recomputed.push_back(value.getDefiningOp());
    else
      arguments.push_back(value);
  }
  for (Value operand : kernel->getOperands())
    if (!llvm::is_contained(arguments, operand)) {
      if (isRecomputed(operand)) {
        if (!llvm::is_contained(recomputed, operand.getDefiningOp()))
          recomputed.push_back(operand.getDefiningOp());
      } else {
        arguments.push_back(operand);
      }
    }

  OpBuilder builder(parent);
  auto type = builder.getFunctionType(ValueRange(arguments).getTypes(),
                                      kernel->getResultTypes());
  auto function = builder.create<func::FuncOp>(
      kernel->getLoc(), (parent.getSymName() + "_kernel").str(), type);
  function.setPrivate();
  function->setAttr("passthrough", noinline);
  symbols.insert(function); // renamed to be unique

  Block *entry = function.addEntryBlock();
  IRMapping mapping;
  for (auto [value, argument] : llvm::zip(arguments, entry->getArguments()))
    mapping.map(value, argument);
  builder.setInsertionPointToStart(entry);
  for (Operation *op : recomputed)
    builder.clone(*op, mapping);
  Operation *body = builder.clone(*kernel, mapping);
  builder.create<func::ReturnOp>(kernel->getLoc(), body->getResults());

  builder.setInsertionPoint(kernel);
  auto call = builder.create<func::CallOp>(kernel->getLoc(), function, arguments);
  kernel->replaceAllUsesWith(call.getResults());
  kernel->erase();
  return {function, {call}};
}

/// At most this many constants of a kernel become arguments so that it is
/// shared with kernels that differ from it in them only.
constexpr size_t kMaxConstantArguments = 16;

/// A kernel's body in walk order: its blocks, its ops and the number of
/// each value (block arguments and results, in order of definition).
struct Body {
  SmallVector<Block *> blocks;
  SmallVector<Operation *> ops;
  llvm::DenseMap<Value, unsigned> numbers;

  explicit Body(func::FuncOp function) { add(function.getBody()); }
  void add(Region &region) {
    for (Block &block : region) {
      blocks.push_back(&block);
      for (BlockArgument argument : block.getArguments())
        numbers.try_emplace(argument, numbers.size());
      for (Operation &op : block) {
        ops.push_back(&op);
        for (Value result : op.getResults())
          numbers.try_emplace(result, numbers.size());
        for (Region &inner : op.getRegions())
          add(inner);
      }
    }
  }
};

/// A scalar constant, which kernels that share code may differ in.
arith::ConstantOp scalarConstant(Operation *op) {
  auto constant = dyn_cast<arith::ConstantOp>(op);
  return constant && constant.getType().isIntOrIndexOrFloat() ? constant : nullptr;
}

/// Whether the kernel may take the constant `op` as an argument: not a
/// loop's bound or step, which the optimizer needs known to vectorize.
bool mayBecomeArgument(Operation *op) {
  return llvm::none_of(op->getUsers(),
                       [](Operation *user) { return isa<LoopLikeOpInterface>(user); });
}

/// A hash that kernels equal but for the values of scalar constants share.
llvm::hash_code structuralHash(const Body &body, func::FuncOp function) {
  llvm::hash_code hash = hash_value(function.getFunctionType());
  for (Operation *op : body.ops) {
    if (arith::ConstantOp constant = scalarConstant(op))
      hash = llvm::hash_combine(hash, op->getName(), constant.getType());
    else
      hash = llvm::hash_combine(
          hash, op->getNumRegions(),
          OperationEquivalence::computeHash(op, OperationEquivalence::ignoreHashValue,
                                            OperationEquivalence::ignoreHashValue,
                                            OperationEquivalence::IgnoreLocations));
  }
  return hash;
}

/// Whether `a` and `b` compute the same from the same arguments but for the
/// values of scalar constants; if so, adds to `differing` the positions (in
/// walk order) of the constants whose values differ.
bool equalButForConstants(func::FuncOp aFunction, const Body &a, func::FuncOp bFunction,
                          const Body &b, llvm::SmallSetVector<size_t, 4> &differing) {
  if (aFunction.getFunctionType() != bFunction.getFunctionType() ||
      a.blocks.size() != b.blocks.size() || a.ops.size() != b.ops.size())
    return false;
  for (auto [x, y] : llvm::zip(a.blocks, b.blocks))
    if (x->getArgumentTypes() != y->getArgumentTypes() ||
        x->getOperations().size() != y->getOperations().size())
      return false;
  for (size_t i = 0; i < a.ops.size(); ++i) {
    Operation *x = a.ops[i], *y = b.ops[i];
    if (x->getName() != y->getName() || x->getResultTypes() != y->getResultTypes() ||
        x->getNumOperands() != y->getNumOperands() ||
        x->getNumRegions() != y->getNumRegions() || x->getNumSuccessors() != 0 ||
        y->getNumSuccessors() != 0)
      return false;
    for (auto [u, v] : llvm::zip(x->getOperands(), y->getOperands()))
      if (a.numbers.lookup(u) != b.numbers.lookup(v))
        return false;
    for (auto [r, s] : llvm::zip(x->getRegions(), y->getRegions()))
      if (r.getBlocks().size() != s.getBlocks().size())
        return false;
    arith::ConstantOp constant = scalarConstant(x);
    if (constant && constant.getValue() != cast<arith::ConstantOp>(y).getValue()) {
      if (!mayBecomeArgument(x) || !mayBecomeArgument(y))
        return false;
      differing.insert(i);
      continue;
    }
    if (x->getRawDictionaryAttrs() != y->getRawDictionaryAttrs() ||
        !x->getName().compareOpProperties(x->getPropertiesStorage(),
                                          y->getPropertiesStorage()))
      return false;
  }
  return true;
}

/// Kernels that share one function: the first (kept), the others (erased),
/// and the positions of the constants they differ in.
struct KernelClass {
  size_t first;
  SmallVector<size_t> others;
  llvm::SmallSetVector<size_t, 4> differing;
};

/// Keeps one function of each class of kernels that are structurally
/// equivalent (equal but for names, locations and the values of up to
/// kMaxConstantArguments scalar constants): the constants they differ in
/// become arguments of the kept function, which the calls of the others
/// call, and the others are erased. A model's repeated layers are compiled
/// once instead of once a layer.
void deduplicate(SmallVectorImpl<Kernel> &kernels) {
  SmallVector<Body> bodies;
  for (Kernel &kernel : kernels)
    bodies.emplace_back(kernel.function);
  llvm::DenseMap<llvm::hash_code, SmallVector<size_t, 1>> byHash;
  SmallVector<KernelClass> classes;
  for (size_t k = 0; k < kernels.size(); ++k) {
    SmallVector<size_t, 1> &candidates =
        byHash[structuralHash(bodies[k], kernels[k].function)];
    bool joined = false;
    for (size_t c : candidates) {
      KernelClass &kernelClass = classes[c];
      llvm::SmallSetVector<size_t, 4> differing = kernelClass.differing;
      size_t first = kernelClass.first;
      if (!equalButForConstants(kernels[first].function, bodies[first], kernels[k].function,
                                bodies[k], differing) ||
          differing.size() > kMaxConstantArguments)
        continue;
      kernelClass.differing = std::move(differing);
      kernelClass.others.push_back(k);
      joined = true;
      break;
    }
    if (!joined) {
      candidates.push_back(classes.size());
      classes.push_back({k, {}, {}});
    }
  }

  SmallVector<Kernel> kept;
  for (KernelClass &kernelClass : classes) {
    // Each member's calls pass the values of its differing constants.
    auto passConstants = [&](size_t member) {
      for (func::CallOp call : kernels[member].calls) {
        OpBuilder builder(call);
        SmallVector<Value> values;
        for (size_t position : kernelClass.differing) {
          auto constant = cast<arith::ConstantOp>(bodies[member].ops[position]);
          values.push_back(builder.create<arith::ConstantOp>(
              call.getLoc(), constant.getType(), constant.getValue()));
        }
        call->insertOperands(call->getNumOperands(), values);
      }
    };
    Kernel &first = kernels[kernelClass.first];
    passConstants(kernelClass.first);
    for (size_t member : kernelClass.others) {
      passConstants(member);
      for (func::CallOp call : kernels[member].calls) {
        call.setCallee(first.function.getSymName());
        first.calls.push_back(call);
      }
      kernels[member].function.erase();
    }
    // The kept function takes them as arguments, after its own.
    for (size_t position : kernelClass.differing) {
      Operation *constant = bodies[kernelClass.first].ops[position];
      unsigned index = first.function.getNumArguments();
      first.function.insertArgument(index, constant->getResult(0).getType(), {},
                                    constant->getLoc());
      constant->getResult(0).replaceAllUsesWith(first.function.getArgument(index));
      constant->erase();
    }
    kept.push_back(std::move(first));
  }
  kernels = std::move(kept);
}

/// Moves into the kernel the global addresses that every call of it
/// passes as the same argument: a kernel called once (or only on one
/// global) reads its global directly, as LLVM can best optimize it.
void sinkGlobals(Kernel &kernel) {
  Block &entry = kernel.function.getBody().front();
  llvm::BitVector sunk(entry.getNumArguments());
  OpBuilder builder = OpBuilder::atBlockBegin(&entry);
  for (unsigned i = 0; i < entry.getNumArguments(); ++i) {
    auto first = kernel.calls.front().getOperand(i).getDefiningOp<memref::GetGlobalOp>();
    if (!first || llvm::any_of(kernel.calls, [&](func::CallOp call) {
          auto global = call.getOperand(i).getDefiningOp<memref::GetGlobalOp>();
          return !global || global.getName() != first.getName();
        }))
      continue;
    Operation *clone = builder.clone(*first);
    entry.getArgument(i).replaceAllUsesWith(clone->getResult(0));
    sunk.set(i);
  }
  if (sunk.none())
    return;
  kernel.function.eraseArguments(sunk);
  for (func::CallOp call : kernel.calls)
    call->eraseOperands(sunk);
}

struct OutlineKernels : public oxla::impl::OutlineKernelsBase<OutlineKernels> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    auto noinline = ArrayAttr::get(&getContext(), {StringAttr::get(&getContext(), "noinline")});
    SmallVector<std::pair<Operation *, func::FuncOp>> found;
    for (auto function : module.getOps<func::FuncOp>()) {
      if (function.isExternal())
        continue;
      SmallVector<Operation *> loops;
      function.walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (!isa<scf::ForOp, scf::ParallelOp>(op))
          return WalkResult::advance();
        std::optional<int64_t> size = kernelSize(op);
        if (!size) // kernels inside
          return WalkResult::advance();
        if (*size >= minOps)
          loops.push_back(op);
        return WalkResult::skip();
      });
      // A function that is one kernel already stays as it is.
      if (loops.size() < 2)
        continue;
      for (Operation *op : loops)
        found.push_back({op, function});
    }
    SmallVector<Kernel> kernels;
    for (auto [kernel, parent] : found)
      kernels.push_back(outline(kernel, parent, symbols, noinline));
    deduplicate(kernels);
    for (Kernel &kernel : kernels)
      sinkGlobals(kernel);
  }
};

} // namespace
