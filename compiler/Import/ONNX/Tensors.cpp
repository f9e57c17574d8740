//===- Tensors.cpp - ONNX tensors and types as MLIR -----------------------===//

#include "compiler/Import/ONNX/Tensors.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallString.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cstring>

using namespace mlir;
using ::onnx::TensorProto;

Type oxla::onnx::elementType(MLIRContext *context, int32_t dataType) {
  Builder b(context);
  switch (dataType) {
  case TensorProto::FLOAT:
    return b.getF32Type();
  case TensorProto::DOUBLE:
    return b.getF64Type();
  case TensorProto::FLOAT16:
    return b.getF16Type();
  case TensorProto::BFLOAT16:
    return b.getBF16Type();
  case TensorProto::BOOL:
    return b.getI1Type();
  case TensorProto::INT8:
    return b.getIntegerType(8);
  case TensorProto::INT16:
    return b.getIntegerType(16);
  case TensorProto::INT32:
    return b.getIntegerType(32);
  case TensorProto::INT64:
    return b.getIntegerType(64);
  case TensorProto::UINT8:
    return b.getIntegerType(8, /*isSigned=*/false);
  case TensorProto::UINT16:
    return b.getIntegerType(16, false);
  case TensorProto::UINT32:
    return b.getIntegerType(32, false);
  case TensorProto::UINT64:
    return b.getIntegerType(64, false);
  default:
    return nullptr;
  }
}

std::string oxla::onnx::dataTypeName(int32_t dataType) {
  if (TensorProto::DataType_IsValid(dataType))
    return TensorProto::DataType_Name(static_cast<TensorProto::DataType>(dataType));
  return "data type " + std::to_string(dataType);
}

int32_t oxla::onnx::onnxDataType(Type type) {
  if (type.isF32())
    return TensorProto::FLOAT;
  if (type.isF64())
    return TensorProto::DOUBLE;
  if (type.isF16())
    return TensorProto::FLOAT16;
  if (type.isBF16())
    return TensorProto::BFLOAT16;
  if (type.isInteger(1))
    return TensorProto::BOOL;
  if (auto integer = dyn_cast<IntegerType>(type)) {
    bool isUnsigned = integer.isUnsigned();
    switch (integer.getWidth()) {
    case 8:
      return isUnsigned ? TensorProto::UINT8 : TensorProto::INT8;
    case 16:
      return isUnsigned ? TensorProto::UINT16 : TensorProto::INT16;
    case 32:
      return isUnsigned ? TensorProto::UINT32 : TensorProto::INT32;
    case 64:
      return isUnsigned ? TensorProto::UINT64 : TensorProto::INT64;
    }
  }
  return 0;
}

namespace {

/// The bytes of an external-data tensor (ONNX's external data: `location`
/// relative to the model's directory, optional `offset` and `length`).
std::optional<std::string> readExternalData(const TensorProto &tensor,
                                            llvm::StringRef baseDirectory, Location loc) {
  std::string location;
  uint64_t offset = 0;
  std::optional<uint64_t> length;
  for (const auto &entry : tensor.external_data()) {
    if (entry.key() == "location")
      location = entry.value();
    else if (entry.key() == "offset" || entry.key() == "length") {
      uint64_t number = 0;
      if (llvm::StringRef(entry.value()).getAsInteger(10, number)) {
        emitError(loc) << "tensor '" << tensor.name() << "': external data " << entry.key()
                       << " '" << entry.value() << "' is not a number";
        return std::nullopt;
      }
      (entry.key() == "offset" ? offset : length.emplace()) = number;
    }
  }
  if (location.empty() || llvm::sys::path::is_absolute(location) ||
      llvm::StringRef(location).contains("..")) {
    emitError(loc) << "tensor '" << tensor.name()
                   << "': external data needs a relative 'location' inside the model's "
                      "directory, not '"
                   << location << "'";
    return std::nullopt;
  }
  llvm::SmallString<256> path(baseDirectory);
  llvm::sys::path::append(path, location);
  auto file = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                          /*RequiresNullTerminator=*/false);
  if (!file) {
    emitError(loc) << "tensor '" << tensor.name() << "': cannot read external data '" << path
                   << "': " << file.getError().message();
    return std::nullopt;
  }
  uint64_t size = (*file)->getBufferSize();
  uint64_t count = length.value_or(offset <= size ? size - offset : 0);
  if (offset > size || count > size - offset) {
    emitError(loc) << "tensor '" << tensor.name() << "': external data '" << path
                   << "' has " << size << " bytes, fewer than offset " << offset
                   << " + length " << count;
    return std::nullopt;
  }
  return (*file)->getBuffer().substr(offset, count).str();
}

template <typename T, typename Field>
SmallVector<T> convertField(const Field &field) {
  return SmallVector<T>(field.begin(), field.end());
}

} // namespace

DenseElementsAttr oxla::onnx::tensorValue(const TensorProto &tensor,
                                          llvm::StringRef baseDirectory, Location loc,
                                          TensorError &error) {
  error = TensorError::None;
  MLIRContext *context = loc.getContext();
  Type element = elementType(context, tensor.data_type());
  if (!element) {
    error = tensor.data_type() == TensorProto::UNDEFINED ? TensorError::Invalid
                                                         : TensorError::Unsupported;
    emitError(loc) << (error == TensorError::Unsupported ? "unsupported" : "invalid")
                   << " element type " << dataTypeName(tensor.data_type()) << " of tensor '"
                   << tensor.name() << "'";
    return nullptr;
  }
  SmallVector<int64_t> shape;
  int64_t count = 1;
  for (int64_t dim : tensor.dims()) {
    if (dim < 0 || (dim > 0 && count > (int64_t(1) << 40) / dim)) {
      error = TensorError::Invalid;
      emitError(loc) << "tensor '" << tensor.name() << "' has an invalid shape";
      return nullptr;
    }
    shape.push_back(dim);
    count *= dim;
  }
  auto type = RankedTensorType::get(shape, element);
  auto fail = [&](const Twine &what) -> DenseElementsAttr {
    error = TensorError::Invalid;
    emitError(loc) << "tensor '" << tensor.name() << "': " << what;
    return nullptr;
  };

  std::optional<std::string> external;
  if (tensor.data_location() == TensorProto::EXTERNAL) {
    external = readExternalData(tensor, baseDirectory, loc);
    if (!external) {
      error = TensorError::Invalid;
      return nullptr;
    }
  }
  if (external || tensor.has_raw_data()) {
    llvm::StringRef raw = external ? llvm::StringRef(*external) : tensor.raw_data();
    int64_t width = element.isInteger(1) ? 1 : element.getIntOrFloatBitWidth() / 8;
    if (static_cast<int64_t>(raw.size()) != count * width)
      return fail("raw data has " + Twine(raw.size()) + " bytes, the shape needs " +
                  Twine(count * width));
    if (element.isInteger(1)) {
      SmallVector<bool> values;
      for (char byte : raw)
        values.push_back(byte != 0);
      return DenseElementsAttr::get(type, ArrayRef<bool>(values));
    }
    // A splat is stored once by MLIR; raw data of one element is one too.
    return DenseElementsAttr::getFromRawBuffer(type, ArrayRef<char>(raw.data(), raw.size()));
  }

  auto checkCount = [&](int64_t have) { return have == count; };
  switch (tensor.data_type()) {
  case TensorProto::FLOAT:
    if (!checkCount(tensor.float_data_size()))
      break;
    return DenseElementsAttr::get(type, ArrayRef<float>(convertField<float>(tensor.float_data())));
  case TensorProto::DOUBLE:
    if (!checkCount(tensor.double_data_size()))
      break;
    return DenseElementsAttr::get(type,
                                  ArrayRef<double>(convertField<double>(tensor.double_data())));
  case TensorProto::INT64:
    if (!checkCount(tensor.int64_data_size()))
      break;
    return DenseElementsAttr::get(type,
                                  ArrayRef<int64_t>(convertField<int64_t>(tensor.int64_data())));
  case TensorProto::UINT32:
  case TensorProto::UINT64: {
    if (!checkCount(tensor.uint64_data_size()))
      break;
    SmallVector<APInt> values;
    for (uint64_t v : tensor.uint64_data())
      values.push_back(APInt(element.getIntOrFloatBitWidth(), v, /*isSigned=*/false));
    return DenseElementsAttr::get(type, values);
  }
  case TensorProto::BOOL: {
    if (!checkCount(tensor.int32_data_size()))
      break;
    SmallVector<bool> values;
    for (int32_t v : tensor.int32_data())
      values.push_back(v != 0);
    return DenseElementsAttr::get(type, ArrayRef<bool>(values));
  }
  case TensorProto::FLOAT16:
  case TensorProto::BFLOAT16: {
    // int32_data holds the 16-bit patterns.
    if (!checkCount(tensor.int32_data_size()))
      break;
    SmallVector<uint16_t> bits;
    for (int32_t v : tensor.int32_data())
      bits.push_back(static_cast<uint16_t>(v));
    return DenseElementsAttr::getFromRawBuffer(
        type, ArrayRef<char>(reinterpret_cast<const char *>(bits.data()), bits.size() * 2));
  }
  default: { // INT8/16/32, UINT8/16 in int32_data.
    if (!checkCount(tensor.int32_data_size()))
      break;
    SmallVector<APInt> values;
    for (int32_t v : tensor.int32_data())
      values.push_back(APInt(element.getIntOrFloatBitWidth(), static_cast<uint64_t>(int64_t(v)),
                             /*isSigned=*/true));
    return DenseElementsAttr::get(type, values);
  }
  }
  return fail("has no data, or not one value per element (" + Twine(count) + " elements)");
}
