//===- DataMovementPatterns.cpp - Data movement ops to linalg/tensor ===//
//
// (being written)
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/StableHLOToLinalg/Patterns.h"

namespace oxla {

void populateDataMovementToLinalgPatterns(mlir::TypeConverter &, mlir::RewritePatternSet &) {}

} // namespace oxla
