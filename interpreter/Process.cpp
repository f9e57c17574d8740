//===- Process.cpp - StableHLO processes for interpreter.run_parallel -----===//

#include "interpreter/Process.h"

#include <algorithm>

namespace oxla::interp {

ProcessGrid::ProcessGrid(int64_t numReplicas, int64_t numPartitions,
                         std::vector<mlir::FlatSymbolRefAttr> infeed)
    : numReplicas_(numReplicas), numPartitions_(numPartitions),
      live_(static_cast<size_t>(numReplicas * numPartitions)),
      infeed_(infeed.begin(), infeed.end()) {}

bool ProcessGrid::processGroups(Grouping grouping, const IdGroups &replicaGroups,
                                llvm::SmallVectorImpl<ProcessGroup> &groups,
                                std::string &error) const {
  int64_t replicas = numReplicas_, partitions = numPartitions_;
  int64_t bound = grouping == Grouping::CrossPartition ? partitions
                  : grouping == Grouping::FlattenedIds ? replicas * partitions
                                                       : replicas;
  IdGroups ids = replicaGroups;
  if (ids.empty()) {
    ids.emplace_back();
    for (int64_t id = 0; id < bound; ++id)
      ids.back().push_back(id);
  }
  for (const auto &group : ids)
    for (int64_t id : group)
      if (id < 0 || id >= bound) {
        error = "replica_groups names id " + std::to_string(id) +
                ", but there are only " + std::to_string(bound);
        return false;
      }
  for (const auto &group : ids) {
    switch (grouping) {
    case Grouping::CrossReplica:
      for (int64_t p = 0; p < partitions; ++p) {
        ProcessGroup &members = groups.emplace_back();
        for (int64_t r : group)
          members.push_back({r, p});
      }
      break;
    case Grouping::CrossPartition:
      for (int64_t r = 0; r < replicas; ++r) {
        ProcessGroup &members = groups.emplace_back();
        for (int64_t p : group)
          members.push_back({r, p});
      }
      break;
    case Grouping::CrossReplicaAndPartition: {
      ProcessGroup &members = groups.emplace_back();
      for (int64_t p = 0; p < partitions; ++p)
        for (int64_t r : group)
          members.push_back({r, p});
      break;
    }
    case Grouping::FlattenedIds: {
      ProcessGroup &members = groups.emplace_back();
      for (int64_t id : group)
        members.push_back({id / partitions, id % partitions});
      break;
    }
    }
  }
  return true;
}

void ProcessGrid::checkDeadlock() {
  if (failed_ || deadlocked_ || waiters_.size() < live_)
    return;
  for (llvm::function_ref<bool()> *ready : waiters_)
    if ((*ready)())
      return;
  deadlocked_ = true;
  changed_.notify_all();
}

WaitResult ProcessGrid::waitUntil(std::unique_lock<std::mutex> &lock,
                                  llvm::function_ref<bool()> ready) {
  if (ready())
    return WaitResult::Ok;
  waiters_.push_back(&ready);
  checkDeadlock();
  while (!ready() && !failed_ && !deadlocked_)
    changed_.wait(lock);
  waiters_.erase(std::find(waiters_.begin(), waiters_.end(), &ready));
  if (ready())
    return WaitResult::Ok;
  return failed_ ? WaitResult::PeerFailed : WaitResult::Deadlock;
}

WaitResult ProcessGrid::exchange(ProcessId self, llvm::ArrayRef<ProcessId> group,
                                 uint64_t sequence, llvm::StringRef opName,
                                 Values values, std::vector<Values> &all) {
  std::unique_lock<std::mutex> lock(mutex_);
  auto key = std::make_pair(std::vector<ProcessId>(group.begin(), group.end()),
                            sequence);
  auto [it, inserted] = rounds_.try_emplace(key);
  Round &round = it->second;
  if (inserted) {
    round.opName = opName.str();
    round.slots.resize(group.size());
  } else if (round.opName != opName) {
    return WaitResult::Mismatch;
  }
  size_t index = std::find(group.begin(), group.end(), self) - group.begin();
  round.slots[index] = std::move(values);
  ++round.arrived;
  changed_.notify_all();
  WaitResult result =
      waitUntil(lock, [&] { return round.arrived == round.slots.size(); });
  if (result != WaitResult::Ok)
    return result;
  all = round.slots;
  if (++round.departed == round.slots.size())
    rounds_.erase(it);
  return WaitResult::Ok;
}

void ProcessGrid::post(const MailboxKey &key, Values values) {
  std::lock_guard<std::mutex> lock(mutex_);
  mailboxes_[key].push_back(std::move(values));
  changed_.notify_all();
}

WaitResult ProcessGrid::take(const MailboxKey &key, Values &values) {
  std::unique_lock<std::mutex> lock(mutex_);
  std::deque<Values> &mailbox = mailboxes_[key];
  WaitResult result = waitUntil(lock, [&] { return !mailbox.empty(); });
  if (result != WaitResult::Ok)
    return result;
  values = std::move(mailbox.front());
  mailbox.pop_front();
  return WaitResult::Ok;
}

mlir::FlatSymbolRefAttr ProcessGrid::popInfeed() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (infeed_.empty())
    return {};
  mlir::FlatSymbolRefAttr next = infeed_.front();
  infeed_.pop_front();
  return next;
}

void ProcessGrid::pushOutfeed(Values values) {
  std::lock_guard<std::mutex> lock(mutex_);
  outfeed_.push_back(std::move(values));
}

std::vector<Values> ProcessGrid::takeOutfeed() {
  std::lock_guard<std::mutex> lock(mutex_);
  return std::move(outfeed_);
}

void ProcessGrid::finish(bool failed) {
  std::lock_guard<std::mutex> lock(mutex_);
  --live_;
  if (failed) {
    failed_ = true;
    changed_.notify_all();
    return;
  }
  checkDeadlock();
}

//===- The calling thread's process ----------------------------------------===//

static thread_local Process *current = nullptr;

Process &currentProcess() {
  if (current)
    return *current;
  // Outside run_parallel every thread is the only process of its own grid.
  static thread_local ProcessGrid single(1, 1);
  static thread_local Process process{&single, ProcessId{0, 0}, {}};
  return process;
}

ScopedProcess::ScopedProcess(Process &process) : previous_(current) {
  current = &process;
}

ScopedProcess::~ScopedProcess() { current = previous_; }

} // namespace oxla::interp
