//===- Status.cpp - Status objects and element types of the C API ---------===//

#include "runtime/api/Handles.h"

#include "runtime/CheckedSize.h"

#include <cstdlib>
#include <cstring>

using namespace oxla;

namespace {

struct ElementTypeInfo {
  oxla_element_type type;
  const char *name; ///< MLIR's spelling
  size_t size;
};

constexpr ElementTypeInfo kElementTypes[] = {
    {OXLA_BOOL, "i1", 1},         {OXLA_S8, "i8", 1},
    {OXLA_S16, "i16", 2},         {OXLA_S32, "i32", 4},
    {OXLA_S64, "i64", 8},         {OXLA_U8, "ui8", 1},
    {OXLA_U16, "ui16", 2},        {OXLA_U32, "ui32", 4},
    {OXLA_U64, "ui64", 8},        {OXLA_F16, "f16", 2},
    {OXLA_BF16, "bf16", 2},       {OXLA_F32, "f32", 4},
    {OXLA_F64, "f64", 8},         {OXLA_C64, "complex<f32>", 8},
    {OXLA_C128, "complex<f64>", 16},
};

const ElementTypeInfo *infoOf(oxla_element_type type) {
  for (const ElementTypeInfo &info : kElementTypes)
    if (info.type == type)
      return &info;
  return nullptr;
}

} // namespace

oxla_status *api::makeStatus(oxla_status_code code, std::string message) {
  return new oxla_status{code, std::move(message)};
}

oxla_status *api::invalidArgument(std::string message) {
  return makeStatus(OXLA_INVALID_ARGUMENT, std::move(message));
}

oxla_status *api::ExecutableCode::ir(const std::string &, std::string &) {
  return makeStatus(OXLA_UNSUPPORTED, "the IR is known only for executables compiled "
                                      "from source (oxla_executable_compile)");
}

bool api::TensorType::isStatic() const {
  for (int64_t size : dims)
    if (size < 0)
      return false;
  return true;
}

std::optional<api::TensorType> api::parseTensorType(const std::string &spec) {
  TensorType type;
  size_t start = 0;
  // Sizes are followed by 'x'; the element type is what remains (it may
  // hold an 'x' only inside "complex<...>", which never starts with a digit).
  for (;;) {
    size_t end = spec.find('x', start);
    if (end == std::string::npos)
      break;
    std::string size = spec.substr(start, end - start);
    if (size == "?") {
      type.dims.push_back(-1);
    } else if (!size.empty() && size.find_first_not_of("0123456789") == std::string::npos) {
      type.dims.push_back(std::strtoll(size.c_str(), nullptr, 10));
    } else {
      break;
    }
    start = end + 1;
  }
  std::string element = spec.substr(start);
  // Signless and signed integers are both two's complement.
  if (element.size() > 2 && element.compare(0, 2, "si") == 0)
    element = element.substr(1);
  for (const ElementTypeInfo &info : kElementTypes)
    if (element == info.name) {
      type.element = info.type;
      return type;
    }
  return std::nullopt;
}

std::optional<size_t> api::byteSizeOf(oxla_element_type type, const int64_t *dims,
                                      size_t rank) {
  std::optional<uint64_t> bytes =
      checkedByteSize(dims, rank, oxla_element_type_size(type));
  if (!bytes)
    return std::nullopt;
  return static_cast<size_t>(*bytes);
}

extern "C" {

oxla_status *oxla_status_create(oxla_status_code code, const char *message) {
  return api::makeStatus(code, message ? message : "");
}

oxla_status_code oxla_status_get_code(const oxla_status *status) {
  return status ? status->code : OXLA_OK;
}

const char *oxla_status_get_message(const oxla_status *status) {
  return status ? status->message.c_str() : "";
}

void oxla_status_free(oxla_status *status) { delete status; }

size_t oxla_element_type_size(oxla_element_type type) {
  const ElementTypeInfo *info = infoOf(type);
  return info ? info->size : 0;
}

const char *oxla_element_type_name(oxla_element_type type) {
  const ElementTypeInfo *info = infoOf(type);
  return info ? info->name : "unknown";
}

} // extern "C"
