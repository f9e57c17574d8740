//===- Passes.h - Passes between stablehlo and vhlo -----------------------===//
#ifndef OXLA_COMPILER_DIALECT_VHLO_TRANSFORMS_PASSES_H
#define OXLA_COMPILER_DIALECT_VHLO_TRANSFORMS_PASSES_H

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "compiler/Dialect/VHLO/IR/VHLO.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <memory>

namespace oxla::vhlo {

#define GEN_PASS_DECL
#include "compiler/Dialect/VHLO/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "compiler/Dialect/VHLO/Transforms/Passes.h.inc"

} // namespace oxla::vhlo

#endif // OXLA_COMPILER_DIALECT_VHLO_TRANSFORMS_PASSES_H
