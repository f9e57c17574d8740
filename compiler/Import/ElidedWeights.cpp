//===- ElidedWeights.cpp - Constants an exporter left out -----------------===//

#include "compiler/Import/ElidedWeights.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/Operation.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SmallVector.h"

#include <complex>
#include <random>

using namespace mlir;

namespace oxla {
namespace {

bool isElided(Attribute attr) {
  auto resource = dyn_cast<DenseResourceElementsAttr>(attr);
  return resource && !resource.getRawHandle().getBlob();
}

/// The element type's fill value: zero, or a draw from `random`.
Attribute fillElement(Type type, std::mt19937_64 *random) {
  if (auto integer = dyn_cast<IntegerType>(type)) {
    uint64_t value = 0;
    if (random)
      value = integer.getWidth() == 1 ? (*random)() & 1 : (*random)() % 8;
    return IntegerAttr::get(type, APInt(integer.getWidth(), value));
  }
  if (isa<IndexType>(type))
    return IntegerAttr::get(type, random ? int64_t((*random)() % 8) : 0);
  if (auto floatType = dyn_cast<FloatType>(type)) {
    double value = 0;
    if (random)
      value = std::uniform_real_distribution<double>(-0.1, 0.1)(*random);
    return FloatAttr::get(type, value);
  }
  return {};
}

/// A constant of `type` filled as asked, or null for an element type oxla
/// cannot fill.
DenseElementsAttr filled(ShapedType type, ElidedWeightFill fill, uint64_t seed) {
  Type element = type.getElementType();
  auto complex = dyn_cast<ComplexType>(element);
  Type scalar = complex ? complex.getElementType() : element;
  if (fill == ElidedWeightFill::Zeros || type.getNumElements() <= 1) {
    std::mt19937_64 random(seed);
    std::mt19937_64 *source = fill == ElidedWeightFill::Random ? &random : nullptr;
    Attribute value = fillElement(scalar, source);
    if (!value)
      return {};
    if (complex) {
      auto part = cast<FloatAttr>(value).getValue();
      auto imag = cast<FloatAttr>(fillElement(scalar, source)).getValue();
      return DenseElementsAttr::get(type, ArrayRef<std::complex<APFloat>>{{part, imag}});
    }
    return DenseElementsAttr::get(type, value);
  }
  std::mt19937_64 random(seed);
  int64_t count = type.getNumElements() * (complex ? 2 : 1);
  if (auto integer = dyn_cast<IntegerType>(scalar)) {
    SmallVector<APInt> values;
    values.reserve(count);
    for (int64_t i = 0; i < count; ++i)
      values.push_back(cast<IntegerAttr>(fillElement(scalar, &random)).getValue());
    return DenseElementsAttr::get(type, values);
  }
  if (isa<FloatType>(scalar)) {
    SmallVector<APFloat> parts;
    parts.reserve(count);
    for (int64_t i = 0; i < count; ++i)
      parts.push_back(cast<FloatAttr>(fillElement(scalar, &random)).getValue());
    if (!complex)
      return DenseElementsAttr::get(type, parts);
    SmallVector<std::complex<APFloat>> values;
    values.reserve(count / 2);
    for (int64_t i = 0; i < count; i += 2)
      values.emplace_back(parts[i], parts[i + 1]);
    return DenseElementsAttr::get(type, values);
  }
  return {};
}

} // namespace

LogicalResult resolveElidedWeights(ModuleOp module, ElidedWeightFill fill, uint64_t seed) {
  bool failedAny = false;
  uint64_t index = 0;
  module.walk([&](Operation *op) {
    for (NamedAttribute attribute : op->getAttrs()) {
      if (!isElided(attribute.getValue()))
        continue;
      auto type = cast<ShapedType>(cast<TypedAttr>(attribute.getValue()).getType());
      if (fill == ElidedWeightFill::Error) {
        op->emitError() << "the value of this " << type
                        << " constant was elided by the exporter ("
                        << attribute.getValue()
                        << "): the program cannot run without it; pass "
                           "--elided-weights=zeros or --elided-weights=random to fill "
                           "elided constants";
        failedAny = true;
        continue;
      }
      DenseElementsAttr value = filled(type, fill, seed + 0x9E3779B97F4A7C15ull * ++index);
      if (!value) {
        op->emitError() << "unsupported: cannot fill an elided constant of type " << type;
        failedAny = true;
        continue;
      }
      op->setAttr(attribute.getName(), value);
    }
  });
  return failure(failedAny);
}

} // namespace oxla
