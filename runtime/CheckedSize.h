//===- CheckedSize.h - Element counts and byte sizes without overflow -----===//
//
// The one size computation of oxla: the verifier's check of a program's
// tensor types, the input readers (--input, .npy, --dim-size), the
// interpreter's tensors, the runtime's buffers and the allocations of
// compiled code all count elements and bytes with these functions, so that
// a shape whose size does not fit is an error everywhere instead of a
// wrapped-around product.
//
// Header-only and free of LLVM types: compiled code's support routines and
// the C API use it as well as the compiler.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_RUNTIME_CHECKEDSIZE_H
#define OXLA_RUNTIME_CHECKEDSIZE_H

#include <cstddef>
#include <cstdint>
#include <optional>

namespace oxla {

/// The largest byte size oxla allocates: what a signed 64-bit offset can
/// address (LLVM's and the memref ABI's index type).
inline constexpr uint64_t kMaxByteSize = uint64_t(INT64_MAX);

/// The number of elements of a shape with `rank` sizes at `sizes`, or
/// nullopt where a size is negative or the product exceeds INT64_MAX.
inline std::optional<int64_t> checkedElementCount(const int64_t *sizes,
                                                  size_t rank) {
  int64_t count = 1;
  bool overflowed = false;
  for (size_t i = 0; i < rank; ++i) {
    if (sizes[i] < 0)
      return std::nullopt;
    // A zero anywhere makes the tensor empty, whatever the other sizes.
    if (sizes[i] == 0)
      return 0;
    overflowed |= __builtin_mul_overflow(count, sizes[i], &count);
  }
  if (overflowed)
    return std::nullopt;
  return count;
}

/// The bytes of `count` elements of `bytesPerElement` bytes each, or nullopt
/// past kMaxByteSize.
inline std::optional<uint64_t> checkedByteSize(int64_t count,
                                               uint64_t bytesPerElement) {
  if (count < 0)
    return std::nullopt;
  uint64_t bytes;
  if (__builtin_mul_overflow(uint64_t(count), bytesPerElement, &bytes) ||
      bytes > kMaxByteSize)
    return std::nullopt;
  return bytes;
}

/// Both at once: the bytes a shape of `bytesPerElement`-byte elements takes.
inline std::optional<uint64_t> checkedByteSize(const int64_t *sizes,
                                               size_t rank,
                                               uint64_t bytesPerElement) {
  std::optional<int64_t> count = checkedElementCount(sizes, rank);
  if (!count)
    return std::nullopt;
  return checkedByteSize(*count, bytesPerElement);
}

} // namespace oxla

#endif // OXLA_RUNTIME_CHECKEDSIZE_H
