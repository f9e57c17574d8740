//===- ImportSdyRoundTrip.cpp - Shardy's string form into the dialect ----===//
//
// --oxla-import-sdy-round-trip (Passes.td). Each `xla.sdy.*` string in
// `mhlo.frontend_attributes` holds the text of an sdy attribute; it is parsed
// with MLIR's attribute parser, and a string that does not parse is
// reported at the op that carries it, with the parser's reason.
//
//===----------------------------------------------------------------------===//

#include "compiler/Sharding/Passes.h"

#include "compiler/Dialect/SDY/IR/SDY.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Pass/PassManager.h"

namespace oxla {
#define GEN_PASS_DEF_IMPORTSDYROUNDTRIP
#include "compiler/Sharding/Passes.h.inc"
} // namespace oxla

using namespace mlir;
using namespace oxla;

namespace {

constexpr llvm::StringLiteral kFrontendAttrs = "mhlo.frontend_attributes";
constexpr llvm::StringLiteral kMeshes = "xla.sdy.meshes";
constexpr llvm::StringLiteral kSharding = "xla.sdy.sharding";
constexpr llvm::StringLiteral kShardingRule = "xla.sdy.sharding_rule";
constexpr llvm::StringLiteral kInShardings = "xla.sdy.in_shardings";
constexpr llvm::StringLiteral kOutShardings = "xla.sdy.out_shardings";
constexpr llvm::StringLiteral kManualAxes = "xla.sdy.manual_axes";
constexpr llvm::StringLiteral kBodyPrefix = "xla.sdy.manual_computation_body";

/// Parses the attribute text `text` (the value of `key`) as an `AttrT`;
/// reports the reason at `op` and returns null when it is not one.
template <typename AttrT>
AttrT parseString(Operation *op, StringRef key, StringRef text) {
  std::string reason;
  Attribute attr;
  {
    ScopedDiagnosticHandler capture(op->getContext(), [&](Diagnostic &diag) {
      if (reason.empty())
        reason = diag.str();
      return success();
    });
    size_t numRead = 0;
    attr = parseAttribute(text, op->getContext(), Type(), &numRead);
    if (attr && numRead != text.size()) {
      reason = "unexpected text after the attribute";
      attr = {};
    }
  }
  auto typed = dyn_cast_or_null<AttrT>(attr);
  if (!typed) {
    InFlightDiagnostic diag = op->emitError()
                              << "cannot read " << key << " = \"" << text << "\": ";
    if (attr)
      diag << "it is not the expected kind of sdy attribute";
    else
      diag << reason;
  }
  return typed;
}

/// The frontend attribute `key` of `dict` as a string, or null.
StringAttr stringEntry(DictionaryAttr dict, StringRef key) {
  return dict ? dict.getAs<StringAttr>(key) : StringAttr();
}

/// `dict` without `keys`; null when nothing remains.
DictionaryAttr without(DictionaryAttr dict, ArrayRef<StringRef> keys) {
  SmallVector<NamedAttribute> kept;
  for (NamedAttribute entry : dict)
    if (!llvm::is_contained(keys, entry.getName().getValue()))
      kept.push_back(entry);
  return kept.empty() ? DictionaryAttr() : DictionaryAttr::get(dict.getContext(), kept);
}

void setFrontendAttrs(Operation *op, DictionaryAttr dict) {
  if (dict)
    op->setAttr(kFrontendAttrs, dict);
  else
    op->removeAttr(kFrontendAttrs);
}

struct ImportSdyRoundTripPass
    : public oxla::impl::ImportSdyRoundTripBase<ImportSdyRoundTripPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(importMeshes(module)) || failed(importFunctions(module)) ||
        failed(importOps(module)) || failed(importManualComputations(module)))
      signalPassFailure();
  }

  LogicalResult importMeshes(ModuleOp module) {
    auto dict = module->getAttrOfType<DictionaryAttr>(kFrontendAttrs);
    StringAttr text = stringEntry(dict, kMeshes);
    if (!text)
      return success();
    auto meshes = parseString<DictionaryAttr>(module, kMeshes, text.getValue());
    if (!meshes)
      return failure();
    OpBuilder builder(module.getBodyRegion());
    for (NamedAttribute entry : meshes) {
      auto mesh = dyn_cast<sdy::MeshAttr>(entry.getValue());
      if (!mesh)
        return module.emitError() << kMeshes << ": '" << entry.getName().getValue()
                                  << "' is not an #sdy.mesh";
      builder.create<sdy::MeshOp>(module.getLoc(), entry.getName(), mesh);
    }
    setFrontendAttrs(module, without(dict, {kMeshes}));
    return success();
  }

  LogicalResult importFunctions(ModuleOp module) {
    for (auto func : module.getOps<func::FuncOp>()) {
      auto import = [&](DictionaryAttr attrs, auto set) -> LogicalResult {
        auto dict = attrs ? attrs.getAs<DictionaryAttr>(kFrontendAttrs) : DictionaryAttr();
        StringAttr text = stringEntry(dict, kSharding);
        if (!text)
          return success();
        auto sharding = parseString<sdy::TensorShardingAttr>(func, kSharding, text.getValue());
        if (!sharding)
          return failure();
        set(sharding, without(dict, {kSharding}));
        return success();
      };
      MLIRContext *context = func.getContext();
      auto shardingName = StringAttr::get(context, sdy::kShardingAttr);
      auto frontendName = StringAttr::get(context, kFrontendAttrs);
      for (unsigned i = 0; i < func.getNumArguments(); ++i)
        if (failed(import(func.getArgAttrDict(i), [&](Attribute s, DictionaryAttr rest) {
              func.setArgAttr(i, shardingName, s);
              if (rest)
                func.setArgAttr(i, frontendName, rest);
              else
                func.removeArgAttr(i, frontendName);
            })))
          return failure();
      for (unsigned i = 0; i < func.getNumResults(); ++i)
        if (failed(import(func.getResultAttrDict(i), [&](Attribute s, DictionaryAttr rest) {
              func.setResultAttr(i, shardingName, s);
              if (rest)
                func.setResultAttr(i, frontendName, rest);
              else
                func.removeResultAttr(i, frontendName);
            })))
          return failure();
    }
    return success();
  }

  LogicalResult importOps(ModuleOp module) {
    SmallVector<Operation *> ops;
    module.walk([&](Operation *op) {
      if (op->hasAttr(kFrontendAttrs) && !isa<ModuleOp, func::FuncOp>(op))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      auto dict = op->getAttrOfType<DictionaryAttr>(kFrontendAttrs);
      if (!dict)
        continue;
      if (StringAttr text = stringEntry(dict, kShardingRule)) {
        auto rule = parseString<sdy::OpShardingRuleAttr>(op, kShardingRule, text.getValue());
        if (!rule)
          return failure();
        op->setAttr(sdy::kShardingRuleAttr, rule);
      }
      StringAttr text = stringEntry(dict, kSharding);
      setFrontendAttrs(op, without(dict, {kSharding, kShardingRule}));
      if (!text)
        continue;
      auto perValue =
          parseString<sdy::TensorShardingPerValueAttr>(op, kSharding, text.getValue());
      if (!perValue)
        return failure();
      auto call = dyn_cast<stablehlo::CustomCallOp>(op);
      StringRef target = call ? call.getCallTargetName() : "";
      if (target == "xla.sdy.FuncResultSharding") {
        if (failed(importFuncResultSharding(call, perValue)))
          return failure();
        continue;
      }
      if (target == "Sharding" && op->getNumOperands() == 1 && op->getNumResults() == 1 &&
          perValue.getShardings().size() == 1) {
        OpBuilder builder(op);
        auto constraint = builder.create<sdy::ShardingConstraintOp>(
            op->getLoc(), op->getOperand(0), perValue.getShardings()[0]);
        op->getResult(0).replaceAllUsesWith(constraint.getResult());
        op->erase();
        continue;
      }
      op->setAttr(sdy::kShardingAttr, perValue);
    }
    return success();
  }

  /// `custom_call @xla.sdy.FuncResultSharding(%v)` feeding `return`: the
  /// sharding goes to the function result, the call is replaced by `%v`.
  LogicalResult importFuncResultSharding(stablehlo::CustomCallOp call,
                                         sdy::TensorShardingPerValueAttr perValue) {
    if (call->getNumOperands() != call->getNumResults() ||
        perValue.getShardings().size() != call->getNumResults())
      return call.emitOpError() << "xla.sdy.FuncResultSharding needs one sharding per "
                                   "operand and result";
    auto func = call->getParentOfType<func::FuncOp>();
    for (auto [index, result] : llvm::enumerate(call->getResults())) {
      for (OpOperand &use : result.getUses())
        if (isa<func::ReturnOp>(use.getOwner()) && func)
          func.setResultAttr(use.getOperandNumber(),
                             StringAttr::get(call.getContext(), sdy::kShardingAttr),
                             perValue.getShardings()[index]);
      result.replaceAllUsesWith(call->getOperand(index));
    }
    call->erase();
    return success();
  }

  /// GlobalToLocalShape -> call @xla.sdy.manual_computation_body* ->
  /// LocalToGlobalShape becomes one sdy.manual_computation.
  LogicalResult importManualComputations(ModuleOp module) {
    SmallVector<func::CallOp> calls;
    module.walk([&](func::CallOp call) {
      if (call.getCallee().starts_with(kBodyPrefix))
        calls.push_back(call);
    });
    SymbolTable symbols(module);
    llvm::SmallPtrSet<Operation *, 4> bodies;
    for (func::CallOp call : calls) {
      auto body = symbols.lookup<func::FuncOp>(call.getCallee());
      if (!body)
        return call.emitOpError() << "calls @" << call.getCallee() << ", which does not exist";
      bodies.insert(body);
      stablehlo::CustomCallOp globalToLocal;
      for (Value operand : call.getOperands()) {
        auto producer = operand.getDefiningOp<stablehlo::CustomCallOp>();
        if (!producer || producer.getCallTargetName() != "xla.sdy.GlobalToLocalShape" ||
            (globalToLocal && producer != globalToLocal))
          return call.emitOpError() << "expected the operands of @" << call.getCallee()
                                    << " to be the results of one "
                                       "xla.sdy.GlobalToLocalShape custom call";
        globalToLocal = producer;
      }
      stablehlo::CustomCallOp localToGlobal;
      for (Value result : call.getResults())
        for (Operation *user : result.getUsers()) {
          auto consumer = dyn_cast<stablehlo::CustomCallOp>(user);
          if (!consumer || consumer.getCallTargetName() != "xla.sdy.LocalToGlobalShape" ||
              (localToGlobal && consumer != localToGlobal))
            return call.emitOpError() << "expected the results of @" << call.getCallee()
                                      << " to be used by one "
                                         "xla.sdy.LocalToGlobalShape custom call";
          localToGlobal = consumer;
        }
      if (call.getNumResults() > 0 && !localToGlobal)
        return call.emitOpError() << "expected an xla.sdy.LocalToGlobalShape custom call";
      // The shardings and manual axes, on the custom calls or on the call.
      auto find = [&](StringRef key) -> std::pair<Operation *, StringAttr> {
        for (Operation *op : {static_cast<Operation *>(call),
                              globalToLocal ? globalToLocal.getOperation() : nullptr,
                              localToGlobal ? localToGlobal.getOperation() : nullptr}) {
          if (!op)
            continue;
          if (StringAttr text =
                  stringEntry(op->getAttrOfType<DictionaryAttr>(kFrontendAttrs), key))
            return {op, text};
        }
        return {call, StringAttr()};
      };
      auto [inOp, inText] = find(kInShardings);
      auto [outOp, outText] = find(kOutShardings);
      auto [axesOp, axesText] = find(kManualAxes);
      MLIRContext *context = &getContext();
      auto ins = inText ? parseString<sdy::TensorShardingPerValueAttr>(inOp, kInShardings,
                                                                        inText.getValue())
                        : sdy::TensorShardingPerValueAttr::get(context, {});
      auto outs = outText ? parseString<sdy::TensorShardingPerValueAttr>(
                                outOp, kOutShardings, outText.getValue())
                          : sdy::TensorShardingPerValueAttr::get(context, {});
      auto axes = axesText ? parseString<sdy::ManualAxesAttr>(axesOp, kManualAxes,
                                                              axesText.getValue())
                           : sdy::ManualAxesAttr::get(context, {});
      if (!ins || !outs || !axes)
        return failure();

      Operation *insertAt = localToGlobal ? localToGlobal.getOperation() : call.getOperation();
      OpBuilder builder(insertAt);
      SmallVector<Value> operands;
      if (globalToLocal)
        llvm::append_range(operands, globalToLocal->getOperands());
      SmallVector<Type> resultTypes;
      if (localToGlobal)
        llvm::append_range(resultTypes, localToGlobal->getResultTypes());
      auto manual = builder.create<sdy::ManualComputationOp>(
          call.getLoc(), resultTypes, operands, ins, outs, axes);
      Block *block = builder.createBlock(&manual.getBody());
      IRMapping mapping;
      for (BlockArgument arg : body.getArguments())
        mapping.map(arg, block->addArgument(arg.getType(), arg.getLoc()));
      builder.setInsertionPointToEnd(block);
      for (Operation &op : body.front()) {
        if (auto ret = dyn_cast<func::ReturnOp>(op)) {
          SmallVector<Value> values;
          for (Value v : ret.getOperands())
            values.push_back(mapping.lookup(v));
          builder.create<sdy::ReturnOp>(ret.getLoc(), values);
          continue;
        }
        builder.clone(op, mapping);
      }
      if (localToGlobal) {
        localToGlobal->replaceAllUsesWith(manual->getResults());
        localToGlobal->erase();
      }
      call->erase();
      if (globalToLocal && globalToLocal->use_empty())
        globalToLocal->erase();
    }
    for (Operation *body : bodies)
      if (SymbolTable::symbolKnownUseEmpty(body, module))
        body->erase();
    return success();
  }
};

} // namespace

LogicalResult oxla::importShardingStrings(ModuleOp module) {
  // Only modules that carry the string form pay for the pass.
  bool hasStrings = false;
  module->walk([&](Operation *op) {
    WalkResult found = op->getAttrDictionary().walk([&](Attribute attr) {
      if (auto text = dyn_cast<StringAttr>(attr);
          text && text.getValue().starts_with("xla.sdy."))
        return WalkResult::interrupt();
      if (auto dict = dyn_cast<DictionaryAttr>(attr))
        for (NamedAttribute entry : dict)
          if (entry.getName().getValue().starts_with("xla.sdy."))
            return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (auto call = dyn_cast<func::CallOp>(op))
      if (call.getCallee().starts_with(kBodyPrefix))
        found = WalkResult::interrupt();
    if (found.wasInterrupted()) {
      hasStrings = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (!hasStrings)
    return success();
  PassManager pm(module.getContext(), ModuleOp::getOperationName());
  pm.addPass(createImportSdyRoundTrip());
  return pm.run(module);
}
