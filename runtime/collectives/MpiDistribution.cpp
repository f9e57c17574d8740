//===- MpiDistribution.cpp - Devices in several processes (Open MPI) ------===//
//
// See MpiDistribution.h. Within a process the devices meet at a barrier as
// in LocalCommunicator; the process's first device then moves the bytes
// between processes, so one thread at a time calls MPI.
//
//===----------------------------------------------------------------------===//

#include "runtime/collectives/MpiDistribution.h"
#include "runtime/collectives/DeviceBarrier.h"

#include <mpi.h>

#include <cstring>
#include <mutex>

using namespace oxla::rt::collectives;

namespace {

class MpiCommunicator final : public Communicator {
public:
  MpiCommunicator(int64_t devices, int64_t rank, int64_t local)
      : devices_(devices), first_(rank * local), local_(local), slots_(local), barrier_(local) {}

  int64_t size() const override { return devices_; }

  bool exchange(int64_t self, const std::vector<int64_t> &group, const void *in, size_t bytes,
                void *out, std::string &error) override {
    if (!share(self, in, bytes, error))
      return false;
    auto *target = static_cast<char *>(out);
    for (size_t i = 0; i < group.size(); ++i)
      std::memcpy(target + i * bytes, all_.data() + group[i] * bytes, bytes);
    countReceived(group.size() * bytes);
    return barrier_.meet(error);
  }

  bool permute(int64_t self, int64_t source, const void *in, size_t bytes, void *out,
               std::string &error) override {
    if (!share(self, in, bytes, error))
      return false;
    if (source < 0) {
      std::memset(out, 0, bytes);
    } else {
      std::memcpy(out, all_.data() + source * bytes, bytes);
      countReceived(bytes);
    }
    return barrier_.meet(error);
  }

  void leave(int64_t) override { barrier_.leave(); }

private:
  struct Slot {
    const void *data = nullptr;
    size_t bytes = 0;
  };

  /// Every device's `bytes` into all_ (device d's at d * bytes): the local
  /// devices meet, the first gathers theirs and exchanges with the other
  /// processes, all meet again.
  bool share(int64_t self, const void *in, size_t bytes, std::string &error) {
    int64_t local = self - first_;
    slots_[local] = {in, bytes};
    if (!barrier_.meet(error))
      return false;
    bool ok = true;
    if (local == 0) {
      std::vector<char> mine(local_ * bytes);
      for (int64_t d = 0; d < local_; ++d) {
        if (slots_[d].bytes != bytes) {
          failure_ = "device " + std::to_string(first_ + d) + " passed " +
                     std::to_string(slots_[d].bytes) + " bytes to a collective where device " +
                     std::to_string(first_) + " passed " + std::to_string(bytes);
          break;
        }
        std::memcpy(mine.data() + d * bytes, slots_[d].data, bytes);
      }
      all_.resize(devices_ * bytes);
      int code = MPI_Allgather(mine.data(), static_cast<int>(local_ * bytes), MPI_BYTE,
                               all_.data(), static_cast<int>(local_ * bytes), MPI_BYTE,
                               MPI_COMM_WORLD);
      if (code != MPI_SUCCESS)
        failure_ = "MPI_Allgather failed (MPI error " + std::to_string(code) + ")";
    }
    if (!barrier_.meet(error))
      return false;
    if (!failure_.empty()) {
      error = failure_;
      ok = false;
    }
    return ok;
  }

  void countReceived(uint64_t bytes) {
    std::lock_guard<std::mutex> lock(mutex_);
    bytesReceived_ += bytes;
  }

  int64_t devices_, first_, local_;
  std::vector<Slot> slots_;
  std::vector<char> all_;
  std::string failure_;
  std::mutex mutex_;
  DeviceBarrier barrier_;
};

class MpiDistribution final : public Distribution {
public:
  MpiDistribution(int64_t rank, int64_t processes, int64_t local)
      : rank_(rank), processes_(processes), local_(local) {}
  ~MpiDistribution() override { MPI_Finalize(); }

  int64_t rank() const override { return rank_; }
  int64_t processes() const override { return processes_; }
  int64_t devicesPerProcess() const override { return local_; }

  std::unique_ptr<Communicator> communicator(int64_t devices) override {
    return std::make_unique<MpiCommunicator>(devices, rank_, local_);
  }

  void share(int64_t device, void *data, size_t bytes) override {
    MPI_Bcast(data, static_cast<int>(bytes), MPI_BYTE, static_cast<int>(device / local_),
              MPI_COMM_WORLD);
  }

private:
  int64_t rank_, processes_, local_;
};

} // namespace

std::unique_ptr<Distribution>
oxla::rt::collectives::createMpiDistribution(int64_t devicesPerProcess, std::string &error) {
  int provided = 0;
  if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_SERIALIZED, &provided) != MPI_SUCCESS) {
    error = "MPI_Init_thread failed";
    return nullptr;
  }
  if (provided < MPI_THREAD_SERIALIZED) {
    MPI_Finalize();
    error = "the MPI library does not let threads call it in turn (MPI_THREAD_SERIALIZED)";
    return nullptr;
  }
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  return std::make_unique<MpiDistribution>(rank, size, devicesPerProcess);
}
