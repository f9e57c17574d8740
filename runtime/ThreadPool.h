//===- ThreadPool.h - The client's worker threads -------------------------===//
//
// A fixed set of workers taking tasks from one queue. A client owns one, so
// that concurrent invocations share the machine instead of each starting
// its own threads. A pool of N threads has N - 1 workers: the thread that
// waits for its tasks runs them too (helpUntil), so N threads compute.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_RUNTIME_THREADPOOL_H
#define OXLA_RUNTIME_THREADPOOL_H

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include <pthread.h>

namespace oxla::rt {

class ThreadPool {
public:
  /// `threads` threads (`threads` - 1 workers); 0 for the number of cores.
  /// Where the system cannot start them all, the pool has the workers it
  /// could start (`startError` says why the next one failed).
  explicit ThreadPool(unsigned threads);
  /// Runs the queued tasks, then joins the workers.
  ~ThreadPool();
  ThreadPool(const ThreadPool &) = delete;
  ThreadPool &operator=(const ThreadPool &) = delete;

  /// The threads that compute: the workers and the waiting thread.
  unsigned size() const { return static_cast<unsigned>(workers_.size()) + 1; }
  void submit(std::function<void()> task);
  /// Why a worker could not be started (an errno value), or 0.
  int startError() const { return startError_; }

  /// Runs queued tasks on this thread until `done()` holds, sleeping while
  /// the queue is empty until a task is queued or finishes. A thread that
  /// waits for tasks must help: a pool of one thread has no workers.
  /// `done` must only change through the pool's tasks.
  void helpUntil(const std::function<bool()> &done);

  /// The pool whose tasks this thread runs, or the one an invocation
  /// installed (ScopedPool); null elsewhere.
  static ThreadPool *current();
  /// A pool for code that runs outside any client (oxla-run), one thread per
  /// core, created on first use.
  static ThreadPool &processDefault();

private:
  void work();
  /// Pops and runs one task; false when the queue was empty.
  bool runOne();
  /// Counts a finished task and wakes the threads in helpUntil.
  void finished();

  std::mutex mutex_;
  std::condition_variable ready_;
  /// Notified when a task is queued or finishes; `events_` counts both.
  std::condition_variable changed_;
  uint64_t events_ = 0;
  std::deque<std::function<void()>> tasks_;
  /// tasks_.size() and stopping_, for threads that poll without the lock.
  std::atomic<size_t> queued_{0};
  std::atomic<bool> stopping_flag_{false};
  bool stopping_ = false;
  /// pthreads rather than std::thread: a thread the system refuses is an
  /// error code, not an exception this exception-free build cannot catch.
  std::vector<pthread_t> workers_;
  int startError_ = 0;
};

/// Makes `pool` the current one on this thread while it lives.
class ScopedPool {
public:
  explicit ScopedPool(ThreadPool *pool);
  ~ScopedPool();
  ScopedPool(const ScopedPool &) = delete;
  ScopedPool &operator=(const ScopedPool &) = delete;

private:
  ThreadPool *previous_;
};

/// Runs task(0) ... task(count - 1) on the current pool, the calling thread
/// taking part; serially when there is no pool or it has one thread.
template <typename F> void parallelFor(int64_t count, F &&task) {
  ThreadPool *pool = ThreadPool::current();
  if (!pool || pool->size() <= 1 || count <= 1) {
    for (int64_t i = 0; i < count; ++i)
      task(i);
    return;
  }
  // The helpers refer to this frame: wait until every one has run (a
  // helper that finds no work left returns at once).
  std::atomic<int64_t> next{0}, helpersDone{0};
  auto drain = [&] {
    for (int64_t i; (i = next.fetch_add(1)) < count;)
      task(i);
  };
  int64_t helpers = std::min<int64_t>(pool->size(), count) - 1;
  for (int64_t h = 0; h < helpers; ++h)
    pool->submit([&] {
      drain();
      helpersDone.fetch_add(1);
    });
  drain();
  pool->helpUntil([&] { return helpersDone.load() == helpers; });
}

} // namespace oxla::rt

#endif // OXLA_RUNTIME_THREADPOOL_H
