//===- MiscPatterns.cpp - composite, tokens, dynamism ops ===//
//
// (being written)
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/StableHLOToLinalg/Patterns.h"

namespace oxla {

void populateMiscToLinalgPatterns(mlir::TypeConverter &, mlir::RewritePatternSet &) {}

} // namespace oxla
