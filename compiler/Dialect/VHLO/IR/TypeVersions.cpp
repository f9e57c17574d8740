//===- TypeVersions.cpp - The first release that has a type or attribute --===//
//
// The releases follow StableHLO's: a type or attribute is listed with the
// release whose VHLO first had it (e.g. f8E4M3FNUZ in 0.10.0, i2 in 1.2.0,
// per-axis quantization in 0.18.0, tf32 and none in 1.6.0, buffers in
// 1.13.0, futures in 1.15.0).
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/VHLO/IR/TypeVersions.h"

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace oxla::vhlo;
namespace hlo = oxla::stablehlo;

namespace {

constexpr Version kFirst = Version::minimum();

/// The release of the type's own kind, without what is nested in it.
std::optional<Version> ownVersion(Type type) {
  if (auto integer = dyn_cast<IntegerType>(type)) {
    unsigned width = integer.getWidth();
    bool stablehloWidth = width == 2 || width == 4 || width == 8 ||
                          width == 16 || width == 32 || width == 64 ||
                          (width == 1 && integer.isSignless());
    if (integer.isSigned() || !stablehloWidth)
      return std::nullopt;
    return width == 2 ? Version(1, 2, 0) : kFirst;
  }
  if (isa<BFloat16Type, Float16Type, Float32Type, Float64Type, Float8E4M3FNType,
          Float8E5M2Type>(type))
    return kFirst;
  if (isa<Float8E4M3FNUZType, Float8E5M2FNUZType>(type))
    return Version(0, 10, 0);
  if (isa<Float8E4M3B11FNUZType>(type))
    return Version(0, 11, 0);
  if (isa<FloatTF32Type>(type))
    return Version(1, 6, 0);
  if (isa<Float8E4M3Type>(type))
    return Version(1, 7, 0);
  if (isa<IndexType, ComplexType, TupleType, FunctionType, UnrankedTensorType,
          RankedTensorType, hlo::TokenType, quant::UniformQuantizedType>(type))
    return kFirst;
  if (isa<quant::UniformQuantizedPerAxisType>(type))
    return Version(0, 18, 0);
  if (isa<NoneType>(type))
    return Version(1, 6, 0);
  if (auto memref = dyn_cast<MemRefType>(type)) {
    if (!memref.getLayout().isIdentity() || memref.getMemorySpace())
      return std::nullopt;
    return Version(1, 13, 0);
  }
  if (isa<hlo::FutureType>(type))
    return Version(1, 15, 0);
  return std::nullopt;
}

/// The release of the attribute's own kind, without what is nested in it.
std::optional<Version> ownVersion(Attribute attr) {
  if (auto string = dyn_cast<StringAttr>(attr)) {
    // A typed string has no VHLO form.
    if (!isa<NoneType>(string.getType()))
      return std::nullopt;
    return kFirst;
  }
  if (isa<IntegerAttr, FloatAttr, TypeAttr, ArrayAttr, DictionaryAttr,
          DenseArrayAttr, DenseIntOrFPElementsAttr, DenseStringElementsAttr,
          UnitAttr, SymbolRefAttr>(attr))
    return kFirst;
  if (isa<hlo::ResultAccuracyAttr, hlo::ResultAccuracyModeAttr>(attr))
    return Version(1, 9, 0);
  if (isa<hlo::DotAlgorithmAttr>(attr))
    return Version(1, 6, 0);
  if (isa<hlo::ReplicaGroupMeshAxesAttr, hlo::AxisRefAttr>(attr))
    return Version(1, 16, 0);
  // The remaining StableHLO attributes (dimension numbers, enums, channel
  // handles, type extensions, ...) are as old as VHLO.
  if (isa<hlo::StableHLODialect>(attr.getDialect()))
    return kFirst;
  // Shardy's attributes (sdy.sharding, sdy.sharding_rule, ...) travel in
  // artifacts beside VHLO under their own dialect, which Shardy versions:
  // any StableHLO release carries them.
  if (attr.getDialect().getNamespace() == "sdy")
    return kFirst;
  return std::nullopt;
}

/// Walks a value and everything nested in it, keeping the newest release.
class NewestFeature {
public:
  void visit(Type type) {
    if (!note(ownVersion(type)))
      return;
    // A memref's layout is checked to be the identity by ownVersion.
    if (auto memref = dyn_cast<MemRefType>(type))
      return visit(memref.getElementType());
    type.walkImmediateSubElements([this](Attribute a) { visit(a); },
                                  [this](Type t) { visit(t); });
  }

  void visit(Attribute attr) {
    if (!note(ownVersion(attr)) || isa<StringAttr>(attr))
      return;
    if (auto typed = dyn_cast<TypedAttr>(attr))
      visit(typed.getType());
    attr.walkImmediateSubElements([this](Attribute a) { visit(a); },
                                  [this](Type t) { visit(t); });
  }

  std::optional<Version> result() const {
    return representable ? std::optional<Version>(newest) : std::nullopt;
  }

private:
  bool note(std::optional<Version> version) {
    if (!representable)
      return false;
    if (!version) {
      representable = false;
      return false;
    }
    if (*version > newest)
      newest = *version;
    return true;
  }

  Version newest = kFirst;
  bool representable = true;
};

} // namespace

std::optional<Version> oxla::vhlo::firstVersionWith(Type type) {
  NewestFeature scan;
  scan.visit(type);
  return scan.result();
}

std::optional<Version> oxla::vhlo::firstVersionWith(Attribute attr) {
  NewestFeature scan;
  scan.visit(attr);
  return scan.result();
}

std::optional<Version> oxla::vhlo::firstVersionWith(Operation *op) {
  NewestFeature scan;
  for (Type type : op->getOperandTypes())
    scan.visit(type);
  for (Type type : op->getResultTypes())
    scan.visit(type);
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (Type type : block.getArgumentTypes())
        scan.visit(type);
  scan.visit(op->getAttrDictionary());
  return scan.result();
}
