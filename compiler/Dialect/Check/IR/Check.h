//===- Check.h - The check dialect ---------------------------------------===//
#ifndef OXLA_COMPILER_DIALECT_CHECK_IR_CHECK_H
#define OXLA_COMPILER_DIALECT_CHECK_IR_CHECK_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"

#include "compiler/Dialect/Check/IR/CheckDialect.h.inc"

#define GET_OP_CLASSES
#include "compiler/Dialect/Check/IR/CheckOps.h.inc"

#endif // OXLA_COMPILER_DIALECT_CHECK_IR_CHECK_H
