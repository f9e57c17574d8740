//===- ConstantFolding.cpp - Ops on constants become constants ------------===//
//
// The values come from the reference interpreter's evaluators
// (Interpreter::evaluate), so a folded constant is, bit for bit, what the
// interpreter computes for the op: folding never changes the program's
// meaning as the interpreter defines it. Three patterns:
// - data movement of a splat (reshape, transpose, broadcast, slice,
//   reverse; pad with the splat's own value) is the splat of the result
//   type, whatever the size;
// - an elementwise op on splats is evaluated once, on 0-d copies of its
//   operands, and its result is a splat;
// - any other pure, region-free op on constants is evaluated whole, when
//   its result has at most kMaxFoldedElements elements and does not grow
//   the constants much; never a broadcast of a non-splat (the compiled
//   code broadcasts for free inside the users, and some users recognize
//   the broadcast: a convolution's bias); contractions only on small
//   operands (the interpreter computes them one product at a time).
// An op the interpreter rejects (an out-of-range index, a bad value) is
// left for the compiled code, which reports it where it runs.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Simplify/Patterns.h"

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "interpreter/Interpreter.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace {

constexpr int64_t kMaxFoldedElements = int64_t{1} << 20;
/// A non-splat result may be this much larger than the operands together.
constexpr int64_t kMaxGrowthElements = 4096;
constexpr int64_t kMaxContractionOperandElements = int64_t{1} << 14;

/// Ops the folding patterns consider: pure, region-free StableHLO ops with
/// operands, all results static tensors of integers, floats or complex
/// numbers.
bool isFoldable(Operation *op) {
  if (!isa_and_nonnull<hlo::StableHLODialect>(op->getDialect()) ||
      isa<hlo::ConstantOp>(op) || op->getNumRegions() != 0 ||
      op->getNumOperands() == 0 || op->getNumResults() == 0 || !isPure(op))
    return false;
  return llvm::all_of(op->getResultTypes(), [](Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    return tensor && tensor.hasStaticShape() &&
           isa<IntegerType, FloatType, ComplexType>(tensor.getElementType());
  });
}

/// Evaluates `op` on `operands` with the interpreter; one attribute per
/// result, of the result's type, or failure.
FailureOr<SmallVector<DenseElementsAttr>> evaluate(Operation *op, ModuleOp module,
                                                   ArrayRef<ElementsAttr> operands) {
  SmallVector<oxla::interp::RuntimeValue> values;
  for (ElementsAttr operand : operands) {
    FailureOr<oxla::interp::Tensor> tensor = oxla::interp::Tensor::fromAttr(operand);
    if (failed(tensor))
      return failure();
    values.push_back(std::move(*tensor));
  }
  ScopedDiagnosticHandler silence(op->getContext(), [](Diagnostic &) { return success(); });
  oxla::interp::Interpreter interpreter(module);
  FailureOr<SmallVector<oxla::interp::RuntimeValue>> results =
      interpreter.evaluate(op, values);
  if (failed(results) || results->size() != op->getNumResults())
    return failure();
  SmallVector<DenseElementsAttr> attrs;
  for (auto [result, value] : llvm::zip_equal(op->getResults(), *results)) {
    DenseElementsAttr attr =
        value.isTensor() ? value.tensor().toAttr(op->getContext()) : DenseElementsAttr();
    if (!attr || attr.getType() != result.getType())
      return failure();
    attrs.push_back(attr);
  }
  return attrs;
}

/// Data movement of a splat constant.
struct FoldSplatMovement : public RewritePattern {
  FoldSplatMovement(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/2, context) {}

  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    if (!isa<hlo::ReshapeOp, hlo::TransposeOp, hlo::BroadcastInDimOp, hlo::BroadcastOp,
             hlo::SliceOp, hlo::ReverseOp, hlo::PadOp>(op) ||
        !isFoldable(op))
      return failure();
    DenseElementsAttr value;
    if (!matchPattern(op->getOperand(0), m_Constant(&value)) || !value.isSplat())
      return failure();
    if (auto pad = dyn_cast<hlo::PadOp>(op)) {
      DenseElementsAttr padding;
      if (!matchPattern(pad.getPaddingValue(), m_Constant(&padding)) ||
          padding.getSplatValue<Attribute>() != value.getSplatValue<Attribute>())
        return failure();
    }
    auto type = cast<RankedTensorType>(op->getResult(0).getType());
    rewriter.replaceOpWithNewOp<hlo::ConstantOp>(op, value.resizeSplat(type));
    return success();
  }
};

/// An elementwise op on splats, evaluated on 0-d operands.
struct FoldSplatElementwise : public RewritePattern {
  FoldSplatElementwise(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/2, context) {}

  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    if (!op->hasTrait<OpTrait::Elementwise>() || !isFoldable(op) || op->getNumResults() != 1)
      return failure();
    SmallVector<ElementsAttr> scalars;
    for (Value operand : op->getOperands()) {
      DenseElementsAttr value;
      if (!matchPattern(operand, m_Constant(&value)) || !value.isSplat())
        return failure();
      scalars.push_back(value.resizeSplat(RankedTensorType::get({}, value.getElementType())));
    }
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    if (resultType.getNumElements() <= 1 && llvm::all_of(op->getOperandTypes(), [](Type t) {
          return cast<RankedTensorType>(t).getRank() == 0;
        }))
      return failure(); // Already 0-d: FoldConstantOp evaluates it as it is.
    // A detached copy of `op` on 0-d constants.
    OpBuilder builder(op->getContext());
    SmallVector<Operation *> constants;
    OperationState state(op->getLoc(), op->getName());
    state.addAttributes(op->getAttrs());
    for (ElementsAttr scalar : scalars) {
      constants.push_back(builder.create<hlo::ConstantOp>(op->getLoc(), scalar));
      state.addOperands(constants.back()->getResult(0));
    }
    state.addTypes(RankedTensorType::get({}, resultType.getElementType()));
    Operation *scalarOp = Operation::create(state);
    FailureOr<SmallVector<DenseElementsAttr>> result =
        evaluate(scalarOp, op->getParentOfType<ModuleOp>(), scalars);
    scalarOp->destroy();
    for (Operation *constant : constants)
      constant->destroy();
    if (failed(result))
      return failure();
    rewriter.replaceOpWithNewOp<hlo::ConstantOp>(op, (*result)[0].resizeSplat(resultType));
    return success();
  }
};

/// Any other foldable op on constants, evaluated whole.
struct FoldConstantOp : public RewritePattern {
  FoldConstantOp(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    // A broadcast of a non-splat stays: its users read it for free, and
    // some recognize it (a convolution's bias, oxla-convolution-to-runtime).
    if (!isFoldable(op) || isa<hlo::BroadcastInDimOp, hlo::BroadcastOp>(op))
      return failure();
    SmallVector<ElementsAttr> operands;
    int64_t operandElements = 0;
    for (Value operand : op->getOperands()) {
      ElementsAttr value;
      if (!matchPattern(operand, m_Constant(&value)))
        return failure();
      operands.push_back(value);
      operandElements += value.getNumElements();
    }
    int64_t resultElements = 0;
    for (Type type : op->getResultTypes())
      resultElements += cast<RankedTensorType>(type).getNumElements();
    if (resultElements > kMaxFoldedElements ||
        resultElements > operandElements + kMaxGrowthElements)
      return failure();
    if (isa<hlo::DotGeneralOp, hlo::DotOp, hlo::ConvolutionOp>(op) &&
        operandElements > kMaxContractionOperandElements)
      return failure();
    FailureOr<SmallVector<DenseElementsAttr>> results =
        evaluate(op, op->getParentOfType<ModuleOp>(), operands);
    if (failed(results))
      return failure();
    SmallVector<Value> constants;
    for (DenseElementsAttr attr : *results)
      constants.push_back(rewriter.create<hlo::ConstantOp>(op->getLoc(), attr));
    rewriter.replaceOp(op, constants);
    return success();
  }
};

} // namespace

void oxla::simplify::populateConstantFoldingPatterns(RewritePatternSet &patterns) {
  patterns.add<FoldSplatMovement, FoldSplatElementwise, FoldConstantOp>(
      patterns.getContext());
}
