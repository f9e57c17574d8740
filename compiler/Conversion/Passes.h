//===- Passes.h - Conversions out of StableHLO ----------------------------===//
#ifndef OXLA_COMPILER_CONVERSION_PASSES_H
#define OXLA_COMPILER_CONVERSION_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace oxla {

#define GEN_PASS_DECL
#include "compiler/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "compiler/Conversion/Passes.h.inc"

} // namespace oxla

#endif // OXLA_COMPILER_CONVERSION_PASSES_H
