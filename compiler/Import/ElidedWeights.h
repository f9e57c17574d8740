//===- ElidedWeights.h - Constants an exporter left out -------------------===//
//
// Exporters that print a large model without its weights write each one as
// `dense_resource<__elided__>`: a resource whose bytes are not in the file.
// Such a program has no values to run with. Every tool reports each elided
// constant as invalid input (exit 2), unless the user asks to fill them
// (`--elided-weights=zeros|random`), so that the program can still be
// compiled and benchmarked: zeros, or seeded uniform values (floats and
// complex parts in [-0.1, 0.1), integers in [0, 8), booleans either way).
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_IMPORT_ELIDEDWEIGHTS_H
#define OXLA_COMPILER_IMPORT_ELIDEDWEIGHTS_H

#include "mlir/IR/BuiltinOps.h"

#include <cstdint>

namespace oxla {

enum class ElidedWeightFill { Error, Zeros, Random };

/// Replaces (or, for Error, reports at its op) every attribute of `module`
/// that is a dense resource without data. `seed` seeds the random fill;
/// each constant gets its own stream, so the values do not depend on the
/// order of the walk's other constants.
mlir::LogicalResult resolveElidedWeights(mlir::ModuleOp module, ElidedWeightFill fill,
                                         uint64_t seed = 0);

} // namespace oxla

#endif // OXLA_COMPILER_IMPORT_ELIDEDWEIGHTS_H
