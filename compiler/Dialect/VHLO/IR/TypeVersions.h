//===- TypeVersions.h - The first release that has a type or attribute ----===//
//
// oxla's vhlo ops carry builtin types and StableHLO attributes (see
// VHLOBase.td), so the release that can read a value is computed from the
// value itself: the newest feature anywhere inside it decides. A type or
// attribute that no release can carry (a sparse encoding, a typed string,
// another dialect's attribute) has no version at all.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_DIALECT_VHLO_IR_TYPEVERSIONS_H
#define OXLA_COMPILER_DIALECT_VHLO_IR_TYPEVERSIONS_H

#include "compiler/Dialect/VHLO/IR/Version.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Types.h"

#include <optional>

namespace oxla::vhlo {

/// The first StableHLO release whose portable format has `type`, including
/// every type nested in it; nullopt if none has it.
std::optional<Version> firstVersionWith(mlir::Type type);
/// The same for an attribute and everything nested in it.
std::optional<Version> firstVersionWith(mlir::Attribute attr);
/// The same for what one op carries itself: its operand, result and block
/// argument types and its attributes (not the ops nested in its regions).
std::optional<Version> firstVersionWith(mlir::Operation *op);

} // namespace oxla::vhlo

#endif // OXLA_COMPILER_DIALECT_VHLO_IR_TYPEVERSIONS_H
