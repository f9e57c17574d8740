//===- ReductionPatterns.cpp - reduce, reduce_window, sort, map to linalg ===//
//
// (being written)
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/StableHLOToLinalg/Patterns.h"

namespace oxla {

void populateReductionToLinalgPatterns(mlir::TypeConverter &, mlir::RewritePatternSet &) {}

} // namespace oxla
