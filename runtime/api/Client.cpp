//===- Client.cpp - Clients, devices and the custom-call registry ---------===//

#include "runtime/api/Handles.h"

#include <algorithm>
#include <cstring>
#include <deque>

using namespace oxla;

bool api::runCustomCall(void *opaque, int64_t id, void *const *addresses, size_t count) {
  auto &context = *static_cast<CustomCallContext *>(opaque);
  auto fail = [&](const std::string &message) {
    std::lock_guard<std::mutex> lock(context.mutex);
    context.failed = true;
    context.messages->push_back(message);
    return false;
  };
  if (id < 0 || static_cast<size_t>(id) >= context.descriptions->size())
    return fail("custom call #" + std::to_string(id) + " has no description");
  const rt::CustomCallDescription &call = (*context.descriptions)[id];
  std::string what = "custom call @" + call.target;
  if (count != call.operands.size() + call.results.size())
    return fail(what + ": " + std::to_string(count) + " buffers passed, " +
                std::to_string(call.operands.size() + call.results.size()) + " expected");
  oxla_client::CustomCall kernel{};
  {
    std::shared_lock<std::shared_mutex> lock(context.client->customCallsMutex);
    auto found = context.client->customCalls.find(call.target);
    if (found != context.client->customCalls.end())
      kernel = found->second;
  }
  // A registered kernel wins; XLA's CPU targets otherwise run the runtime's
  // own kernels.
  if (!kernel.fn) {
    if (!rt::isBuiltinCustomCall(call.target))
      return fail(what + ": no kernel is registered under this name "
                         "(oxla_client_register_custom_call)");
    std::string error;
    if (!rt::runBuiltinCustomCall(call, addresses, count, error))
      return fail(error);
    return true;
  }
  // Views of the compiled code's memory, alive for this call only.
  std::vector<oxla_buffer> views(count);
  std::vector<oxla_buffer *> pointers(count);
  for (size_t i = 0; i < count; ++i) {
    const std::string &spec =
        i < call.operands.size() ? call.operands[i] : call.results[i - call.operands.size()];
    std::optional<TensorType> type = parseTensorType(spec);
    if (!type || !type->isStatic())
      return fail(what + ": buffer #" + std::to_string(i) + " has type " + spec +
                  ", which custom calls do not take");
    views[i].type = type->element;
    views[i].dims.assign(type->dims.begin(), type->dims.end());
    views[i].size = *byteSizeOf(type->element, type->dims.data(), type->dims.size());
    views[i].data = addresses[i];
    views[i].memory = oxla_buffer::Memory::View;
    pointers[i] = &views[i];
  }
  size_t operands = call.operands.size();
  oxla_status *status = kernel.fn(kernel.userData, pointers.data(), operands,
                                  pointers.data() + operands, call.results.size(),
                                  call.backendConfig.c_str());
  if (!status)
    return true;
  std::string message = what + ": " + status->message;
  oxla_status_free(status);
  return fail(message);
}

extern "C" {

oxla_status *oxla_client_create(const oxla_client_options *options, oxla_client **out) {
  if (!out)
    return api::invalidArgument("the out pointer is null");
  *out = nullptr;
  int32_t threads = options ? options->num_threads : 0;
  if (threads < 0)
    return api::invalidArgument("num_threads is " + std::to_string(threads) +
                                "; use 0 for one per core");
  int32_t devices = options ? options->num_devices : 0;
  if (devices < 0)
    return api::invalidArgument("num_devices is " + std::to_string(devices) +
                                "; use 0 or 1 for one device");
  auto client = std::make_unique<oxla_client>();
  client->devices = std::max<int32_t>(devices, 1);
  client->pool = std::make_unique<rt::ThreadPool>(static_cast<unsigned>(threads));
  client->invocations = std::make_unique<rt::ThreadPool>(client->pool->size() + 1);
  for (const rt::ThreadPool *pool : {client->pool.get(), client->invocations.get()})
    if (int error = pool->startError())
      return api::invalidArgument("num_threads is " + std::to_string(threads) +
                                  ": the system started only " +
                                  std::to_string(pool->size()) + " threads (" +
                                  std::strerror(error) + ")");
  *out = client.release();
  return nullptr;
}

void oxla_client_free(oxla_client *client) { delete client; }

int32_t oxla_client_num_threads(const oxla_client *client) {
  return client ? static_cast<int32_t>(client->pool->size()) : 0;
}

int32_t oxla_client_device_count(const oxla_client *client) {
  return client ? client->devices : 0;
}

const char *oxla_client_device_name(const oxla_client *client, int32_t device) {
  if (!client || device < 0 || device >= client->devices)
    return nullptr;
  // Names live as long as the process: the clients share them.
  static std::mutex mutex;
  static std::deque<std::string> names;
  std::lock_guard<std::mutex> lock(mutex);
  while (names.size() <= static_cast<size_t>(device))
    names.push_back("cpu:" + std::to_string(names.size()));
  return names[device].c_str();
}

oxla_status *oxla_client_register_custom_call(oxla_client *client, const char *name,
                                              oxla_custom_call_fn fn, void *user_data) {
  if (!client)
    return api::invalidArgument("the client is null");
  if (!name || !*name)
    return api::invalidArgument("the custom call's name is null or empty");
  if (!fn)
    return api::invalidArgument("the kernel of custom call '" + std::string(name) +
                                "' is null");
  std::unique_lock<std::shared_mutex> lock(client->customCallsMutex);
  client->customCalls[name] = {fn, user_data};
  return nullptr;
}

} // extern "C"
