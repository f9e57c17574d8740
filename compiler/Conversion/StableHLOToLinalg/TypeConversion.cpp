//===- TypeConversion.cpp - StableHLO types as upstream builtin types -----===//

#include "compiler/Conversion/StableHLOToLinalg/TypeConversion.h"

#include "mlir/Dialect/Quant/QuantTypes.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

Type oxla::toSignless(Type type) {
  // A quantized value is its storage integer.
  if (auto quantized = dyn_cast<quant::QuantizedType>(type))
    return IntegerType::get(type.getContext(), quantized.getStorageTypeIntegralWidth());
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
  if (auto quantized = dyn_cast<quant::QuantizedType>(type))
    return !quantized.isSigned();
  auto integer = dyn_cast<IntegerType>(type);
  return integer && (integer.isUnsigned() || integer.getWidth() == 1);
}

oxla::StableHLOTypeConverter::StableHLOTypeConverter() {
  addConversion([](Type type) { return type; });
  addConversion([](IntegerType type) { return toSignless(type); });
  addConversion([](quant::QuantizedType type) { return toSignless(type); });
  // Bounds (#stablehlo.type_extensions) say nothing the lowered code uses.
  addConversion([](RankedTensorType type) -> Type {
    return RankedTensorType::get(type.getShape(), toSignless(type.getElementType()));
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

std::optional<std::string> oxla::tensorTypeSpec(mlir::Type type) {
  auto tensor = mlir::dyn_cast<mlir::RankedTensorType>(type);
  if (!tensor)
    return std::nullopt;
  std::string spec;
  llvm::raw_string_ostream os(spec);
  for (int64_t size : tensor.getShape()) {
    if (mlir::ShapedType::isDynamic(size))
      os << "?";
    else
      os << size;
    os << "x";
  }
  os << tensor.getElementType();
  return os.str();
}
