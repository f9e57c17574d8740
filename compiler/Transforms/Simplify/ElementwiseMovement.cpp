//===- ElementwiseMovement.cpp - Elementwise ops before data movement -----===//
//
// An elementwise op whose operands are all the same kind of data movement
// of operands of one shape -- broadcast_in_dim with the same dimensions,
// transpose with the same permutation, reshape -- or splat constants,
// computes on the moved operands and moves its result instead:
//   add(broadcast(a), broadcast(b)) -> broadcast(add(a, b))
//   convert(transpose(x)) -> transpose(convert(x))
// Exact: an elementwise op computes each element from the elements at the
// same index, and data movement only chooses which element sits where.
// For broadcasts it computes fewer elements; for transposes and reshapes
// it brings movement ops together (where the chain patterns merge them)
// and next to the contractions that absorb them.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Simplify/Patterns.h"

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace oxla::simplify;
namespace hlo = oxla::stablehlo;

namespace {

/// The movement op that produces `value`, or null.
Operation *movementOf(Value value) {
  Operation *def = value.getDefiningOp();
  if (isa_and_nonnull<hlo::BroadcastInDimOp, hlo::TransposeOp, hlo::ReshapeOp>(def))
    return def;
  return nullptr;
}

/// Whether `a` and `b` move operands of one shape the same way.
bool sameMovement(Operation *a, Operation *b) {
  if (a->getName() != b->getName() ||
      cast<ShapedType>(a->getOperand(0).getType()).getShape() !=
          cast<ShapedType>(b->getOperand(0).getType()).getShape() ||
      cast<ShapedType>(a->getResult(0).getType()).getShape() !=
          cast<ShapedType>(b->getResult(0).getType()).getShape())
    return false;
  if (auto broadcast = dyn_cast<hlo::BroadcastInDimOp>(a))
    return broadcast.getBroadcastDimensions() ==
           cast<hlo::BroadcastInDimOp>(b).getBroadcastDimensions();
  if (auto transpose = dyn_cast<hlo::TransposeOp>(a))
    return transpose.getPermutation() == cast<hlo::TransposeOp>(b).getPermutation();
  return true;
}

struct ElementwiseBeforeMovement : public RewritePattern {
  ElementwiseBeforeMovement(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rewriter) const override {
    if (!isa_and_nonnull<hlo::StableHLODialect>(op->getDialect()) ||
        !op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() != 1 ||
        op->getNumOperands() == 0 || op->getNumRegions() != 0 ||
        !isStaticIntOrFloatTensor(op->getResult(0).getType()))
      return failure();
    Operation *movement = nullptr;
    for (Value operand : op->getOperands()) {
      if (!isStaticIntOrFloatTensor(operand.getType()))
        return failure();
      if (Operation *def = movementOf(operand)) {
        if (movement && !sameMovement(movement, def))
          return failure();
        movement = movement ? movement : def;
        continue;
      }
      if (!splatConstant(operand))
        return failure();
    }
    if (!movement)
      return failure();
    auto smallShape = cast<RankedTensorType>(movement->getOperand(0).getType()).getShape();
    if (!isStaticIntOrFloatTensor(movement->getOperand(0).getType()))
      return failure();
    SmallVector<Value> operands;
    for (Value operand : op->getOperands()) {
      if (Operation *def = movementOf(operand)) {
        operands.push_back(def->getOperand(0));
        continue;
      }
      auto type = cast<RankedTensorType>(operand.getType());
      operands.push_back(createSplat(rewriter, op->getLoc(), type.clone(smallShape),
                                     splatConstant(operand)));
    }
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    OperationState state(op->getLoc(), op->getName());
    state.addOperands(operands);
    state.addAttributes(op->getAttrs());
    state.addTypes(resultType.clone(smallShape));
    Operation *small = rewriter.create(state);
    Operation *moved = rewriter.clone(*movement);
    moved->setOperand(0, small->getResult(0));
    moved->getResult(0).setType(resultType);
    rewriter.replaceOp(op, moved->getResults());
    return success();
  }
};

} // namespace

void oxla::simplify::populateElementwiseMovementPatterns(RewritePatternSet &patterns) {
  patterns.add<ElementwiseBeforeMovement>(patterns.getContext());
}
