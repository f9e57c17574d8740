//===- Tensor.h - The interpreter's tensor value --------------------------===//
//
// A Tensor is an immutable-by-convention value: shape, element type and a
// contiguous row-major (major-to-minor) buffer shared between copies. An
// evaluator creates a fresh Tensor, fills it, then hands it out; nothing
// writes to a Tensor once other code can see it.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_INTERPRETER_TENSOR_H
#define OXLA_INTERPRETER_TENSOR_H

#include "interpreter/ElementType.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <cstring>
#include <memory>

namespace mlir {
class RankedTensorType;
} // namespace mlir

namespace oxla::interp {

using Shape = llvm::SmallVector<int64_t, 4>;

/// Number of elements of a shape (1 for rank 0).
int64_t numElementsOf(llvm::ArrayRef<int64_t> shape);
/// Row-major strides, in elements.
Shape stridesOf(llvm::ArrayRef<int64_t> shape);

class Tensor {
public:
  Tensor() = default;
  /// A zero-filled tensor. A shape whose byte size does not fit in 64 bits
  /// (runtime/CheckedSize.h) or memory that cannot be had stops the process
  /// with exit code 1 and the bytes asked for; readers of outside shapes
  /// use `allocate` to report those as errors instead.
  Tensor(ElementType type, llvm::ArrayRef<int64_t> shape);
  /// A zero-filled tensor, or nullopt with `error` set where the shape's
  /// size overflows (invalid input) or the memory cannot be had (then
  /// `*outOfMemory`, where given, is set).
  static std::optional<Tensor> allocate(ElementType type,
                                        llvm::ArrayRef<int64_t> shape,
                                        std::string &error,
                                        bool *outOfMemory = nullptr);

  /// The tensor an elements attribute holds (dense, splat or resource).
  /// Fails for element types the interpreter does not represent.
  static mlir::FailureOr<Tensor> fromAttr(mlir::ElementsAttr attr);
  /// The same values as a DenseElementsAttr.
  mlir::DenseElementsAttr toAttr(mlir::MLIRContext *context) const;

  ElementType elementType() const { return type_; }
  llvm::ArrayRef<int64_t> shape() const { return shape_; }
  int64_t rank() const { return static_cast<int64_t>(shape_.size()); }
  int64_t numElements() const { return numElements_; }
  size_t byteSize() const { return numElements_ * type_.storageBytes(); }

  template <typename T> T *data() {
    return reinterpret_cast<T *>(storage_.get());
  }
  template <typename T> const T *data() const {
    return reinterpret_cast<const T *>(storage_.get());
  }
  uint8_t *bytes() { return storage_.get(); }
  const uint8_t *bytes() const { return storage_.get(); }

  /// Copies element `from` of `source` (same element type) to element `to`.
  void copyElementFrom(const Tensor &source, int64_t from, int64_t to) {
    unsigned size = type_.storageBytes();
    std::memcpy(bytes() + to * size, source.bytes() + from * size, size);
  }

  /// Row-major linear index of a multi-dimensional index.
  int64_t linearIndex(llvm::ArrayRef<int64_t> index) const;

  /// The element as a double (integers converted, floats widened; complex
  /// gives its real part). For printing and tolerances, not for evaluation.
  double elementAsDouble(int64_t index) const;

  /// Same shape, element type and bytes.
  bool bitwiseEqual(const Tensor &other) const;

private:
  ElementType type_ = ElementKind::I1;
  Shape shape_;
  int64_t numElements_ = 0;
  std::shared_ptr<uint8_t[]> storage_;
};

} // namespace oxla::interp

#endif // OXLA_INTERPRETER_TENSOR_H
