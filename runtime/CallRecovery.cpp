//===- CallRecovery.cpp - Abandoning a call of compiled code as a status --===//

#include "runtime/CallRecovery.h"

#include "runtime/MemoryAccounting.h"

#include <atomic>
#include <csetjmp>
#include <cstdlib>
#include <mutex>
#include <unordered_map>

using namespace oxla::rt;

namespace {

struct RecoveryPoint {
  std::jmp_buf target;
  /// The callbacks on this thread when the point was set: a jump is safe
  /// only when there are no more (only compiled frames in between).
  unsigned baseDepth = 0;
  AbandonedCall abandoned{AbandonReason::OutOfMemory};
  RecoveryPoint *outer = nullptr;
};

thread_local RecoveryPoint *innermost = nullptr;
thread_local unsigned callbackDepth = 0;

/// The live allocations made in recoverable places, by the point that frees
/// them on a recovery. Compiled code may free them on another thread.
struct Owners {
  std::mutex mutex;
  std::unordered_map<void *, const RecoveryPoint *> owner;
};
std::atomic<int> activePoints{0};

Owners &owners() {
  static Owners *instance = new Owners;
  return *instance;
}

bool recoverableHere() { return innermost && callbackDepth == innermost->baseDepth; }

/// Frees (when `free`) or forgets the allocations `point` owns.
void settle(const RecoveryPoint *point, bool free) {
  Owners &o = owners();
  std::lock_guard<std::mutex> lock(o.mutex);
  for (auto it = o.owner.begin(); it != o.owner.end();) {
    if (it->second != point) {
      ++it;
      continue;
    }
    if (free) {
      noteRelease(it->first);
      std::free(it->first);
    }
    it = o.owner.erase(it);
  }
}

} // namespace

std::optional<AbandonedCall> oxla::rt::runRecovering(void (*entry)(void **),
                                                    void **pointers) {
  RecoveryPoint point;
  point.baseDepth = callbackDepth;
  point.outer = innermost;
  const bool arenaWasInUse = threadArenaInUse();
  activePoints.fetch_add(1);
  innermost = &point;
  std::optional<AbandonedCall> failed;
  // Nothing between here and the jump has a destructor: the frames are the
  // compiled code's and the allocation routine's.
  if (setjmp(point.target) == 0) {
    entry(pointers);
  } else {
    failed = point.abandoned;
    settle(&point, /*free=*/true);
    if (!arenaWasInUse)
      endThreadArenaUse();
  }
  settle(&point, /*free=*/false);
  innermost = point.outer;
  activePoints.fetch_sub(1);
  return failed;
}

oxla::rt::CallbackScope::CallbackScope() { ++callbackDepth; }
oxla::rt::CallbackScope::~CallbackScope() { --callbackDepth; }

void oxla::rt::recoverFromOutOfMemory(uint64_t bytes) {
  if (!recoverableHere())
    return;
  innermost->abandoned = {AbandonReason::OutOfMemory, bytes};
  std::longjmp(innermost->target, 1);
}

void oxla::rt::abandonCall(AbandonReason reason) {
  if (!recoverableHere())
    return;
  innermost->abandoned = {reason, 0};
  std::longjmp(innermost->target, 1);
}

void oxla::rt::noteRecoverableAllocation(void *memory) {
  if (!memory || !recoverableHere())
    return;
  Owners &o = owners();
  std::lock_guard<std::mutex> lock(o.mutex);
  o.owner[memory] = innermost;
}

void oxla::rt::noteRecoverableRelease(void *memory) {
  if (!memory || activePoints.load(std::memory_order_relaxed) == 0)
    return;
  Owners &o = owners();
  std::lock_guard<std::mutex> lock(o.mutex);
  o.owner.erase(memory);
}
