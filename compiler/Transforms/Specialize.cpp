//===- Specialize.cpp - A function for the arguments it will get ----------===//

#include "compiler/Transforms/Specialize.h"

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "compiler/Transforms/Passes.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

bool oxla::hasDynamicSignature(func::FuncOp function) {
  auto dynamic = [](Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    return tensor && !tensor.hasStaticShape();
  };
  return llvm::any_of(function.getArgumentTypes(), dynamic) ||
         llvm::any_of(function.getResultTypes(), dynamic);
}

LogicalResult
oxla::specializeFunction(func::FuncOp function, ArrayRef<Type> types,
                         ArrayRef<std::optional<DenseElementsAttr>> values) {
  Block &entry = function.getBody().front();
  if (types.size() != entry.getNumArguments())
    return function.emitError() << "specializing @" << function.getSymName() << " for "
                                << types.size() << " arguments, but it takes "
                                << entry.getNumArguments();
  for (auto [argument, type] : llvm::zip_equal(entry.getArguments(), types))
    if (failed(verifyCompatibleShape(argument.getType(), type)) ||
        getElementTypeOrSelf(argument.getType()) != getElementTypeOrSelf(type))
      return function.emitError() << "cannot specialize argument #" << argument.getArgNumber()
                                  << " of type " << argument.getType() << " for " << type;
  OpBuilder builder(function.getContext());
  builder.setInsertionPointToStart(&entry);
  for (auto [index, argument] : llvm::enumerate(entry.getArguments())) {
    Type declared = argument.getType();
    argument.setType(types[index]);
    if (index < values.size() && values[index] && !argument.use_empty()) {
      auto constant =
          builder.create<stablehlo::ConstantOp>(function.getLoc(), *values[index]);
      argument.replaceAllUsesWith(constant);
      continue;
    }
    // StableHLO ops take any compatible type; a call or return wants the
    // declared one until oxla-refine-shapes has refined its other side.
    if (declared == argument.getType())
      continue;
    Value cast;
    for (OpOperand &use : llvm::make_early_inc_range(argument.getUses())) {
      if (isa<stablehlo::StableHLODialect>(use.getOwner()->getDialect()))
        continue;
      if (!cast)
        cast = builder.create<tensor::CastOp>(function.getLoc(), declared, argument);
      use.set(cast);
    }
  }
  function.setType(FunctionType::get(function.getContext(), types,
                                     function.getResultTypes()));
  return success();
}

LogicalResult oxla::checkArgumentShapes(func::FuncOp function,
                                        ArrayRef<ArrayRef<int64_t>> shapes) {
  if (!hasDynamicSignature(function))
    return success();
  auto module = function->getParentOfType<ModuleOp>();
  if (!module)
    return success();
  OwningOpRef<ModuleOp> copy = module.clone();
  auto specialized = copy->lookupSymbol<func::FuncOp>(function.getSymName());
  SmallVector<Type> types;
  for (auto [declared, shape] : llvm::zip_equal(function.getArgumentTypes(), shapes)) {
    auto tensor = dyn_cast<RankedTensorType>(declared);
    types.push_back(tensor ? Type(tensor.clone(shape)) : declared);
  }
  if (failed(specializeFunction(specialized, types, {})))
    return failure();
  // A composite is its decomposition: as a call, it is inlined like one,
  // so that refined operand types reach the decomposition's body (which
  // the composite's verifier wants to match its operands).
  copy->walk([](Operation *op) {
    if (op->getName().getStringRef() != "stablehlo.composite")
      return;
    auto decomposition = op->getAttrOfType<FlatSymbolRefAttr>("decomposition");
    if (!decomposition)
      return;
    OpBuilder builder(op);
    auto call = builder.create<func::CallOp>(op->getLoc(), decomposition,
                                             op->getResultTypes(), op->getOperands());
    op->replaceAllUsesWith(call.getResults());
    op->erase();
  });
  // The verifier after each pass checks the refined types: e.g. an
  // elementwise op whose operands got different sizes.
  PassManager pm(function.getContext());
  pm.addPass(createInlinerPass({}, [](OpPassManager &) {}));
  pm.addPass(createRefineShapes());
  return pm.run(*copy);
}
