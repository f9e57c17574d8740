//===- WidenNarrowContractions.cpp - f16/bf16 products and convolutions in f32 -===//
//
// See Passes.td. A dot_general, dot or convolution whose operands are f16 or
// bf16 sums in f32 and rounds once at the end (docs/interpreter.md,
// Numerics): the same sums as the f32 op on the operands converted to f32
// (exact), followed by a convert of the f32 result to the narrow result type
// (round to nearest even). The f32 ops then take the runtime's matrix
// product and convolution routines, which sum in the same order.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"

namespace oxla {
#define GEN_PASS_DEF_WIDENNARROWCONTRACTIONS
#include "compiler/Transforms/Passes.h.inc"
} // namespace oxla

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace {

bool isNarrowFloat(Type type) { return type.isF16() || type.isBF16(); }

/// Whether `op` (two tensor operands, one tensor result) sums narrow floats
/// that the f32 op sums the same way: every operand element is exact in the
/// result type (the interpreter converts operands to the result type first),
/// the result is f16, bf16 or f32, and some operand is f16 or bf16.
bool widens(Operation *op) {
  if (op->getNumOperands() != 2 || op->getNumResults() != 1)
    return false;
  auto result = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!result)
    return false;
  Type resultElement = result.getElementType();
  if (!isNarrowFloat(resultElement) && !resultElement.isF32())
    return false;
  bool narrow = false;
  for (Value operand : op->getOperands()) {
    auto type = dyn_cast<RankedTensorType>(operand.getType());
    if (!type)
      return false;
    Type element = type.getElementType();
    if (element != resultElement && !(resultElement.isF32() && isNarrowFloat(element)))
      return false;
    narrow |= isNarrowFloat(element);
  }
  return narrow;
}

/// `value` as f32: a constant converted now, anything else by a convert.
Value widen(OpBuilder &b, Location loc, Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getElementType().isF32())
    return value;
  auto wideType = type.clone(b.getF32Type());
  DenseFPElementsAttr constant;
  if (matchPattern(value, m_Constant(&constant))) {
    auto converted = constant.mapValues(b.getF32Type(), [](const APFloat &x) {
      APFloat wide = x;
      bool lost = false;
      wide.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven, &lost);
      return wide.bitcastToAPInt();
    });
    return b.create<hlo::ConstantOp>(loc, converted);
  }
  return b.create<hlo::ConvertOp>(loc, wideType, value);
}

struct WidenNarrowContractions
    : public oxla::impl::WidenNarrowContractionsBase<WidenNarrowContractions> {
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      // A dot algorithm names its own operand and accumulation types.
      if (auto dot = dyn_cast<hlo::DotGeneralOp>(op); dot && dot.getAlgorithm())
        return;
      if (isa<hlo::DotGeneralOp, hlo::DotOp, hlo::ConvolutionOp>(op) && widens(op))
        ops.push_back(op);
    });
    OpBuilder b(&getContext());
    for (Operation *op : ops) {
      Location loc = op->getLoc();
      b.setInsertionPoint(op);
      SmallVector<Value> operands;
      for (Value operand : op->getOperands())
        operands.push_back(widen(b, loc, operand));
      auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
      Operation *wide = b.clone(*op);
      wide->setOperands(operands);
      wide->getResult(0).setType(resultType.clone(b.getF32Type()));
      Value result = wide->getResult(0);
      if (!resultType.getElementType().isF32())
        result = b.create<hlo::ConvertOp>(loc, resultType, result);
      op->getResult(0).replaceAllUsesWith(result);
      op->erase();
    }
  }
};

} // namespace
