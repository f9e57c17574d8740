//===- VhloToVersion.cpp - vhlo ops to the versions of one release --------===//
//
// An op is legal for a release when the release has its version
// (VersionedOpInterface), every type and attribute it carries
// (TypeVersions.h), and whatever the release's op additionally required.
// An op that is not is moved one version towards the release and tried
// again, so an op several versions away walks there one step at a time; a
// step down is only taken when the op uses nothing the older version lacks.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/VHLO/IR/TypeVersions.h"
#include "compiler/Dialect/VHLO/Transforms/Passes.h"
#include "compiler/Dialect/VHLO/Transforms/VersionedNames.h"

#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"

namespace oxla::vhlo {
#define GEN_PASS_DEF_VHLOTOVERSION
#include "compiler/Dialect/VHLO/Transforms/Passes.h.inc"
} // namespace oxla::vhlo

using namespace mlir;
using namespace oxla::vhlo;
namespace hlo = oxla::stablehlo;

namespace {

// Before 0.17.0 the bodies of reduce-like ops computed in the operands'
// element types; promoting them to wider types came later.
const llvm::StringSet<> kReduceLikeOps = {
    "reduce",        "all_reduce", "reduce_scatter",
    "reduce_window", "scatter",    "select_and_scatter"};

bool bodiesComputeInOperandTypes(Operation *op) {
  llvm::SmallPtrSet<Type, 4> operandTypes;
  for (Type type : op->getOperandTypes())
    operandTypes.insert(getElementTypeOrSelf(type));
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (Type type : block.getArgumentTypes())
        if (!operandTypes.contains(getElementTypeOrSelf(type)))
          return false;
  return true;
}

/// What a release requires of an op beyond having its version and types.
bool meetsReleaseRequirements(Operation *op, const VersionedName &name,
                              Version release) {
  if (release < Version(0, 17, 0) && kReduceLikeOps.contains(name.base))
    return bodiesComputeInOperandTypes(op);
  // Typed-FFI custom calls and their dictionary backend_config came in 1.3.0.
  if (release < Version(1, 3, 0) && name.base == "custom_call") {
    auto apiVersion = op->getAttrOfType<IntegerAttr>("api_version");
    if (apiVersion && apiVersion.getInt() ==
                          static_cast<int64_t>(
                              hlo::CustomCallApiVersion::API_VERSION_TYPED_FFI))
      return false;
    return !isa_and_nonnull<DictionaryAttr>(op->getAttr("backend_config"));
  }
  return true;
}

bool isLegalIn(Operation *op, Version release) {
  auto versioned = dyn_cast<VersionedOpInterface>(op);
  std::optional<VersionedName> name = splitVersionedName(op->getName());
  if (!versioned || !name)
    return false;
  if (release < versioned.getMinVersion() ||
      versioned.getMaxVersion() < release)
    return false;
  std::optional<Version> carried = firstVersionWith(op);
  return carried && *carried <= release &&
         meetsReleaseRequirements(op, *name, release);
}

bool isDefaultResultAccuracy(Attribute attr) {
  auto accuracy = dyn_cast<hlo::ResultAccuracyAttr>(attr);
  return accuracy && accuracy.getAtol().isZero() &&
         accuracy.getRtol().isZero() && accuracy.getUlps() == 0 &&
         accuracy.getMode().getValue() == hlo::ResultAccuracyMode::DEFAULT;
}

bool isAbsentOrEmpty(Operation *op, StringRef name) {
  Attribute attr = op->getAttr(name);
  if (auto array = dyn_cast_or_null<ArrayAttr>(attr))
    return array.empty();
  if (auto elements = dyn_cast_or_null<ElementsAttr>(attr))
    return elements.getNumElements() == 0;
  return !attr;
}

bool hasFutureType(Operation *op) {
  auto isFuture = [](Type type) { return isa<hlo::FutureType>(type); };
  return llvm::any_of(op->getOperandTypes(), isFuture) ||
         llvm::any_of(op->getResultTypes(), isFuture);
}

/// One step of an op to the next or previous version: whether this op can
/// take it (it uses nothing the other version lacks) and the attributes and
/// regions it drops, which hold their defaults.
struct VersionStep {
  bool possible = true;
  llvm::SmallVector<StringRef, 2> droppedAttributes;
  bool dropRegions = false;
};

const llvm::StringSet<> kOpsWithResultAccuracy = {
    "cbrt", "cosine",       "exponential", "exponential_minus_one",
    "log",  "log_plus_one", "logistic",    "rsqrt",
    "sine", "sqrt",         "tan",         "tanh"};

VersionStep downgradeOf(Operation *op, StringRef base) {
  VersionStep change;
  auto require = [&change](bool condition) {
    change.possible = change.possible && condition;
  };
  if (kOpsWithResultAccuracy.contains(base)) {
    Attribute accuracy = op->getAttr("result_accuracy");
    require(!accuracy || isDefaultResultAccuracy(accuracy));
    change.droppedAttributes.push_back("result_accuracy");
  } else if (base == "all_gather" || base == "all_reduce" ||
             base == "all_to_all") {
    // Version 1 had one operand and one result.
    require(op->getNumOperands() == 1 && op->getNumResults() == 1);
  } else if (base == "collective_broadcast") {
    require(op->getNumOperands() == 1 && !op->hasAttr("has_dynamic_root"));
  } else if (base == "composite") {
    require(
        llvm::all_of(op->getRegions(), [](Region &r) { return r.empty(); }));
    change.dropRegions = true;
  } else if (base == "custom_call") {
    require(isAbsentOrEmpty(op, "result_tilings") && !hasFutureType(op));
    change.droppedAttributes.push_back("result_tilings");
  } else if (base == "dot_general") {
    require(!op->hasAttr("algorithm"));
  } else if (base == "gather" || base == "dynamic_gather") {
    auto numbers =
        op->getAttrOfType<hlo::GatherDimensionNumbersAttr>("dimension_numbers");
    require(!numbers || (numbers.getOperandBatchingDims().empty() &&
                         numbers.getStartIndicesBatchingDims().empty()));
  } else if (base == "scatter") {
    auto numbers = op->getAttrOfType<hlo::ScatterDimensionNumbersAttr>(
        "scatter_dimension_numbers");
    require(!numbers || (numbers.getInputBatchingDims().empty() &&
                         numbers.getScatterIndicesBatchingDims().empty()));
  } else if (base == "send" || base == "recv") {
    require(isAbsentOrEmpty(op, "source_target_pairs"));
    change.droppedAttributes.push_back("source_target_pairs");
  }
  return change;
}

/// Going up only dynamic_conv loses something: version 1's `padding`
/// attribute, which version 2 takes from its d_padding operand alone.
VersionStep upgradeOf(Operation *op, StringRef base) {
  VersionStep change;
  if (base == "dynamic_conv") {
    auto padding = op->getAttrOfType<DenseIntElementsAttr>("padding");
    change.possible =
        !op->hasAttr("padding") ||
        (padding && llvm::all_of(padding.getValues<APInt>(),
                                 [](const APInt &v) { return v.isZero(); }));
    change.droppedAttributes.push_back("padding");
  }
  return change;
}

struct ChangeVersion : ConversionPattern {
  ChangeVersion(MLIRContext *context, Version release)
      : ConversionPattern(MatchAnyOpTypeTag(), /*benefit=*/1, context),
        release(release) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    auto versioned = dyn_cast<VersionedOpInterface>(op);
    std::optional<VersionedName> name = splitVersionedName(op->getName());
    if (!versioned || !name)
      return failure();
    bool up = versioned.getMaxVersion() < release;
    bool down = release < versioned.getMinVersion();
    if (!up && !down)
      return rewriter.notifyMatchFailure(
          op, "the release has this version; no other helps");
    unsigned version = up ? name->version + 1 : name->version - 1;
    std::optional<RegisteredOperationName> target =
        version == 0 ? std::nullopt
                     : lookupVhloOp(op->getContext(), name->base, version);
    if (!target)
      return rewriter.notifyMatchFailure(
          op, "no version of the op is in the release");

    VersionStep change =
        up ? upgradeOf(op, name->base) : downgradeOf(op, name->base);
    if (!change.possible)
      return rewriter.notifyMatchFailure(op,
                                         "uses what the other version lacks");
    NamedAttrList attributes(op->getAttrDictionary());
    for (StringRef dropped : change.droppedAttributes)
      attributes.erase(dropped);
    unsigned numRegions = change.dropRegions ? 0 : op->getNumRegions();
    replaceWithRenamedOp(rewriter, op, *target, operands,
                         attributes.getDictionary(op->getContext()),
                         numRegions);
    return success();
  }

  Version release;
};

struct VhloToVersionPass
    : oxla::vhlo::impl::VhloToVersionBase<VhloToVersionPass> {
  using VhloToVersionBase::VhloToVersionBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::optional<Version> target = parseTarget(module);
    if (!target)
      return signalPassFailure();
    // Ops change only in minor releases: 1.4.1 has 1.4.0's ops.
    Version release(target->major(), target->minor(), 0);

    ConversionTarget legality(getContext());
    legality.addDynamicallyLegalDialect<VHLODialect>(
        [release](Operation *op) { return isLegalIn(op, release); });
    // Other ops stay as they are: the driver folds ops of unknown legality
    // (putting a commutative op's operands in another order).
    legality.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    RewritePatternSet patterns(&getContext());
    patterns.add<ChangeVersion>(&getContext(), release);
    if (failed(applyPartialConversion(module, legality, std::move(patterns)))) {
      module.emitError() << "failed to convert VHLO to v" << target->str();
      signalPassFailure();
    }
  }

  std::optional<Version> parseTarget(ModuleOp module) {
    StringRef text = targetVersionOption;
    if (text.empty()) {
      module.emitError() << "No target version specified.\n"
                         << "Target version must be of the form `#.#.#`.";
      return std::nullopt;
    }
    std::optional<Version> target =
        text == "current" ? std::optional<Version>(Version::current())
                          : Version::parse(text);
    if (!target) {
      module.emitError() << "Invalid target version argument '" << text
                         << "': expected #.#.# or current";
      return std::nullopt;
    }
    // A patch release of the current one has the current ops.
    if (Version(target->major(), target->minor(), 0) > Version::current()) {
      module.emitError() << "target version " << target->str()
                         << " is greater than current version "
                         << Version::current().str();
      return std::nullopt;
    }
    if (*target < Version::minimum()) {
      module.emitError() << "target version " << target->str()
                         << " is less than minimum supported version "
                         << Version::minimum().str();
      return std::nullopt;
    }
    return target;
  }
};

} // namespace
