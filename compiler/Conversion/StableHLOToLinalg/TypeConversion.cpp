//===- TypeConversion.cpp - StableHLO types as upstream builtin types -----===//

#include "compiler/Conversion/StableHLOToLinalg/TypeConversion.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

Type oxla::toSignless(Type type) {
  if (auto integer = dyn_cast<IntegerType>(type))
    if (!integer.isSignless())
      return IntegerType::get(type.getContext(), integer.getWidth());
  return type;
}

bool oxla::isNarrowFloat(Type type) {
  auto floatType = dyn_cast<FloatType>(type);
  return floatType && floatType.getWidth() < 32;
}

bool oxla::isUnsignedInteger(Type type) {
  auto integer = dyn_cast<IntegerType>(type);
  return integer && (integer.isUnsigned() || integer.getWidth() == 1);
}

oxla::StableHLOTypeConverter::StableHLOTypeConverter() {
  addConversion([](Type type) { return type; });
  addConversion([](IntegerType type) { return toSignless(type); });
  addConversion([](RankedTensorType type) -> Type {
    return type.clone(toSignless(type.getElementType()));
  });
  auto cast = [](OpBuilder &builder, Type type, ValueRange inputs,
                 Location loc) -> std::optional<Value> {
    if (inputs.size() != 1)
      return std::nullopt;
    return builder.create<UnrealizedConversionCastOp>(loc, type, inputs)
        .getResult(0);
  };
  addSourceMaterialization(cast);
  addTargetMaterialization(cast);
  addArgumentMaterialization(cast);
}
