//===- MemoryAccounting.h - The bytes compiled code and the runtime hold --===//
//
// Compiled code gets memory two ways: each temporary the buffer plan could
// not place (dynamic shapes, buffers that outlive their loop iteration) is
// allocated through `_mlir_memref_to_llvm_alloc` on every call, and the
// planned ones are views of one arena per call, which the entry wrapper
// takes from `oxla_arena_acquire` and gives back with `oxla_arena_release`.
// Each thread keeps its arena from one call to the next, so a program whose
// temporaries are all planned allocates nothing after its first call.
//
// While accounting is on (oxla-run --memory-stats), every allocation and
// free through these functions, and the buffers the runtime notes, are
// counted: the bytes held now, their peak, and the number of allocations.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_RUNTIME_MEMORYACCOUNTING_H
#define OXLA_RUNTIME_MEMORYACCOUNTING_H

#include <cstdint>

namespace oxla::rt {

struct MemoryCounters {
  uint64_t heldBytes = 0;
  uint64_t peakBytes = 0;
  uint64_t allocations = 0;
};

/// Turns counting on or off; turning it on starts from zero.
void setMemoryAccounting(bool on);
bool memoryAccountingOn();
/// Sets the peak to the bytes held now and the allocation count to 0.
void resetMemoryPeak();
MemoryCounters memoryCounters();

/// Counts `bytes` at `memory` held (an allocation) and released.
void noteAllocation(const void *memory, uint64_t bytes);
void noteRelease(const void *memory);

/// While alive, calls of compiled entries on this thread take their arena
/// from `memory` (`bytes` bytes, the caller's: oxla_function_invoke_with_
/// scratch) instead of the thread's own; nothing is allocated or counted
/// for it. A nested call while it is in use gets an arena of its own.
class ScopedCallerArena {
public:
  ScopedCallerArena(void *memory, uint64_t bytes);
  ~ScopedCallerArena();
  ScopedCallerArena(const ScopedCallerArena &) = delete;
  ScopedCallerArena &operator=(const ScopedCallerArena &) = delete;

private:
  void *previousMemory_;
  uint64_t previousBytes_;
};

/// Frees the calling thread's arena (it is allocated again by the next
/// call that needs one).
void releaseThreadArena();

/// Makes the calling thread's arena hold at least `bytes` before a compiled
/// entry asks for it, so that an arena the memory cannot serve is a status
/// the caller returns (the compiled code's own request can only end the
/// process). False when the memory cannot serve it.
bool reserveThreadArena(uint64_t bytes);

/// Whether a call holds the calling thread's arena now; a call abandoned on
/// out of memory (CallRecovery.h) gives back the arena it held.
bool threadArenaInUse();
void endThreadArenaUse();

} // namespace oxla::rt

extern "C" {
/// An arena of at least `bytes` bytes, 64-byte aligned, for one call of a
/// compiled entry on this thread; stops the program on out of memory.
void *oxla_arena_acquire(uint64_t bytes);
/// Gives back what oxla_arena_acquire returned.
void oxla_arena_release(void *arena);
}

#endif // OXLA_RUNTIME_MEMORYACCOUNTING_H
