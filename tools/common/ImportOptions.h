//===- ImportOptions.h - What the tools do to a program after parsing it --===//
//
// oxla-run, oxla-interpret and oxla-compile decode the ops that exporters
// encode as custom calls (compiler/Import/Passes.td) and resolve constants
// whose values the exporter left out (--elided-weights, ElidedWeights.h)
// before they run or compile a program.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_TOOLS_COMMON_IMPORTOPTIONS_H
#define OXLA_TOOLS_COMMON_IMPORTOPTIONS_H

#include "mlir/IR/BuiltinOps.h"

namespace oxla::tools {

/// Fails (reported at the ops) on an encoding that does not fit or an elided
/// constant the options do not fill: invalid input, exit 2.
mlir::LogicalResult importProgram(mlir::ModuleOp module);

} // namespace oxla::tools

#endif // OXLA_TOOLS_COMMON_IMPORTOPTIONS_H
