//===- VHLODialect.cpp - The vhlo dialect ---------------------------------===//
//
// The ops carry no verifier of their own: a vhlo module is checked by
// converting it to stablehlo (--vhlo-legalize-to-stablehlo), whose verifiers
// implement the spec's constraints once.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/VHLO/IR/VHLO.h"
#include "compiler/Dialect/VHLO/IR/VHLOBytecode.h"

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/Dialect/Quant/QuantOps.h"

using namespace mlir;
using namespace oxla::vhlo;

#include "compiler/Dialect/VHLO/IR/VHLODialect.cpp.inc"
#include "compiler/Dialect/VHLO/IR/VHLOInterfaces.cpp.inc"

#define GET_OP_CLASSES
#include "compiler/Dialect/VHLO/IR/VHLOOps.cpp.inc"

void VHLODialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "compiler/Dialect/VHLO/IR/VHLOOps.cpp.inc"
      >();
  addBytecodeInterface(this);
}
