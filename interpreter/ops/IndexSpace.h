//===- IndexSpace.h - Walking the index space of a shape ------------------===//
#ifndef OXLA_INTERPRETER_OPS_INDEXSPACE_H
#define OXLA_INTERPRETER_OPS_INDEXSPACE_H

#include "interpreter/Tensor.h"

namespace oxla::interp {

/// Calls `fn(index, linear)` for every index of `shape` in row-major order.
template <typename Fn> void forEachIndex(llvm::ArrayRef<int64_t> shape, Fn fn) {
  int64_t count = numElementsOf(shape);
  if (count == 0)
    return;
  Shape index(shape.size(), 0);
  for (int64_t linear = 0; linear < count; ++linear) {
    fn(llvm::ArrayRef<int64_t>(index), linear);
    for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
      if (++index[d] < shape[d])
        break;
      index[d] = 0;
    }
  }
}

/// Row-major linear index of `index` in `shape`, or -1 when out of bounds.
inline int64_t linearIndexIfInBounds(llvm::ArrayRef<int64_t> shape,
                                     llvm::ArrayRef<int64_t> index) {
  int64_t linear = 0;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (index[d] < 0 || index[d] >= shape[d])
      return -1;
    linear = linear * shape[d] + index[d];
  }
  return linear;
}

/// The value of an integer scalar (or element `i` of an integer tensor).
int64_t integerElement(const Tensor &tensor, int64_t i = 0);

} // namespace oxla::interp

#endif // OXLA_INTERPRETER_OPS_INDEXSPACE_H
