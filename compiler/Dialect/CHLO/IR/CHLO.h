//===- CHLO.h - The chlo dialect: enums, attributes, ops -----------------===//
//
// The one header users of the chlo dialect include.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_DIALECT_CHLO_IR_CHLO_H
#define OXLA_COMPILER_DIALECT_CHLO_IR_CHLO_H

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <optional>
#include <string>

namespace oxla::chlo::OpTrait {

/// Every operand and result shape is compatible with every other (a dynamic
/// dimension matches any size).
mlir::LogicalResult verifyCompatibleOperandsAndResultShape(mlir::Operation *op);
/// Every operand and result has one element type.
mlir::LogicalResult verifySameOperandsAndResultElementTypes(mlir::Operation *op);

template <typename ConcreteType>
class CompatibleOperandsAndResultShape
    : public mlir::OpTrait::TraitBase<ConcreteType,
                                      CompatibleOperandsAndResultShape> {
public:
  static mlir::LogicalResult verifyTrait(mlir::Operation *op) {
    return verifyCompatibleOperandsAndResultShape(op);
  }
};

template <typename ConcreteType>
class SameOperandsAndResultElementTypes
    : public mlir::OpTrait::TraitBase<ConcreteType,
                                      SameOperandsAndResultElementTypes> {
public:
  static mlir::LogicalResult verifyTrait(mlir::Operation *op) {
    return verifySameOperandsAndResultElementTypes(op);
  }
};

/// The operands broadcast to the result's shape (CHLOBroadcastOps.td).
mlir::LogicalResult verifyBroadcasting(mlir::Operation *op);

template <typename ConcreteType>
class Broadcasting
    : public mlir::OpTrait::TraitBase<ConcreteType, Broadcasting> {
public:
  static mlir::LogicalResult verifyTrait(mlir::Operation *op) {
    return verifyBroadcasting(op);
  }
};

} // namespace oxla::chlo::OpTrait

namespace oxla::chlo {

/// The result dimension of each dimension of an operand of rank `rank`
/// broadcast to rank `resultRank`: `explicitDims` (a binary op's
/// broadcast_dimensions, which apply to an operand of lower rank) or the
/// trailing dimensions (numpy).
llvm::SmallVector<int64_t>
broadcastOperandDims(int64_t rank, int64_t resultRank,
                     std::optional<llvm::ArrayRef<int64_t>> explicitDims);

/// The shape the operands of a broadcasting op broadcast to, or an error
/// message. Dynamic dimensions pair with any size.
mlir::FailureOr<llvm::SmallVector<int64_t>>
broadcastShape(llvm::ArrayRef<int64_t> lhs, llvm::ArrayRef<int64_t> rhs,
               std::optional<llvm::ArrayRef<int64_t>> explicitDims,
               std::string &error);

} // namespace oxla::chlo

#include "compiler/Dialect/CHLO/IR/CHLODialect.h.inc"
#include "compiler/Dialect/CHLO/IR/CHLOEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "compiler/Dialect/CHLO/IR/CHLOAttrs.h.inc"

#define GET_OP_CLASSES
#include "compiler/Dialect/CHLO/IR/CHLOOps.h.inc"

#endif // OXLA_COMPILER_DIALECT_CHLO_IR_CHLO_H
