//===- Executable.cpp - Executables and their functions -------------------===//

#include "runtime/api/Handles.h"
#include "runtime/MemoryReport.h"

#include <dlfcn.h>

using namespace oxla;

namespace {

/// An AOT module resolves the runtime routines it calls (checks, custom
/// calls) in the global scope. A process that loaded the runtime privately
/// (RTLD_LOCAL, as Python loads extensions and their libraries) has to
/// promote it first.
void makeRuntimeSymbolsGlobal() {
  static const bool done = [] {
    Dl_info info;
    if (dladdr(reinterpret_cast<void *>(&oxla_executable_load), &info) && info.dli_fname)
      dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_GLOBAL);
    return true;
  }();
  (void)done;
}

std::string signatureOf(const rt::EntryMetadata &entry) {
  auto list = [](const std::vector<std::string> &types) {
    std::string text = "(";
    for (size_t i = 0; i < types.size(); ++i)
      text += (i ? ", " : "") + types[i];
    return text + ")";
  };
  return list(entry.arguments) + " -> " + list(entry.results);
}

} // namespace

api::CompiledCode::CompiledCode(rt::ModuleMetadata metadata,
                                std::vector<rt::EntryFunction> entries,
                                std::shared_ptr<void> keepAlive)
    : metadata_(std::move(metadata)), entries_(std::move(entries)),
      keepAlive_(std::move(keepAlive)) {
  for (const rt::EntryMetadata &entry : metadata_.entries) {
    std::vector<TensorType> types;
    std::string unsupported;
    size_t words = 0;
    for (const std::string &spec : entry.arguments) {
      std::optional<TensorType> type = parseTensorType(spec);
      words += 3 + 2 * (type ? type->dims.size() : 0);
    }
    for (const std::string &spec : entry.results) {
      std::optional<TensorType> type = parseTensorType(spec);
      if (!type || !type->isStatic()) {
        if (unsupported.empty())
          unsupported = spec;
        continue;
      }
      words += 3 + 2 * type->dims.size();
      types.push_back(std::move(*type));
    }
    resultTypes_.push_back(std::move(types));
    unsupportedResults_.push_back(std::move(unsupported));
    descriptorWords_.push_back(words);
  }
}

namespace {

std::unique_ptr<oxla_function> makeFunction(oxla_executable *executable,
                                            const rt::EntryMetadata &entry, size_t index) {
  auto function = std::make_unique<oxla_function>();
  function->executable = executable;
  function->index = index;
  function->name = entry.name;
  function->signature = signatureOf(entry);
  function->argumentSpecs = entry.arguments;
  function->resultSpecs = entry.results;
  function->memoryReport = rt::memoryReport(entry);
  for (const std::string &spec : entry.arguments)
    function->arguments.push_back(api::parseTensorType(spec));
  for (const std::string &spec : entry.results)
    function->results.push_back(api::parseTensorType(spec));
  return function;
}

} // namespace

oxla_status *api::makeExecutable(oxla_client *client, std::unique_ptr<ExecutableCode> code,
                                 oxla_executable **out) {
  auto executable = std::make_unique<oxla_executable>();
  executable->client = client;
  const rt::ModuleMetadata &metadata = code->metadata();
  auto indexOf = [&](const std::string &name) -> std::optional<size_t> {
    for (size_t index = 0; index < metadata.entries.size(); ++index)
      if (metadata.entries[index].name == name)
        return index;
    return std::nullopt;
  };
  // The entries over shards and per device are reached through their
  // partitioned function only.
  std::vector<std::string> hidden;
  for (const PartitionedEntry &entry : code->partitioned) {
    hidden.push_back(entry.shardsName);
    hidden.push_back(entry.deviceName);
  }
  for (size_t index = 0; index < metadata.entries.size(); ++index) {
    const rt::EntryMetadata &entry = metadata.entries[index];
    if (llvm::is_contained(hidden, entry.name))
      continue;
    std::unique_ptr<oxla_function> function = makeFunction(executable.get(), entry, index);
    for (const PartitionedEntry &partitioned : code->partitioned) {
      if (partitioned.name != entry.name)
        continue;
      std::optional<size_t> shards = indexOf(partitioned.shardsName);
      size_t devices = static_cast<size_t>(partitioned.devices);
      if (!shards ||
          metadata.entries[*shards].arguments.size() != devices * entry.arguments.size() ||
          metadata.entries[*shards].results.size() != devices * entry.results.size() ||
          partitioned.argumentShardings.size() != entry.arguments.size() ||
          partitioned.resultShardings.size() != entry.results.size())
        return makeStatus(OXLA_INTERNAL, "@" + entry.name + " was partitioned for " +
                                             std::to_string(devices) +
                                             " devices, but its entry over the shards "
                                             "does not match it");
      function->devices = partitioned.devices;
      function->argumentShardings = partitioned.argumentShardings;
      function->resultShardings = partitioned.resultShardings;
      function->shards =
          makeFunction(executable.get(), metadata.entries[*shards], *shards);
    }
    executable->functions.push_back(std::move(function));
  }
  executable->code = std::move(code);
  *out = executable.release();
  return nullptr;
}

extern "C" {

oxla_status *oxla_executable_load(oxla_client *client, const char *path,
                                  oxla_executable **out) {
  if (!out)
    return api::invalidArgument("the out pointer is null");
  *out = nullptr;
  if (!client)
    return api::invalidArgument("the client is null");
  if (!path)
    return api::invalidArgument("the path is null");
  makeRuntimeSymbolsGlobal();
  std::string error;
  std::shared_ptr<rt::LoadedModule> module = rt::LoadedModule::open(path, error);
  if (!module)
    return api::makeStatus(OXLA_NOT_FOUND, error);
  std::vector<rt::EntryFunction> entries;
  for (const rt::EntryMetadata &entry : module->metadata().entries) {
    rt::EntryFunction function = module->entry(entry.name);
    if (!function)
      return api::invalidArgument(std::string(path) + ": no entry function for @" +
                                  entry.name);
    entries.push_back(function);
  }
  rt::ModuleMetadata metadata = module->metadata();
  return api::makeExecutable(
      client,
      std::make_unique<api::CompiledCode>(std::move(metadata), std::move(entries),
                                          std::move(module)),
      out);
}

void oxla_executable_free(oxla_executable *executable) {
  if (!executable)
    return;
  {
    std::unique_lock<std::mutex> lock(executable->pendingMutex);
    executable->pendingDone.wait(lock, [&] { return executable->pending == 0; });
  }
  delete executable;
}

size_t oxla_executable_function_count(const oxla_executable *executable) {
  return executable ? executable->functions.size() : 0;
}

oxla_function *oxla_executable_function(oxla_executable *executable, size_t index) {
  if (!executable || index >= executable->functions.size())
    return nullptr;
  return executable->functions[index].get();
}

oxla_status *oxla_executable_lookup(oxla_executable *executable, const char *name,
                                    oxla_function **out) {
  if (!out)
    return api::invalidArgument("the out pointer is null");
  *out = nullptr;
  if (!executable)
    return api::invalidArgument("the executable is null");
  if (!name)
    return api::invalidArgument("the function name is null");
  std::string known;
  for (auto &function : executable->functions) {
    if (function->name == name) {
      *out = function.get();
      return nullptr;
    }
    known += (known.empty() ? "@" : ", @") + function->name;
  }
  return api::makeStatus(OXLA_NOT_FOUND, "no function @" + std::string(name) +
                                             " (the executable has " +
                                             (known.empty() ? "none" : known) + ")");
}

oxla_status *oxla_executable_ir(oxla_executable *executable, const char *stage,
                                const char **out) {
  if (!out)
    return api::invalidArgument("the out pointer is null");
  *out = nullptr;
  if (!executable)
    return api::invalidArgument("the executable is null");
  if (!stage)
    return api::invalidArgument("the stage is null");
  std::lock_guard<std::mutex> lock(executable->irMutex);
  auto found = executable->irTexts.find(stage);
  if (found == executable->irTexts.end()) {
    std::string text;
    if (oxla_status *status = executable->code->ir(stage, text))
      return status;
    found = executable->irTexts.emplace(stage, std::move(text)).first;
  }
  *out = found->second.c_str();
  return nullptr;
}

const char *oxla_function_name(const oxla_function *function) {
  return function ? function->name.c_str() : nullptr;
}

size_t oxla_function_argument_count(const oxla_function *function) {
  return function ? function->argumentSpecs.size() : 0;
}

size_t oxla_function_result_count(const oxla_function *function) {
  return function ? function->resultSpecs.size() : 0;
}

const char *oxla_function_argument_type(const oxla_function *function, size_t index) {
  if (!function || index >= function->argumentSpecs.size())
    return nullptr;
  return function->argumentSpecs[index].c_str();
}

const char *oxla_function_result_type(const oxla_function *function, size_t index) {
  if (!function || index >= function->resultSpecs.size())
    return nullptr;
  return function->resultSpecs[index].c_str();
}

const char *oxla_function_signature(const oxla_function *function) {
  return function ? function->signature.c_str() : nullptr;
}

int32_t oxla_function_device_count(const oxla_function *function) {
  return function ? function->devices : 0;
}

const char *oxla_function_argument_sharding(const oxla_function *function, size_t index) {
  if (!function || index >= function->argumentSpecs.size())
    return nullptr;
  return function->shards ? function->argumentShardings[index].c_str() : "";
}

const char *oxla_function_result_sharding(const oxla_function *function, size_t index) {
  if (!function || index >= function->resultSpecs.size())
    return nullptr;
  return function->shards ? function->resultShardings[index].c_str() : "";
}

// Device 0's arguments and results come first in the entry over the shards.
const char *oxla_function_argument_shard_type(const oxla_function *function, size_t index) {
  if (!function || index >= function->argumentSpecs.size())
    return nullptr;
  return function->shards ? function->shards->argumentSpecs[index].c_str()
                          : function->argumentSpecs[index].c_str();
}

const char *oxla_function_result_shard_type(const oxla_function *function, size_t index) {
  if (!function || index >= function->resultSpecs.size())
    return nullptr;
  return function->shards ? function->shards->resultSpecs[index].c_str()
                          : function->resultSpecs[index].c_str();
}

oxla_status *oxla_function_memory_plan(const oxla_function *function,
                                       oxla_memory_plan *out) {
  if (!out)
    return api::invalidArgument("the out pointer is null");
  *out = oxla_memory_plan{};
  if (!function)
    return api::invalidArgument("the function is null");
  const rt::EntryMetadata &entry =
      function->executable->code->metadata().entries[function->index];
  rt::PredictedMemory predicted = rt::predictMemory(entry);
  out->known = entry.memory.known ? 1 : 0;
  out->dynamic = predicted.dynamic ? 1 : 0;
  out->peak = predicted.peak();
  out->arguments = predicted.arguments;
  out->results = predicted.results;
  out->temporaries = predicted.temporaries;
  out->arena = entry.memory.arenaBytes;
  out->live_peak = entry.memory.livePeakBytes;
  out->planned = entry.memory.planned;
  out->unplanned = entry.memory.unplanned;
  out->unplanned_bytes = entry.memory.unplannedBytes;
  out->donated_results = predicted.donatedResults;
  return nullptr;
}

int64_t oxla_function_result_donor(const oxla_function *function, size_t result) {
  if (!function)
    return -1;
  const rt::EntryMetadata &entry =
      function->executable->code->metadata().entries[function->index];
  for (const rt::Donation &donation : entry.donations)
    if (donation.result == result)
      return static_cast<int64_t>(donation.argument);
  return -1;
}

const char *oxla_function_memory_report(const oxla_function *function) {
  return function ? function->memoryReport.c_str() : nullptr;
}

} // extern "C"
