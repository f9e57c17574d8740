//===- DonatedArguments.cpp - Results written over donated arguments ------===//
//
// See DonatedArguments.h and Passes.td (oxla-reuse-donated-arguments).
//
//===----------------------------------------------------------------------===//

#include "compiler/Codegen/DonatedArguments.h"
#include "compiler/Codegen/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace oxla {
#define GEN_PASS_DEF_REUSEDONATEDARGUMENTS
#include "compiler/Codegen/Passes.h.inc"
} // namespace oxla

using namespace mlir;

LogicalResult oxla::pairDonatedArguments(func::FuncOp entry) {
  FunctionType type = entry.getFunctionType();
  unsigned numResults = type.getNumResults();
  SmallVector<int64_t> pairs;
  SmallVector<bool> taken(numResults, false);
  SmallVector<unsigned> donors;
  auto sameType = [&](unsigned argument, unsigned result) {
    auto tensor = dyn_cast<RankedTensorType>(type.getInput(argument));
    return tensor && tensor.hasStaticShape() && tensor == type.getResult(result);
  };
  for (unsigned i = 0; i < type.getNumInputs(); ++i) {
    if (auto alias = entry.getArgAttrOfType<IntegerAttr>(i, "tf.aliasing_output")) {
      int64_t k = alias.getInt();
      if (k < 0 || k >= numResults)
        return entry.emitError() << "argument #" << i << " has tf.aliasing_output = " << k
                                 << ", but the function has " << numResults << " result(s)";
      if (taken[k])
        return entry.emitError() << "argument #" << i << " has tf.aliasing_output = " << k
                                 << ", a result another argument already aliases";
      if (type.getInput(i) != type.getResult(k))
        return entry.emitError() << "argument #" << i << " has tf.aliasing_output = " << k
                                 << ", but it is " << type.getInput(i) << " and result #"
                                 << k << " is " << type.getResult(k);
      // A dynamic shape has no bytes known before the call: not reused.
      if (!sameType(i, k))
        continue;
      taken[k] = true;
      pairs.append({i, k});
    } else if (auto donor = entry.getArgAttrOfType<BoolAttr>(i, "jax.buffer_donor");
               donor && donor.getValue()) {
      donors.push_back(i);
    }
  }
  for (unsigned i : donors)
    for (unsigned k = 0; k < numResults; ++k)
      if (!taken[k] && sameType(i, k)) {
        taken[k] = true;
        pairs.append({i, k});
        break;
      }
  if (pairs.empty())
    return success();
  Builder builder(entry.getContext());
  entry->setAttr(kDonationsAttr, builder.getDenseI64ArrayAttr(pairs));
  entry->setAttr(kEntryResultsAttr, builder.getI64IntegerAttr(numResults));
  return success();
}

namespace {

/// Whether `op` only makes a view of its operands (no access of its own).
bool isView(Operation *op) {
  return isa<ViewLikeOpInterface, memref::CastOp, memref::ExpandShapeOp,
             memref::CollapseShapeOp, memref::ReinterpretCastOp>(op);
}

/// Where `root`'s memory is touched: for each op of `block` that reads or
/// writes it (itself or through a view), or runs a nested op that does, the
/// op's index in `block`. nullopt when its address escapes as an integer
/// (a custom call's operand), where the access happens later than the op
/// that reads the address.
std::optional<SmallVector<Operation *>> touches(Value root, Block &block,
                                                llvm::DenseSet<Value> &aliases) {
  SmallVector<Value> worklist{root};
  SmallVector<Operation *> ops;
  aliases.insert(root);
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (Operation *user : value.getUsers()) {
      if (isa<memref::ExtractAlignedPointerAsIndexOp>(user))
        return std::nullopt;
      // Any memref an op makes of it may alias it.
      for (Value result : user->getResults())
        if (isa<BaseMemRefType>(result.getType()) && aliases.insert(result).second)
          worklist.push_back(result);
      if (isView(user) || isa<memref::ExtractStridedMetadataOp>(user))
        continue;
      Operation *top = block.findAncestorOpInBlock(*user);
      if (!top)
        return std::nullopt;
      ops.push_back(top);
    }
  }
  return ops;
}

/// Whether `op` may read `argument` and write `out` when they are one
/// buffer: an elementwise linalg.generic (every loop parallel) that takes
/// them (not views of them) through the same permutation map, each element
/// read before its result is stored, and no other alias of either.
bool updatesInPlace(Operation *op, Value argument, Value out,
                    const llvm::DenseSet<Value> &argumentAliases,
                    const llvm::DenseSet<Value> &outAliases) {
  auto generic = dyn_cast<linalg::GenericOp>(op);
  if (!generic || generic.getNumParallelLoops() != generic.getNumLoops())
    return false;
  std::optional<AffineMap> map;
  for (OpOperand &operand : op->getOpOperands()) {
    Value value = operand.get();
    if (value != argument && value != out) {
      if (argumentAliases.contains(value) || outAliases.contains(value))
        return false;
      continue;
    }
    if (value == out && !generic.isDpsInit(&operand))
      return false;
    AffineMap operandMap = generic.getMatchingIndexingMap(&operand);
    if (!operandMap.isPermutation() || (map && *map != operandMap))
      return false;
    map = operandMap;
  }
  bool nestedUse = false;
  op->walk([&](Operation *inner) {
    if (inner != op)
      for (Value value : inner->getOperands())
        nestedUse |= argumentAliases.contains(value) || outAliases.contains(value);
  });
  return !nestedUse;
}

struct ReuseDonatedArguments
    : public oxla::impl::ReuseDonatedArgumentsBase<ReuseDonatedArguments> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    Builder builder(module.getContext());
    SmallVector<Attribute> records;
    if (auto existing = module->getAttrOfType<ArrayAttr>(oxla::kDonationRecordsAttr))
      llvm::append_range(records, existing);
    for (auto function : module.getOps<func::FuncOp>()) {
      auto pairs = function->getAttrOfType<DenseI64ArrayAttr>(oxla::kDonationsAttr);
      auto numResults = function->getAttrOfType<IntegerAttr>(oxla::kEntryResultsAttr);
      function->removeAttr(oxla::kDonationsAttr);
      function->removeAttr(oxla::kEntryResultsAttr);
      if (!pairs || !numResults || function.isExternal())
        continue;
      if (function.getNumResults() != 0 || !function.getBody().hasOneBlock() ||
          function.getNumArguments() < numResults.getInt()) {
        function.emitOpError("donated arguments: expected a function on buffers whose results "
                             "are out-parameters");
        return signalPassFailure();
      }
      unsigned firstOut = function.getNumArguments() - numResults.getInt();
      Block &body = function.getBody().front();
      for (size_t p = 0; p + 1 < pairs.size(); p += 2) {
        Value argument = function.getArgument(pairs[p]);
        Value out = function.getArgument(firstOut + pairs[p + 1]);
        bool copied = reuse(body, argument, out);
        NamedAttrList record;
        record.set("entry", builder.getStringAttr(function.getSymName()));
        record.set("argument", builder.getI64IntegerAttr(pairs[p]));
        record.set("result", builder.getI64IntegerAttr(pairs[p + 1]));
        record.set("copied", builder.getBoolAttr(copied));
        records.push_back(record.getDictionary(builder.getContext()));
      }
    }
    if (!records.empty())
      module->setAttr(oxla::kDonationRecordsAttr, builder.getArrayAttr(records));
  }

  /// Makes `body` correct when `argument` and `out` are one buffer; returns
  /// whether that needed a temporary copied into `out` at the end.
  static bool reuse(Block &body, Value argument, Value out) {
    llvm::DenseSet<Value> argumentAliases, outAliases;
    std::optional<SmallVector<Operation *>> reads = touches(argument, body, argumentAliases);
    std::optional<SmallVector<Operation *>> writes = touches(out, body, outAliases);
    if (writes && writes->empty())
      return false;
    if (reads && writes) {
      if (reads->empty())
        return false;
      // Every read of the argument before the first write of the result,
      // or in that op when it updates elementwise in place.
      Operation *lastRead = reads->front(), *firstWrite = writes->front();
      for (Operation *op : *reads)
        if (lastRead->isBeforeInBlock(op))
          lastRead = op;
      for (Operation *op : *writes)
        if (op->isBeforeInBlock(firstWrite))
          firstWrite = op;
      if (lastRead->isBeforeInBlock(firstWrite))
        return false;
      if (lastRead == firstWrite &&
          updatesInPlace(firstWrite, argument, out, argumentAliases, outAliases))
        return false;
    }
    // Otherwise the result is computed in a temporary (which the buffer plan
    // places) and copied into the out-parameter after the last read.
    // The temporary starts where the out-parameter is first used (a view
    // of it included).
    Operation *first = body.getTerminator();
    for (Operation *user : out.getUsers())
      if (Operation *top = body.findAncestorOpInBlock(*user); top && top->isBeforeInBlock(first))
        first = top;
    OpBuilder builder(first);
    Location loc = out.getLoc();
    auto type = cast<MemRefType>(out.getType());
    Value fresh = builder.create<memref::AllocOp>(loc, type);
    out.replaceAllUsesWith(fresh);
    builder.setInsertionPoint(body.getTerminator());
    builder.create<memref::CopyOp>(loc, fresh, out);
    return true;
  }
};

} // namespace
