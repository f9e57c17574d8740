//===- ControlFlowPatterns.cpp - while, if, case to scf ===//
//
// (being written)
//
//===----------------------------------------------------------------------===//

#include "compiler/Conversion/StableHLOToLinalg/Patterns.h"

namespace oxla {

void populateControlFlowToSCFPatterns(mlir::TypeConverter &, mlir::RewritePatternSet &) {}

} // namespace oxla
