//===- DeviceBarrier.h - Where the devices of one process meet -----------===//
//
// The devices of one process (threads) meet here before and after each
// collective. A device that finished its program leaves; one that waits
// while another has left is told so instead of waiting forever (the devices
// reached different collectives). Shared by the in-process communicator and
// the MPI one (its devices within a process).
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_RUNTIME_COLLECTIVES_DEVICEBARRIER_H
#define OXLA_RUNTIME_COLLECTIVES_DEVICEBARRIER_H

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>

namespace oxla::rt::collectives {

class DeviceBarrier {
public:
  explicit DeviceBarrier(int64_t devices) : devices_(devices) {}

  /// Waits until all `devices` have arrived; false (with `error`) once a
  /// device has left while others still meet.
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

  /// A device finished its program: it meets no more.
  void leave() {
    std::lock_guard<std::mutex> lock(mutex_);
    ++left_;
    changed_.notify_all();
  }

private:
  int64_t devices_;
  std::mutex mutex_;
  std::condition_variable changed_;
  int64_t arrived_ = 0, left_ = 0;
  uint64_t generation_ = 0;
};

} // namespace oxla::rt::collectives

#endif // OXLA_RUNTIME_COLLECTIVES_DEVICEBARRIER_H
