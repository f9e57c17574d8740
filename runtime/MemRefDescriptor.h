//===- MemRefDescriptor.h - Memrefs as compiled code passes them ----------===//
#ifndef OXLA_RUNTIME_MEMREFDESCRIPTOR_H
#define OXLA_RUNTIME_MEMREFDESCRIPTOR_H

#include <cstdint>

namespace oxla::rt {

/// A `memref<*xT>` argument through the C interface (`_mlir_ciface_`).
struct UnrankedMemRef {
  int64_t rank;
  void *descriptor; ///< {T *allocated, T *aligned, int64 offset, sizes[rank], strides[rank]}
};

} // namespace oxla::rt

#endif // OXLA_RUNTIME_MEMREFDESCRIPTOR_H
