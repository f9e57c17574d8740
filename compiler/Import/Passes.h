//===- Passes.h - Front-end passes ----------------------------------------===//
#ifndef OXLA_COMPILER_IMPORT_PASSES_H
#define OXLA_COMPILER_IMPORT_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <memory>

namespace oxla {

#define GEN_PASS_DECL
#include "compiler/Import/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "compiler/Import/Passes.h.inc"

/// Runs oxla-decode-custom-calls on `module`, as every tool does after
/// parsing (oxla-opt only when asked); errors go to the context's handler.
mlir::LogicalResult decodeCustomCalls(mlir::ModuleOp module);

} // namespace oxla

#endif // OXLA_COMPILER_IMPORT_PASSES_H
