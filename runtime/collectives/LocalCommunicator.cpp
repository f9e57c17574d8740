//===- LocalCommunicator.cpp - Devices as threads of one process ----------===//
//
// Each operation: every device publishes its buffer's address, all meet at a
// barrier, each copies what it receives from the others' buffers, all meet
// again (so no buffer is reused while another device still reads it).
//
//===----------------------------------------------------------------------===//

#include "runtime/collectives/Collectives.h"

#include <condition_variable>
#include <cstring>
#include <mutex>

using namespace oxla::rt::collectives;

Communicator::~Communicator() = default;

namespace {

class LocalCommunicator final : public Communicator {
public:
  explicit LocalCommunicator(int64_t devices) : devices_(devices), slots_(devices) {}

  int64_t size() const override { return devices_; }

  bool exchange(int64_t self, const std::vector<int64_t> &group, const void *in, size_t bytes,
                void *out, std::string &error) override {
    slots_[self] = {in, bytes};
    if (!meet(error))
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
    return meet(error) && ok;
  }

  bool permute(int64_t self, int64_t source, const void *in, size_t bytes, void *out,
               std::string &error) override {
    slots_[self] = {in, bytes};
    if (!meet(error))
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
    return meet(error) && ok;
  }

  void leave(int64_t) override {
    std::lock_guard<std::mutex> lock(mutex_);
    ++left_;
    changed_.notify_all();
  }

private:
  struct Slot {
    const void *data = nullptr;
    size_t bytes = 0;
  };

  void countReceived(uint64_t bytes) {
    std::lock_guard<std::mutex> lock(mutex_);
    bytesReceived_ += bytes;
  }

  /// The barrier: false once a device has finished its program while
  /// others still meet (they reached different collectives).
  bool meet(std::string &error) {
    std::unique_lock<std::mutex> lock(mutex_);
    uint64_t generation = generation_;
    if (left_ == 0 && ++arrived_ == devices_) {
      arrived_ = 0;
      ++generation_;
      changed_.notify_all();
      return true;
    }
    changed_.wait(lock, [&] { return generation_ != generation || left_ > 0; });
    if (generation_ != generation)
      return true;
    error = "the devices reached different collectives: a device finished its program "
            "while others wait at a collective";
    return false;
  }

  int64_t devices_;
  std::vector<Slot> slots_;
  std::mutex mutex_;
  std::condition_variable changed_;
  int64_t arrived_ = 0, left_ = 0;
  uint64_t generation_ = 0;
};

} // namespace

std::unique_ptr<Communicator> oxla::rt::collectives::createLocalCommunicator(int64_t devices) {
  return std::make_unique<LocalCommunicator>(devices);
}
