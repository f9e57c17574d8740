//===- Interpreter.h - The interpreter dialect ---------------------------===//
#ifndef OXLA_COMPILER_DIALECT_INTERPRETER_IR_INTERPRETER_H
#define OXLA_COMPILER_DIALECT_INTERPRETER_IR_INTERPRETER_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"

#include "compiler/Dialect/Interpreter/IR/InterpreterDialect.h.inc"

#define GET_OP_CLASSES
#include "compiler/Dialect/Interpreter/IR/InterpreterOps.h.inc"

#endif // OXLA_COMPILER_DIALECT_INTERPRETER_IR_INTERPRETER_H
