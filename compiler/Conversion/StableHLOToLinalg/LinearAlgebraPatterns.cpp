//===- LinearAlgebraPatterns.cpp - fft, triangular_solve, cholesky, rng_bit_generator ===//
//
// (being written)
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/StableHLOToLinalg/Patterns.h"

namespace oxla {

void populateLinearAlgebraAndRandomToLinalgPatterns(mlir::TypeConverter &, mlir::RewritePatternSet &) {}

} // namespace oxla
