//===- Handles.h - What the C API's opaque handles hold -------------------===//
//
// Shared by the runtime's API files and by the compiler's (compiler/API),
// which adds executables made from source.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_RUNTIME_API_HANDLES_H
#define OXLA_RUNTIME_API_HANDLES_H

#include "oxla/runtime.h"
#include "runtime/LoadedModule.h"
#include "runtime/ModuleMetadata.h"
#include "runtime/ThreadPool.h"

#include "llvm/ADT/SmallVector.h"

#include <atomic>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string>
#include <vector>

struct oxla_status {
  oxla_status_code code;
  std::string message;
};

struct oxla_buffer {
  std::atomic<int32_t> references{1};
  oxla_element_type type = OXLA_F32;
  /// Inline for the ranks models use, so a buffer is one allocation.
  llvm::SmallVector<int64_t, 6> dims;
  size_t size = 0; ///< bytes
  void *data = nullptr;
  /// How the memory goes: std::free for oxla's own allocations, with the
  /// handle for a small one that shares the handle's block (Inline),
  /// munmap for a large zero-filled one (Mapped: fresh pages are zeros, so
  /// none is touched until used), the importer's callback, or nothing for a
  /// custom call's view.
  enum class Memory { Owned, Inline, Mapped, Imported, View } memory = Memory::Owned;
  oxla_release_fn release = nullptr;
  void *releaseArg = nullptr;
  std::atomic<bool> donated{false};
  /// The device of its client the buffer is placed on (all are host memory:
  /// the placement says whose shard it is).
  int32_t device = 0;
};

struct oxla_client {
  /// Virtual CPU devices; an invocation of a function partitioned for them
  /// runs one thread per device, each with its share of `pool`.
  int32_t devices = 1;
  struct CustomCall {
    oxla_custom_call_fn fn;
    void *userData;
  };
  /// The threads that compute an invocation (its caller and the workers).
  std::unique_ptr<oxla::rt::ThreadPool> pool;
  /// The threads that run asynchronous invocations, each as their caller;
  /// destroyed first, after the pending ones complete.
  std::unique_ptr<oxla::rt::ThreadPool> invocations;
  mutable std::shared_mutex customCallsMutex;
  std::map<std::string, CustomCall, std::less<>> customCalls;
};

namespace oxla::api {

/// A tensor type of a signature; -1 for a '?' size.
struct TensorType {
  oxla_element_type element;
  std::vector<int64_t> dims;
  bool isStatic() const;
};

/// `2x3xf32`, `?x4xi8`, `f32` (ModuleMetadata's spelling); nullopt for
/// element types the API does not represent (i4, f8, ...).
std::optional<TensorType> parseTensorType(const std::string &spec);

oxla_status *makeStatus(oxla_status_code code, std::string message);
oxla_status *invalidArgument(std::string message);

/// A buffer of `type` (a static shape whose byte size byteSizeOf has
/// checked) in fresh 64-byte aligned memory, zero-filled when asked; null
/// where the memory cannot be had (outOfMemory makes the status).
oxla_buffer *allocateBuffer(oxla_element_type type, llvm::ArrayRef<int64_t> dims, bool zero);
/// The OXLA_OUT_OF_MEMORY status of a failed allocateBuffer.
oxla_status *outOfMemory(oxla_element_type type, llvm::ArrayRef<int64_t> dims);
/// Bytes of a dense array of `type` and `dims` (runtime/CheckedSize.h);
/// nullopt for negative sizes or more than 2^63-1 bytes.
std::optional<size_t> byteSizeOf(oxla_element_type type, const int64_t *dims,
                                 size_t rank);
void retain(oxla_buffer *buffer);
void release(oxla_buffer *buffer);
/// Gives the buffer's memory back now (donation); the handle stays.
void releaseMemory(oxla_buffer *buffer);
/// A new handle of `type` and `dims` over the memory of `donor` (of the
/// same bytes), which frees it as `donor` would have; null when the
/// memory cannot change hands (it shares the donor's block, or is a
/// view). The donor keeps its pointer until detached (data = nullptr).
oxla_buffer *adoptMemory(oxla_buffer *donor, oxla_element_type type,
                         llvm::ArrayRef<int64_t> dims);

/// What the custom calls of one invocation need.
struct CustomCallContext {
  const oxla_client *client;
  const std::vector<rt::CustomCallDescription> *descriptions;
  bool failed = false;
  std::vector<std::string> *messages;
  /// The devices of a partitioned function call kernels from their threads.
  std::mutex mutex;
};
/// The CheckSession handler that runs registered kernels.
bool runCustomCall(void *context, int64_t id, void *const *addresses, size_t count);

/// An entry partitioned for several devices (compiler/Sharding/SpmdEntry.h):
/// `name` takes and returns global arrays, `shardsName` every device's
/// shards (device-major), `deviceName` is what each device runs. The last two
/// are entries of the code but not functions of the executable.
struct PartitionedEntry {
  std::string name, shardsName, deviceName;
  int32_t devices = 1;
  /// Shardy's syntax per argument and result; "" when replicated.
  std::vector<std::string> argumentShardings, resultShardings;
};

/// The code behind an executable: compiled (AOT or JIT) or interpreted.
class ExecutableCode {
public:
  virtual ~ExecutableCode() = default;
  /// The entries partitioned for the client's devices.
  std::vector<PartitionedEntry> partitioned;
  virtual const rt::ModuleMetadata &metadata() const = 0;
  /// Runs entry `index` on `arguments` (already checked against its
  /// signature); on success stores one new buffer per result of the
  /// entry's signature in `results`. `donate` (null, or one flag per
  /// argument) marks the arguments whose memory the call may take: a result
  /// the entry pairs with a donated argument (EntryMetadata::donations) is
  /// then that memory, and the argument's handle is left without it.
  virtual oxla_status *run(oxla_client *client, size_t index,
                           oxla_buffer *const *arguments, const uint8_t *donate,
                           oxla_buffer **results) = 0;
  /// The module at `stage`; UNSUPPORTED for code without a source.
  virtual oxla_status *ir(const std::string &stage, std::string &text);
};

/// Code with the module ABI (ModuleABI.h): entry functions over memref
/// descriptors. `keepAlive` owns the code (a LoadedModule, a JIT).
class CompiledCode : public ExecutableCode {
public:
  CompiledCode(rt::ModuleMetadata metadata, std::vector<rt::EntryFunction> entries,
               std::shared_ptr<void> keepAlive);
  const rt::ModuleMetadata &metadata() const override { return metadata_; }
  oxla_status *run(oxla_client *client, size_t index, oxla_buffer *const *arguments,
                   const uint8_t *donate, oxla_buffer **results) override;

private:
  rt::ModuleMetadata metadata_;
  std::vector<rt::EntryFunction> entries_;
  /// Per entry, read once: the result types; the first result type that
  /// cannot be allocated ("" when none); the descriptor words a call needs.
  std::vector<std::vector<TensorType>> resultTypes_;
  std::vector<std::string> unsupportedResults_;
  std::vector<size_t> descriptorWords_;
  std::shared_ptr<void> keepAlive_;
};

/// Makes an executable over `code`; fails when an entry's signature cannot
/// be read.
oxla_status *makeExecutable(oxla_client *client, std::unique_ptr<ExecutableCode> code,
                            oxla_executable **out);

} // namespace oxla::api

struct oxla_function {
  oxla_executable *executable;
  size_t index;
  std::string name, signature;
  std::vector<std::string> argumentSpecs, resultSpecs;
  /// What --memory-report prints for it.
  std::string memoryReport;
  /// nullopt for a type the API does not represent.
  std::vector<std::optional<oxla::api::TensorType>> arguments, results;
  /// Partitioned for `devices` devices: the shardings, and the function over
  /// every device's shards (device-major) that oxla_function_invoke_sharded
  /// runs. One device: no shardings, no `shards`.
  int32_t devices = 1;
  std::vector<std::string> argumentShardings, resultShardings;
  std::unique_ptr<oxla_function> shards;
};

struct oxla_executable {
  oxla_client *client;
  std::unique_ptr<oxla::api::ExecutableCode> code;
  std::vector<std::unique_ptr<oxla_function>> functions;
  /// Asynchronous invocations not yet complete.
  std::mutex pendingMutex;
  std::condition_variable pendingDone;
  int pending = 0;
  std::mutex irMutex;
  std::map<std::string, std::string> irTexts;
};

#endif // OXLA_RUNTIME_API_HANDLES_H
