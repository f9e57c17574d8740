//===- AsyncRoutines.cpp - Parallel loops on the client's threads ---------===//
//
// The CPU pipeline turns parallel loop nests into MLIR async tasks
// (async-parallel-for, then convert-async-to-llvm), which call the
// `mlirAsyncRuntime*` functions of MLIR's async runtime ABI
// (mlir/ExecutionEngine/AsyncRuntime.h). oxla implements that ABI here, on
// its own ThreadPool: the tasks of an invocation run on the pool of the
// client that invoked it (ThreadPool::current()), so concurrent invocations
// share one set of threads instead of oversubscribing the machine. Outside
// any client (oxla-run) a process-wide pool serves.
//
// Objects are reference counted. Tokens and values start with two
// references: one for the code that created them and one that
// emplacing (or failing) them releases, so that a task that completes after
// its creator dropped its reference still has a live object to complete.
// A thread that blocks on an object runs queued tasks meanwhile, so even a
// one-thread pool cannot wait for itself.
//
//===----------------------------------------------------------------------===//

#include "runtime/ThreadPool.h"

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <vector>

using oxla::rt::ThreadPool;

namespace {

using CoroHandle = void *;
using CoroResume = void (*)(void *);

ThreadPool &pool() {
  ThreadPool *current = ThreadPool::current();
  return current ? *current : ThreadPool::processDefault();
}

class RefCounted {
public:
  explicit RefCounted(int64_t references) : references_(references) {}
  virtual ~RefCounted() = default;
  void addRef(int64_t count) { references_.fetch_add(count, std::memory_order_relaxed); }
  void dropRef(int64_t count) {
    if (references_.fetch_sub(count, std::memory_order_acq_rel) == count)
      delete this;
  }

private:
  std::atomic<int64_t> references_;
};

/// A token or value: not ready until emplaced or failed; then it runs the
/// continuations registered while it was pending.
class Completion : public RefCounted {
public:
  Completion() : RefCounted(2) {}

  bool ready() {
    std::lock_guard<std::mutex> lock(mutex_);
    return ready_;
  }
  bool error() {
    std::lock_guard<std::mutex> lock(mutex_);
    return error_;
  }
  void complete(bool error) {
    std::vector<std::function<void()>> continuations;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      ready_ = true;
      error_ = error;
      continuations.swap(continuations_);
    }
    for (auto &continuation : continuations)
      continuation();
    dropRef(1);
  }
  /// Runs `continuation` once ready: now, or from complete().
  void then(std::function<void()> continuation) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (!ready_) {
        continuations_.push_back(std::move(continuation));
        return;
      }
    }
    continuation();
  }
  void await() {
    pool().helpUntil([this] { return ready(); });
  }

private:
  std::mutex mutex_;
  bool ready_ = false, error_ = false;
  std::vector<std::function<void()>> continuations_;
};

struct AsyncToken : Completion {};

struct AsyncValue : Completion {
  explicit AsyncValue(int64_t size) : storage(static_cast<size_t>(size)) {}
  std::vector<std::byte> storage;
};

/// A group of tokens: ready when every token added to it is.
struct AsyncGroup : RefCounted {
  AsyncGroup() : RefCounted(1) {}

  std::mutex mutex;
  int64_t added = 0, pending = 0;
  bool error = false;
  std::vector<std::function<void()>> continuations;

  bool ready() {
    std::lock_guard<std::mutex> lock(mutex);
    return pending == 0;
  }
  void tokenDone(bool failed) {
    std::vector<std::function<void()>> run;
    {
      std::lock_guard<std::mutex> lock(mutex);
      error |= failed;
      if (--pending == 0)
        run.swap(continuations);
    }
    for (auto &continuation : run)
      continuation();
  }
  void then(std::function<void()> continuation) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (pending != 0) {
        continuations.push_back(std::move(continuation));
        return;
      }
    }
    continuation();
  }
};

void resumeOnPool(CoroHandle handle, CoroResume resume) {
  ThreadPool *target = &pool();
  target->submit([handle, resume] { resume(handle); });
}

} // namespace

extern "C" {

void mlirAsyncRuntimeAddRef(void *object, int64_t count) {
  static_cast<RefCounted *>(object)->addRef(count);
}

void mlirAsyncRuntimeDropRef(void *object, int64_t count) {
  static_cast<RefCounted *>(object)->dropRef(count);
}

AsyncToken *mlirAsyncRuntimeCreateToken() { return new AsyncToken; }

AsyncValue *mlirAsyncRuntimeCreateValue(int64_t size) { return new AsyncValue(size); }

AsyncGroup *mlirAsyncRuntimeCreateGroup(int64_t) { return new AsyncGroup; }

int64_t mlirAsyncRuntimeAddTokenToGroup(AsyncToken *token, AsyncGroup *group) {
  int64_t rank;
  {
    std::lock_guard<std::mutex> lock(group->mutex);
    rank = group->added++;
    ++group->pending;
  }
  // Both stay alive until the token has told the group.
  group->addRef(1);
  token->addRef(1);
  token->then([token, group] {
    group->tokenDone(token->error());
    group->dropRef(1);
    token->dropRef(1);
  });
  return rank;
}

void mlirAsyncRuntimeEmplaceToken(AsyncToken *token) { token->complete(false); }

void mlirAsyncRuntimeEmplaceValue(AsyncValue *value) { value->complete(false); }

void mlirAsyncRuntimeSetTokenError(AsyncToken *token) { token->complete(true); }

void mlirAsyncRuntimeSetValueError(AsyncValue *value) { value->complete(true); }

bool mlirAsyncRuntimeIsTokenError(AsyncToken *token) { return token->error(); }

bool mlirAsyncRuntimeIsValueError(AsyncValue *value) { return value->error(); }

bool mlirAsyncRuntimeIsGroupError(AsyncGroup *group) {
  std::lock_guard<std::mutex> lock(group->mutex);
  return group->error;
}

void mlirAsyncRuntimeAwaitToken(AsyncToken *token) { token->await(); }

void mlirAsyncRuntimeAwaitValue(AsyncValue *value) { value->await(); }

void mlirAsyncRuntimeAwaitAllInGroup(AsyncGroup *group) {
  pool().helpUntil([group] { return group->ready(); });
}

std::byte *mlirAsyncRuntimeGetValueStorage(AsyncValue *value) {
  return value->storage.data();
}

void mlirAsyncRuntimeExecute(CoroHandle handle, CoroResume resume) {
  resumeOnPool(handle, resume);
}

void mlirAsyncRuntimeAwaitTokenAndExecute(AsyncToken *token, CoroHandle handle,
                                          CoroResume resume) {
  ThreadPool *target = &pool();
  token->then([target, handle, resume] { target->submit([=] { resume(handle); }); });
}

void mlirAsyncRuntimeAwaitValueAndExecute(AsyncValue *value, CoroHandle handle,
                                          CoroResume resume) {
  ThreadPool *target = &pool();
  value->then([target, handle, resume] { target->submit([=] { resume(handle); }); });
}

void mlirAsyncRuntimeAwaitAllInGroupAndExecute(AsyncGroup *group, CoroHandle handle,
                                               CoroResume resume) {
  ThreadPool *target = &pool();
  group->then([target, handle, resume] { target->submit([=] { resume(handle); }); });
}

// The ABI's spelling (sic).
int64_t mlirAsyncRuntimGetNumWorkerThreads() {
  return static_cast<int64_t>(pool().size());
}

} // extern "C"
