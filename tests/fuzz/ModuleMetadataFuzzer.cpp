// libFuzzer target: the module metadata of an AOT module, the text
// (runtime/ModuleMetadata.h) that oxla-run and oxla_executable_load read
// from a shared library and trust. Each input is that text, as a tampered
// or corrupt module would carry it:
//
// - the reader accepts it or says why, and what it accepts writes back
//   (serialize) to text that reads as the same metadata;
// - an executable made from it through the C API answers its queries, and
//   each entry runs through oxla_function_invoke on buffers of its declared
//   types. The entry's code is a stand-in that does what compiled code
//   does: it reads each argument and writes each result as the metadata
//   declares them (AddressSanitizer catches a buffer the runtime made
//   smaller), then calls every check the module lists;
// - each custom call of XLA's CPU targets runs on buffers of its declared
//   types with its declared attributes, as compiled code would call it.

#include "runtime/CheckRoutines.h"
#include "runtime/CheckedSize.h"
#include "runtime/MemRefDescriptor.h"
#include "runtime/ModuleMetadata.h"
#include "runtime/api/Handles.h"
#include "runtime/kernels/XlaCpuTargets.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

using namespace oxla;

/// The routine compiled code calls for a check on f32 values
/// (runtime/CheckRoutines.cpp).
extern "C" bool _mlir_ciface_oxla_check_f32(int64_t id, const rt::UnrankedMemRef *actual,
                                            const rt::UnrankedMemRef *expected);

/// Buffers larger than this (in all, per invocation) are not made: the
/// fuzzer looks for wrong sizes, not for the memory's end.
static constexpr uint64_t kMaxFuzzBytes = 4 << 20;

namespace {

/// The metadata of the invocation in flight, for the stand-in entry.
const rt::EntryMetadata *currentEntry = nullptr;
const rt::ModuleMetadata *currentModule = nullptr;

/// The bytes a descriptor's buffer holds by the metadata's type `spec`.
std::optional<uint64_t> declaredBytes(const std::string &spec) {
  std::optional<api::TensorType> type = api::parseTensorType(spec);
  if (!type || !type->isStatic())
    return std::nullopt;
  return checkedByteSize(type->dims.data(), type->dims.size(),
                         oxla_element_type_size(type->element));
}

/// A stand-in for compiled code: touches every byte the metadata says each
/// buffer has, as the code compiled with that metadata would.
void fakeEntry(void **buffers) {
  const rt::EntryMetadata &entry = *currentEntry;
  size_t index = 0;
  volatile uint8_t sink = 0;
  for (const std::string &spec : entry.arguments) {
    auto *words = static_cast<int64_t *>(buffers[index++]);
    auto *data = reinterpret_cast<const uint8_t *>(words[1]);
    if (std::optional<uint64_t> bytes = declaredBytes(spec))
      for (uint64_t i = 0; i < *bytes; ++i)
        sink = sink + data[i];
  }
  for (const std::string &spec : entry.results) {
    auto *words = static_cast<int64_t *>(buffers[index++]);
    auto *data = reinterpret_cast<uint8_t *>(words[1]);
    if (std::optional<uint64_t> bytes = declaredBytes(spec))
      std::memset(data, 0x5A, *bytes);
  }
  // Every check the module lists (and one past them), on the first
  // argument where it is f32.
  rt::UnrankedMemRef first{0, nullptr};
  if (!entry.arguments.empty()) {
    std::optional<api::TensorType> type = api::parseTensorType(entry.arguments[0]);
    if (type && type->element == OXLA_F32)
      first = {static_cast<int64_t>(type->dims.size()), buffers[0]};
  }
  if (first.descriptor)
    for (size_t id = 0; id <= currentModule->checks.size(); ++id)
      _mlir_ciface_oxla_check_f32(int64_t(id), &first, &first);
}

/// Runs each custom call of XLA's CPU targets on zero-filled buffers of
/// its declared types.
void runCustomCalls(const rt::ModuleMetadata &metadata) {
  for (const rt::CustomCallDescription &call : metadata.customCalls) {
    if (!rt::isBuiltinCustomCall(call.target))
      continue;
    std::vector<std::vector<uint8_t>> storage;
    std::vector<void *> addresses;
    uint64_t total = 0;
    bool runnable = true;
    for (const std::vector<std::string> *list : {&call.operands, &call.results})
      for (const std::string &spec : *list) {
        std::optional<kernels::BufferType> type = kernels::BufferType::parse(spec);
        std::optional<uint64_t> bytes =
            type ? checkedByteSize(type->dims.data(), type->dims.size(),
                                   kernels::byteWidth(type->element))
                 : std::optional<uint64_t>(1);
        if (!bytes || (total += *bytes) > kMaxFuzzBytes) {
          runnable = false;
          break;
        }
        storage.emplace_back(*bytes);
        addresses.push_back(storage.back().data());
      }
    if (!runnable)
      continue;
    std::string error;
    (void)rt::runBuiltinCustomCall(call, addresses.data(), addresses.size(), error);
  }
}

/// Invokes every entry of an executable made from `metadata`.
void invokeEntries(const rt::ModuleMetadata &metadata) {
  static oxla_client *client = [] {
    oxla_client_options options{1};
    oxla_client *made = nullptr;
    if (oxla_status *status = oxla_client_create(&options, &made)) {
      llvm::errs() << oxla_status_get_message(status) << "\n";
      __builtin_trap();
    }
    return made;
  }();
  // Results are made by the runtime; entries asking for too much are left.
  for (const rt::EntryMetadata &entry : metadata.entries)
    for (const std::string &spec : entry.results) {
      std::optional<api::TensorType> type = api::parseTensorType(spec);
      if (!type)
        continue;
      std::optional<uint64_t> bytes = checkedByteSize(
          type->dims.data(), type->dims.size(), oxla_element_type_size(type->element));
      if (bytes && *bytes > kMaxFuzzBytes)
        return;
    }
  std::vector<rt::EntryFunction> functions(metadata.entries.size(), &fakeEntry);
  oxla_executable *executable = nullptr;
  oxla_status *status = api::makeExecutable(
      client, std::make_unique<api::CompiledCode>(metadata, functions, nullptr),
      &executable);
  if (status) {
    oxla_status_free(status);
    return;
  }
  for (size_t i = 0, e = oxla_executable_function_count(executable); i < e; ++i) {
    oxla_function *function = oxla_executable_function(executable, i);
    (void)oxla_function_signature(function);
    std::vector<oxla_buffer *> arguments;
    uint64_t total = 0;
    for (size_t a = 0, n = oxla_function_argument_count(function); a < n; ++a) {
      std::optional<api::TensorType> type =
          api::parseTensorType(oxla_function_argument_type(function, a));
      api::TensorType made = type ? *type : api::TensorType{OXLA_F32, {}};
      for (int64_t &size : made.dims)
        size = size < 0 ? 1 : size;
      std::optional<uint64_t> bytes = checkedByteSize(
          made.dims.data(), made.dims.size(), oxla_element_type_size(made.element));
      if (!bytes || (total += *bytes) > kMaxFuzzBytes)
        break;
      oxla_buffer *buffer = nullptr;
      if (oxla_status *failed = oxla_buffer_create_zeros(
              client, made.element, made.dims.data(), made.dims.size(), &buffer)) {
        oxla_status_free(failed);
        break;
      }
      arguments.push_back(buffer);
    }
    std::vector<oxla_buffer *> results(oxla_function_result_count(function));
    currentEntry = &metadata.entries[i];
    currentModule = &metadata;
    if (oxla_status *failed =
            oxla_function_invoke(function, arguments.data(), arguments.size(), nullptr,
                                 results.data(), results.size()))
      oxla_status_free(failed);
    else
      for (oxla_buffer *result : results)
        oxla_buffer_free(result);
    for (oxla_buffer *argument : arguments)
      oxla_buffer_free(argument);
  }
  oxla_executable_free(executable);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // The symbol is a NUL-terminated string: the reader sees up to the NUL.
  std::string text(reinterpret_cast<const char *>(data), size);
  text = text.c_str();
  rt::ModuleMetadata metadata;
  std::string error;
  if (!rt::ModuleMetadata::parse(text, metadata, error)) {
    if (error.empty()) {
      llvm::errs() << "the metadata reader failed without saying why\n";
      __builtin_trap();
    }
    return 0;
  }
  std::string written = metadata.serialize();
  rt::ModuleMetadata again;
  if (!rt::ModuleMetadata::parse(written, again, error) || again.serialize() != written) {
    llvm::errs() << "metadata does not read back as written:\n" << written << "\n"
                 << error << "\n";
    __builtin_trap();
  }
  runCustomCalls(metadata);
  invokeEntries(metadata);
  return 0;
}
