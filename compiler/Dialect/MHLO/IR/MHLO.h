//===- MHLO.h - The `mhlo.*` attribute namespace --------------------------===//
#ifndef OXLA_COMPILER_DIALECT_MHLO_IR_MHLO_H
#define OXLA_COMPILER_DIALECT_MHLO_IR_MHLO_H

#include "mlir/IR/Dialect.h"

#include "compiler/Dialect/MHLO/IR/MHLODialect.h.inc"

#endif // OXLA_COMPILER_DIALECT_MHLO_IR_MHLO_H
