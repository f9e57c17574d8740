//===- Support.cpp - Helpers of the simplifier's pattern families ---------===//

#include "compiler/Transforms/Simplify/Patterns.h"

#include "compiler/Dialect/StableHLO/IR/StableHLO.h"

#include "mlir/IR/Matchers.h"

using namespace mlir;
namespace hlo = oxla::stablehlo;

bool oxla::simplify::isStaticIntOrFloatTensor(Type type, bool allowI1) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape())
    return false;
  Type element = tensor.getElementType();
  if (isa<FloatType>(element))
    return true;
  return isa<IntegerType>(element) && (allowI1 || !element.isInteger(1));
}

Attribute oxla::simplify::splatConstant(Value value) {
  DenseElementsAttr attr;
  if (!matchPattern(value, m_Constant(&attr)) || !attr.isSplat())
    return {};
  Type element = attr.getElementType();
  if (isa<FloatType>(element))
    return attr.getSplatValue<FloatAttr>();
  if (isa<IntegerType>(element))
    return attr.getSplatValue<IntegerAttr>();
  return {};
}

bool oxla::simplify::isSplatOf(Value value, double x) {
  Attribute splat = splatConstant(value);
  if (auto f = dyn_cast_or_null<FloatAttr>(splat)) {
    APFloat expected(x);
    bool lost = false;
    expected.convert(f.getValue().getSemantics(), APFloat::rmNearestTiesToEven, &lost);
    return !lost && f.getValue().bitwiseIsEqual(expected);
  }
  if (auto i = dyn_cast_or_null<IntegerAttr>(splat)) {
    if (i.getType().isInteger(1))
      return (x == 0 && i.getValue().isZero()) || (x == 1 && i.getValue().isOne());
    bool isUnsigned = i.getType().isUnsignedInteger();
    return isUnsigned ? (x >= 0 && i.getValue().getZExtValue() == static_cast<uint64_t>(x))
                      : i.getValue().getSExtValue() == static_cast<int64_t>(x);
  }
  return false;
}

bool oxla::simplify::isSplatNegativeZero(Value value) {
  auto f = dyn_cast_or_null<FloatAttr>(splatConstant(value));
  return f && f.getValue().isNegZero();
}

Value oxla::simplify::createSplat(PatternRewriter &rewriter, Location loc,
                                  RankedTensorType type, Attribute element) {
  return rewriter.create<hlo::ConstantOp>(loc, DenseElementsAttr::get(type, element));
}
