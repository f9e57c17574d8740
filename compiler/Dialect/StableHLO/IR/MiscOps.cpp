//===- MiscOps.cpp - stablehlo Misc ops --------------------------------===//

#include "compiler/Dialect/StableHLO/IR/AssemblyDirectives.h"
#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

using namespace mlir;
using namespace oxla::stablehlo;

#define GET_OP_CLASSES
#include "compiler/Dialect/StableHLO/IR/MiscOps.cpp.inc"
