//===- RefineShapes.cpp - Static shapes where the program fixes them ------===//
//
// Propagates static shapes forward (see Passes.td) in program order: one
// walk, not a greedy pattern driver, so that no constant moves out of the
// region it was written in. Result types come from the
// per-op rules of ShapeInference.cpp, get_dimension_size of a static size
// as a constant, and small integer computations on constants (the shape
// arithmetic exporters write) folded by the reference interpreter's own
// evaluators, so the folded values are the interpreter's by construction.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"
#include "compiler/Transforms/ShapeInference.h"

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "compiler/Dialect/StableHLO/IR/TensorSizes.h"
#include "interpreter/Interpreter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Visitors.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/DenseSet.h"

namespace oxla {
#define GEN_PASS_DEF_REFINESHAPES
#include "compiler/Transforms/Passes.h.inc"
} // namespace oxla

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace {

/// Shape arithmetic is small: larger constant computations are left to the
/// compiled code.
constexpr int64_t kMaxFoldedElements = 64;
constexpr int kMaxSweeps = 4;

/// `type` with the sizes of `shape` where `type` has none.
Type refinedType(Type type, const oxla::Shape &shape) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || tensor.getRank() != static_cast<int64_t>(shape.size()))
    return type;
  SmallVector<int64_t> sizes(tensor.getShape());
  for (auto [size, inferred] : llvm::zip_equal(sizes, shape))
    if (ShapedType::isDynamic(size) && inferred >= 0)
      size = inferred;
  return tensor.clone(sizes);
}

bool hasDynamicResult(Operation *op) {
  return llvm::any_of(op->getResultTypes(), [](Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    return tensor && !tensor.hasStaticShape();
  });
}

/// Result types from ShapeInference's rule for the op.
bool refineResultTypes(Operation *op) {
  if (!hasDynamicResult(op))
    return false;
  std::optional<SmallVector<oxla::Shape>> shapes = oxla::inferResultShapes(op);
  if (!shapes || shapes->size() != op->getNumResults())
    return false;
  bool changed = false;
  for (auto [result, shape] : llvm::zip_equal(op->getResults(), *shapes)) {
    Type refined = refinedType(result.getType(), shape);
    changed |= refined != result.getType();
    result.setType(refined);
  }
  return changed;
}

/// get_dimension_size of a static size is that size.
bool foldGetDimensionSize(hlo::GetDimensionSizeOp op, RewriterBase &rewriter) {
  auto type = dyn_cast<RankedTensorType>(op.getOperand().getType());
  if (!type || static_cast<int64_t>(op.getDimension()) >= type.getRank() ||
      type.isDynamicDim(op.getDimension()))
    return false;
  auto resultType = cast<RankedTensorType>(op.getType());
  auto value = DenseElementsAttr::get(
      resultType, rewriter.getIntegerAttr(resultType.getElementType(),
                                          type.getDimSize(op.getDimension())));
  rewriter.setInsertionPoint(op);
  rewriter.replaceOpWithNewOp<hlo::ConstantOp>(op, value);
  return true;
}

/// A pure, region-free StableHLO op on constants with small integer results
/// becomes a constant, computed by the interpreter.
bool foldSmallIntegerConstants(Operation *op, RewriterBase &rewriter) {
  if (!isa_and_nonnull<hlo::StableHLODialect>(op->getDialect()) || isa<hlo::ConstantOp>(op) ||
      op->getNumRegions() != 0 || op->getNumResults() == 0 || !isPure(op))
    return false;
  for (Type type : op->getResultTypes()) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || !tensor.hasStaticShape() || tensor.getNumElements() > kMaxFoldedElements ||
        !tensor.getElementType().isInteger())
      return false;
  }
  SmallVector<oxla::interp::RuntimeValue> operands;
  for (Value operand : op->getOperands()) {
    ElementsAttr value;
    if (!matchPattern(operand, m_Constant(&value)))
      return false;
    FailureOr<oxla::interp::Tensor> tensor = oxla::interp::Tensor::fromAttr(value);
    if (failed(tensor))
      return false;
    operands.push_back(std::move(*tensor));
  }
  // An op the interpreter rejects (a bad index, say) is left for the
  // compiled code, which reports it where it runs.
  ScopedDiagnosticHandler silence(op->getContext(), [](Diagnostic &) { return success(); });
  oxla::interp::Interpreter interpreter(op->getParentOfType<ModuleOp>());
  FailureOr<SmallVector<oxla::interp::RuntimeValue>> results =
      interpreter.evaluate(op, operands);
  if (failed(results) || results->size() != op->getNumResults())
    return false;
  SmallVector<DenseElementsAttr> values;
  for (auto [result, value] : llvm::zip_equal(op->getResults(), *results)) {
    DenseElementsAttr attr =
        value.isTensor() ? value.tensor().toAttr(op->getContext()) : DenseElementsAttr();
    if (!attr || attr.getType() != result.getType())
      return false;
    values.push_back(attr);
  }
  rewriter.setInsertionPoint(op);
  SmallVector<Value> constants;
  for (DenseElementsAttr attr : values)
    constants.push_back(rewriter.create<hlo::ConstantOp>(op->getLoc(), attr));
  rewriter.replaceOp(op, constants);
  return true;
}

/// A tensor.cast (from specialization) to a less static type goes once its
/// users take the refined type: StableHLO ops and returns (the function
/// type follows).
bool foldRefiningCast(tensor::CastOp cast) {
  auto source = dyn_cast<RankedTensorType>(cast.getSource().getType());
  auto target = dyn_cast<RankedTensorType>(cast.getType());
  if (!source || !target || source == target ||
      refinedType(target, oxla::Shape(source.getShape())) != source)
    return false;
  for (Operation *user : cast->getUsers())
    if (!isa<hlo::StableHLODialect>(user->getDialect()) && !isa<func::ReturnOp>(user))
      return false;
  cast.replaceAllUsesWith(cast.getSource());
  cast->erase();
  return true;
}

bool refineWhile(hlo::WhileOp loop, IRRewriter &rewriter,
                 llvm::DenseSet<Operation *> &givenUp);

/// The step of a sweep for one op (its nested ops already visited).
bool refineOp(Operation *op, IRRewriter &rewriter, llvm::DenseSet<Operation *> &givenUp) {
  if (auto size = dyn_cast<hlo::GetDimensionSizeOp>(op))
    return foldGetDimensionSize(size, rewriter);
  if (auto cast = dyn_cast<tensor::CastOp>(op))
    return foldRefiningCast(cast);
  if (auto loop = dyn_cast<hlo::WhileOp>(op))
    return refineWhile(loop, rewriter, givenUp);
  if (foldSmallIntegerConstants(op, rewriter))
    return true;
  return refineResultTypes(op);
}

/// A while's carried values take the sizes of its operands where the body
/// keeps them: the blocks' arguments are given the operands' static sizes,
/// the regions are refined (a few sweeps), and if the body then returns
/// exactly the arguments' types, the results take them. A body that
/// returns other sizes (a carried value that grows) gets the loop back as it
/// was, and the loop is not tried again.
bool refineWhile(hlo::WhileOp loop, IRRewriter &rewriter,
                 llvm::DenseSet<Operation *> &givenUp) {
  if (givenUp.contains(loop))
    return false;
  Block &body = loop.getBody().front(), &cond = loop.getCond().front();
  SmallVector<Type> argTypes;
  bool argsChange = false;
  for (auto [operand, arg] : llvm::zip_equal(loop->getOperands(), body.getArguments())) {
    Type type = arg.getType();
    if (auto operandType = dyn_cast<RankedTensorType>(operand.getType()))
      type = refinedType(type, oxla::Shape(operandType.getShape()));
    argsChange |= type != arg.getType();
    argTypes.push_back(type);
  }
  auto bodyKeepsTypes = [&] {
    return TypeRange(body.getTerminator()->getOperandTypes()) == TypeRange(argTypes);
  };
  if (!argsChange) {
    if (TypeRange(argTypes) == loop->getResultTypes() || !bodyKeepsTypes())
      return false;
    for (auto [result, type] : llvm::zip_equal(loop->getResults(), argTypes))
      result.setType(type);
    return true;
  }
  Operation *backup = loop->clone();
  for (Block *block : {&body, &cond})
    for (auto [arg, type] : llvm::zip_equal(block->getArguments(), argTypes))
      arg.setType(type);
  for (int sweep = 0; sweep < kMaxSweeps; ++sweep) {
    bool changed = false;
    for (Region &region : loop->getRegions())
      region.walk<WalkOrder::PostOrder>(
          [&](Operation *op) { changed |= refineOp(op, rewriter, givenUp); });
    if (!changed)
      break;
  }
  if (!bodyKeepsTypes()) {
    rewriter.setInsertionPoint(loop);
    rewriter.insert(backup);
    givenUp.insert(backup);
    rewriter.replaceOp(loop, backup->getResults());
    return true;
  }
  backup->destroy();
  for (auto [result, type] : llvm::zip_equal(loop->getResults(), argTypes))
    result.setType(type);
  return true;
}

/// One sweep in program order, nested ops before the op holding them (so
/// an if's branches are refined before the if); true if anything changed.
bool refineOnce(ModuleOp module, llvm::DenseSet<Operation *> &givenUp) {
  IRRewriter rewriter(module.getContext());
  bool changed = false;
  module.walk<WalkOrder::PostOrder>(
      [&](Operation *op) { changed |= refineOp(op, rewriter, givenUp); });
  return changed;
}

/// Constants that folding left without users.
void eraseDeadConstants(ModuleOp module) {
  module.walk([](hlo::ConstantOp op) {
    if (op->use_empty())
      op->erase();
  });
}

/// Function and call result types follow what the bodies now return.
void updateFunctionTypes(ModuleOp module) {
  SymbolTableCollection symbols;
  SymbolUserMap users(symbols, module);
  for (auto function : module.getOps<func::FuncOp>()) {
    if (function.isDeclaration())
      continue;
    auto terminator = dyn_cast<func::ReturnOp>(function.getBody().back().getTerminator());
    if (!terminator)
      continue;
    TypeRange returned = terminator.getOperandTypes();
    if (returned == function.getResultTypes())
      continue;
    function.setType(FunctionType::get(module.getContext(),
                                       function.getArgumentTypes(), returned));
    for (Operation *user : users.getUsers(function))
      if (auto call = dyn_cast<func::CallOp>(user))
        for (auto [result, type] : llvm::zip_equal(call.getResults(), returned))
          result.setType(type);
  }
}

struct RefineShapes : public oxla::impl::RefineShapesBase<RefineShapes> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // One sweep refines everything but call results and values that reach
    // a while's operands after it; a few more catch those.
    llvm::DenseSet<Operation *> givenUp;
    for (int sweep = 0; sweep < kMaxSweeps && refineOnce(module, givenUp); ++sweep)
      updateFunctionTypes(module);
    updateFunctionTypes(module);
    eraseDeadConstants(module);
    // A size the program fixes may be one no 64-bit size counts (a pad by
    // 2^62): the error the verifier gives a type written so.
    if (failed(oxla::stablehlo::verifyTensorSizes(module)))
      signalPassFailure();
  }
};

} // namespace
