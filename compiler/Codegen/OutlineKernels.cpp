//===- OutlineKernels.cpp - Each loop nest a function of its own ----------===//
//
// See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"

namespace oxla {
#define GEN_PASS_DEF_OUTLINEKERNELS
#include "compiler/Codegen/Passes.h.inc"
} // namespace oxla

using namespace mlir;

namespace {

/// Whether `value` is made by an op that the kernel recomputes for itself
/// instead of taking it as an argument: a constant (which LLVM then folds
/// into the kernel's code) or the address of a global.
bool isRecomputed(Value value) {
  Operation *def = value.getDefiningOp();
  return def && def->getNumOperands() == 0 && def->getNumRegions() == 0 &&
         (matchPattern(def, m_Constant()) || isa<memref::GetGlobalOp>(def));
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

/// Moves `kernel` into a new private function inserted before `parent`
/// and replaces it with a call: the values it uses from above become the
/// function's arguments (constants and global addresses are cloned into
/// it), its results the function's results.
void outline(Operation *kernel, func::FuncOp parent, SymbolTable &symbols,
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
}

struct OutlineKernels : public oxla::impl::OutlineKernelsBase<OutlineKernels> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    auto noinline = ArrayAttr::get(&getContext(), {StringAttr::get(&getContext(), "noinline")});
    SmallVector<std::pair<Operation *, func::FuncOp>> kernels;
    for (auto function : module.getOps<func::FuncOp>()) {
      if (function.isExternal())
        continue;
      SmallVector<Operation *> found;
      function.walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (!isa<scf::ForOp, scf::ParallelOp>(op))
          return WalkResult::advance();
        std::optional<int64_t> size = kernelSize(op);
        if (!size) // kernels inside
          return WalkResult::advance();
        if (*size >= minOps)
          found.push_back(op);
        return WalkResult::skip();
      });
      // A function that is one kernel already stays as it is.
      if (found.size() < 2)
        continue;
      for (Operation *op : found)
        kernels.push_back({op, function});
    }
    for (auto [kernel, parent] : kernels)
      outline(kernel, parent, symbols, noinline);
  }
};

} // namespace
