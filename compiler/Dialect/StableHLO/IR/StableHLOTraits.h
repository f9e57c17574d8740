//===- StableHLOTraits.h - Op traits and type predicates of the spec -----===//
#ifndef OXLA_COMPILER_DIALECT_STABLEHLO_IR_STABLEHLOTRAITS_H
#define OXLA_COMPILER_DIALECT_STABLEHLO_IR_STABLEHLOTRAITS_H

#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Types.h"

namespace oxla::stablehlo {

/// Spec "is_quantized": a !quant.uniform type with integer storage.
bool isQuantizedInteger(mlir::Type type);
/// A quantized integer with one scale and zero point for the whole tensor.
bool isPerTensorQuantizedInteger(mlir::Type type);
/// Spec "baseline_element_type": the element type with quantization
/// parameters dropped (storage and expressed types kept).
mlir::Type baselineElementType(mlir::Type elementType);

/// Verifies that every operand and result has one shape (C1 of the
/// elementwise ops); `?` is compatible with any size.
mlir::LogicalResult verifyElementwiseShapes(mlir::Operation *op);
/// Verifies that operands and results share a baseline element type.
mlir::LogicalResult verifySameBaselineElementType(mlir::Operation *op);

namespace traits {

template <typename ConcreteType>
class ElementwiseShapes
    : public mlir::OpTrait::TraitBase<ConcreteType, ElementwiseShapes> {
public:
  static mlir::LogicalResult verifyTrait(mlir::Operation *op) {
    return verifyElementwiseShapes(op);
  }
};

template <typename ConcreteType>
class SameBaselineElementType
    : public mlir::OpTrait::TraitBase<ConcreteType, SameBaselineElementType> {
public:
  static mlir::LogicalResult verifyTrait(mlir::Operation *op) {
    return verifySameBaselineElementType(op);
  }
};

} // namespace traits
} // namespace oxla::stablehlo

#endif // OXLA_COMPILER_DIALECT_STABLEHLO_IR_STABLEHLOTRAITS_H
