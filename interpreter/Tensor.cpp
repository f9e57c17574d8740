//===- Tensor.cpp - The interpreter's tensor value ------------------------===//

#include "interpreter/Tensor.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/Support/raw_ostream.h"

#include "runtime/CheckedSize.h"

#include <cstdlib>

#include <complex>

using namespace mlir;

namespace oxla::interp {

int64_t numElementsOf(llvm::ArrayRef<int64_t> shape) {
  // Shapes here are verified types or checked inputs: their counts fit.
  std::optional<int64_t> count =
      checkedElementCount(shape.data(), shape.size());
  assert(count && "unchecked shape");
  return count.value_or(0);
}

/// Zeroed storage of `bytes` bytes (one spare byte keeps data() valid and
/// distinct for empty tensors), or null where the memory cannot be had.
static std::shared_ptr<uint8_t[]> zeroedStorage(uint64_t bytes) {
  if (bytes >= kMaxByteSize)
    return nullptr;
  // calloc rather than new: without exceptions, a failed new aborts.
  void *memory = std::calloc(bytes + 1, 1);
  if (!memory)
    return nullptr;
  return std::shared_ptr<uint8_t[]>(static_cast<uint8_t *>(memory),
                                    [](uint8_t *p) { std::free(p); });
}

static std::string describe(ElementType type, llvm::ArrayRef<int64_t> shape) {
  std::string text = "tensor<";
  for (int64_t dim : shape)
    text += std::to_string(dim) + "x";
  return text + type.name() + ">";
}

std::optional<Tensor> Tensor::allocate(ElementType type,
                                       llvm::ArrayRef<int64_t> shape,
                                       std::string &error,
                                       bool *outOfMemory) {
  std::optional<uint64_t> bytes =
      checkedByteSize(shape.data(), shape.size(), type.storageBytes());
  if (!bytes) {
    error = describe(type, shape) + " has more bytes than a 64-bit size holds";
    return std::nullopt;
  }
  std::shared_ptr<uint8_t[]> storage = zeroedStorage(*bytes);
  if (!storage) {
    if (outOfMemory)
      *outOfMemory = true;
    error = "out of memory: cannot allocate " + std::to_string(*bytes) +
            " bytes for a " + describe(type, shape);
    return std::nullopt;
  }
  Tensor tensor;
  tensor.type_ = type;
  tensor.shape_.assign(shape.begin(), shape.end());
  tensor.numElements_ = numElementsOf(shape);
  tensor.storage_ = std::move(storage);
  return tensor;
}

Shape stridesOf(llvm::ArrayRef<int64_t> shape) {
  Shape strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  return strides;
}

Tensor::Tensor(ElementType type, llvm::ArrayRef<int64_t> shape) {
  std::string error;
  std::optional<Tensor> tensor = allocate(type, shape, error);
  if (!tensor) {
    // Evaluators have no way to fail an allocation: a runtime error (exit
    // 1, docs/interpreter.md) rather than a write through null.
    llvm::errs() << "error: " << error << "\n";
    llvm::errs().flush();
    std::_Exit(1);
  }
  *this = std::move(*tensor);
}

int64_t Tensor::linearIndex(llvm::ArrayRef<int64_t> index) const {
  int64_t linear = 0;
  for (auto [i, dim] : llvm::enumerate(shape_))
    linear = linear * dim + index[i];
  return linear;
}

/// Writes an integer element from its APInt (sign- or zero-extending narrow
/// types into their storage byte).
static void storeInt(ElementType type, const llvm::APInt &value,
                     uint8_t *slot) {
  unsigned bytes = type.storageBytes();
  uint64_t bits = type.isSignedInt() ? static_cast<uint64_t>(value.getSExtValue())
                                     : value.getZExtValue();
  std::memcpy(slot, &bits, bytes); // little-endian host
}

FailureOr<Tensor> Tensor::fromAttr(ElementsAttr attr) {
  auto shaped = cast<ShapedType>(attr.getType());
  std::optional<ElementType> type = ElementType::fromMlir(shaped.getElementType());
  if (!type || !shaped.hasStaticShape())
    return failure();
  Tensor tensor(*type, shaped.getShape());
  int64_t count = tensor.numElements();
  unsigned size = type->storageBytes();
  uint8_t *out = tensor.bytes();

  if (auto resource = dyn_cast<DenseResourceElementsAttr>(attr)) {
    AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    if (!blob || type->bitWidth() < 8 ||
        blob->getData().size() != tensor.byteSize())
      return failure();
    if (tensor.byteSize() != 0)
      std::memcpy(out, blob->getData().data(), tensor.byteSize());
    return tensor;
  }
  auto dense = dyn_cast<DenseElementsAttr>(attr);
  if (!dense)
    return failure();
  // Byte-sized elements are stored by MLIR as little-endian raw data (one
  // element when splat) in the same layout oxla uses.
  if (type->bitWidth() >= 8 && type->bitWidth() % 8 == 0) {
    llvm::ArrayRef<char> raw = dense.getRawData();
    if (dense.isSplat()) {
      for (int64_t i = 0; i < count; ++i)
        std::memcpy(out + i * size, raw.data(), size);
    } else if (tensor.byteSize() != 0) {
      // An empty tensor's raw data may be null.
      std::memcpy(out, raw.data(), tensor.byteSize());
    }
    return tensor;
  }
  // i1, si2/si4, ui2/ui4: element by element.
  int64_t i = 0;
  for (const llvm::APInt &value : dense.getValues<llvm::APInt>())
    storeInt(*type, value, out + size * i++);
  if (dense.isSplat())
    for (; i < count; ++i)
      std::memcpy(out + i * size, out, size);
  return tensor;
}

DenseElementsAttr Tensor::toAttr(MLIRContext *context) const {
  auto tensorType = RankedTensorType::get(shape_, type_.toMlir(context));
  if (type_.bitWidth() >= 8 && type_.bitWidth() % 8 == 0)
    return DenseElementsAttr::getFromRawBuffer(
        tensorType,
        llvm::ArrayRef<char>(reinterpret_cast<const char *>(bytes()),
                             byteSize()));
  llvm::SmallVector<llvm::APInt> values;
  values.reserve(numElements_);
  unsigned width = type_.bitWidth();
  for (int64_t i = 0; i < numElements_; ++i) {
    uint64_t raw = data<uint8_t>()[i];
    // APInt keeps the low `width` bits of the sign-extended storage byte.
    values.emplace_back(width, raw);
  }
  return DenseElementsAttr::get(tensorType, values);
}

double Tensor::elementAsDouble(int64_t index) const {
  switch (type_.kind()) {
  case ElementKind::I1: return data<uint8_t>()[index];
  case ElementKind::SI2: case ElementKind::SI4: case ElementKind::SI8:
    return data<int8_t>()[index];
  case ElementKind::SI16: return data<int16_t>()[index];
  case ElementKind::SI32: return data<int32_t>()[index];
  case ElementKind::SI64: return static_cast<double>(data<int64_t>()[index]);
  case ElementKind::UI2: case ElementKind::UI4: case ElementKind::UI8:
    return data<uint8_t>()[index];
  case ElementKind::UI16: return data<uint16_t>()[index];
  case ElementKind::UI32: return data<uint32_t>()[index];
  case ElementKind::UI64: return static_cast<double>(data<uint64_t>()[index]);
  case ElementKind::F32: return data<float>()[index];
  case ElementKind::F64: return data<double>()[index];
  case ElementKind::C64: return data<std::complex<float>>()[index].real();
  case ElementKind::C128: return data<std::complex<double>>()[index].real();
  default: {
    unsigned bits = type_.bitWidth();
    uint64_t raw = 0;
    std::memcpy(&raw, bytes() + index * type_.storageBytes(), bits / 8);
    llvm::APFloat value(type_.floatSemantics(), llvm::APInt(bits, raw));
    bool lost;
    value.convert(llvm::APFloat::IEEEdouble(),
                  llvm::APFloat::rmNearestTiesToEven, &lost);
    return value.convertToDouble();
  }
  }
}

bool Tensor::bitwiseEqual(const Tensor &other) const {
  return type_ == other.type_ && shape_ == other.shape_ &&
         std::memcmp(bytes(), other.bytes(), byteSize()) == 0;
}

} // namespace oxla::interp
