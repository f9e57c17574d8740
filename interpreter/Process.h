//===- Process.h - StableHLO processes for interpreter.run_parallel -------===//
//
// The spec's process grid (num_replicas x num_partitions) simulated with one
// thread per process. Processes meet in a ProcessGrid:
//  - exchange(): a rendezvous of a process group; the k-th exchange of a
//    process over a group meets the k-th exchange of every other member
//    over the same group, so no op identity is needed to pair them up.
//  - post() / take(): FIFO mailboxes for send/recv and collective_permute.
//  - the infeed and outfeed queues of run_parallel.
// A wait fails instead of hanging when another process failed, or when every
// live process is waiting and none of them can proceed (a deadlock).
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_INTERPRETER_PROCESS_H
#define OXLA_INTERPRETER_PROCESS_H

#include "interpreter/RuntimeValue.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

namespace oxla::interp {

/// (replica_id, partition_id).
struct ProcessId {
  int64_t replica = 0;
  int64_t partition = 0;
  bool operator==(const ProcessId &other) const {
    return replica == other.replica && partition == other.partition;
  }
  bool operator<(const ProcessId &other) const {
    return std::tie(replica, partition) < std::tie(other.replica, other.partition);
  }
};

using ProcessGroup = llvm::SmallVector<ProcessId, 4>;
using IdGroups = llvm::SmallVector<llvm::SmallVector<int64_t, 4>>;
using Values = std::vector<RuntimeValue>;

/// The spec's ways to split the process grid into process groups.
enum class Grouping { CrossReplica, CrossPartition, CrossReplicaAndPartition, FlattenedIds };

/// Why a wait ended.
enum class WaitResult {
  Ok,
  PeerFailed, ///< another process failed (and reported why)
  Deadlock,   ///< no live process can make progress
  Mismatch,   ///< the group's members reached different ops
};

/// What a mailbox connects: a kind (send/recv, collective_permute), a
/// channel, and the two ends (both {-1, -1} for plain channels).
struct MailboxKey {
  int kind;
  int64_t channel;
  ProcessId from, to;
  bool operator<(const MailboxKey &other) const {
    return std::tie(kind, channel, from, to) <
           std::tie(other.kind, other.channel, other.from, other.to);
  }
};

class ProcessGrid {
public:
  ProcessGrid(int64_t numReplicas, int64_t numPartitions,
              std::vector<mlir::FlatSymbolRefAttr> infeed = {});

  int64_t numReplicas() const { return numReplicas_; }
  int64_t numPartitions() const { return numPartitions_; }

  /// Spec cross_replica / cross_partition / cross_replica_and_partition /
  /// flattened_ids of `replicaGroups` (no groups: one group of every id).
  /// Fails with `error` for ids outside the grid.
  bool processGroups(Grouping grouping, const IdGroups &replicaGroups,
                     llvm::SmallVectorImpl<ProcessGroup> &groups,
                     std::string &error) const;

  /// Gives `values` to the members of `group` (which includes `self`) and
  /// waits for theirs: `all[i]` are the values of `group[i]`. `sequence`
  /// numbers the exchanges of `self` over this group; `opName` must agree.
  WaitResult exchange(ProcessId self, llvm::ArrayRef<ProcessId> group,
                      uint64_t sequence, llvm::StringRef opName, Values values,
                      std::vector<Values> &all);

  /// Appends `values` to the mailbox; never waits.
  void post(const MailboxKey &key, Values values);
  /// Waits for the oldest values of the mailbox and removes them.
  WaitResult take(const MailboxKey &key, Values &values);

  /// The next function of the infeed queue, or null when it is empty.
  mlir::FlatSymbolRefAttr popInfeed();
  void pushOutfeed(Values values);
  std::vector<Values> takeOutfeed();

  /// A process returned from its program; `failed` if it stopped on an
  /// error, which makes every wait of the others fail.
  void finish(bool failed);

private:
  struct Round {
    std::string opName;
    std::vector<Values> slots;
    size_t arrived = 0;
    size_t departed = 0;
  };

  /// Waits (holding `lock` in between) until `ready`; fails on a peer's
  /// failure or a deadlock.
  WaitResult waitUntil(std::unique_lock<std::mutex> &lock,
                       llvm::function_ref<bool()> ready);
  /// Declares a deadlock when every live process waits and none is ready.
  void checkDeadlock();

  int64_t numReplicas_, numPartitions_;
  std::mutex mutex_;
  std::condition_variable changed_;
  size_t live_;
  bool failed_ = false;
  bool deadlocked_ = false;
  std::vector<llvm::function_ref<bool()> *> waiters_;
  std::map<std::pair<std::vector<ProcessId>, uint64_t>, Round> rounds_;
  std::map<MailboxKey, std::deque<Values>> mailboxes_;
  std::deque<mlir::FlatSymbolRefAttr> infeed_;
  std::vector<Values> outfeed_;
};

/// The process a thread runs as.
struct Process {
  ProcessGrid *grid;
  ProcessId id;
  /// Exchanges so far per group: the `sequence` of the next one.
  std::map<std::vector<ProcessId>, uint64_t> exchanges;
};

/// The calling thread's process; outside run_parallel the single process
/// (0, 0) of a 1x1 grid.
Process &currentProcess();

/// Makes the calling thread run as `process` for its lifetime.
class ScopedProcess {
public:
  explicit ScopedProcess(Process &process);
  ~ScopedProcess();

private:
  Process *previous_;
};

} // namespace oxla::interp

#endif // OXLA_INTERPRETER_PROCESS_H
