//===- LocalCommunicator.cpp - Devices as threads of one process ----------===//
//
// Each operation: every device publishes its buffer's address, all meet at a
// barrier, each copies what it receives from the others' buffers, all meet
// again (so no buffer is reused while another device still reads it).
//
//===----------------------------------------------------------------------===//

#include "runtime/collectives/Collectives.h"
#include "runtime/collectives/DeviceBarrier.h"

#include <cstring>
#include <mutex>

using namespace oxla::rt::collectives;

Communicator::~Communicator() = default;

namespace {

class LocalCommunicator final : public Communicator {
public:
  explicit LocalCommunicator(int64_t devices)
      : devices_(devices), slots_(devices), barrier_(devices) {}

  int64_t size() const override { return devices_; }

  bool exchange(int64_t self, const std::vector<int64_t> &group, const void *in, size_t bytes,
                void *out, std::string &error) override {
    slots_[self] = {in, bytes};
    if (!barrier_.meet(error))
      return false;
    auto *target = static_cast<char *>(out);
    bool ok = true;
    for (size_t i = 0; i < group.size() && ok; ++i) {
      const Slot &slot = slots_[group[i]];
      if (slot.bytes != bytes) {
        error = "device " + std::to_string(group[i]) + " passed " + std::to_string(slot.bytes) +
                " bytes to a collective where device " + std::to_string(self) + " passed " +
                std::to_string(bytes);
        ok = false;
        break;
      }
      std::memcpy(target + i * bytes, slot.data, bytes);
    }
    countReceived(ok ? group.size() * bytes : 0);
    return barrier_.meet(error) && ok;
  }

  bool permute(int64_t self, int64_t source, const void *in, size_t bytes, void *out,
               std::string &error) override {
    slots_[self] = {in, bytes};
    if (!barrier_.meet(error))
      return false;
    bool ok = true;
    if (source < 0) {
      std::memset(out, 0, bytes);
    } else if (slots_[source].bytes != bytes) {
      error = "device " + std::to_string(source) + " passed " +
              std::to_string(slots_[source].bytes) + " bytes to collective_permute, device " +
              std::to_string(self) + " expects " + std::to_string(bytes);
      ok = false;
    } else {
      std::memcpy(out, slots_[source].data, bytes);
      countReceived(bytes);
    }
    return barrier_.meet(error) && ok;
  }

  void leave(int64_t) override { barrier_.leave(); }

private:
  struct Slot {
    const void *data = nullptr;
    size_t bytes = 0;
  };

  void countReceived(uint64_t bytes) {
    std::lock_guard<std::mutex> lock(mutex_);
    bytesReceived_ += bytes;
  }

  int64_t devices_;
  std::vector<Slot> slots_;
  std::mutex mutex_;
  DeviceBarrier barrier_;
};

} // namespace

std::unique_ptr<Communicator> oxla::rt::collectives::createLocalCommunicator(int64_t devices) {
  return std::make_unique<LocalCommunicator>(devices);
}
