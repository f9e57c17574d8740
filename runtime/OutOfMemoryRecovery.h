//===- OutOfMemoryRecovery.h - Out of memory in compiled code as a status -===//
//
// Compiled code cannot unwind: a temporary it allocates on every call (a
// dynamic shape, a buffer the plan could not place) that the memory cannot
// serve used to end the process, the embedding Python or C program with it.
// The C API runs each entry under a recovery point instead: when an
// allocation fails in the entry's own frames on the calling thread, the
// allocation routine jumps back to the point, which frees what the call had
// allocated there and reports the bytes asked for (OXLA_OUT_OF_MEMORY,
// MemoryError).
//
// A jump is only safe over frames of compiled code. Where the runtime runs
// compiled code on behalf of compiled code (a thread pool task, a custom
// call's handler) the frames in between are C++ and other threads may still
// use them, so a failure there still ends the process with the bytes asked
// for; CallbackScope marks those places. Such tasks allocate little: the
// large temporaries of a call are allocated by its top level.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_RUNTIME_OUTOFMEMORYRECOVERY_H
#define OXLA_RUNTIME_OUTOFMEMORYRECOVERY_H

#include <cstdint>
#include <optional>

namespace oxla::rt {

/// Runs the compiled entry `entry` on `pointers` under a recovery point.
/// Returns the bytes of the allocation that failed (the call's own
/// allocations freed), or nothing when the call ran to its end.
std::optional<uint64_t> runRecoveringFromOutOfMemory(void (*entry)(void **),
                                                     void **pointers);

/// Marks the runtime running compiled code on behalf of compiled code.
class CallbackScope {
public:
  CallbackScope();
  ~CallbackScope();
  CallbackScope(const CallbackScope &) = delete;
  CallbackScope &operator=(const CallbackScope &) = delete;
};

/// For the allocation routines: a failed allocation of `bytes` jumps back
/// to this thread's recovery point when one may be jumped to, and returns
/// otherwise (the caller then ends the process).
void recoverFromOutOfMemory(uint64_t bytes);
/// Counts `memory` among the allocations a recovery frees (only those made
/// in a recoverable place), and forgets it when it is freed.
void noteRecoverableAllocation(void *memory);
void noteRecoverableRelease(void *memory);

} // namespace oxla::rt

#endif // OXLA_RUNTIME_OUTOFMEMORYRECOVERY_H
