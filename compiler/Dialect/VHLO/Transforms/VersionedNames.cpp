//===- VersionedNames.cpp - vhlo op names and their stablehlo ops ---------===//

#include "compiler/Dialect/VHLO/Transforms/VersionedNames.h"

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"
#include "compiler/Dialect/VHLO/IR/VHLO.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;

namespace oxla::vhlo {

std::optional<VersionedName> splitVersionedName(OperationName name) {
  if (name.getDialectNamespace() != VHLODialect::getDialectNamespace())
    return std::nullopt;
  StringRef stripped = name.stripDialect();
  size_t marker = stripped.rfind("_v");
  unsigned version = 0;
  if (marker == StringRef::npos ||
      stripped.drop_front(marker + 2).getAsInteger(10, version))
    return std::nullopt;
  return VersionedName{stripped.take_front(marker), version};
}

std::optional<RegisteredOperationName>
lookupVhloOp(MLIRContext *context, StringRef base, unsigned version) {
  std::string name =
      (VHLODialect::getDialectNamespace() + "." + base + "_v" + Twine(version))
          .str();
  return RegisteredOperationName::lookup(name, context);
}

std::optional<RegisteredOperationName> lookupNewestVhloOp(MLIRContext *context,
                                                          StringRef base) {
  std::optional<RegisteredOperationName> newest;
  for (unsigned version = 1;; ++version) {
    std::optional<RegisteredOperationName> next =
        lookupVhloOp(context, base, version);
    if (!next)
      return newest;
    newest = next;
  }
}

std::optional<StringRef> vhloBaseName(Operation *op) {
  if (isa<func::FuncOp>(op))
    return StringRef("func");
  if (isa<func::CallOp>(op))
    return StringRef("call");
  if (isa<func::ReturnOp>(op))
    return StringRef("return");
  if (op->getName().getDialectNamespace() ==
      stablehlo::StableHLODialect::getDialectNamespace())
    return op->getName().stripDialect();
  return std::nullopt;
}

Operation *replaceWithRenamedOp(RewriterBase &rewriter, Operation *op,
                                OperationName name, ValueRange operands,
                                DictionaryAttr attributes,
                                unsigned numRegions) {
  OperationState state(op->getLoc(), name);
  state.addOperands(operands);
  state.addTypes(op->getResultTypes());
  for (unsigned i = 0; i < numRegions; ++i)
    state.addRegion();
  Operation *created = rewriter.create(state);
  // setAttrs, unlike OperationState's attributes, stores inherent attributes
  // in the op's properties, where the stablehlo ops' accessors read them.
  created->setAttrs(attributes);
  for (unsigned i = 0; i < numRegions; ++i)
    rewriter.inlineRegionBefore(op->getRegion(i), created->getRegion(i),
                                created->getRegion(i).end());
  rewriter.replaceOp(op, created->getResults());
  return created;
}

} // namespace oxla::vhlo
