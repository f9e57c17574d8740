//===- DecomposeQuantizedOps.cpp - dequantize, float op, quantize ---------===//
//
// The spec's `dequantize_op_quantize` made explicit (see Passes.td). After
// this pass only uniform_quantize and uniform_dequantize compute with
// quantization parameters; the remaining ops on quantized types move or
// compare stored values, so that an executor can hold a quantized tensor as
// its storage integers.
//
//===----------------------------------------------------------------------===//

#include "compiler/Transforms/Passes.h"

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/TypeUtilities.h"

namespace oxla {
#define GEN_PASS_DEF_DECOMPOSEQUANTIZEDOPS
#include "compiler/Transforms/Passes.h.inc"
} // namespace oxla

using namespace mlir;
namespace hlo = oxla::stablehlo;

namespace {

quant::QuantizedType quantizedElementType(Type type) {
  if (!isa<ShapedType>(type))
    return {};
  return dyn_cast<quant::QuantizedType>(getElementTypeOrSelf(type));
}

bool isQuantizedTensor(Type type) {
  return static_cast<bool>(quantizedElementType(type));
}

/// The tensor type with the expressed type of its quantized elements.
Type expressedTensorType(Type type) {
  auto shaped = cast<ShapedType>(type);
  return shaped.clone(quantizedElementType(type).getExpressedType());
}

bool hasQuantizedTypes(Operation *op) {
  return llvm::any_of(op->getOperandTypes(), isQuantizedTensor) ||
         llvm::any_of(op->getResultTypes(), isQuantizedTensor);
}

/// Ops that the spec defines on the quantized values themselves.
bool definedOnQuantizedValues(Operation *op) {
  return isa<hlo::UniformQuantizeOp, hlo::UniformDequantizeOp,
             hlo::BitcastConvertOp, hlo::ConstantOp, hlo::CustomCallOp,
             hlo::CompositeOp, hlo::ReturnOp, hlo::TupleOp,
             hlo::GetTupleElementOp, hlo::OptimizationBarrierOp,
             hlo::GetDimensionSizeOp, hlo::AfterAllOp, hlo::CreateTokenOp,
             hlo::InfeedOp, hlo::OutfeedOp, hlo::SendOp, hlo::RecvOp,
             hlo::AsyncStartOp, hlo::AsyncDoneOp>(op);
}

/// Ops that only move elements: computing them on the stored values gives
/// what dequantize, op, quantize gives, as long as every quantized operand
/// and result carries the same quantization parameters.
bool movesElements(Operation *op) {
  return isa<hlo::BroadcastInDimOp, hlo::BroadcastOp, hlo::ConcatenateOp,
             hlo::DynamicSliceOp, hlo::DynamicUpdateSliceOp, hlo::GatherOp,
             hlo::PadOp, hlo::ReshapeOp, hlo::ReverseOp, hlo::SliceOp,
             hlo::TorchIndexSelectOp, hlo::TransposeOp, hlo::AllGatherOp,
             hlo::AllToAllOp, hlo::CollectiveBroadcastOp,
             hlo::CollectivePermuteOp, hlo::DynamicBroadcastInDimOp,
             hlo::DynamicGatherOp, hlo::DynamicPadOp, hlo::DynamicReshapeOp,
             hlo::RealDynamicSliceOp, hlo::SetDimensionSizeOp>(op);
}

/// The parameters that decide stored values, ignoring the quantization
/// dimension (transpose and broadcast_in_dim move it).
bool sameStoredMeaning(quant::QuantizedType a, quant::QuantizedType b) {
  if (a == b)
    return true;
  if (a.getFlags() != b.getFlags() || a.getStorageType() != b.getStorageType() ||
      a.getExpressedType() != b.getExpressedType() ||
      a.getStorageTypeMin() != b.getStorageTypeMin() ||
      a.getStorageTypeMax() != b.getStorageTypeMax())
    return false;
  auto axisA = dyn_cast<quant::UniformQuantizedPerAxisType>(a);
  auto axisB = dyn_cast<quant::UniformQuantizedPerAxisType>(b);
  return axisA && axisB && axisA.getScales() == axisB.getScales() &&
         axisA.getZeroPoints() == axisB.getZeroPoints();
}

bool allQuantizedTypesAgree(Operation *op) {
  quant::QuantizedType first;
  auto agrees = [&](Type type) {
    quant::QuantizedType element = quantizedElementType(type);
    if (!element)
      return true;
    if (!first)
      first = element;
    return sameStoredMeaning(first, element);
  };
  return llvm::all_of(op->getOperandTypes(), agrees) &&
         llvm::all_of(op->getResultTypes(), agrees);
}

bool needsDecomposition(Operation *op) {
  StringRef dialect = op->getDialect() ? op->getDialect()->getNamespace() : "";
  if (dialect != "stablehlo" && dialect != "chlo")
    return false;
  if (!hasQuantizedTypes(op) || definedOnQuantizedValues(op))
    return false;
  // Region ops (reduce, sort, while, ...) apply their bodies to the
  // quantized values; the bodies' own ops are decomposed instead.
  if (op->getNumRegions() > 0)
    return false;
  if (movesElements(op) && allQuantizedTypesAgree(op))
    return false;
  return true;
}

/// dequantize_op_quantize(op, operands..., type(result)), or for hybrid ops
/// (float results) hybrid_dequantize_then_op.
void decompose(Operation *op) {
  OpBuilder builder(op);
  Location loc = op->getLoc();
  IRMapping mapping;
  for (Value operand : op->getOperands()) {
    if (!isQuantizedTensor(operand.getType()) || mapping.contains(operand))
      continue;
    Value dequantized = builder.create<hlo::UniformDequantizeOp>(
        loc, expressedTensorType(operand.getType()), operand);
    mapping.map(operand, dequantized);
  }
  Operation *floatOp = builder.clone(*op, mapping);
  for (OpResult result : floatOp->getResults())
    if (isQuantizedTensor(result.getType()))
      result.setType(expressedTensorType(result.getType()));
  // dequantize_compare compares the expressed values as floats.
  if (auto compare = dyn_cast<hlo::CompareOp>(floatOp))
    if (compare.getCompareTypeAttr())
      compare.setCompareTypeAttr(hlo::ComparisonTypeAttr::get(
          compare.getContext(), hlo::ComparisonType::FLOAT));

  builder.setInsertionPointAfter(floatOp);
  for (auto [original, computed] :
       llvm::zip(op->getResults(), floatOp->getResults())) {
    Value replacement = computed;
    if (isQuantizedTensor(original.getType()))
      replacement = builder.create<hlo::UniformQuantizeOp>(
          loc, original.getType(), computed);
    original.replaceAllUsesWith(replacement);
  }
  op->erase();
}

struct DecomposeQuantizedOpsPass
    : oxla::impl::DecomposeQuantizedOpsBase<DecomposeQuantizedOpsPass> {
  void runOnOperation() override {
    SmallVector<Operation *> worklist;
    getOperation()->walk([&](Operation *op) {
      if (needsDecomposition(op))
        worklist.push_back(op);
    });
    for (Operation *op : worklist)
      decompose(op);
  }
};

} // namespace
