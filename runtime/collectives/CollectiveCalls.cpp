//===- CollectiveCalls.cpp - The collective primitives and run_parallel ---===//
//
// See Collectives.h. The primitives read their process groups from the
// custom call's backend_config, which compiler/Sharding/LowerCollectives.cpp
// writes: `groups=0,1;2,3` (device ids per group), `pairs=0,1;1,0` (source,
// target), `f:1:1,g:1:1;h:1:1,k:1:1` (run_parallel: a row per replica, per
// partition the function with its argument and result counts).
//
//===----------------------------------------------------------------------===//

#include "runtime/collectives/Collectives.h"

#include "runtime/CheckRoutines.h"
#include "runtime/ThreadPool.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <pthread.h>

using namespace oxla::rt;
using namespace oxla::rt::collectives;

namespace {

thread_local const Device *installedDevice = nullptr;
Distribution *installedDistribution = nullptr;
std::atomic<uint64_t> receivedBytes{0};

constexpr const char *kExchange = "oxla.collective.exchange";
constexpr const char *kPermute = "oxla.collective.permute";
constexpr const char *kDeviceId = "oxla.collective.device_id";
constexpr const char *kRunParallel = "oxla.run_parallel";

std::vector<std::string> split(const std::string &text, char separator) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end == std::string::npos ? end : end - start));
    if (end == std::string::npos)
      return parts;
    start = end + 1;
  }
}

bool parseInt(const std::string &text, int64_t &value) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos)
    return false;
  value = std::strtoll(text.c_str(), nullptr, 10);
  return true;
}

/// `key=a,b;c,d` as rows of integers.
bool parseRows(const std::string &config, const std::string &key,
               std::vector<std::vector<int64_t>> &rows) {
  if (config.compare(0, key.size() + 1, key + "=") != 0)
    return false;
  std::string body = config.substr(key.size() + 1);
  if (body.empty())
    return true;
  for (const std::string &row : split(body, ';')) {
    std::vector<int64_t> &ids = rows.emplace_back();
    for (const std::string &id : split(row, ',')) {
      int64_t value;
      if (!parseInt(id, value))
        return false;
      ids.push_back(value);
    }
  }
  return true;
}

std::vector<int64_t> dimsOfSpec(const std::string &spec) {
  std::vector<int64_t> dims;
  size_t at = 0;
  while (at < spec.size() && spec[at] >= '0' && spec[at] <= '9') {
    size_t end = spec.find('x', at);
    if (end == std::string::npos)
      break;
    dims.push_back(std::strtoll(spec.substr(at, end - at).c_str(), nullptr, 10));
    at = end + 1;
  }
  return dims;
}

int64_t selfId() { return installedDevice ? installedDevice->id : 0; }

bool exchange(const CustomCallDescription &call, void *const *addresses, std::string &error) {
  std::vector<std::vector<int64_t>> groups;
  if (!parseRows(call.backendConfig, "groups", groups))
    return error = "malformed process groups '" + call.backendConfig + "'", false;
  int64_t self = selfId();
  std::vector<int64_t> group;
  for (const std::vector<int64_t> &members : groups)
    if (std::find(members.begin(), members.end(), self) != members.end())
      group = members;
  size_t bytes = bytesOfSpec(call.operands[0]);
  if (!bytes && !call.operands[0].empty() && dimsOfSpec(call.operands[0]).empty())
    return error = "cannot size " + call.operands[0], false;
  // Zeros past the members of a smaller group, and on a device in no group.
  size_t total = bytesOfSpec(call.results[0]);
  if (group.size() * bytes != total)
    std::memset(addresses[1], 0, total);
  if (!installedDevice) {
    // One device, outside any grid: it is device 0.
    if (group.size() > 1)
      return error = "a collective over " + std::to_string(group.size()) +
                     " devices runs outside a grid of devices (run_parallel, --devices)",
             false;
    if (!group.empty())
      std::memcpy(addresses[1], addresses[0], bytes);
    return true;
  }
  return installedDevice->communicator->exchange(self, group, addresses[0], bytes, addresses[1],
                                                 error);
}

bool permute(const CustomCallDescription &call, void *const *addresses, std::string &error) {
  std::vector<std::vector<int64_t>> pairs;
  if (!parseRows(call.backendConfig, "pairs", pairs))
    return error = "malformed source-target pairs '" + call.backendConfig + "'", false;
  int64_t self = selfId(), source = -1;
  for (const std::vector<int64_t> &pair : pairs)
    if (pair.size() == 2 && pair[1] == self)
      source = pair[0];
  size_t bytes = bytesOfSpec(call.operands[0]);
  if (!installedDevice) {
    if (source == 0)
      std::memcpy(addresses[1], addresses[0], bytes);
    else
      std::memset(addresses[1], 0, bytes);
    return true;
  }
  return installedDevice->communicator->permute(self, source, addresses[0], bytes, addresses[1],
                                                error);
}

//===- run_parallel ---------------------------------------------------------===//

struct Program {
  std::string name;
  int64_t arguments = 0, results = 0;
};

/// One device's thread of run_parallel.
struct DeviceRun {
  Device device;
  Program program;
  unsigned threads = 1;
  CheckSession *parent = nullptr;
  /// The entry's tensors (arguments, then results): address and type.
  std::vector<std::pair<void *, std::string>> tensors;
  std::vector<std::string> messages;
  int64_t checksRun = 0;
  std::string error;
};

void *runDevice(void *argument) {
  auto *run = static_cast<DeviceRun *>(argument);
  ScopedDevice scopedDevice(&run->device);
  ThreadPool pool(run->threads);
  ScopedPool scopedPool(&pool);
  CheckSession session;
  session.checks = run->parent->checks;
  session.customCall = run->parent->customCall;
  session.customCallContext = run->parent->customCallContext;
  session.customCalls = run->parent->customCalls;
  session.entries = run->parent->entries;
  session.messages = &run->messages;
  {
    ActiveChecks active(session);
    auto entry = reinterpret_cast<void (*)(void **)>(run->parent->entries(run->program.name));
    if (!entry) {
      run->error = "run_parallel: the module has no entry function for @" + run->program.name;
    } else {
      // One memref descriptor per tensor, contiguous and row-major:
      // {allocated, aligned, offset, sizes[rank], strides[rank]}.
      std::vector<std::vector<int64_t>> descriptors;
      for (auto &[address, spec] : run->tensors) {
        std::vector<int64_t> dims = dimsOfSpec(spec);
        auto rank = static_cast<int64_t>(dims.size());
        std::vector<int64_t> words(3 + 2 * rank);
        words[0] = words[1] = reinterpret_cast<int64_t>(address);
        int64_t stride = 1;
        for (int64_t i = rank; i-- > 0;) {
          words[3 + i] = dims[i];
          words[3 + rank + i] = stride;
          stride *= dims[i];
        }
        descriptors.push_back(std::move(words));
      }
      std::vector<void *> pointers;
      for (std::vector<int64_t> &words : descriptors)
        pointers.push_back(words.data());
      entry(pointers.data());
    }
  }
  run->checksRun = session.run;
  run->device.communicator->leave(run->device.id);
  return nullptr;
}

bool runParallel(const CustomCallDescription &call, void *const *addresses, size_t count,
                 std::string &error) {
  CheckSession *parent = activeSession();
  if (!parent || !parent->entries)
    return error = "run_parallel: the caller gave no way to find the grid's functions", false;
  std::vector<std::vector<Program>> rows;
  for (const std::string &row : split(call.backendConfig, ';')) {
    std::vector<Program> &programs = rows.emplace_back();
    for (const std::string &text : split(row, ',')) {
      std::vector<std::string> fields = split(text, ':');
      Program program;
      if (fields.size() != 3 || !parseInt(fields[1], program.arguments) ||
          !parseInt(fields[2], program.results))
        return error = "run_parallel: malformed grid '" + call.backendConfig + "'", false;
      program.name = fields[0];
      programs.push_back(program);
    }
    if (programs.size() != rows.front().size())
      return error = "run_parallel: the rows of the grid differ in length", false;
  }
  auto devices = static_cast<int64_t>(rows.size() * rows.front().size());
  // This process runs devices first .. first + local - 1: all of them, or
  // under MPI its rank's share.
  int64_t first = 0, local = devices;
  std::unique_ptr<Communicator> communicator;
  if (Distribution *processes = installedDistribution) {
    local = processes->devicesPerProcess();
    first = processes->rank() * local;
    if (devices != processes->processes() * local)
      return error = "run_parallel: the grid has " + std::to_string(devices) +
                     " devices, but " + std::to_string(processes->processes()) +
                     " processes of " + std::to_string(local) + " device(s) run it",
             false;
    communicator = processes->communicator(devices);
  } else {
    communicator = createLocalCommunicator(devices);
  }
  ThreadPool *current = ThreadPool::current();
  unsigned threads = std::max<unsigned>(
      1, (current ? current->size() : 1) / static_cast<unsigned>(local));
  std::vector<DeviceRun> runs(devices);
  size_t operand = 0, result = 0, operands = call.operands.size();
  for (int64_t d = 0; d < devices; ++d) {
    DeviceRun &run = runs[d];
    run.device = {communicator.get(), d};
    run.program = rows[d / rows.front().size()][d % rows.front().size()];
    run.threads = threads;
    run.parent = parent;
    for (int64_t i = 0; i < run.program.arguments; ++i, ++operand) {
      if (operand >= operands)
        return error = "run_parallel: too few operands for its grid", false;
      run.tensors.push_back({addresses[operand], call.operands[operand]});
    }
    for (int64_t i = 0; i < run.program.results; ++i, ++result) {
      if (result >= call.results.size())
        return error = "run_parallel: too few results for its grid", false;
      run.tensors.push_back({addresses[operands + result], call.results[result]});
    }
  }
  if (operand != operands || result != call.results.size() || count != operands + result)
    return error = "run_parallel: its operands and results do not match its grid", false;
  std::vector<pthread_t> started;
  for (int64_t d = first; d < first + local; ++d) {
    DeviceRun &run = runs[d];
    pthread_t thread;
    if (int code = pthread_create(&thread, nullptr, runDevice, &run)) {
      // The devices started wait for this one at their first collective:
      // they are told it left.
      for (int64_t other = d; other < first + local; ++other)
        communicator->leave(other);
      error = "run_parallel: could not start a thread for device " +
              std::to_string(run.device.id) + " (" + std::strerror(code) + ")";
      break;
    }
    started.push_back(thread);
  }
  for (pthread_t thread : started)
    pthread_join(thread, nullptr);
  receivedBytes += communicator->bytesReceived();
  // Every process gets every device's results.
  if (Distribution *processes = installedDistribution)
    for (DeviceRun &run : runs)
      for (int64_t i = run.program.arguments; i < static_cast<int64_t>(run.tensors.size()); ++i)
        processes->share(run.device.id, run.tensors[i].first, bytesOfSpec(run.tensors[i].second));
  for (DeviceRun &run : runs) {
    parent->run += run.checksRun;
    for (std::string &message : run.messages)
      parent->fail("device " + std::to_string(run.device.id) + ": " + message);
    if (error.empty() && !run.error.empty())
      error = run.error;
  }
  return error.empty();
}

} // namespace

const Device *oxla::rt::collectives::currentDevice() { return installedDevice; }

Distribution::~Distribution() = default;
uint64_t oxla::rt::collectives::bytesReceivedSoFar() { return receivedBytes; }
Distribution *oxla::rt::collectives::distribution() { return installedDistribution; }
void oxla::rt::collectives::setDistribution(Distribution *distribution) {
  installedDistribution = distribution;
}

ScopedDevice::ScopedDevice(const Device *device) : previous_(installedDevice) {
  installedDevice = device;
}
ScopedDevice::~ScopedDevice() { installedDevice = previous_; }

bool oxla::rt::collectives::isCollectiveTarget(const std::string &target) {
  return target == kExchange || target == kPermute || target == kDeviceId ||
         target == kRunParallel;
}

size_t oxla::rt::collectives::bytesOfSpec(const std::string &spec) {
  size_t at = spec.rfind('x');
  std::string element = at == std::string::npos ? spec : spec.substr(at + 1);
  // complex<f32> contains no 'x'; "complex<...>" does not either.
  if (spec.find("complex<") != std::string::npos)
    element = spec.substr(spec.find("complex<"));
  size_t elementBytes = 0;
  if (element == "complex<f32>")
    elementBytes = 8;
  else if (element == "complex<f64>")
    elementBytes = 16;
  else if (element == "index")
    elementBytes = 8;
  else if (element == "bf16" || element == "f16")
    elementBytes = 2;
  else if (element == "f32" || element == "tf32")
    elementBytes = 4;
  else if (element == "f64")
    elementBytes = 8;
  else if (element.compare(0, 2, "f8") == 0 || element.compare(0, 2, "f4") == 0 ||
           element.compare(0, 2, "f6") == 0)
    elementBytes = 1;
  else {
    std::string bits = element;
    if (bits.compare(0, 2, "ui") == 0 || bits.compare(0, 2, "si") == 0)
      bits = bits.substr(2);
    else if (bits.compare(0, 1, "i") == 0)
      bits = bits.substr(1);
    else
      return 0;
    int64_t width;
    if (!parseInt(bits, width) || width <= 0)
      return 0;
    elementBytes = static_cast<size_t>((width + 7) / 8);
  }
  size_t total = elementBytes;
  for (int64_t size : dimsOfSpec(spec))
    total *= static_cast<size_t>(size);
  return total;
}

bool oxla::rt::collectives::runCollectiveCall(const CustomCallDescription &call,
                                              void *const *addresses, size_t count,
                                              std::string &error) {
  std::string what = "custom call @" + call.target + ": ";
  bool ok = true;
  if (call.target == kRunParallel) {
    ok = runParallel(call, addresses, count, error);
  } else if (call.target == kDeviceId) {
    if (count != 1)
      return error = what + "expects one result", false;
    auto id = static_cast<uint32_t>(selfId());
    std::memcpy(addresses[0], &id, sizeof id);
  } else if (count != 2 || call.operands.size() != 1) {
    return error = what + "expects one operand and one result", false;
  } else if (call.target == kExchange) {
    ok = exchange(call, addresses, error);
  } else {
    ok = permute(call, addresses, error);
  }
  if (!ok)
    error = what + error;
  return ok;
}
