//===- CallRecovery.h - Abandoning a call of compiled code as a status ----===//
//
// Compiled code cannot unwind: a temporary it allocates on every call (a
// dynamic shape, a buffer the plan could not place) that the memory cannot
// serve used to end the process, the embedding Python or C program with it,
// and a failed shape assertion or size check (oxla-check-dynamic-sizes) has
// nowhere to go but on, past the sizes it found wrong. The C API and the
// tools run each entry under a recovery point instead: when an allocation
// fails, or a check that guards the rest of the call is false, in the
// entry's own frames on the calling thread, the runtime jumps back to the
// point, which frees what the call had allocated there and reports why
// (OXLA_OUT_OF_MEMORY and MemoryError with the bytes asked for;
// OXLA_INVALID_ARGUMENT or OXLA_CHECK_FAILED with the check's message).
//
// A jump is only safe over frames of compiled code. Where the runtime runs
// compiled code on behalf of compiled code (a thread pool task, a custom
// call's handler) the frames in between are C++ and other threads may still
// use them, so a failure there still ends the process with the bytes asked
// for; CallbackScope marks those places. Such tasks allocate little: the
// large temporaries of a call are allocated by its top level.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_RUNTIME_CALLRECOVERY_H
#define OXLA_RUNTIME_CALLRECOVERY_H

#include <cstdint>
#include <optional>

namespace oxla::rt {

/// Why a call was abandoned.
enum class AbandonReason {
  OutOfMemory,     ///< an allocation failed (AbandonedCall::bytes)
  CheckFailed,     ///< a shape assertion of the program was false
  InvalidArgument, ///< a size check found sizes that contradict the program
};

struct AbandonedCall {
  AbandonReason reason;
  uint64_t bytes = 0; ///< OutOfMemory: the bytes asked for
};

/// Runs the compiled entry `entry` on `pointers` under a recovery point.
/// Returns why the call was abandoned (its own allocations freed), or
/// nothing when it ran to its end.
std::optional<AbandonedCall> runRecovering(void (*entry)(void **), void **pointers);

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
/// For the check routines: abandons the call (a jump back to the recovery
/// point) when one may be jumped to, and returns otherwise.
void abandonCall(AbandonReason reason);
/// Counts `memory` among the allocations a recovery frees (only those made
/// in a recoverable place), and forgets it when it is freed.
void noteRecoverableAllocation(void *memory);
void noteRecoverableRelease(void *memory);

} // namespace oxla::rt

#endif // OXLA_RUNTIME_CALLRECOVERY_H
