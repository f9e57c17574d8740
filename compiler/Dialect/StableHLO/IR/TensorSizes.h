//===- TensorSizes.h - Tensor types whose sizes fit in 64 bits ------------===//
//
// Every tensor a program holds must have an element count and a byte size
// that a signed 64-bit size holds (runtime/CheckedSize.h): a larger type
// would wrap around in each size computation after the verifier. Readers of
// programs (parseSourceOrArtifact) check this after the op verifiers.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_DIALECT_STABLEHLO_IR_TENSORSIZES_H
#define OXLA_COMPILER_DIALECT_STABLEHLO_IR_TENSORSIZES_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir {
class Operation;
} // namespace mlir

namespace oxla::stablehlo {

/// The bytes one element of `type` takes in memory: whole bytes per scalar
/// (i1 and sub-byte integers take one), two scalars for a complex number,
/// the storage type of a quantized one.
uint64_t bytesPerElement(mlir::Type elementType);

/// Checks one type (tuples looked into); `emitError` starts the error.
/// Dynamic sizes count as 1: their values are checked where they become
/// known.
mlir::LogicalResult
verifyTensorSize(mlir::Type type,
                 llvm::function_ref<mlir::InFlightDiagnostic()> emitError);

/// Checks every value of `root` and the ops nested in it (results, block
/// arguments, function signatures); reports the first offending one at its
/// op.
mlir::LogicalResult verifyTensorSizes(mlir::Operation *root);

} // namespace oxla::stablehlo

#endif // OXLA_COMPILER_DIALECT_STABLEHLO_IR_TENSORSIZES_H
