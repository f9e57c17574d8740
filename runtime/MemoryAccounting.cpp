//===- MemoryAccounting.cpp - The bytes compiled code and the runtime hold ===//

#include "runtime/MemoryAccounting.h"

#include "runtime/CallRecovery.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <unordered_map>

using namespace oxla::rt;

namespace {

std::atomic<bool> accounting{false};

/// The counters and the size of each counted allocation (a free passes a
/// pointer only). Taken only while accounting is on.
struct Ledger {
  std::mutex mutex;
  std::unordered_map<const void *, uint64_t> sizes;
  MemoryCounters counters;
};

Ledger &ledger() {
  static Ledger *instance = new Ledger;
  return *instance;
}

[[noreturn]] void arenaOutOfMemory(uint64_t bytes) {
  recoverFromOutOfMemory(bytes);
  std::fprintf(stderr,
               "error: out of memory: compiled code could not allocate %llu bytes "
               "(its arena of temporaries)\n",
               static_cast<unsigned long long>(bytes));
  std::fflush(stderr);
  std::_Exit(1);
}

/// This thread's arena, kept between calls. A call made while it is in use
/// (a custom call that runs another compiled function) gets one of its own.
struct ThreadArena {
  void *memory = nullptr;
  uint64_t capacity = 0;
  bool inUse = false;

  void clear() {
    if (!memory)
      return;
    noteRelease(memory);
    std::free(memory);
    memory = nullptr;
    capacity = 0;
  }
  ~ThreadArena() { clear(); }
};

thread_local ThreadArena threadArena;

/// The caller's scratch memory for the calls on this thread, while a
/// ScopedCallerArena lives.
struct CallerArena {
  void *memory = nullptr;
  uint64_t capacity = 0;
  bool inUse = false;
};

thread_local CallerArena callerArena;

/// An arena of `bytes`, counted; null when the memory cannot serve it.
void *tryAllocateArena(uint64_t bytes) {
  uint64_t rounded = (bytes + 63) / 64 * 64;
  if (rounded < bytes)
    return nullptr;
  void *memory = std::aligned_alloc(64, rounded == 0 ? 64 : rounded);
  noteAllocation(memory, bytes);
  return memory;
}

void *allocateArena(uint64_t bytes) {
  void *memory = tryAllocateArena(bytes);
  if (!memory)
    arenaOutOfMemory(bytes);
  return memory;
}

} // namespace

void oxla::rt::setMemoryAccounting(bool on) {
  Ledger &l = ledger();
  std::lock_guard<std::mutex> lock(l.mutex);
  l.sizes.clear();
  l.counters = MemoryCounters();
  accounting.store(on);
}

bool oxla::rt::memoryAccountingOn() { return accounting.load(std::memory_order_relaxed); }

void oxla::rt::resetMemoryPeak() {
  Ledger &l = ledger();
  std::lock_guard<std::mutex> lock(l.mutex);
  l.counters.peakBytes = l.counters.heldBytes;
  l.counters.allocations = 0;
}

MemoryCounters oxla::rt::memoryCounters() {
  Ledger &l = ledger();
  std::lock_guard<std::mutex> lock(l.mutex);
  return l.counters;
}

void oxla::rt::noteAllocation(const void *memory, uint64_t bytes) {
  if (!memoryAccountingOn() || !memory)
    return;
  Ledger &l = ledger();
  std::lock_guard<std::mutex> lock(l.mutex);
  if (!l.sizes.emplace(memory, bytes).second)
    return;
  l.counters.heldBytes += bytes;
  l.counters.allocations += 1;
  if (l.counters.heldBytes > l.counters.peakBytes)
    l.counters.peakBytes = l.counters.heldBytes;
}

void oxla::rt::noteRelease(const void *memory) {
  if (!memoryAccountingOn() || !memory)
    return;
  Ledger &l = ledger();
  std::lock_guard<std::mutex> lock(l.mutex);
  auto found = l.sizes.find(memory);
  if (found == l.sizes.end())
    return;
  l.counters.heldBytes -= found->second;
  l.sizes.erase(found);
}

void oxla::rt::releaseThreadArena() { threadArena.clear(); }

bool oxla::rt::threadArenaInUse() { return threadArena.inUse; }
void oxla::rt::endThreadArenaUse() { threadArena.inUse = false; }

bool oxla::rt::reserveThreadArena(uint64_t bytes) {
  // The caller's scratch serves the call, or a nested call gets an arena
  // of its own when it asks.
  if (const CallerArena &caller = callerArena;
      caller.memory && !caller.inUse && caller.capacity >= bytes)
    return true;
  ThreadArena &arena = threadArena;
  if (arena.inUse || arena.capacity >= bytes || bytes == 0)
    return true;
  arena.clear();
  void *memory = tryAllocateArena(bytes);
  if (!memory)
    return false;
  arena.memory = memory;
  arena.capacity = bytes;
  return true;
}

oxla::rt::ScopedCallerArena::ScopedCallerArena(void *memory, uint64_t bytes)
    : previousMemory_(callerArena.memory), previousBytes_(callerArena.capacity) {
  callerArena.memory = memory;
  callerArena.capacity = bytes;
  callerArena.inUse = false;
}

oxla::rt::ScopedCallerArena::~ScopedCallerArena() {
  callerArena.memory = previousMemory_;
  callerArena.capacity = previousBytes_;
  callerArena.inUse = false;
}

extern "C" void *oxla_arena_acquire(uint64_t bytes) {
  if (CallerArena &caller = callerArena;
      caller.memory && !caller.inUse && caller.capacity >= bytes) {
    caller.inUse = true;
    return caller.memory;
  }
  ThreadArena &arena = threadArena;
  if (arena.inUse)
    return allocateArena(bytes);
  if (arena.capacity < bytes) {
    arena.clear();
    arena.memory = allocateArena(bytes);
    arena.capacity = bytes;
  }
  arena.inUse = true;
  return arena.memory;
}

extern "C" void oxla_arena_release(void *memory) {
  if (CallerArena &caller = callerArena; memory == caller.memory && caller.inUse) {
    caller.inUse = false;
    return;
  }
  ThreadArena &arena = threadArena;
  if (memory == arena.memory && arena.inUse) {
    arena.inUse = false;
    return;
  }
  noteRelease(memory);
  std::free(memory);
}
