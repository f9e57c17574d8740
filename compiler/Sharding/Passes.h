//===- Passes.h - Passes over sharding annotations ------------------------===//
#ifndef OXLA_COMPILER_SHARDING_PASSES_H
#define OXLA_COMPILER_SHARDING_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <memory>

namespace oxla::sdy {
class SdyDialect;
} // namespace oxla::sdy
namespace oxla::stablehlo {
class StableHLODialect;
} // namespace oxla::stablehlo

namespace oxla {

#define GEN_PASS_DECL
#include "compiler/Sharding/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "compiler/Sharding/Passes.h.inc"

/// Runs --oxla-import-sdy-round-trip on `module` when it carries the string
/// form (a cheap check first); reports and fails on a bad string.
mlir::LogicalResult importShardingStrings(mlir::ModuleOp module);

} // namespace oxla

#endif // OXLA_COMPILER_SHARDING_PASSES_H
