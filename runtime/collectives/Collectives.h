//===- Collectives.h - Devices and the data they exchange -----------------===//
//
// Compiled collectives (compiler/Sharding/LowerCollectives.cpp) call three
// primitives through the custom-call routine:
//   oxla.collective.exchange  (groups=a,b;c,d)  every member's operand,
//                              stacked in group order (zeros outside a group)
//   oxla.collective.permute   (pairs=s,t;s,t)   the source's operand, or zeros
//   oxla.collective.device_id                   this device's id
// on the device the calling thread runs (Device, set per thread). A
// Communicator moves the bytes: LocalCommunicator between threads of one
// process (shared buffers and a barrier), MpiCommunicator between processes.
// `oxla.run_parallel` runs a grid of compiled entries, one thread per device.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_RUNTIME_COLLECTIVES_COLLECTIVES_H
#define OXLA_RUNTIME_COLLECTIVES_COLLECTIVES_H

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace oxla::rt {
struct CustomCallDescription;
} // namespace oxla::rt

namespace oxla::rt::collectives {

/// Moves bytes between the devices of a grid. Every device calls the same
/// sequence of operations (the program is the same on each, SPMD); a device
/// that finishes while others wait breaks the exchange (an error, never a
/// hang).
class Communicator {
public:
  virtual ~Communicator();
  /// The devices of the grid.
  virtual int64_t size() const = 0;
  /// `group` (device ids, in order; empty: `self` is in no group) each
  /// pass `bytes` at `in`; `out` receives group.size() * bytes, member i's
  /// at i * bytes (untouched when the group is empty).
  virtual bool exchange(int64_t self, const std::vector<int64_t> &group, const void *in,
                        size_t bytes, void *out, std::string &error) = 0;
  /// Every device passes `in`; `out` receives the bytes of device `source`,
  /// or zeros when `source` is -1.
  virtual bool permute(int64_t self, int64_t source, const void *in, size_t bytes, void *out,
                       std::string &error) = 0;
  /// `self` has finished its program.
  virtual void leave(int64_t self) = 0;
  /// Bytes this process's devices received through the communicator.
  uint64_t bytesReceived() const { return bytesReceived_; }

protected:
  uint64_t bytesReceived_ = 0;
};

/// N devices as threads of this process.
std::unique_ptr<Communicator> createLocalCommunicator(int64_t devices);

/// Several processes (MPI ranks), each running `devicesPerProcess()` devices
/// of every grid: process r runs devices r * K .. r * K + K - 1.
class Distribution {
public:
  virtual ~Distribution();
  virtual int64_t rank() const = 0;
  virtual int64_t processes() const = 0;
  virtual int64_t devicesPerProcess() const = 0;
  /// A communicator for a grid of `devices` devices (processes() *
  /// devicesPerProcess()).
  virtual std::unique_ptr<Communicator> communicator(int64_t devices) = 0;
  /// Copies the `bytes` at `data` of the process running `device` to the
  /// same place in every process.
  virtual void share(int64_t device, void *data, size_t bytes) = 0;
};

/// The distribution run_parallel runs its grid on (null: every device in
/// this process).
Distribution *distribution();
void setDistribution(Distribution *distribution);

/// The device compiled code runs on.
struct Device {
  Communicator *communicator = nullptr;
  int64_t id = 0;
};

/// The calling thread's device (null: the single device 0 of a one-device
/// program).
const Device *currentDevice();

/// Makes `device` the calling thread's while it lives.
class ScopedDevice {
public:
  explicit ScopedDevice(const Device *device);
  ~ScopedDevice();
  ScopedDevice(const ScopedDevice &) = delete;
  ScopedDevice &operator=(const ScopedDevice &) = delete;

private:
  const Device *previous_;
};

/// Bytes the devices of this process received through collectives since it
/// started (every run_parallel's communicator, counted when it ends).
uint64_t bytesReceivedSoFar();

/// True for the targets above.
bool isCollectiveTarget(const std::string &target);

/// Runs one of them on `addresses` (operands, then results); false with
/// `error` set when it failed.
bool runCollectiveCall(const CustomCallDescription &call, void *const *addresses, size_t count,
                       std::string &error);

/// Row-major bytes of a tensor type spelled like --input (`4x2xf32`); 0 for
/// one it cannot size.
size_t bytesOfSpec(const std::string &spec);

} // namespace oxla::rt::collectives

#endif // OXLA_RUNTIME_COLLECTIVES_COLLECTIVES_H
