//===- VerifierSupport.h - Small helpers shared by the op verifiers -------===//
#ifndef OXLA_COMPILER_DIALECT_STABLEHLO_IR_VERIFIERSUPPORT_H
#define OXLA_COMPILER_DIALECT_STABLEHLO_IR_VERIFIERSUPPORT_H

#include "mlir/IR/TypeRange.h"
#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <string>

namespace oxla::stablehlo {

/// Two dimension sizes agree when equal or when either is dynamic (`?`).
bool compatibleDim(int64_t a, int64_t b);
/// Same rank and pairwise compatible sizes.
bool compatibleShapes(llvm::ArrayRef<int64_t> a, llvm::ArrayRef<int64_t> b);
/// Types agree up to dynamic dimensions, recursively through tuples.
bool isCompatibleType(mlir::Type a, mlir::Type b);
/// `[2, ?, 3]` for diagnostics.
std::string shapeString(llvm::ArrayRef<int64_t> shape);
/// `(T0, T1)` for diagnostics.
std::string typeListString(mlir::TypeRange types);

} // namespace oxla::stablehlo

#endif // OXLA_COMPILER_DIALECT_STABLEHLO_IR_VERIFIERSUPPORT_H
