//===- SDY.h - The Shardy (sdy) dialect -----------------------------------===//
#ifndef OXLA_COMPILER_DIALECT_SDY_IR_SDY_H
#define OXLA_COMPILER_DIALECT_SDY_IR_SDY_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <functional>
#include <optional>

#include "compiler/Dialect/SDY/IR/SDYEnums.h.inc"
#include "compiler/Dialect/SDY/IR/SDYDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "compiler/Dialect/SDY/IR/SDYAttrs.h.inc"

#define GET_OP_CLASSES
#include "compiler/Dialect/SDY/IR/SDYOps.h.inc"

namespace oxla::sdy {

/// The discardable attribute names Shardy puts on ops and functions.
inline constexpr llvm::StringLiteral kShardingAttr = "sdy.sharding";
inline constexpr llvm::StringLiteral kShardingRuleAttr = "sdy.sharding_rule";

using EmitErrorFn = llvm::function_ref<mlir::InFlightDiagnostic()>;

/// Checks `sharding` against `mesh` and the value type `type` with Shardy's
/// rules: axes exist in the mesh, sub-axes are valid, no axis is used twice,
/// rank matches, replicated/unreduced axes are in mesh order, zero-size
/// dimensions are not sharded. With `checkDivisibility`, each dimension must
/// be divisible by the product of its axes' sizes.
mlir::LogicalResult verifyShardingForType(TensorShardingAttr sharding,
                                          MeshAttr mesh, mlir::Type type,
                                          EmitErrorFn emitError,
                                          bool checkDivisibility = false);

/// Resolves the sharding's mesh from `op` (inline or symbol) and checks it
/// for `type`; a missing mesh symbol is an error.
mlir::LogicalResult verifyShardingAt(TensorShardingAttr sharding,
                                     mlir::Operation *op, mlir::Type type,
                                     EmitErrorFn emitError,
                                     bool checkDivisibility = false);

/// The sharding `value` carries: `sdy.sharding` of its defining op (its
/// result's entry) or of its function argument; null when it has none.
TensorShardingAttr getShardingOf(mlir::Value value);

/// The name Shardy's rules print for factor `index`: i..z, then z_1, z_2, ...
std::string factorName(int64_t index);

} // namespace oxla::sdy

#endif // OXLA_COMPILER_DIALECT_SDY_IR_SDY_H
