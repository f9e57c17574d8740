//===- CallAttributesFromMlir.h - A custom_call's attributes for kernels --===//
//
// What the kernel library needs of a `stablehlo.custom_call`, read from the
// op: api_version, the typed-FFI dictionary (`backend_config` when it is a
// dictionary, else `mhlo.backend_config`, as JAX writes it) and the operand
// and result layouts. The interpreter passes it to the kernels directly; the
// compiler records its text form in the module's custom-call table.
// Header-only: the kernel library itself has no MLIR.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_RUNTIME_KERNELS_CALLATTRIBUTESFROMMLIR_H
#define OXLA_RUNTIME_KERNELS_CALLATTRIBUTESFROMMLIR_H

#include "runtime/kernels/XlaCpuTargets.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"

namespace oxla::kernels {

/// The kernel library's element type for `type`, or nullopt.
inline std::optional<ElementType> elementTypeOf(mlir::Type type) {
  if (auto complex = mlir::dyn_cast<mlir::ComplexType>(type)) {
    if (complex.getElementType().isF32())
      return ElementType::C64;
    if (complex.getElementType().isF64())
      return ElementType::C128;
    return std::nullopt;
  }
  if (type.isF32())
    return ElementType::F32;
  if (type.isF64())
    return ElementType::F64;
  if (type.isF16())
    return ElementType::F16;
  if (type.isBF16())
    return ElementType::BF16;
  if (auto integer = mlir::dyn_cast<mlir::IntegerType>(type)) {
    bool isUnsigned = integer.isUnsigned();
    switch (integer.getWidth()) {
    case 1: return ElementType::Pred;
    case 8: return isUnsigned ? ElementType::U8 : ElementType::S8;
    case 16: return isUnsigned ? ElementType::U16 : ElementType::S16;
    case 32: return isUnsigned ? ElementType::U32 : ElementType::S32;
    case 64: return isUnsigned ? ElementType::U64 : ElementType::S64;
    default: return std::nullopt;
    }
  }
  return std::nullopt;
}

/// The buffer type of a statically shaped tensor type, or nullopt.
inline std::optional<BufferType> bufferTypeOf(mlir::Type type) {
  auto tensor = mlir::dyn_cast<mlir::RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape())
    return std::nullopt;
  std::optional<ElementType> element = elementTypeOf(tensor.getElementType());
  if (!element)
    return std::nullopt;
  return BufferType{*element, std::vector<int64_t>(tensor.getShape().begin(),
                                                   tensor.getShape().end())};
}

/// The types of a custom call's results, a tuple result flattened (the older
/// LAPACK ABI returns one tuple).
inline llvm::SmallVector<mlir::Type> flatResultTypes(mlir::Operation *op) {
  llvm::SmallVector<mlir::Type> types;
  for (mlir::Type type : op->getResultTypes()) {
    if (auto tuple = mlir::dyn_cast<mlir::TupleType>(type))
      types.append(tuple.getTypes().begin(), tuple.getTypes().end());
    else
      types.push_back(type);
  }
  return types;
}

/// Reads the attributes; on an attribute the kernels cannot take, returns
/// nullopt and says which in `error`.
inline std::optional<CallAttributes> callAttributesOf(mlir::Operation *op,
                                                      std::string &error) {
  CallAttributes attributes;
  if (auto version = op->getAttrOfType<mlir::IntegerAttr>("api_version"))
    attributes.apiVersion = version.getInt();
  auto config = op->getAttrOfType<mlir::DictionaryAttr>("backend_config");
  if (!config)
    config = op->getAttrOfType<mlir::DictionaryAttr>("mhlo.backend_config");
  if (config) {
    for (mlir::NamedAttribute entry : config) {
      AttributeValue value;
      if (auto integer = mlir::dyn_cast<mlir::IntegerAttr>(entry.getValue())) {
        value.integer = integer.getType().isUnsignedInteger()
                            ? static_cast<int64_t>(integer.getValue().getZExtValue())
                            : integer.getValue().getSExtValue();
      } else if (auto boolean = mlir::dyn_cast<mlir::BoolAttr>(entry.getValue())) {
        value.integer = boolean.getValue();
      } else if (auto real = mlir::dyn_cast<mlir::FloatAttr>(entry.getValue())) {
        value.kind = AttributeValue::Kind::Float;
        value.real = real.getValueAsDouble();
      } else if (auto text = mlir::dyn_cast<mlir::StringAttr>(entry.getValue())) {
        value.kind = AttributeValue::Kind::String;
        value.text = text.str();
      } else {
        error = "backend_config entry '" + entry.getName().str() +
                "' is neither an integer, a float nor a string";
        return std::nullopt;
      }
      attributes.config[entry.getName().str()] = value;
    }
  }
  auto layouts = [&](llvm::StringRef name, std::vector<Layout> &out) {
    auto list = op->getAttrOfType<mlir::ArrayAttr>(name);
    if (!list)
      return true;
    for (mlir::Attribute layout : list) {
      auto dims = mlir::dyn_cast<mlir::DenseIntElementsAttr>(layout);
      if (!dims) {
        error = name.str() + " holds a non-integer layout";
        return false;
      }
      std::vector<int64_t> order;
      for (const llvm::APInt &dim : dims.getValues<llvm::APInt>())
        order.push_back(dim.getSExtValue());
      out.push_back(Layout(order));
    }
    return true;
  };
  if (!layouts("operand_layouts", attributes.operandLayouts) ||
      !layouts("result_layouts", attributes.resultLayouts))
    return std::nullopt;
  return attributes;
}

} // namespace oxla::kernels

#endif // OXLA_RUNTIME_KERNELS_CALLATTRIBUTESFROMMLIR_H
