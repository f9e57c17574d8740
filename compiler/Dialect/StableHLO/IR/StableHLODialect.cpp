//===- StableHLODialect.cpp - The stablehlo dialect ----------------------===//

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/Dialect/Quant/QuantOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace oxla::stablehlo;

#include "compiler/Dialect/StableHLO/IR/StableHLODialect.cpp.inc"
#define GET_TYPEDEF_CLASSES
#include "compiler/Dialect/StableHLO/IR/StableHLOTypes.cpp.inc"

namespace {

/// Every op may be inlined: the ops are pure functions of their operands
/// or have their effects declared, and none refers to its enclosing
/// function. Calls are inlined before shape refinement and lowering.
struct StableHLOInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final { return true; }
};

} // namespace

void StableHLODialect::initialize() {
  registerAttributes();
  registerTypes();
  registerOps();
  addInterfaces<StableHLOInlinerInterface>();
}

void StableHLODialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "compiler/Dialect/StableHLO/IR/StableHLOTypes.cpp.inc"
      >();
}

void StableHLODialect::registerOps() {
  addOperations<
#define GET_OP_LIST
#include "compiler/Dialect/StableHLO/IR/ElementwiseOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "compiler/Dialect/StableHLO/IR/DataMovementOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "compiler/Dialect/StableHLO/IR/DynamismOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "compiler/Dialect/StableHLO/IR/ReductionOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "compiler/Dialect/StableHLO/IR/ContractionOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "compiler/Dialect/StableHLO/IR/ConvolutionOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "compiler/Dialect/StableHLO/IR/LinalgOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "compiler/Dialect/StableHLO/IR/ControlFlowOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "compiler/Dialect/StableHLO/IR/DistributionOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "compiler/Dialect/StableHLO/IR/MiscOps.cpp.inc"
      >();
}
