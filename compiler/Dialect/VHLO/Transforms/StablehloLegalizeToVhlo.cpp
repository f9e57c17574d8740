//===- StablehloLegalizeToVhlo.cpp - stablehlo -> vhlo (current) ----------===//
//
// The vhlo ops mirror the stablehlo ones operand for operand and attribute
// for attribute (VHLOBase.td), so converting is renaming every op to the
// newest version of its vhlo op, once every type and attribute that the
// program carries is one VHLO can express. Nothing else may change: the
// dialect conversion driver is not used because it folds each op it
// converts (reordering a commutative op's operands, say), and a portable
// artifact must hold the program as written.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/VHLO/IR/TypeVersions.h"
#include "compiler/Dialect/VHLO/Transforms/Passes.h"
#include "compiler/Dialect/VHLO/Transforms/VersionedNames.h"

#include "mlir/IR/PatternMatch.h"

namespace oxla::vhlo {
#define GEN_PASS_DEF_STABLEHLOLEGALIZETOVHLO
#include "compiler/Dialect/VHLO/Transforms/Passes.h.inc"
} // namespace oxla::vhlo

using namespace mlir;
using namespace oxla::vhlo;

namespace {

/// Says why `op` cannot be expressed in VHLO, or nothing if it can.
LogicalResult
checkExpressible(Operation *op,
                 std::optional<RegisteredOperationName> vhloName) {
  if (vhloName && firstVersionWith(op))
    return success();
  // Upstream's conversion driver words the error this way, and tests match
  // it; the reason follows on the same line, as a note would be unexpected.
  InFlightDiagnostic error =
      op->emitError() << "failed to legalize operation '" << op->getName()
                      << "' that was explicitly marked illegal: ";
  if (!vhloName)
    error << "VHLO has no version of this op";
  else
    error << "it carries a type or attribute that VHLO cannot express (one "
             "outside StableHLO, a typed string, or another dialect's "
             "attribute)";
  return failure();
}

struct StablehloLegalizeToVhloPass
    : oxla::vhlo::impl::StablehloLegalizeToVhloBase<
          StablehloLegalizeToVhloPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    SmallVector<std::pair<Operation *, RegisteredOperationName>> renames;
    WalkResult walk =
        getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
          std::optional<StringRef> base = vhloBaseName(op);
          if (!base)
            return WalkResult::advance();
          std::optional<RegisteredOperationName> name =
              lookupNewestVhloOp(context, *base);
          if (failed(checkExpressible(op, name)))
            return WalkResult::interrupt();
          renames.emplace_back(op, *name);
          return WalkResult::advance();
        });
    if (walk.wasInterrupted())
      return signalPassFailure();

    // Parents first: moving a parent's regions keeps the nested ops (and
    // the pointers to them) as they are.
    IRRewriter rewriter(context);
    for (auto [op, name] : renames) {
      rewriter.setInsertionPoint(op);
      replaceWithRenamedOp(rewriter, op, name, op->getOperands(),
                           op->getAttrDictionary(), op->getNumRegions());
    }
  }
};

} // namespace
