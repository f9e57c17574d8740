//===- VhloLegalizeToStablehlo.cpp - vhlo (current) -> stablehlo ----------===//
//
// The inverse rename of StablehloLegalizeToVhlo.cpp. An older op version is
// left for --vhlo-to-version=target=current to upgrade: converting it here
// would silently read it with the newer version's meaning.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/VHLO/Transforms/Passes.h"
#include "compiler/Dialect/VHLO/Transforms/VersionedNames.h"

#include "mlir/Transforms/DialectConversion.h"

namespace oxla::vhlo {
#define GEN_PASS_DEF_VHLOLEGALIZETOSTABLEHLO
#include "compiler/Dialect/VHLO/Transforms/Passes.h.inc"
} // namespace oxla::vhlo

using namespace mlir;
using namespace oxla::vhlo;

namespace {

/// The stablehlo or func op that a newest-version vhlo op stands for.
std::optional<RegisteredOperationName> unversionedName(Operation *op,
                                                       VersionedName name) {
  MLIRContext *context = op->getContext();
  if (name.base == "func")
    return RegisteredOperationName::lookup(func::FuncOp::getOperationName(),
                                           context);
  if (name.base == "call")
    return RegisteredOperationName::lookup(func::CallOp::getOperationName(),
                                           context);
  if (name.base == "return") {
    Operation *parent = op->getParentOp();
    if (parent && (isa<func::FuncOp>(parent) ||
                   parent->getName().getStringRef() == "vhlo.func_v1"))
      return RegisteredOperationName::lookup(func::ReturnOp::getOperationName(),
                                             context);
  }
  return RegisteredOperationName::lookup(
      (oxla::stablehlo::StableHLODialect::getDialectNamespace() + "." +
       name.base)
          .str(),
      context);
}

struct NewestVhloToStablehlo : ConversionPattern {
  explicit NewestVhloToStablehlo(MLIRContext *context)
      : ConversionPattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<VersionedName> name = splitVersionedName(op->getName());
    if (!name)
      return failure();
    if (lookupVhloOp(op->getContext(), name->base, name->version + 1))
      return rewriter.notifyMatchFailure(
          op,
          "is an older version: run --vhlo-to-version=target=current first");
    std::optional<RegisteredOperationName> target = unversionedName(op, *name);
    if (!target)
      return rewriter.notifyMatchFailure(op, "has no stablehlo op");
    replaceWithRenamedOp(rewriter, op, *target, operands,
                         op->getAttrDictionary(), op->getNumRegions());
    return success();
  }
};

struct VhloLegalizeToStablehloPass
    : oxla::vhlo::impl::VhloLegalizeToStablehloBase<
          VhloLegalizeToStablehloPass> {
  void runOnOperation() override {
    ConversionTarget target(getContext());
    target.addIllegalDialect<VHLODialect>();
    target.addLegalDialect<oxla::stablehlo::StableHLODialect,
                           func::FuncDialect>();
    RewritePatternSet patterns(&getContext());
    patterns.add<NewestVhloToStablehlo>(&getContext());
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
