//===- ContractionPatterns.cpp - dot_general, convolution to linalg ===//
//
// (being written)
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/StableHLOToLinalg/Patterns.h"

namespace oxla {

void populateContractionToLinalgPatterns(mlir::TypeConverter &, mlir::RewritePatternSet &) {}

} // namespace oxla
