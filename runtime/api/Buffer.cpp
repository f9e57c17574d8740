//===- Buffer.cpp - Host buffers of the C API -----------------------------===//

#include "runtime/api/Handles.h"

#include <cstdlib>
#include <cstring>

#include <sys/mman.h>

using namespace oxla;

namespace {

/// Compiled code (vector loads) and numpy both like cache-line alignment.
constexpr size_t kAlignment = 64;
/// Data up to this size shares one allocation with its handle; the block
/// then stays within glibc's per-thread cache sizes (up to 1032 bytes).
constexpr size_t kInlineBytes = 768;
/// Zero-filled buffers from this size on are fresh pages of their own:
/// zeros without a memset that would touch (and commit) every page.
constexpr size_t kMappedBytes = size_t(1) << 20;

oxla_status *checkNewBuffer(const oxla_client *client, oxla_element_type type,
                            const int64_t *dims, size_t rank, oxla_buffer **out) {
  if (!out)
    return api::invalidArgument("the out pointer is null");
  *out = nullptr;
  if (!client)
    return api::invalidArgument("the client is null");
  if (oxla_element_type_size(type) == 0)
    return api::invalidArgument("unknown element type " + std::to_string(type));
  if (rank > 0 && !dims)
    return api::invalidArgument("dims is null for rank " + std::to_string(rank));
  for (size_t i = 0; i < rank; ++i)
    if (dims[i] < 0)
      return api::invalidArgument("dimension " + std::to_string(i) + " is " +
                                  std::to_string(dims[i]) + "; sizes are >= 0");
  if (!api::byteSizeOf(type, dims, rank))
    return api::invalidArgument("the buffer's size overflows");
  return nullptr;
}

std::string sizeMismatch(size_t expected, size_t given) {
  return "the buffer holds " + std::to_string(expected) + " bytes, but " +
         std::to_string(given) + " were given";
}

} // namespace

oxla_status *api::outOfMemory(oxla_element_type type, llvm::ArrayRef<int64_t> dims) {
  std::string shape;
  for (int64_t size : dims)
    shape += std::to_string(size) + "x";
  std::optional<size_t> size = byteSizeOf(type, dims.data(), dims.size());
  return makeStatus(OXLA_OUT_OF_MEMORY,
                    "out of memory: cannot allocate " +
                        (size ? std::to_string(*size) : std::string("too many")) +
                        " bytes for a " + shape + oxla_element_type_name(type) +
                        " buffer");
}

oxla_buffer *api::allocateBuffer(oxla_element_type type, llvm::ArrayRef<int64_t> dims,
                                 bool zero) {
  std::optional<size_t> checked = byteSizeOf(type, dims.data(), dims.size());
  if (!checked)
    return nullptr;
  size_t size = *checked;
  size_t rounded = (size + kAlignment - 1) / kAlignment * kAlignment;
  oxla_buffer *buffer;
  if (rounded <= kInlineBytes) {
    // A small buffer's data follows its handle in one block from malloc,
    // whose per-thread cache makes this much cheaper than aligned_alloc.
    void *block = std::malloc(sizeof(oxla_buffer) + kAlignment - 1 + rounded);
    if (!block)
      return nullptr;
    buffer = new (block) oxla_buffer;
    auto after = reinterpret_cast<uintptr_t>(buffer + 1);
    buffer->data = reinterpret_cast<void *>((after + kAlignment - 1) / kAlignment * kAlignment);
    buffer->memory = oxla_buffer::Memory::Inline;
  } else if (zero && rounded >= kMappedBytes) {
    void *data = mmap(nullptr, rounded, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (data == MAP_FAILED)
      return nullptr;
    buffer = new oxla_buffer;
    buffer->data = data;
    buffer->memory = oxla_buffer::Memory::Mapped;
    zero = false; // already zeros
  } else {
    void *data = std::aligned_alloc(kAlignment, rounded);
    if (!data)
      return nullptr;
    buffer = new oxla_buffer;
    buffer->data = data;
  }
  buffer->type = type;
  buffer->dims.assign(dims.begin(), dims.end());
  buffer->size = size;
  if (zero)
    std::memset(buffer->data, 0, size);
  return buffer;
}

oxla_buffer *api::adoptMemory(oxla_buffer *donor, oxla_element_type type,
                              llvm::ArrayRef<int64_t> dims) {
  std::optional<size_t> size = byteSizeOf(type, dims.data(), dims.size());
  if (!donor->data || !size || *size != donor->size ||
      (donor->memory != oxla_buffer::Memory::Owned &&
       donor->memory != oxla_buffer::Memory::Mapped &&
       donor->memory != oxla_buffer::Memory::Imported))
    return nullptr;
  auto *buffer = new oxla_buffer;
  buffer->type = type;
  buffer->dims.assign(dims.begin(), dims.end());
  buffer->size = *size;
  buffer->data = donor->data;
  buffer->memory = donor->memory;
  buffer->release = donor->release;
  buffer->releaseArg = donor->releaseArg;
  buffer->device = donor->device;
  return buffer;
}

void api::retain(oxla_buffer *buffer) {
  buffer->references.fetch_add(1, std::memory_order_relaxed);
}

void api::releaseMemory(oxla_buffer *buffer) {
  void *data = buffer->data;
  buffer->data = nullptr;
  if (!data)
    return;
  if (buffer->memory == oxla_buffer::Memory::Owned)
    std::free(data);
  else if (buffer->memory == oxla_buffer::Memory::Mapped)
    munmap(data, (buffer->size + kAlignment - 1) / kAlignment * kAlignment);
  else if (buffer->memory == oxla_buffer::Memory::Imported && buffer->release)
    buffer->release(buffer->releaseArg);
}

void api::release(oxla_buffer *buffer) {
  if (buffer->references.fetch_sub(1, std::memory_order_acq_rel) != 1)
    return;
  releaseMemory(buffer);
  if (buffer->memory == oxla_buffer::Memory::Inline) {
    buffer->~oxla_buffer();
    std::free(buffer);
    return;
  }
  delete buffer;
}

extern "C" {

oxla_status *oxla_buffer_create(oxla_client *client, oxla_element_type type,
                                const int64_t *dims, size_t rank, const void *data,
                                size_t size_in_bytes, oxla_buffer **out) {
  if (oxla_status *status = checkNewBuffer(client, type, dims, rank, out))
    return status;
  size_t size = *api::byteSizeOf(type, dims, rank);
  if (size != size_in_bytes)
    return api::invalidArgument(sizeMismatch(size, size_in_bytes));
  if (size > 0 && !data)
    return api::invalidArgument("data is null");
  oxla_buffer *buffer = api::allocateBuffer(type, {dims, rank}, false);
  if (!buffer)
    return api::outOfMemory(type, {dims, rank});
  if (size > 0)
    std::memcpy(buffer->data, data, size);
  // A bool is 0 or 1 in oxla (compiled code reads the low bit); any nonzero
  // byte given is true, as NumPy reads it.
  if (type == OXLA_BOOL)
    for (size_t i = 0; i < size; ++i)
      static_cast<uint8_t *>(buffer->data)[i] = static_cast<uint8_t *>(buffer->data)[i] != 0;
  *out = buffer;
  return nullptr;
}

oxla_status *oxla_buffer_create_zeros(oxla_client *client, oxla_element_type type,
                                      const int64_t *dims, size_t rank,
                                      oxla_buffer **out) {
  if (oxla_status *status = checkNewBuffer(client, type, dims, rank, out))
    return status;
  *out = api::allocateBuffer(type, {dims, rank}, true);
  if (!*out)
    return api::outOfMemory(type, {dims, rank});
  return nullptr;
}

oxla_status *oxla_buffer_import(oxla_client *client, oxla_element_type type,
                                const int64_t *dims, size_t rank, void *data,
                                size_t size_in_bytes, oxla_release_fn release,
                                void *release_arg, oxla_buffer **out) {
  if (oxla_status *status = checkNewBuffer(client, type, dims, rank, out))
    return status;
  size_t size = *api::byteSizeOf(type, dims, rank);
  if (size != size_in_bytes)
    return api::invalidArgument(sizeMismatch(size, size_in_bytes));
  if (!data)
    return api::invalidArgument("data is null");
  size_t align = oxla_element_type_size(type);
  if (type == OXLA_C64 || type == OXLA_C128)
    align /= 2;
  if (reinterpret_cast<uintptr_t>(data) % align != 0)
    return api::invalidArgument("data is not aligned to " + std::to_string(align) +
                                " bytes");
  // Imported memory is used as it is: a bool must already be 0 or 1.
  if (type == OXLA_BOOL)
    for (size_t i = 0; i < size; ++i)
      if (static_cast<const uint8_t *>(data)[i] > 1)
        return api::invalidArgument("i1 byte #" + std::to_string(i) + " is " +
                                    std::to_string(static_cast<const uint8_t *>(data)[i]) +
                                    "; an imported bool buffer holds 0 or 1 (oxla_buffer_create "
                                    "reads any nonzero byte as true)");
  auto *buffer = new oxla_buffer;
  buffer->type = type;
  buffer->dims.assign(dims, dims + rank);
  buffer->size = size;
  buffer->data = data;
  buffer->memory = oxla_buffer::Memory::Imported;
  buffer->release = release;
  buffer->releaseArg = release_arg;
  *out = buffer;
  return nullptr;
}

oxla_status *oxla_buffer_export(const oxla_buffer *buffer, void *data,
                                size_t size_in_bytes) {
  if (!buffer)
    return api::invalidArgument("the buffer is null");
  if (buffer->donated.load())
    return api::makeStatus(OXLA_FAILED_PRECONDITION,
                           "the buffer was donated to an invocation");
  if (buffer->size != size_in_bytes)
    return api::invalidArgument(sizeMismatch(buffer->size, size_in_bytes));
  if (buffer->size > 0 && !data)
    return api::invalidArgument("data is null");
  if (buffer->size > 0)
    std::memcpy(data, buffer->data, buffer->size);
  return nullptr;
}

oxla_element_type oxla_buffer_element_type(const oxla_buffer *buffer) {
  return buffer ? buffer->type : OXLA_F32;
}

size_t oxla_buffer_rank(const oxla_buffer *buffer) {
  return buffer ? buffer->dims.size() : 0;
}

const int64_t *oxla_buffer_dims(const oxla_buffer *buffer) {
  return buffer ? buffer->dims.data() : nullptr;
}

size_t oxla_buffer_size_in_bytes(const oxla_buffer *buffer) {
  return buffer ? buffer->size : 0;
}

const void *oxla_buffer_data(const oxla_buffer *buffer) {
  return buffer && !buffer->donated.load() ? buffer->data : nullptr;
}

void *oxla_buffer_mutable_data(oxla_buffer *buffer) {
  return buffer && !buffer->donated.load() ? buffer->data : nullptr;
}

int oxla_buffer_is_donated(const oxla_buffer *buffer) {
  return buffer && buffer->donated.load() ? 1 : 0;
}

int32_t oxla_buffer_device(const oxla_buffer *buffer) { return buffer ? buffer->device : 0; }

oxla_status *oxla_buffer_copy_to_device(oxla_client *client, const oxla_buffer *buffer,
                                        int32_t device, oxla_buffer **out) {
  if (!out)
    return api::invalidArgument("the out pointer is null");
  *out = nullptr;
  if (!client)
    return api::invalidArgument("the client is null");
  if (!buffer)
    return api::invalidArgument("the buffer is null");
  if (device < 0 || device >= client->devices)
    return api::invalidArgument("device " + std::to_string(device) + " is out of range (the "
                                "client has " + std::to_string(client->devices) +
                                " device(s))");
  if (buffer->donated.load())
    return api::makeStatus(OXLA_FAILED_PRECONDITION,
                           "the buffer was donated to an earlier invocation");
  oxla_buffer *copy = api::allocateBuffer(buffer->type, buffer->dims, false);
  if (!copy)
    return api::outOfMemory(buffer->type, buffer->dims);
  if (buffer->size > 0)
    std::memcpy(copy->data, buffer->data, buffer->size);
  copy->device = device;
  *out = copy;
  return nullptr;
}

void oxla_buffer_free(oxla_buffer *buffer) {
  if (buffer)
    api::release(buffer);
}

} // extern "C"
