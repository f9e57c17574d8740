//===- Invoke.cpp - Running functions, synchronously and not --------------===//

#include "runtime/api/Handles.h"

#include "runtime/CheckRoutines.h"
#include "runtime/MemoryAccounting.h"
#include "runtime/CallRecovery.h"

using namespace oxla;

namespace {

/// What an invocation's task and its event share; either may finish first.
struct EventState {
  std::mutex mutex;
  std::condition_variable done;
  bool ready = false;
  oxla_status *status = nullptr; ///< owned until a wait hands out a copy
  std::vector<oxla_buffer *> results;
};

} // namespace

struct oxla_event {
  std::shared_ptr<EventState> state;
};

namespace {

std::string typeText(const oxla_buffer *buffer) {
  std::string text;
  for (int64_t size : buffer->dims)
    text += std::to_string(size) + "x";
  return text + oxla_element_type_name(buffer->type);
}

/// Checks `arguments` against the signature of `function`. Messages are
/// built only on failure: this runs on every call.
oxla_status *checkInvocation(const oxla_function *function, oxla_buffer *const *arguments,
                             size_t count, const oxla_invoke_options *options) {
  if (!function)
    return api::invalidArgument("the function is null");
  auto what = [&] { return "@" + function->name + ": "; };
  size_t expected = function->argumentSpecs.size();
  if (count != expected)
    return api::invalidArgument(what() + std::to_string(count) + " argument(s) given, " +
                                std::to_string(expected) + " expected " +
                                function->signature);
  if (count > 0 && !arguments)
    return api::invalidArgument(what() + "the argument array is null");
  for (size_t i = 0; i < count; ++i) {
    auto argument = [&] { return what() + "argument #" + std::to_string(i); };
    const oxla_buffer *buffer = arguments[i];
    if (!buffer)
      return api::invalidArgument(argument() + " is null");
    if (buffer->donated.load(std::memory_order_relaxed))
      return api::makeStatus(OXLA_FAILED_PRECONDITION,
                             argument() + " was donated to an earlier invocation");
    const std::optional<api::TensorType> &type = function->arguments[i];
    if (!type)
      return api::makeStatus(OXLA_UNSUPPORTED,
                             argument() + " has type " + function->argumentSpecs[i] +
                                 ", whose element type the C API does not represent");
    bool matches = type->element == buffer->type && type->dims.size() == buffer->dims.size();
    for (size_t d = 0; matches && d < type->dims.size(); ++d)
      matches = type->dims[d] < 0 || type->dims[d] == buffer->dims[d];
    if (!matches)
      return api::invalidArgument(argument() + " is " + typeText(buffer) + ", but " +
                                  function->argumentSpecs[i] + " is expected");
    // A donated buffer may hold a result while the call runs: passed as
    // another argument too, that argument would change under it.
    if (options && options->donate && options->donate[i])
      for (size_t j = 0; j < count; ++j)
        if (j != i && arguments[j] == buffer)
          return api::invalidArgument(argument() + " is donated and also passed as #" +
                                      std::to_string(j));
  }
  return nullptr;
}

/// Runs a checked invocation, storing one buffer per result in `results`;
/// donated arguments lose their memory after.
oxla_status *invokeChecked(oxla_function *function, oxla_buffer *const *arguments,
                           const oxla_invoke_options *options, oxla_buffer **results) {
  oxla_executable *executable = function->executable;
  oxla_status *status = executable->code->run(executable->client, function->index, arguments,
                                              options ? options->donate : nullptr, results);
  if (options && options->donate)
    for (size_t i = 0; i < function->argumentSpecs.size(); ++i)
      if (options->donate[i])
        api::releaseMemory(arguments[i]);
  return status;
}

void markDonated(const oxla_function *function, oxla_buffer *const *arguments,
                 const oxla_invoke_options *options) {
  if (options && options->donate)
    for (size_t i = 0; i < function->argumentSpecs.size(); ++i)
      if (options->donate[i])
        arguments[i]->donated.store(true);
}

oxla_status *copyStatus(const oxla_status *status) {
  return status ? api::makeStatus(status->code, status->message) : nullptr;
}

/// A memref descriptor {allocated, aligned, offset, sizes[rank],
/// strides[rank]} of a dense row-major buffer, written at `words`; returns
/// the word after it.
int64_t *describe(const oxla_buffer *buffer, int64_t *words) {
  auto address = reinterpret_cast<int64_t>(buffer->data);
  size_t rank = buffer->dims.size();
  words[0] = address;
  words[1] = address;
  words[2] = 0;
  int64_t stride = 1;
  for (size_t d = rank; d-- > 0;) {
    words[3 + d] = buffer->dims[d];
    words[3 + rank + d] = stride;
    stride *= buffer->dims[d];
  }
  return words + 3 + 2 * rank;
}

} // namespace

oxla_status *api::CompiledCode::run(oxla_client *client, size_t index,
                                    oxla_buffer *const *arguments, const uint8_t *donate,
                                    oxla_buffer **results) {
  const rt::EntryMetadata &entry = metadata_.entries[index];
  if (!unsupportedResults_[index].empty())
    return makeStatus(OXLA_UNSUPPORTED,
                      "@" + entry.name + " returns " + unsupportedResults_[index] +
                          "; compiled functions return statically shaped tensors "
                          "of the C API's element types only");
  const std::vector<TensorType> &resultTypes = resultTypes_[index];
  size_t numArguments = entry.arguments.size();
  size_t numBuffers = numArguments + resultTypes.size();
  // A result paired with a donated argument is the argument's memory (the
  // code is correct with the two one buffer: DonatedArguments.h); the
  // argument's handle lets go of it once the call is over.
  llvm::SmallVector<oxla_buffer *, 4> donors;
  for (size_t i = 0; i < resultTypes.size(); ++i)
    results[i] = nullptr;
  if (donate)
    for (const rt::Donation &donation : entry.donations)
      if (donate[donation.argument] && !results[donation.result]) {
        oxla_buffer *donor = arguments[donation.argument];
        const TensorType &type = resultTypes[donation.result];
        if ((results[donation.result] = adoptMemory(donor, type.element, type.dims)))
          donors.push_back(donor);
      }
  auto detachDonors = [&] {
    for (oxla_buffer *donor : donors)
      donor->data = nullptr;
  };
  for (size_t i = 0; i < resultTypes.size(); ++i) {
    if (results[i])
      continue;
    results[i] = allocateBuffer(resultTypes[i].element, resultTypes[i].dims, false);
    if (!results[i]) {
      detachDonors();
      for (size_t j = 0; j < resultTypes.size(); ++j)
        if (results[j] && j != i)
          release(results[j]);
      return outOfMemory(resultTypes[i].element, resultTypes[i].dims);
    }
  }

  // The arena of the entry's planned temporaries, taken now so that memory
  // that cannot serve it is a status, not the end of the process.
  if (!rt::reserveThreadArena(entry.memory.arenaBytes)) {
    detachDonors();
    for (size_t i = 0; i < resultTypes.size(); ++i) {
      release(results[i]);
      results[i] = nullptr;
    }
    return makeStatus(OXLA_OUT_OF_MEMORY,
                      "out of memory: cannot allocate " +
                          std::to_string(entry.memory.arenaBytes) + " bytes for @" +
                          entry.name + "'s arena of temporaries");
  }

  // The descriptors and the entry's pointer array live on the stack for
  // the ranks and arities of most calls.
  llvm::SmallVector<int64_t, 64> words(descriptorWords_[index]);
  llvm::SmallVector<void *, 16> pointers(numBuffers);
  int64_t *next = words.data();
  for (size_t i = 0; i < numBuffers; ++i) {
    pointers[i] = next;
    next = describe(i < numArguments ? arguments[i] : results[i - numArguments], next);
  }

  std::optional<rt::AbandonedCall> abandoned;
  std::vector<std::string> messages;
  CustomCallContext customCalls{client, &metadata_.customCalls, false, &messages};
  rt::CheckSession session;
  session.checks = &metadata_.checks;
  session.messages = &messages;
  session.customCall = runCustomCall;
  session.customCallContext = &customCalls;
  // run_parallel (a function partitioned for several devices) finds the
  // per-device entries by name.
  session.entries = [this](const std::string &name) -> void * {
    for (size_t i = 0; i < metadata_.entries.size(); ++i)
      if (metadata_.entries[i].name == name)
        return reinterpret_cast<void *>(entries_[i]);
    return nullptr;
  };
  {
    // Parallel loops of the compiled code run on the client's threads.
    rt::ScopedPool threads(client->pool.get());
    rt::ActiveChecks active(session);
    abandoned = rt::runRecovering(entries_[index], pointers.data());
  }
  detachDonors();
  if (!abandoned && session.failed == 0 && !customCalls.failed)
    return nullptr;
  for (size_t i = 0; i < resultTypes.size(); ++i) {
    release(results[i]);
    results[i] = nullptr;
  }
  if (abandoned && abandoned->reason == rt::AbandonReason::OutOfMemory)
    return makeStatus(OXLA_OUT_OF_MEMORY, "out of memory: compiled code could not allocate " +
                                              std::to_string(abandoned->bytes) + " bytes");
  std::string message;
  for (const std::string &line : messages)
    message += (message.empty() ? "" : "\n") + line;
  if (abandoned && abandoned->reason == rt::AbandonReason::InvalidArgument)
    return makeStatus(OXLA_INVALID_ARGUMENT, message);
  return makeStatus(customCalls.failed ? OXLA_CUSTOM_CALL_FAILED : OXLA_CHECK_FAILED,
                    message);
}

extern "C" {

oxla_status *oxla_function_invoke(oxla_function *function, oxla_buffer *const *arguments,
                                  size_t num_arguments, const oxla_invoke_options *options,
                                  oxla_buffer **results, size_t num_results) {
  if (oxla_status *status = checkInvocation(function, arguments, num_arguments, options))
    return status;
  size_t expected = function->resultSpecs.size();
  if (num_results != expected)
    return api::invalidArgument("@" + function->name + " returns " +
                                std::to_string(expected) + " result(s), but room for " +
                                std::to_string(num_results) + " was given");
  if (num_results > 0 && !results)
    return api::invalidArgument("@" + function->name + ": the result array is null");
  markDonated(function, arguments, options);
  return invokeChecked(function, arguments, options, results);
}

oxla_status *oxla_function_invoke_sharded(oxla_function *function,
                                          oxla_buffer *const *arguments,
                                          size_t num_arguments,
                                          const oxla_invoke_options *options,
                                          oxla_buffer **results, size_t num_results) {
  if (!function)
    return api::invalidArgument("the function is null");
  if (!function->shards)
    return oxla_function_invoke(function, arguments, num_arguments, options, results,
                                num_results);
  oxla_function *shards = function->shards.get();
  auto devices = static_cast<size_t>(function->devices);
  size_t perDevice = function->argumentSpecs.size();
  std::string what = "@" + function->name + " (partitioned for " +
                     std::to_string(devices) + " devices): ";
  if (num_arguments != devices * perDevice)
    return api::invalidArgument(what + std::to_string(num_arguments) +
                                " buffer(s) given, one per device per argument (" +
                                std::to_string(devices * perDevice) + ") expected");
  if (num_results != shards->resultSpecs.size())
    return api::invalidArgument(what + "room for " + std::to_string(num_results) +
                                " result(s) was given, one per device per result (" +
                                std::to_string(shards->resultSpecs.size()) + ") expected");
  if (num_arguments > 0 && !arguments)
    return api::invalidArgument(what + "the argument array is null");
  for (size_t i = 0; i < num_arguments; ++i) {
    int32_t device = static_cast<int32_t>(i / perDevice);
    if (arguments[i] && arguments[i]->device != device)
      return api::invalidArgument(
          what + "argument #" + std::to_string(i % perDevice) + " of device " +
          std::to_string(device) + " is placed on device " +
          std::to_string(arguments[i]->device) + " (oxla_buffer_copy_to_device)");
  }
  // The shard types are the entry's own: checked as for any invocation.
  if (oxla_status *status = checkInvocation(shards, arguments, num_arguments, options))
    return status;
  if (num_results > 0 && !results)
    return api::invalidArgument(what + "the result array is null");
  markDonated(shards, arguments, options);
  if (oxla_status *status = invokeChecked(shards, arguments, options, results))
    return status;
  size_t resultsPerDevice = function->resultSpecs.size();
  for (size_t j = 0; j < num_results; ++j)
    results[j]->device = static_cast<int32_t>(j / resultsPerDevice);
  return nullptr;
}

oxla_status *oxla_function_invoke_with_scratch(oxla_function *function,
                                               oxla_buffer *const *arguments,
                                               size_t num_arguments,
                                               const oxla_invoke_options *options,
                                               void *scratch, size_t scratch_size,
                                               oxla_buffer **results, size_t num_results) {
  if (!function)
    return api::invalidArgument("the function is null");
  const rt::EntryMemoryPlan &plan =
      function->executable->code->metadata().entries[function->index].memory;
  if (!plan.known)
    return api::makeStatus(OXLA_UNSUPPORTED,
                           "@" + function->name +
                               " has no buffer plan (interpreted, or compiled without "
                               "one): it takes no scratch");
  if (scratch_size < plan.arenaBytes)
    return api::invalidArgument("@" + function->name + " needs " +
                                std::to_string(plan.arenaBytes) +
                                " bytes of scratch, but " + std::to_string(scratch_size) +
                                " were given");
  if (plan.arenaBytes > 0 &&
      (!scratch || reinterpret_cast<uintptr_t>(scratch) % OXLA_SCRATCH_ALIGNMENT != 0))
    return api::invalidArgument("@" + function->name + ": the scratch must be " +
                                std::to_string(OXLA_SCRATCH_ALIGNMENT) +
                                "-byte aligned and not null");
  rt::ScopedCallerArena arena(plan.arenaBytes > 0 ? scratch : nullptr, scratch_size);
  return oxla_function_invoke(function, arguments, num_arguments, options, results,
                              num_results);
}

oxla_status *oxla_function_invoke_async(oxla_function *function,
                                        oxla_buffer *const *arguments,
                                        size_t num_arguments,
                                        const oxla_invoke_options *options,
                                        oxla_event **out) {
  if (!out)
    return api::invalidArgument("the out pointer is null");
  *out = nullptr;
  if (oxla_status *status = checkInvocation(function, arguments, num_arguments, options))
    return status;
  markDonated(function, arguments, options);
  // The task keeps the arguments alive and remembers what to donate.
  std::vector<oxla_buffer *> kept(arguments, arguments + num_arguments);
  for (oxla_buffer *buffer : kept)
    api::retain(buffer);
  std::vector<uint8_t> donate;
  if (options && options->donate)
    donate.assign(options->donate, options->donate + num_arguments);
  auto event = std::make_shared<EventState>();
  oxla_executable *executable = function->executable;
  {
    std::lock_guard<std::mutex> lock(executable->pendingMutex);
    ++executable->pending;
  }
  auto *handle = new oxla_event{event};
  executable->client->invocations->submit([function, kept = std::move(kept),
                                    donate = std::move(donate), event, executable] {
    oxla_invoke_options taskOptions{donate.empty() ? nullptr : donate.data()};
    std::vector<oxla_buffer *> results(function->resultSpecs.size());
    oxla_status *status = invokeChecked(function, kept.data(), &taskOptions, results.data());
    if (status)
      results.clear();
    for (oxla_buffer *buffer : kept)
      api::release(buffer);
    {
      std::lock_guard<std::mutex> lock(event->mutex);
      event->status = status;
      event->results = std::move(results);
      event->ready = true;
    }
    event->done.notify_all();
    // Under the lock: oxla_executable_free may delete the executable as
    // soon as it sees no pending invocation.
    std::lock_guard<std::mutex> lock(executable->pendingMutex);
    --executable->pending;
    executable->pendingDone.notify_all();
  });
  *out = handle;
  return nullptr;
}

} // extern "C"

extern "C" {

oxla_status *oxla_event_wait(oxla_event *handle) {
  if (!handle)
    return api::invalidArgument("the event is null");
  EventState *event = handle->state.get();
  std::unique_lock<std::mutex> lock(event->mutex);
  event->done.wait(lock, [&] { return event->ready; });
  return copyStatus(event->status);
}

int oxla_event_is_ready(const oxla_event *handle) {
  if (!handle)
    return 0;
  EventState *event = handle->state.get();
  std::lock_guard<std::mutex> lock(event->mutex);
  return event->ready ? 1 : 0;
}

oxla_status *oxla_event_take_results(oxla_event *handle, oxla_buffer **results,
                                     size_t num_results) {
  if (!handle)
    return api::invalidArgument("the event is null");
  EventState *event = handle->state.get();
  std::lock_guard<std::mutex> lock(event->mutex);
  if (!event->ready)
    return api::makeStatus(OXLA_FAILED_PRECONDITION,
                           "the invocation has not completed (oxla_event_wait first)");
  if (event->status)
    return copyStatus(event->status);
  if (event->results.empty() && num_results > 0)
    return api::makeStatus(OXLA_FAILED_PRECONDITION, "the results were taken already");
  if (num_results != event->results.size())
    return api::invalidArgument("the invocation has " +
                                std::to_string(event->results.size()) +
                                " result(s), but room for " + std::to_string(num_results) +
                                " was given");
  if (num_results > 0 && !results)
    return api::invalidArgument("the result array is null");
  std::copy(event->results.begin(), event->results.end(), results);
  event->results.clear();
  return nullptr;
}

void oxla_event_free(oxla_event *handle) {
  if (!handle)
    return;
  oxla_status_free(oxla_event_wait(handle));
  EventState *event = handle->state.get();
  {
    std::lock_guard<std::mutex> lock(event->mutex);
    for (oxla_buffer *buffer : event->results)
      api::release(buffer);
    event->results.clear();
    oxla_status_free(event->status);
    event->status = nullptr;
  }
  delete handle;
}

} // extern "C"
