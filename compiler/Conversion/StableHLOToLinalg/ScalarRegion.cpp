//===- ScalarRegion.cpp - A StableHLO region as scalar code ---------------===//

#include "compiler/Conversion/StableHLOToLinalg/ScalarRegion.h"
#include "compiler/Conversion/StableHLOToLinalg/Patterns.h"
#include "compiler/Conversion/StableHLOToLinalg/TypeConversion.h"
#include "compiler/Dialect/CHLO/IR/CHLO.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace oxla {

std::unique_ptr<ScalarRegion> ScalarRegion::lower(Region &region,
                                                  const TypeConverter &converter) {
  if (!region.hasOneBlock())
    return nullptr;
  Block &block = region.front();
  auto terminator = dyn_cast<hlo::ReturnOp>(block.getTerminator());
  if (!terminator)
    return nullptr;
  bool capturesOrNests = false;
  region.walk([&](Operation *op) {
    if (op->getNumRegions())
      capturesOrNests = true;
    for (Value operand : op->getOperands())
      if (!region.isAncestor(operand.getParentRegion()))
        capturesOrNests = true;
  });
  if (capturesOrNests)
    return nullptr;
  SmallVector<Type> scalarTypes;
  for (Type type : block.getArgumentTypes()) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || tensor.getRank() != 0)
      return nullptr;
    scalarTypes.push_back(toSignless(tensor.getElementType()));
  }
  for (Type type : terminator.getOperandTypes()) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || tensor.getRank() != 0)
      return nullptr;
  }

  MLIRContext *context = region.getContext();
  Location loc = region.getLoc();
  auto result = std::make_unique<ScalarRegion>();
  result->module = ModuleOp::create(loc);
  OpBuilder b(context);
  b.setInsertionPointToEnd(result->module->getBody());
  result->func = b.create<func::FuncOp>(
      loc, "body", b.getFunctionType(block.getArgumentTypes(), terminator.getOperandTypes()));
  IRMapping mapping;
  region.cloneInto(&result->func.getBody(), mapping);
  Operation *clonedTerminator = result->func.getBody().front().getTerminator();
  b.setInsertionPoint(clonedTerminator);
  b.create<func::ReturnOp>(loc, clonedTerminator->getOperands());
  clonedTerminator->erase();

  // Calls (JAX outlines e.g. logaddexp) are inlined from the original
  // module; a call chain deeper than a few levels is given up on.
  Block &entry = result->func.getBody().front();
  for (int round = 0;; ++round) {
    SmallVector<func::CallOp> calls;
    for (Operation &op : entry)
      if (auto call = dyn_cast<func::CallOp>(op))
        calls.push_back(call);
    if (calls.empty())
      break;
    if (round == 8)
      return nullptr;
    for (func::CallOp call : calls) {
      auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
          region.getParentOp(), call.getCalleeAttr());
      if (!callee || callee.isExternal() || !callee.getBody().hasOneBlock())
        return nullptr;
      Block &calleeBlock = callee.getBody().front();
      if (calleeBlock.getNumArguments() != call.getNumOperands())
        return nullptr;
      IRMapping inlined;
      for (auto [arg, operand] : llvm::zip(calleeBlock.getArguments(), call.getOperands()))
        inlined.map(arg, operand);
      b.setInsertionPoint(call);
      for (Operation &op : calleeBlock.without_terminator())
        b.clone(op, inlined);
      Operation *calleeReturn = calleeBlock.getTerminator();
      if (calleeReturn->getNumOperands() != call.getNumResults())
        return nullptr;
      for (auto [res, value] : llvm::zip(call.getResults(), calleeReturn->getOperands()))
        res.replaceAllUsesWith(inlined.lookupOrDefault(value));
      call.erase();
    }
  }

  // The body's ops lower as elsewhere in the pass, on 0-d tensors.
  auto &mutableConverter = const_cast<TypeConverter &>(converter);
  RewritePatternSet patterns(context);
  populateElementwiseToLinalgPatterns(mutableConverter, patterns);
  populateDataMovementToLinalgPatterns(mutableConverter, patterns);
  populateChloToLinalgPatterns(mutableConverter, patterns);
  ConversionTarget target(*context);
  target.addLegalDialect<arith::ArithDialect, complex::ComplexDialect,
                         linalg::LinalgDialect, math::MathDialect,
                         tensor::TensorDialect>();
  target.addLegalOp<ModuleOp, func::FuncOp, func::ReturnOp,
                    UnrealizedConversionCastOp>();
  target.addIllegalDialect<hlo::StableHLODialect, chlo::CHLODialect>();
  {
    ScopedDiagnosticHandler quiet(context, [](Diagnostic &) { return success(); });
    if (failed(applyPartialConversion(result->module.get(), target,
                                      std::move(patterns))))
      return nullptr;
  }

  // A dry run into a scratch function checks that everything is scalar.
  b.setInsertionPointToEnd(result->module->getBody());
  auto scratch = b.create<func::FuncOp>(loc, "scratch",
                                        b.getFunctionType(scalarTypes, {}));
  Block *scratchBlock = scratch.addEntryBlock();
  b.setInsertionPointToStart(scratchBlock);
  SmallVector<Value> results;
  LogicalResult emitted =
      result->emitImpl(b, loc, scratchBlock->getArguments(), results);
  scratch.erase();
  if (failed(emitted))
    return nullptr;
  return result;
}

LogicalResult ScalarRegion::emitImpl(OpBuilder &b, Location loc, ValueRange args,
                                     SmallVectorImpl<Value> &results) const {
  Block &body = const_cast<func::FuncOp &>(func).getBody().front();
  IRMapping map;
  for (auto [arg, value] : llvm::zip(body.getArguments(), args))
    map.map(arg, value);
  auto lookup = [&](Value v) { return map.lookupOrNull(v); };
  auto isScalar = [](Type t) { return !isa<ShapedType>(t); };
  auto cloneScalarOp = [&](Operation &op) -> LogicalResult {
    if (op.getNumRegions() ||
        !llvm::all_of(op.getOperandTypes(), isScalar) ||
        !llvm::all_of(op.getResultTypes(), isScalar))
      return failure();
    for (Value operand : op.getOperands())
      if (!lookup(operand))
        return failure();
    b.clone(op, map);
    return success();
  };

  for (Operation &op : body) {
    if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      for (Value operand : ret.getOperands()) {
        if (!lookup(operand))
          return failure();
        results.push_back(lookup(operand));
      }
      return success();
    }
    if (auto cast = dyn_cast<UnrealizedConversionCastOp>(op)) {
      if (cast->getNumOperands() != 1 || cast->getNumResults() != 1 ||
          !lookup(cast.getOperand(0)))
        return failure();
      map.map(cast.getResult(0), lookup(cast.getOperand(0)));
      continue;
    }
    if (isa<tensor::EmptyOp>(op))
      continue;
    if (auto extract = dyn_cast<tensor::ExtractOp>(op)) {
      if (!extract.getIndices().empty() || !lookup(extract.getTensor()))
        return failure();
      map.map(extract.getResult(), lookup(extract.getTensor()));
      continue;
    }
    if (auto fromElements = dyn_cast<tensor::FromElementsOp>(op)) {
      if (fromElements.getElements().size() != 1 ||
          fromElements.getType().getRank() != 0 ||
          !lookup(fromElements.getElements()[0]))
        return failure();
      map.map(fromElements.getResult(), lookup(fromElements.getElements()[0]));
      continue;
    }
    if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      if (isScalar(constant.getType())) {
        b.clone(op, map);
        continue;
      }
      auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
      if (!dense || !dense.isSplat() ||
          !isa<IntegerType, FloatType>(dense.getElementType()))
        return failure();
      auto splat = dyn_cast<TypedAttr>(dense.getSplatValue<Attribute>());
      if (!splat)
        return failure();
      map.map(constant.getResult(), b.create<arith::ConstantOp>(loc, splat).getResult());
      continue;
    }
    if (auto generic = dyn_cast<linalg::GenericOp>(op)) {
      if (generic.getNumLoops() != 0 || generic.getRegion().getBlocks().size() != 1)
        return failure();
      Block &inner = generic.getRegion().front();
      for (OpOperand &operand : generic->getOpOperands()) {
        BlockArgument arg = inner.getArgument(operand.getOperandNumber());
        if (Value value = lookup(operand.get()))
          map.map(arg, value);
        else if (!arg.use_empty())
          return failure();
      }
      for (Operation &innerOp : inner.without_terminator())
        if (failed(cloneScalarOp(innerOp)))
          return failure();
      Operation *yield = inner.getTerminator();
      for (auto [res, yielded] : llvm::zip(generic.getResults(), yield->getOperands())) {
        if (!lookup(yielded))
          return failure();
        map.map(res, lookup(yielded));
      }
      continue;
    }
    if (failed(cloneScalarOp(op)))
      return failure();
  }
  return failure();
}

} // namespace oxla
